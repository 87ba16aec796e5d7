/**
 * Starchasers events. Every system event that changes combatants carries `changes` (kit/patch.ts: per combatant,
 * the new values of its state fields; the engine applies them) and, for duels, `duel` (the new duel state or null),
 * so evolve is a plain merge and replay never recomputes a rule. This evolve handles what a state patch cannot.
 */
import type { EncounterState } from '@shared/domain/encounter'
import { Batch as CoreBatch, evolverFor } from '../../kit/batch'
import { updateCombatant } from '../../kit/state'
import type { StarchasersEvent } from './events'

export function starchasersEvolve(state: EncounterState, event: StarchasersEvent): EncounterState {
  let s = state
  if ('duel' in event) s = { ...s, system: { ...s.system, duel: event.duel ?? null } }
  if (event.type === 'starchasers.allyCardMade') {
    const stats = event.stats
    s = updateCombatant(s, event.combatantId, (c) => ({ ...c, role: 'ally', stats }))
  }
  if (event.type === 'starchasers.moved' && typeof event.band === 'string') {
    const band = event.band
    s = updateCombatant(s, event.combatantId, (c) => ({ ...c, position: { ...(c.position ?? {}), band } }))
  }
  return s
}

/** The full evolve (core events, `changes`, then the above), for the batches the Starchasers rules build. */
export const evolveAll = evolverFor('starchasers', starchasersEvolve)
/** the Starchasers batch: what a handler writes is checked against the Starchasers events (events.ts) */
export type Batch = CoreBatch<StarchasersEvent>
export const newBatch = (state: EncounterState): Batch => new CoreBatch<StarchasersEvent>(state, evolveAll)
