/**
 * 2d20 events. Every event that changes combatants carries `changes: [{ id, patch }]` (the new values of fields of
 * their state) and, for system-wide state, `system` (fields merged into EncounterState.system), so evolve is a plain
 * merge and replay never recomputes a rule. Applying a patch twice gives the same state.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { patchCombatantState } from '../../core/state'

export interface Change { id: string; patch: Record<string, unknown> }

export function tdEvolve(state: EncounterState, event: EngineEvent): EncounterState {
  if (!event.type.startsWith('2d20.')) return state
  let s = state
  const changes = event.changes as Change[] | undefined
  if (Array.isArray(changes)) for (const ch of changes) s = patchCombatantState(s, ch.id, ch.patch)
  const sys = event.system as Record<string, unknown> | undefined
  if (sys && typeof sys === 'object') s = { ...s, system: { ...s.system, ...sys } }
  return s
}
