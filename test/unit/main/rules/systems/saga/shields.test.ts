/** 003 "Obrażenia tarczy": three swift actions (same or consecutive rounds), then DC 20 Mechanics (a droid's own
 * shields: Endurance); success: SR +5, up to the normal maximum. */
import { describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { logEntries } from '../../../../../../src-main/rules/index'
import { encounter, ev, run, soldier, st, tryRun } from './helpers'

const droid = { name: 'Guard Droid', kind: 'droid', abilities: { str: 10, dex: 10, con: null, int: 10, wis: 10, cha: 10 }, hp: 30, sr: 10, totals: { fortitude: 40 } }

describe('restoring shields (003)', () => {
  it('SR 10 knocked down to 5 by 12 damage; three swift actions then 14 + 7 = 21 ≥ DC 20: SR 10 again (not above)', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'd', ...droid }])
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 12 }) // 12 > SR 10: SR drops to 5 (W2)
    expect(st(log, 'd').sr).toBe(5)
    log = run(log, { type: 'restoreShields', combatantId: 'han', targetId: 'd', bonus: 7 })
    log = run(log, { type: 'restoreShields', combatantId: 'han', targetId: 'd', bonus: 7 })
    expect(st(log, 'han').shieldActions).toBe(2)
    log = run(log, { type: 'restoreShields', combatantId: 'han', targetId: 'd', bonus: 7, dice: [14] })
    expect(ev(log, 'saga.shieldsRestored')).toMatchObject({ total: 21, success: true, sr: 10, skill: 'mechanics' })
    expect(st(log, 'd').sr).toBe(10)
    expect(st(log, 'han').shieldActions).toBe(0)
    expect(formatLog(logEntries(log.records).at(-1)!)).toBe('Soldier restores Guard Droid’s shields (21 vs DC 20): SR 10')
    expect(tryRun(log, { type: 'restoreShields', combatantId: 'han', targetId: 'd' })).toMatchObject({ ok: false, error: { details: { reason: 'rule.saga.shieldsFull' } } })
  })

  it('a droid restores its own shields with Endurance; 12 + 5 = 17 fails; a target without shields is refused', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'd', ...droid }])
    log = run(log, { type: 'applyDamage', combatantId: 'd', amount: 12 })
    for (let i = 0; i < 2; i++) log = run(log, { type: 'restoreShields', combatantId: 'd', bonus: 5 })
    log = run(log, { type: 'restoreShields', combatantId: 'd', bonus: 5, dice: [12] })
    expect(ev(log, 'saga.shieldsRestored')).toMatchObject({ total: 17, success: false, sr: 5, skill: 'endurance' })
    expect(tryRun(log, { type: 'restoreShields', combatantId: 'han' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'targetId' } })
  })
})
