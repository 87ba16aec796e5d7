/**
 * Issue 27, defect 4: a PC or ally out of the fight reads on the player display as players would name it, in its
 * system's words, not as a plain "0 / 42". The projection passes only the known words, and none under a side
 * whose health the GM hides.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EventRecord, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'
import { applyCommand, createEncounter, getSystem } from '../../../../src-main/rules/index'

/** one PC and one enemy of a system, the PC's (and the enemy's) state patched as the engine would leave it */
function shown(systemId: SystemId, patch: Record<string, unknown>, opts: { side?: Side; display?: EncounterState['display'] } = {}) {
  const sys = getSystem(systemId)
  if (!sys.ok) throw new Error(systemId)
  const made = createEncounter({ id: 'e1', name: 'Fight', systemId, seed: 's' })
  if (!made.ok) throw new Error(made.error.message)
  let { state, records } = made.value as { state: EncounterState; records: EventRecord[] }
  const side = opts.side ?? 'party'
  const kind = side === 'enemies' ? 'npc' : 'pc'
  const r = applyCommand(records, state, { type: 'addCombatant', statBlock: sys.value.statBlockTemplates[kind]('Nira Sol'), id: 'nira', name: 'Nira Sol', side, role: kind } as unknown as EngineCommand, { now: '2026-12-01T10:00:00.000Z' })
  if (!r.ok) throw new Error(r.error.message)
  state = r.value.state
  records = r.value.records
  const combatants = state.combatants.map((c) => (c.id === 'nira' ? { ...c, state: { ...c.state, ...patch } } : c))
  const view = toPlayerView({ campaignName: 'C', systemId, state: { ...state, combatants, display: opts.display ?? {} }, system: sys.value })
  return view.encounter!.order.find((c) => c.id === 'nira')!
}

describe('the state of a fighter out of the fight, in its system’s words (issue 27)', () => {
  it('Saga: unconscious at 0 HP, dead (001:86, 001:97)', () => {
    expect(shown('saga', { hp: 0, ct: 5, status: 'unconscious' }).status).toBe('unconscious')
    expect(shown('saga', { hp: 0, status: 'dead' }).status).toBe('dead')
    expect(shown('saga', {}).status).toBeUndefined()
  })
  it('Starchasers: Unconscious, Dying, Dead (000:596, 000:701)', () => {
    expect(shown('starchasers', { hp: 0, unconscious: true }).status).toBe('unconscious')
    expect(shown('starchasers', { hp: 0, unconscious: true, dying: true }).status).toBe('dying')
    expect(shown('starchasers', { hp: 0, dead: true }).status).toBe('dead')
    expect(shown('starchasers', {}).status).toBeUndefined()
  })
  it('2d20: incapacitated at 4 afflictions of a type, blacked out at 5 (002:176)', () => {
    expect(shown('2d20', { afflictions: { madness: 0, trauma: 0, wounds: 4 } }).status).toBe('incapacitated')
    expect(shown('2d20', { afflictions: { madness: 0, trauma: 0, wounds: 5 } }).status).toBe('blackedOut')
    expect(shown('2d20', {}).status).toBeUndefined()
  })
  it('Storyteller: incapacitated, dead (004)', () => {
    const sys = getSystem('storyteller')
    if (!sys.ok) throw new Error('storyteller')
    expect(shown('storyteller', { wounds: { bashing: 0, lethal: 40, aggravated: 0, dead: false } }).status).toBe('incapacitated')
    expect(shown('storyteller', { wounds: { bashing: 0, lethal: 0, aggravated: 0, dead: true } }).status).toBe('dead')
    expect(shown('storyteller', {}).status).toBeUndefined()
  })
  it('an enemy’s state shows under the descriptor display, never under a hidden one', () => {
    expect(shown('saga', { hp: 0, status: 'dead' }, { side: 'enemies' }).status).toBe('dead')
    expect(shown('saga', { hp: 0, status: 'dead' }, { side: 'enemies', display: { enemies: 'hidden' } }).status).toBeUndefined()
  })
})
