/**
 * The one state-patch shape of system events (issue 9): `changes: [{ id, patch }]` lists, per combatant, the new
 * values of fields of its system state (`Combatant.state`). Evolve merges them in order, so replay never
 * recomputes a rule. Every system builds its events with these helpers; the engine applies them before the
 * system's own evolve runs (which handles anything beyond a state patch, e.g. a duel or a new stat block).
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { patchCombatantState } from './state'

export interface Change<P extends object = Record<string, unknown>> {
  id: string
  patch: P
}

/** One combatant's change. */
export const change = <P extends object>(id: string, patch: P): Change<P> => ({ id, patch })

/** Changes from a map of combatant id → patch (in the map's order). */
export function changesOf<P extends object>(patches: Record<string, P>): Array<Change<P>> {
  return Object.entries(patches).map(([id, patch]) => ({ id, patch }))
}

/** Apply an event's `changes` (when it has any) to the state (`inPlace`: state.ts `patchCombatantState`). */
export function applyChanges(state: EncounterState, event: EngineEvent, inPlace = false): EncounterState {
  const changes = (event as { changes?: unknown }).changes
  if (!Array.isArray(changes)) return state
  let s = state
  for (const ch of changes as Change[]) s = patchCombatantState(s, ch.id, ch.patch, inPlace)
  return s
}
