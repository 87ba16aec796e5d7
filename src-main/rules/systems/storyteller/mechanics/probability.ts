/**
 * Exact odds before rolling (by convolution, no sampling): the success distribution of a d10 pool (T1, T2), the hit
 * chance of an attack against a DV (004, T3), and the distribution of net damage against soak + armor (T4), with
 * what it does to the defender's health track.
 */
import { mix, point, probAtLeast, repeat, shift, toList, type Dist } from '../../../kit/distribution'
import { beatsDv } from './combat'
import type { Pool } from './dice'
import { applyDamage, boxes, filled, type Track, type Wounds } from './health'
import type { DamageType } from '../schema'
import type { StorytellerSettings } from './settings'
import { socialDegree, type SocialDegree } from './social'

/** One d10 (T1): 0, 1 or (a 10 with the Exalted option, not on damage) 2 successes. */
export function d10Dist(targetNumber: number, tensDouble: boolean): Dist {
  const miss = (targetNumber - 1) / 10
  return tensDouble ? { min: 0, p: [miss, 1 - miss - 0.1, 0.1] } : { min: 0, p: [miss, 1 - miss] }
}

/** The successes of `dice` d10s plus `auto` autosuccesses. */
export function poolDist(dice: number, auto: number, targetNumber: number, tensDouble: boolean): Dist {
  return shift(repeat(d10Dist(targetNumber, tensDouble), Math.max(0, dice)), auto)
}

/** T1: a botch needs no successes at all and at least one 1: P(no die succeeds) − P(no die succeeds and none is 1). */
export function botchChance(dice: number, auto: number, targetNumber: number): number {
  if (auto > 0 || dice <= 0) return 0
  return ((targetNumber - 1) / 10) ** dice - ((targetNumber - 2) / 10) ** dice
}

export interface AttackOddsInput {
  accuracy: Pool
  dv: number
  /** the damage pool's parts before net successes are added (T4), with its autosuccesses */
  damage: Pool
  /** soak + relevant armor */
  reduction: number
  targetNumber: number
  tensDouble: boolean
  hitNeedsRawSuccess: boolean
  /** the defender's track, to give the chance of incapacitating or killing */
  defender?: { wounds: Wounds; track: Track; damageType: DamageType }
}

export interface AttackOdds {
  hit: number
  botch: number
  /** damage marked on the track (a miss and a soaked hit are 0), value → probability */
  damage: Array<{ value: number; p: number }>
  /** P(at least one point of damage) */
  wound: number
  expectedDamage: number
  incapacitate: number
  kill: number
}

/** 004 + T3 + T4: hit chance and net damage distribution of one attack. */
export function attackOdds(i: AttackOddsInput): AttackOdds {
  const acc = poolDist(i.accuracy.dice, i.accuracy.auto, i.targetNumber, i.tensDouble)
  const baseDice = i.damage.parts.reduce((s, p) => s + p.value, 0)
  const parts: Array<{ w: number; d: Dist }> = []
  let hit = 0
  toList(acc).forEach(({ value: raw, p }) => {
    const net = raw - i.dv
    if (!beatsDv(raw, i.dv, i.hitNeedsRawSuccess)) { parts.push({ w: p, d: point(0) }); return }
    hit += p
    // T1: damage rolls never count 10s double
    const dmg = poolDist(Math.max(0, baseDice + net), i.damage.auto, i.targetNumber, false)
    const dealt = shift(dmg, -i.reduction)
    parts.push({ w: p, d: clampBelow(dealt) })
  })
  const d = mix(parts)
  const damage = toList(d)
  let incapacitate = 0
  let kill = 0
  if (i.defender) {
    const { wounds, track, damageType } = i.defender
    for (const { value, p } of damage) {
      const after = applyDamage(wounds, damageType, value, track).wounds
      if (after.dead && !wounds.dead) kill += p
      if (filled(after) >= boxes(track) && filled(wounds) < boxes(track)) incapacitate += p
    }
  }
  return {
    hit,
    botch: botchChance(i.accuracy.dice, i.accuracy.auto, i.targetNumber),
    damage,
    wound: probAtLeast(d, 1),
    expectedDamage: damage.reduce((s, x) => s + x.value * x.p, 0),
    incapacitate,
    kill,
  }
}

/** T7: the chance of each degree of a social roll against a Mental DV, of any effect and of a botch. */
export function socialOdds(pool: Pool, dv: number, s: StorytellerSettings): { success: number; botch: number; degrees: Record<SocialDegree, number>; net: Array<{ value: number; p: number }> } {
  const degrees: Record<SocialDegree, number> = { none: 0, slight: 0, moderate: 0, strong: 0, total: 0 }
  let success = 0
  const net: Array<{ value: number; p: number }> = []
  for (const { value: raw, p } of toList(poolDist(pool.dice, pool.auto, s.targetNumber, s.tensDouble))) {
    const hit = beatsDv(raw, dv, s.hitNeedsRawSuccess)
    if (hit) success += p
    degrees[socialDegree(raw - dv, hit, s)] += p
    // the net successes over the Mental DV (T7), each raw count once
    if (p > 0) net.push({ value: raw - dv, p })
  }
  return { success, botch: botchChance(pool.dice, pool.auto, s.targetNumber), degrees, net }
}

/** net damage below 0 does nothing (004 "If Attacker's Net Damage >= 0"). */
function clampBelow(d: Dist): Dist {
  if (d.min >= 0) return d
  const zero = d.p.slice(0, Math.min(d.p.length, -d.min + 1)).reduce((s, q) => s + q, 0)
  const rest = d.p.slice(-d.min + 1)
  return { min: 0, p: [zero, ...rest] }
}

