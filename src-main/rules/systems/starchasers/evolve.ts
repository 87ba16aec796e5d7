/**
 * Starchasers events. Every system event that changes combatants carries `changes` (core/patch.ts: per combatant,
 * the new values of its state fields; the engine applies them) and, for duels, `duel` (the new duel state or null),
 * so evolve is a plain merge and replay never recomputes a rule. This evolve handles what a state patch cannot.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { Batch, evolverFor } from '../../core/batch'
import { updateCombatant } from '../../core/state'

export function starchasersEvolve(state: EncounterState, event: EngineEvent): EncounterState {
  let s = state
  if ('duel' in event) s = { ...s, system: { ...s.system, duel: event.duel ?? null } }
  if (event.type === 'starchasers.allyCardMade') {
    const e = event as EngineEvent & { combatantId: string; stats: Record<string, unknown> }
    s = updateCombatant(s, e.combatantId, (c) => ({ ...c, role: 'ally', stats: e.stats }))
  }
  if (event.type === 'starchasers.moved' && typeof event.band === 'string') {
    const e = event as EngineEvent & { combatantId: string; band: string }
    s = updateCombatant(s, e.combatantId, (c) => ({ ...c, position: { ...(c.position ?? {}), band: e.band } }))
  }
  return s
}

/** The full evolve (core events, `changes`, then the above), for the batches the Starchasers rules build. */
export const evolveAll = evolverFor('starchasers', starchasersEvolve)
export const newBatch = (state: EncounterState): Batch => new Batch(state, evolveAll)
export type { Batch }
