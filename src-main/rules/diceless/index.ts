/**
 * Diceless allies: the generic helpers every system's diceless resolver uses (beyond seed 000, which defines
 * diceless combat only for Starchasers): an ally's attack and defense become fixed numbers from the system's
 * expected values, and a hit is decided by comparing numbers, as in 000:1353 ("attack value minus defense
 * value"). Values are floored so the ally never does better than the average table result. Each system's own
 * resolver lives in its folder: systems/<id>/diceless.ts (Saga's take 10, 2d20's and the Storyteller's expected
 * successes; Starchasers' ally card in systems/starchasers/mechanics/ally.ts).
 */

/** Average of NdS + mod (e.g. 2d6+3 → 10). */
export const averageRoll = (n: number, sides: number, mod = 0): number => (n * (sides + 1)) / 2 + mod

export interface DicelessResult { attackValue: number; defenseValue: number; hit: boolean; damage: number }

/** A dice expression's terms (structurally kit/dice.ts `DiceTerm`): dice count × sides, custom faces, constants. */
export type AverageTerm =
  | { kind: 'dice'; sign: 1 | -1; count: number; sides: number; custom?: { faces: ReadonlyArray<number | string> } }
  | { kind: 'const'; sign: 1 | -1; value: number }

/** The exact average of a dice expression, e.g. 3d8+2 → 15.5 (symbol faces count 0). Not rounded. */
export function averageOfTerms(terms: readonly AverageTerm[]): number {
  let sum = 0
  for (const t of terms) {
    if (t.kind === 'const') sum += t.sign * t.value
    else if (t.custom) sum += t.sign * t.count * expectedFaces(t.custom.faces.map((f) => (typeof f === 'number' ? f : 0)))
    else sum += (t.sign * t.count * (t.sides + 1)) / 2
  }
  return sum
}

/** Expected value of a die given by its faces (e.g. the 2d20 damage die, counted as data). */
export const expectedFaces = (faces: readonly number[]): number => faces.reduce((s, f) => s + f, 0) / faces.length

