/**
 * Storyteller evolve, beyond the `changes` the engine merges into `Combatant.state` first (kit/patch.ts): a wheel
 * move sets the combatant's next tick (`initiative.value`); `battleJoined` records the fight's highest Join Battle.
 */
import type { EncounterState } from '@shared/domain/encounter'
import { updateCombatant } from '../../kit/state'
import type { StorytellerEvent } from './events'

export function storytellerEvolve(state: EncounterState, e: StorytellerEvent): EncounterState {
  switch (e.type) {
    case 'storyteller.moved':
    case 'storyteller.waited':
      return updateCombatant(state, e.combatantId, (c) => ({ ...c, initiative: { ...c.initiative, value: e.to } }))
    case 'storyteller.battleJoined':
      return { ...state, system: { ...state.system, storyteller: { highest: e.highest } } }
    default:
      return state
  }
}
