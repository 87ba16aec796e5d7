/**
 * Exact odds by convolution, never sampling: a test's chance of success and its Momentum distribution, and an
 * attack's chance to win the opposed test (J2) with the stress, afflictions and take-outs after the combat dice.
 * Every outcome is counted by the same functions that resolve a real roll (roll.ts, combat.ts, stress.ts).
 */
import { convolve, fromMap, mix, point, probAtLeast, repeat, shift, toList, type Dist } from '../../../kit/distribution'
import { opposed, splitDamage, COMBAT_FACES } from './combat'
import { BASE_D20, successesOf, type TestTarget } from './roll'
import { TRACKS, type Quality, type Track } from '../schema'
import { applyStress, outStatus, type StressTarget } from './stress'

type Outcomes = Array<{ value: number; p: number }>

/** Successes of one d20 against a target: 2 at ≤ the lower attribute, 1 at ≤ the total (002:51-53). */
export function d20SuccessDist(t: TestTarget): Dist {
  const n = [0, 0, 0]
  for (let v = 1; v <= 20; v++) n[successesOf(v, t)]++
  return { min: 0, p: n.map((k) => k / 20) }
}

export interface TestOddsInput {
  target: TestTarget
  difficulty: number
  bought?: number
  luckDice?: number
  assists?: readonly TestTarget[]
}

/** Distribution of the total successes (Luck dice count as 1s; assistants count only when the leader scores). */
export function successDist(o: TestOddsInput): Dist {
  const own = shift(repeat(d20SuccessDist(o.target), BASE_D20 + (o.bought ?? 0)), (o.luckDice ?? 0) * successesOf(1, o.target))
  const assists = o.assists ?? []
  if (assists.length === 0) return own
  const helped = assists.reduce<Dist>((d, t) => convolve(d, d20SuccessDist(t)), point(0))
  const p0 = own.min === 0 ? own.p[0] : 0
  const scored: Dist = own.min === 0 ? { min: 0, p: [0, ...own.p.slice(1)] } : own
  const total = 1 - p0
  const parts = [{ w: p0, d: point(0) }]
  if (total > 0) parts.push({ w: total, d: convolve({ min: scored.min, p: scored.p.map((q) => q / total) }, helped) })
  return mix(parts)
}

export interface TestOdds {
  success: number
  /** Momentum on a success (J1), with absolute probabilities (they sum to `success`) */
  momentum: Outcomes
  expectedSuccesses: number
  /** P(at least one natural 20) among the rolled dice (J1) */
  complication: number
}

export function testOdds(o: TestOddsInput): TestOdds {
  const d = successDist(o)
  const momentum: Outcomes = toList(d).filter((x) => x.value >= o.difficulty).map((x) => ({ value: x.value - o.difficulty, p: x.p }))
  const rolled = BASE_D20 + (o.bought ?? 0) + (o.assists?.length ?? 0)
  return {
    success: probAtLeast(d, o.difficulty),
    momentum,
    expectedSuccesses: toList(d).reduce((s, x) => s + x.value * x.p, 0),
    complication: 1 - (19 / 20) ** rolled,
  }
}

/** Joint distribution of (damage, effects) of n combat dice (002:54-66), keyed "damage,effects". */
export function combatDiceDist(n: number): Map<string, { damage: number; effects: number; p: number }> {
  let acc = new Map<string, { damage: number; effects: number; p: number }>([['0,0', { damage: 0, effects: 0, p: 1 }]])
  for (let i = 0; i < n; i++) {
    const next = new Map<string, { damage: number; effects: number; p: number }>()
    for (const x of acc.values()) for (const f of COMBAT_FACES) {
      const damage = x.damage + f.damage
      const effects = x.effects + f.effect
      const k = `${damage},${effects}`
      const cur = next.get(k)
      if (cur) cur.p += x.p / 6
      else next.set(k, { damage, effects, p: x.p / 6 })
    }
    acc = next
  }
  return acc
}

