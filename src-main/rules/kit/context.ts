/** What a decision may use besides the state and the command: the dice and the caller's clock. */
import type { Rng } from './rng'

export interface DecideContext {
  rng: Rng
  /** ISO-8601 time supplied by the caller; the engine never reads the clock */
  now: string
}
