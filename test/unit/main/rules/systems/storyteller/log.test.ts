import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { engine, initialState, run } from './engine'
import { fixedRng } from '../../../../../../src-main/rules/kit/rng'
import { bob, kaelVorn, stormtrooper } from '../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'

/** The trooper (JB 1) rolls first, then Kael (JB 4, the best roll: the trooper is counted down to tick 3), then Bob (JB 1). */
function joined(): { state: EncounterState; events: EngineEvent[] } {
  let s = initialState({ id: 'e', name: 'Bay', systemId: 'storyteller', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'st' }).state
  s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
  s = run(s, { type: 'addCombatant', statBlock: bob, id: 'bob' }).state
  return run(s, { type: 'startCombat' }, fixedRng([7, 1, 2, 3, 7, 8, 9, 10, 2, 8, 2, 3]))
}
const lines = (events: EngineEvent[]) => events.map((e) => engine.describe(e)).filter((x) => x !== null)

describe('Storyteller Join Battle in the log (issue 27, defect 6)', () => {
  it('004 "Roll Join Battle": one line per roll, with the tick; no second "rolls initiative" line', () => {
    const l = lines(joined().events)
    expect(l.map((x) => x.key)).not.toContain('log.core.initiativeRolled')
    const joins = l.filter((x) => x.key.startsWith('log.storyteller.joinedBattle'))
    expect(joins.map((x) => x.params.name)).toEqual(['Stormtrooper', 'Kael Vorn', 'Bob'])
  })
  it('004 "everyone else counts down per tick from winner": a better roll moves who joined before, and the log says where to', () => {
    const l = lines(joined().events)
    const moved = l.filter((x) => x.params.name === 'Stormtrooper' && x.key !== 'log.storyteller.joinedBattle')
    expect(moved).toEqual([expect.objectContaining({ key: 'log.storyteller.recounted', params: expect.objectContaining({ name: 'Stormtrooper', tick: 3, by: 'Kael Vorn' }) })])
  })
  it('a tick set by hand is logged as a tick, not as an initiative count', () => {
    const s = joined().state
    const l = lines(run(s, { type: 'setInitiative', combatantId: 'bob', value: 6 }).events)
    expect(l).toEqual([expect.objectContaining({ key: 'log.storyteller.tickSet', params: expect.objectContaining({ name: 'Bob', tick: 6 }) })])
  })
})
