/**
 * Saga events carry their results: `changes` lists, per combatant, the new values of its Saga state, so
 * evolve never recomputes a rule and replay gives the same state.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { patchCombatantState } from '../../core/state'

export interface Change {
  id: string
  patch: Record<string, unknown>
}

export function sagaEvolve(state: EncounterState, event: EngineEvent): EncounterState {
  const changes = event.changes as Change[] | undefined
  if (!Array.isArray(changes)) return state
  let s = state
  for (const ch of changes) s = patchCombatantState(s, ch.id, ch.patch)
  return s
}
