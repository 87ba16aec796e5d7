/** Drive the Starchasers engine in tests: one command decided and evolved (a refusal fails loudly), a fight set up. */
import type { EncounterState } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { fixedRng } from './fixed-rng'
import { runner } from '../../run-command'

export { now } from '../../run-command'
export const run = runner(decide, evolve)

/** A fight of these stat blocks (by id), their initiative set by hand, started. */
export function fightOf(blocks: Record<string, unknown>, order: Record<string, number>): EncounterState {
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  for (const [id, sb] of Object.entries(blocks)) s = run(s, { type: 'addCombatant', statBlock: sb, id }).state
  for (const [id, v] of Object.entries(order)) s = run(s, { type: 'setInitiative', combatantId: id, value: v }).state
  return run(s, { type: 'startCombat' }, fixedRng([1, 1, 1, 1, 1, 1])).state
}
