/**
 * Storyteller diceless resolver (004, T1; beyond the seed): expected successes of a d10 pool (≥ 7; optional 10s
 * double); net = successes − DV; damage pool = damage dice + net, expected successes (floor) − soak.
 */
import type { DicelessResult } from '../../../diceless'

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
