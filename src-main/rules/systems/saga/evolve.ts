/**
 * Saga events carry their results: `changes` (kit/patch.ts) lists, per combatant, the new values of its Saga
 * state, so evolve never recomputes a rule and replay gives the same state. The engine applies them; Saga needs
 * no evolve of its own beyond that.
 */
import { evolverFor } from '../../kit/batch'

/** The full evolve (core events and `changes`), for the batches the Saga rules build. */
export const evolveSaga = evolverFor('saga')
