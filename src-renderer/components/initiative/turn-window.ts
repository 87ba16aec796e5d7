/**
 * The rows of a long turn order that are shown (issue 13): the current turn, a few before it and those up next, a
 * window of the same size at either end of the order. A short order (at most `long` rows) is shown whole. Used by
 * the GM's turn track and the player display, which then render the window, not the whole order, on a next turn.
 */
export interface TurnWindowOptions {
  /** longer orders are windowed */
  long: number
  /** rows shown before the current one */
  before: number
  /** rows in the window */
  size: number
}

export const TURN_WINDOW: TurnWindowOptions = { long: 40, before: 3, size: 24 }

/** `[start, end)` of the rows shown, out of `n`, the current at `at` (-1: none, the window starts at the top) */
export function turnWindow(n: number, at: number, o: TurnWindowOptions = TURN_WINDOW): [number, number] {
  if (n <= o.long) return [0, n]
  const start = Math.max(0, Math.min(n - o.size, (at < 0 ? 0 : at) - o.before))
  return [start, start + o.size]
}
