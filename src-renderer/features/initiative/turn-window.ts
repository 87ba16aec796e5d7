/**
 * The rows of a long turn order that are shown (issue 13): the current turn, a few before it and those up next, a
 * window of the same size at either end of the order. A short order (at most `long` rows) is shown whole. Used by
 * the GM's turn track and the player display, which then render the window, not the whole order, on a next turn.
 *
 * The window moves on in steps: it holds still while the turn goes down `step` rows of it, then moves on so that
 * `before` rows are above the turn again. Most turns then only move the highlight, as a short order does; the rows
 * themselves (and their layout) change once every `step` turns. The turn always has `before` rows above it (where
 * the order has them) and at least `size - before - step` below it.
 */
export interface TurnWindowOptions {
  /** longer orders are windowed */
  long: number
  /** rows shown before the current one */
  before: number
  /** rows in the window */
  size: number
  /** how many turns the window holds still before it moves on */
  step: number
}

export const TURN_WINDOW: TurnWindowOptions = { long: 40, before: 3, size: 24, step: 16 }

/** `[start, end)` of the rows shown, out of `n`, the current at `at` (-1: none, the window starts at the top) */
export function turnWindow(n: number, at: number, o: TurnWindowOptions = TURN_WINDOW): [number, number] {
  if (n <= o.long) return [0, n]
  const start = Math.max(0, Math.min(n - o.size, Math.floor(Math.max(0, at - o.before) / o.step) * o.step))
  return [start, start + o.size]
}
