/**
 * 2d20 events. Every event that changes combatants carries `changes: [{ id, patch }]` (the new values of fields of
 * their state; the engine merges them, kit/patch.ts) and, for system-wide state, `system` (fields merged into
 * EncounterState.system, here), so replay never recomputes a rule.
 */
import type { EncounterState } from '@shared/domain/encounter'
import type { TwoD20Event } from './events'
import { evolverFor } from '../../kit/batch'
import type { Change as CoreChange } from '../../kit/patch'

export type Change = CoreChange

/** What a state patch cannot say: the system-wide fields (the last attack, for Counterstrike). */
export function tdEvolve(state: EncounterState, event: TwoD20Event): EncounterState {
  if (!event.type.startsWith('2d20.')) return state
  const sys = event.system
  return sys && typeof sys === 'object' ? { ...state, system: { ...state.system, ...sys } } : state
}

/** The full evolve of a 2d20 encounter: core events, then `changes`, then tdEvolve. */
export const evolve2d20 = evolverFor('2d20', tdEvolve)
