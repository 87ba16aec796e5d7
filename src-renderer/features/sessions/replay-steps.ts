/**
 * Turn-by-turn stepping of a replay (issue 6): `turnSteps` (session:replayOpen) are the steps after which a new
 * turn has begun (the batch holding `core.turnStarted`, i.e. a `nextTurn` or the start of the fight).
 */

/** which turn the replay shows after `at` steps: 0 before the first turn, else 1.. */
export const turnAt = (turnSteps: readonly number[], at: number): number => turnSteps.filter((s) => s <= at).length

/** the step where the next turn begins (or the end) */
export function nextTurnStep(turnSteps: readonly number[], at: number, total: number): number {
  return turnSteps.find((s) => s > at) ?? total
}

/** the step where the current turn began, or the turn before when already there (or the start) */
export function prevTurnStep(turnSteps: readonly number[], at: number): number {
  const before = turnSteps.filter((s) => s < at)
  return before.at(-1) ?? 0
}
