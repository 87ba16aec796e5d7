/**
 * 2d20 diceless resolver (002, J1; beyond the seed): expected successes of the d20 pool rolled under the target
 * number; a hit when they reach the difficulty; damage = expected total of the damage dice given by their faces
 * (floor).
 */
import { expectedFaces, type DicelessResult } from '../../../diceless'

/** 2d20 (J1): one d20 is a success at ≤ TN, two at ≤ the critical range (focus), expected over `dice` d20s. */
export function expectedD20Successes(tn: number, dice = 2, critRange = 1): number {
  const t = Math.max(0, Math.min(20, tn))
  const c = Math.max(0, Math.min(t, critRange))
  return dice * ((c * 2 + (t - c)) / 20)
}

/** 2d20 diceless: a hit when the expected successes reach the difficulty; damage = floor(n × E[damage die]). */
export function twoD20Diceless(tn: number, difficulty: number, damageDice: number, damageFaces: readonly number[], dice = 2, critRange = 1): DicelessResult {
  const e = expectedD20Successes(tn, dice, critRange)
  const hit = e >= difficulty
  return { attackValue: e, defenseValue: difficulty, hit, damage: hit ? Math.floor(damageDice * expectedFaces(damageFaces)) : 0 }
}
