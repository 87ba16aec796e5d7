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

/** A dice expression's terms (structurally core/dice.ts `DiceTerm`): dice count × sides, custom faces, constants. */
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

export type SagaDefense = 'reflex' | 'fortitude' | 'will'

export interface SagaTakeTen {
  /** 10 + attack bonus (001 take 10) */
  attackValue: number
  /** the defense the attack is resolved against, and why: `only` (one applicable), `best` (the ally's highest) */
  defense: SagaDefense
  defenseValue: number
  choice: 'only' | 'best'
  considered: Array<{ defense: SagaDefense; value: number }>
  /** 001: the attack hits when it equals or exceeds the defense */
  hit: boolean
  /** floor(average of the damage dice + bonus), at least 1 (W2), 0 on a miss; no critical (a take-10 is never a natural 20) */
  damage: number
  average: number
}

/**
 * Saga diceless attack ("beyond the seed"): take 10 on the attack. `defenses` are the target's applicable defenses
 * (a weapon attack: Reflex only). When the target is the ally, the ally uses its best applicable defense (as S16 does
 * for Starchasers); otherwise the first one listed is the one the attack targets.
 */
export function sagaTakeTen(attackBonus: number, defenses: ReadonlyArray<{ defense: SagaDefense; value: number }>, targetIsAlly: boolean, damageAverage: number): SagaTakeTen {
  const attackValue = 10 + attackBonus
  const pick = targetIsAlly ? defenses.reduce((a, b) => (b.value > a.value ? b : a)) : defenses[0]
  const hit = attackValue >= pick.value
  return {
    attackValue,
    defense: pick.defense,
    defenseValue: pick.value,
    choice: defenses.length > 1 && targetIsAlly ? 'best' : 'only',
    considered: defenses.map((d) => ({ ...d })),
    hit,
    damage: hit ? Math.max(1, Math.floor(damageAverage)) : 0,
    average: damageAverage,
  }
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
