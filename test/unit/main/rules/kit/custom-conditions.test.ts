/**
 * Issue 10: a condition the GM makes up ("Pinned under rubble") keeps its name as typed on the card, the player
 * display, the log and the exports, under a stable key of its own (`custom.<slug>`), never the name as the key
 * (which lost dots and letter case on the card and could collide with a system's condition).
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EventRecord } from '@shared/domain/encounter'
import { customConditionKey } from '@shared/domain/conditions'
import { formatLog } from '@shared/i18n/format-log'
import { applyCommand, createEncounter, logEntries, registerSystem } from '../../../../../src-main/rules/index'
import { safeRedact } from '../../../../../src-main/projections/to-player-view'
import { fakeSystem } from './fake-system'

const sys = fakeSystem('fakecustom', 'ordered')
registerSystem(sys)
const now = '2026-01-01T00:00:00.000Z'
function start() {
  const r = createEncounter({ id: 'e1', name: 'Test', systemId: 'fakecustom' as never, seed: 'seed-1' }, now)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
function run(log: { records: EventRecord[]; state: EncounterState }, cmd: EngineCommand) {
  const r = applyCommand(log.records, log.state, cmd, { now })
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} (${r.error.field})`)
  return r.value
}

describe('custom conditions (issue 10)', () => {
  it('a stable key from the name: the same name, the same key; letters of any language kept', () => {
    expect(customConditionKey('Pinned under rubble')).toBe('custom.pinned-under-rubble')
    expect(customConditionKey('  Pinned   under rubble ')).toBe('custom.pinned-under-rubble')
    expect(customConditionKey('Held by Cpt. Rex')).toBe('custom.held-by-cpt-rex')
    expect(customConditionKey('Przygnieciony gruzem (Żar)')).toBe('custom.przygnieciony-gruzem-żar')
    expect(customConditionKey('!!!')).toBe('custom.condition')
  })

  it('keeps the name as typed in the state, the log (en, pl) and the player view', () => {
    let log = run(start(), { type: 'addCombatant', id: 'kira', statBlock: { name: 'Kira', hp: 5 } })
    const name = 'held by Cpt. Rex'
    log = run(log, { type: 'addCondition', combatantId: 'kira', key: customConditionKey(name), name, ends: { at: 'rounds', rounds: 2 } })
    const c = log.state.combatants[0].conditions[0]
    expect(c).toMatchObject({ id: 'custom.held-by-cpt-rex#1', key: 'custom.held-by-cpt-rex', name: 'held by Cpt. Rex' })
    const added = logEntries(log.records).at(-1)!
    expect(formatLog(added, 'en')).toBe('Kira: held by Cpt. Rex')
    expect(formatLog(added, 'pl')).toBe('Kira: held by Cpt. Rex')
    // a system's player view names conditions by key only (as every system's view.ts does)
    const keysOnly = { playerView: (_s: EncounterState, x: EncounterState['combatants'][number]) => ({ id: x.id, name: x.name, side: x.side, health: { kind: 'hidden' as const }, conditions: x.conditions.map((k) => ({ key: k.key })) }) }
    expect(safeRedact(log.state, keysOnly, log.state.combatants[0]).conditions).toEqual([{ key: 'custom.held-by-cpt-rex', name: 'held by Cpt. Rex' }])
    log = run(log, { type: 'removeCondition', combatantId: 'kira', conditionId: c.id })
    const ended = logEntries(log.records).at(-1)!
    expect(formatLog(ended, 'en')).toBe('Kira: held by Cpt. Rex ends')
    expect(formatLog(ended, 'pl')).toBe('Kira: koniec — held by Cpt. Rex')
  })

  it('refuses an empty or overlong name, naming the field', () => {
    const log = run(start(), { type: 'addCombatant', id: 'kira', statBlock: { name: 'Kira', hp: 5 } })
    for (const name of ['', 'x'.repeat(61)]) {
      const r = applyCommand(log.records, log.state, { type: 'addCondition', combatantId: 'kira', key: 'custom.x', name } as EngineCommand, { now })
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.field).toMatch(/name$/)
    }
  })
})
