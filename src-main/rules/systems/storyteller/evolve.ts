/**
 * Storyteller evolve: an event's `changes` merge into `Combatant.state`; a wheel move sets the combatant's next
 * tick (`initiative.value`); `battleJoined` records the fight's highest Join Battle.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { patchCombatantState, updateCombatant } from '../../core/state'
import type { Change, StorytellerEvent } from './events'

export function storytellerEvolve(state: EncounterState, event: EngineEvent): EncounterState {
  if (!event.type.startsWith('storyteller.')) return state
  let s = state
  const changes = (event as { changes?: Change[] }).changes
  if (Array.isArray(changes)) for (const ch of changes) s = patchCombatantState(s, ch.id, ch.patch as Record<string, unknown>)
  const e = event as StorytellerEvent
  switch (e.type) {
    case 'storyteller.moved':
    case 'storyteller.waited':
      return updateCombatant(s, e.combatantId, (c) => ({ ...c, initiative: { ...c.initiative, value: e.to } }))
    case 'storyteller.battleJoined':
      return { ...s, system: { ...s.system, storyteller: { highest: e.highest } } }
    default:
      return s
  }
}
