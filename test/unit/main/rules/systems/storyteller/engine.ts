/** Drive the Storyteller engine in tests (`createEngine`): decide + evolve one command, failing loudly on a refusal. */
import type { EncounterState } from '../../../../../../src-shared/domain/encounter'
import { createEngine, initialState } from '../../../../../../src-main/rules/kit/engine'
import { fixedRng } from '../../../../../../src-main/rules/kit/rng'
import { bob, kaelVorn, stormtrooper } from '../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { storytellerSystem } from '../../../../../../src-main/rules/systems/storyteller'
import { runner } from '../../run-command'

export { initialState }
export { now, noRng } from '../../run-command'
export const engine = createEngine(storytellerSystem)
export const decide = engine.decide
export const evolve = engine.evolve
export const run = runner(decide, evolve)

/** Kael (JB 4: 7 8 9 10 2) on tick 0; the trooper (JB 1: 7 1 2 3) and Bob (JB 1: 8 2 3) both on tick 3, tied on
 *  tick and Join Battle (004: no tie-break die is rolled) */
export function kaelTrooperBob(): EncounterState {
  let s = initialState({ id: 'e', name: 'Bay', systemId: 'storyteller', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
  s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'st' }).state
  s = run(s, { type: 'addCombatant', statBlock: bob, id: 'bob' }).state
  return run(s, { type: 'startCombat' }, fixedRng([7, 8, 9, 10, 2, 7, 1, 2, 3, 8, 2, 3])).state
}
