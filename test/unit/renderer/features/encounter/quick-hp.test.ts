/** The card's quick HP field (issue 10): typed amounts become the system's own damage and heal commands. */
import { describe, expect, it } from 'vitest'
import { parseQuickHp, quickHpCommand } from '@renderer/features/encounter/quick-hp'
import { normalizeDescription } from '@renderer/stores/models/description'
import { describeForTest } from '../../support/system-descriptions'
import { validateCommand, getSystem } from '../../../../../src-main/rules/index'

const actionsOf = (id: string) => normalizeDescription(describeForTest(id)).actions

describe('quick HP', () => {
  it('reads "7" and "-7" as damage, "+4" as healing, and refuses the rest', () => {
    expect(parseQuickHp('7')).toEqual({ kind: 'damage', amount: 7 })
    expect(parseQuickHp(' -7 ')).toEqual({ kind: 'damage', amount: 7 })
    expect(parseQuickHp('−12')).toEqual({ kind: 'damage', amount: 12 })
    expect(parseQuickHp('+4')).toEqual({ kind: 'heal', amount: 4 })
    for (const bad of ['', '0', '+0', 'abc', '2.5', '3d6', '--3']) expect(parseQuickHp(bad)).toBeNull()
  })
  it.each(['saga', 'starchasers', 'storyteller'])('%s: damage and heal commands the engine accepts', (id) => {
    const sys = getSystem(id)
    if (!sys.ok) throw new Error(id)
    const dmg = quickHpCommand(actionsOf(id), 'x1', { kind: 'damage', amount: 5 })
    const heal = quickHpCommand(actionsOf(id), 'x1', { kind: 'heal', amount: 3 })
    expect(dmg).toMatchObject({ combatantId: 'x1', amount: 5 })
    expect(heal).toMatchObject({ combatantId: 'x1', amount: 3 })
    expect(validateCommand(sys.value, dmg).ok).toBe(true)
    expect(validateCommand(sys.value, heal).ok).toBe(true)
  })
  it('starchasers: a quick heal restores hit points (method hp), not first aid', () => {
    expect(quickHpCommand(actionsOf('starchasers'), 'x1', { kind: 'heal', amount: 3 })).toMatchObject({ type: 'heal', method: 'hp' })
  })
})
