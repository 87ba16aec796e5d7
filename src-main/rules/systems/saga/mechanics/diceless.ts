/**
 * Saga Edition diceless resolver ("beyond the seed"): take 10 on the attack (001 "Taking 10"), 10 + attack bonus
 * against the target's defense; damage = the average of the dice + bonuses, rounded down.
 */
import { averageRoll, type DicelessResult } from '../../../diceless'

/** Saga Edition, take 10: 10 + attack bonus vs Reflex (or another) defense; damage = floor(average). */
export function sagaDiceless(attackBonus: number, defense: number, damage: { n: number; sides: number; mod?: number }): DicelessResult {
  const attackValue = 10 + attackBonus
  const hit = attackValue >= defense // 001: the attack hits when the result equals or exceeds the defense
  return { attackValue, defenseValue: defense, hit, damage: hit ? Math.floor(averageRoll(damage.n, damage.sides, damage.mod ?? 0)) : 0 }
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
