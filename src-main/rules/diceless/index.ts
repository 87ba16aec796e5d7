/**
 * Diceless allies in every system (beyond seed 000, which defines diceless combat only for Starchasers):
 * an ally's attack and defense become fixed numbers from each system's expected values, and a hit is decided by
 * comparing numbers, as in 000:1353 ("attack value minus defense value").
 * - Saga (001): take-10 style — attack value = 10 + attack bonus against the target's defense; damage = the
 *   average of the damage dice (floor) + modifiers.
 * - 2d20 (002, J1): expected successes of the d20 pool rolled under the target number; a hit when they reach the
 *   difficulty; damage = expected total of the damage dice given by their faces (floor).
 * - Storyteller (004, T1): expected successes of a d10 pool (≥ 7; optional 10s double); net = successes − DV;
 *   damage pool = damage dice + net, expected successes (floor) − soak.
 * Values are floored so the ally never does better than the average table result.
 */

/** Average of NdS + mod (e.g. 2d6+3 → 10). */
export const averageRoll = (n: number, sides: number, mod = 0): number => (n * (sides + 1)) / 2 + mod

export interface DicelessResult { attackValue: number; defenseValue: number; hit: boolean; damage: number }

/** Saga Edition, take 10: 10 + attack bonus vs Reflex (or another) defense; damage = floor(average). */
export function sagaDiceless(attackBonus: number, defense: number, damage: { n: number; sides: number; mod?: number }): DicelessResult {
  const attackValue = 10 + attackBonus
  const hit = attackValue >= defense // 001: the attack hits when the result equals or exceeds the defense
  return { attackValue, defenseValue: defense, hit, damage: hit ? Math.floor(averageRoll(damage.n, damage.sides, damage.mod ?? 0)) : 0 }
}

/** 2d20 (J1): one d20 is a success at ≤ TN, two at ≤ the critical range (focus), expected over `dice` d20s. */
export function expectedD20Successes(tn: number, dice = 2, critRange = 1): number {
  const t = Math.max(0, Math.min(20, tn))
  const c = Math.max(0, Math.min(t, critRange))
  return dice * ((c * 2 + (t - c)) / 20)
}

/** Expected value of a die given by its faces (e.g. the 2d20 damage die, counted as data). */
export const expectedFaces = (faces: readonly number[]): number => faces.reduce((s, f) => s + f, 0) / faces.length

/** 2d20 diceless: a hit when the expected successes reach the difficulty; damage = floor(n × E[damage die]). */
export function twoD20Diceless(tn: number, difficulty: number, damageDice: number, damageFaces: readonly number[], dice = 2, critRange = 1): DicelessResult {
  const e = expectedD20Successes(tn, dice, critRange)
  const hit = e >= difficulty
  return { attackValue: e, defenseValue: difficulty, hit, damage: hit ? Math.floor(damageDice * expectedFaces(damageFaces)) : 0 }
}

/** Storyteller (T1): expected successes of a d10 pool with target number 7; `tensDouble` is the Exalted option. */
export function expectedD10Successes(pool: number, tn = 7, tensDouble = false): number {
  const p = (11 - tn) / 10
  return Math.max(0, pool) * (p + (tensDouble ? 0.1 : 0))
}

/** Storyteller diceless: net = floor(E[accuracy]) − DV, a hit at net ≥ 0 (T3); damage = floor(E[damage + net]) − soak. */
export function storytellerDiceless(accuracyPool: number, dv: number, damagePool: number, soak: number, autosuccesses = 0): DicelessResult {
  const attack = Math.floor(expectedD10Successes(accuracyPool)) + autosuccesses
  const net = attack - dv
  const hit = net >= 0 && attack >= 1
  const dmg = hit ? Math.max(0, Math.floor(expectedD10Successes(damagePool + net)) - soak) : 0
  return { attackValue: attack, defenseValue: dv, hit, damage: dmg }
}