export interface SideOdds extends TestOddsInput { isPc: boolean }

export interface AttackOddsInput {
  attacker: SideOdds
  defender: SideOdds
  /** the narrator pays 1 Threat to win a drawn test (002:122) */
  narratorPaysForDraw?: boolean
  /** the weapon's damage rating (J3) and qualities */
  rating: number
  qualities: readonly Quality[]
  track: Track
  /** Momentum from the win spent on extra combat dice (002:88): a number (at most what was won) or 'all' */
  extraDice?: number | 'all'
  target: StressTarget & { menace?: number }
}

export interface AttackOdds {
  win: number
  draw: number
  /** both sides failed: nobody wins */
  neither: number
  /** stress dealt per track (absolute probabilities, misses count as 0) */
  stress: Record<Track, Outcomes>
  /** total stress dealt over all tracks */
  damage: Outcomes
  /** new afflictions from this attack */
  afflictions: Outcomes
  anyAffliction: number
  /** P(the target ends blacked out, defeated, or — a minion — dispatched) */
  takenOut: number
}

export function attackOdds(o: AttackOddsInput): AttackOdds {
  const sa = toList(successDist(o.attacker))
  const sd = toList(successDist(o.defender))
  let win = 0, draw = 0, neither = 0
  const byExtra = new Map<number, number>()
  for (const a of sa) for (const d of sd) {
    const p = a.p * d.p
    const aOk = a.value >= o.attacker.difficulty
    const dOk = d.value >= o.defender.difficulty
    const r = opposed(
      { success: aOk, successes: a.value, momentum: aOk ? a.value - o.attacker.difficulty : 0, isPc: o.attacker.isPc },
      { success: dOk, successes: d.value, momentum: dOk ? d.value - o.defender.difficulty : 0, isPc: o.defender.isPc },
      o.narratorPaysForDraw ?? false,
    )
    if (r.draw) draw += p
    if (r.winner === 'none') neither += p
    if (r.winner !== 'attacker') continue
    win += p
    const extra = o.extraDice === 'all' ? r.momentum : Math.min(r.momentum, o.extraDice ?? 0)
    byExtra.set(extra, (byExtra.get(extra) ?? 0) + p)
  }
  const stress: Record<Track, Map<number, number>> = { confusion: new Map(), fear: new Map(), injury: new Map() }
  const total = new Map<number, number>()
  const aff = new Map<number, number>()
  const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p)
  const miss = 1 - win
  for (const t of TRACKS) add(stress[t], 0, miss)
  add(total, 0, miss)
  add(aff, 0, miss)
  const before = outStatus(o.target.afflictions, o.target.menace)
  const outBefore = before.blackedOut.length > 0 || before.defeated
  let takenOut = outBefore ? miss : 0
  const minion = o.target.trackers.length === 0
  for (const [extra, w] of byExtra) {
    for (const c of combatDiceDist(o.rating + extra).values()) {
      const p = w * c.p
      const split = splitDamage({ damage: c.damage, effects: c.effects, qualities: o.qualities, track: o.track, trackers: o.target.trackers })
      const after = applyStress(o.target, split.byTrack)
      for (const t of TRACKS) add(stress[t], split.byTrack[t], p)
      add(total, TRACKS.reduce((s, t) => s + split.byTrack[t], 0) + split.untracked, p)
      add(aff, after.gained.length, p)
      const st = outStatus(after.afflictions, o.target.menace)
      if (minion || st.blackedOut.length > 0 || st.defeated) takenOut += p
    }
  }
  const list = (m: Map<number, number>) => toList(fromMap(m))
  const afflictions = list(aff)
  return {
    win, draw, neither,
    stress: { confusion: list(stress.confusion), fear: list(stress.fear), injury: list(stress.injury) },
    damage: list(total),
    afflictions,
    anyAffliction: afflictions.filter((x) => x.value > 0).reduce((s, x) => s + x.p, 0),
    takenOut,
  }
}
