/**
 * One attack from the two tests to the stress (J2): difficulties raised by afflictions (J5), dice bought with
 * Momentum / Threat and Luck dice paid before the roll (002:76, 002:94), the opposed result and a drawn test the
 * narrator may buy (002:122), extra combat dice from the winner's Momentum (002:88), the qualities per Effect, the
 * afflictions (J4) and minions dispatched (002:78). Every spend goes through pools.spend, so nothing is paid that
 * is not there. Pure: dice come from the Rng (manual dice first).
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'
import type { Rng } from '../../../kit/rng'
import { attackPair, damageTrack, defensePair, opposed, rollCombatDice, splitDamage, type CombatRoll, type DamageSplit, type InsultAttribute, type OpposedOutcome } from './combat'
import { DEFAULT_POOL_SETTINGS, saveMomentum, spend, type Payer, type PoolSettings, type Pools, type PoolSide, type SpendRequest } from './pools'
import { difficultyOf, rollTest, testTarget, type Difficulty, type TestResult } from './roll'
import { lowestAttribute, type AfflictionValues, type Attribute, type Attributes, type AttackKind, type Quality, type StressValues, type Track } from '../schema'
import { applyStress, minionsDispatched, type StressOutcome } from './stress'

export interface Fighter {
  id: string
  /** the character's name, for a refusal */
  name?: string
  side: PoolSide
  attributes: Attributes
  afflictions: AfflictionValues
  stress: StressValues
  max: StressValues
  trackers: readonly Track[]
  menace?: number
  minion?: boolean
}

/** What one side adds to its own test. */
export interface TestOptions {
  /** d20s bought before the roll: Momentum for players, Threat for the narrator (002:76) */
  bought?: number
  /** Luck Bonus d20s (002:94) */
  luckDice?: number
  /** Luck "Overcome a Weakness" (002:100) */
  overcomeWeakness?: boolean
}

export interface AttackRequest {
  kind: AttackKind
  /** insults: the attacker's Passion (→ Fear) or Might (→ Confusion) (002:19, J2) */
  insultWith?: InsultAttribute
  /** insults: the defender's Passion or Might (default: the higher) */
  defendWith?: InsultAttribute
  weapon: { name?: string; damage: number; qualities: readonly Quality[] }
  /** the attacker's base difficulty (default D1, 002:30 "Shooting an enemy within a weapon's range") */
  difficulty?: number
  /** the defender's base difficulty (default D1) */
  defenseDifficulty?: number
  /** J7: +1 per range band beyond Near, on the attacker */
  rangeSteps?: number
  /** Create Obstacle steps already bought against the attacker (002:74) */
  obstacle?: number
  attacker?: TestOptions
  defender?: TestOptions
  /** the narrator pays 1 Threat to win a drawn test (002:122) */
  narratorPaysForDraw?: boolean
  /** Momentum spent on extra combat dice after winning (002:88) */
  extraDice?: number
  /** extra minions dispatched with Momentum (002:78), and how many are in reach */
  dispatchExtra?: number
  minionsInReach?: number
}

export interface SideResult { pair: readonly [Attribute, Attribute]; difficulty: Difficulty; test: TestResult }

export interface AttackResolution {
  attack: SideResult
  defense: SideResult
  outcome: OpposedOutcome
  track: Track
  combat?: CombatRoll
  split?: DamageSplit
  stress?: StressOutcome
  dispatched?: number
  spends: Array<{ by: string; request: SpendRequest }>
  /** the winner's Momentum saved (J1) or turned into Threat, and what was lost over the cap */
  saved: number
  lost: number
  pools: Pools
  rolls: DieRoll[]
}

function payAll(pools: Pools, list: Array<{ payer: Payer; request: SpendRequest }>, s: PoolSettings): Result<{ pools: Pools; freshLeft: Record<string, number> }> {
  let p = pools
  const freshLeft: Record<string, number> = {}
  for (const { payer, request } of list) {
    const fresh = freshLeft[payer.id] ?? payer.fresh ?? 0
    const r = spend(p, { ...payer, fresh }, request, s)
    if (!r.ok) return r
    p = r.value.pools
    freshLeft[payer.id] = r.value.freshLeft
  }
  return ok({ pools: p, freshLeft })
}

const payer = (f: Fighter, fresh = 0): Payer => ({ id: f.id, side: f.side, fresh, name: f.name })

/** The spends a side makes before rolling its test. */
function beforeRoll(f: Fighter, o: TestOptions | undefined): Array<{ payer: Payer; request: SpendRequest }> {
  const out: Array<{ payer: Payer; request: SpendRequest }> = []
  if (o?.bought) out.push({ payer: payer(f), request: { spend: 'createOpportunity', dice: o.bought } })
  if (o?.luckDice) out.push({ payer: payer(f), request: { spend: 'bonusD20', dice: o.luckDice } })
  if (o?.overcomeWeakness) out.push({ payer: payer(f), request: { spend: 'overcomeWeakness' } })
  return out
}

export function resolveAttack(attacker: Fighter, defender: Fighter, req: AttackRequest, pools: Pools, rng: Rng, settings: PoolSettings = DEFAULT_POOL_SETTINGS): Result<AttackResolution> {
  const defendWith = req.defendWith ?? (defender.attributes.passion >= defender.attributes.might ? 'passion' : 'might')
  const aPair = attackPair(req.kind, req.insultWith)
  const dPair = defensePair(req.kind, defendWith)
  const aDiff = difficultyOf({ base: req.difficulty ?? 1, pair: aPair, afflictions: attacker.afflictions, overcomeWeakness: req.attacker?.overcomeWeakness, obstacle: req.obstacle, rangeSteps: req.rangeSteps })
  if (!aDiff.ok) return aDiff
  const dDiff = difficultyOf({ base: req.defenseDifficulty ?? 1, pair: dPair, afflictions: defender.afflictions, overcomeWeakness: req.defender?.overcomeWeakness })
  // the refusal as it is (its sentence's key and params), at the defense's field
  if (!dDiff.ok) return { ok: false, error: { ...dDiff.error, field: 'defenseDifficulty' } }

  // pay what is bought before the roll
  const pre = payAll(pools, [...beforeRoll(attacker, req.attacker), ...beforeRoll(defender, req.defender)], settings)
  if (!pre.ok) return pre
  let p = pre.value.pools
  const spends: AttackResolution['spends'] = [...beforeRoll(attacker, req.attacker), ...beforeRoll(defender, req.defender)].map((x) => ({ by: x.payer.id, request: x.request }))

  const at = rollTest({ target: testTarget(attacker.attributes, aPair), difficulty: aDiff.value.total, bought: req.attacker?.bought, luckDice: req.attacker?.luckDice }, rng)
  if (!at.ok) return at
  const dt = rollTest({ target: testTarget(defender.attributes, dPair), difficulty: dDiff.value.total, bought: req.defender?.bought, luckDice: req.defender?.luckDice }, rng)
  if (!dt.ok) return { ok: false, error: { ...dt.error, field: dt.error.field === 'bought' ? 'defender.bought' : dt.error.field } }
  const rolls = [...at.value.rolls, ...dt.value.rolls]

  const aPc = attacker.side === 'players'
  const dPc = defender.side === 'players'
  const draw = req.narratorPaysForDraw === true && aPc !== dPc
  const outcome = opposed({ ...at.value, isPc: aPc }, { ...dt.value, isPc: dPc }, draw)
  if (outcome.threatPaid) {
    const nar = aPc ? defender : attacker
    const r = spend(p, payer(nar), { spend: 'winDraw' }, settings)
    if (!r.ok) return r
    p = r.value.pools
    spends.push({ by: nar.id, request: { spend: 'winDraw' } })
  }

  const track = damageTrack(req.kind, req.insultWith)
  const base = {
    attack: { pair: aPair, difficulty: aDiff.value, test: at.value },
    defense: { pair: dPair, difficulty: dDiff.value, test: dt.value },
    outcome, track, spends, rolls,
  }
  const winner = outcome.winner === 'attacker' ? attacker : outcome.winner === 'defender' ? defender : null
  if (outcome.winner !== 'attacker') {
    if (req.extraDice) return refuse('rule', en, 'refusal.2d20.extraDiceAfterWin', {}, { field: 'extraDice', cite: '002:88' })
    const saved = winner ? saveMomentum(p, payer(winner), outcome.momentum, lowestAttribute(winner.attributes), settings) : { pools: p, saved: 0, lost: 0 }
    return ok(Object.assign({}, base, { saved: saved.saved, lost: saved.lost, pools: saved.pools }))
  }

  // the attacker won: extra dice and extra minions from its Momentum
  const after: Array<{ payer: Payer; request: SpendRequest }> = []
  if (req.extraDice) after.push({ payer: payer(attacker, outcome.momentum), request: { spend: 'rollExtraDamage', dice: req.extraDice } })
  if (req.dispatchExtra) after.push({ payer: payer(attacker, outcome.momentum), request: { spend: 'dispatchMinion', extra: req.dispatchExtra } })
  const post = payAll(p, after, settings)
  if (!post.ok) return post
  p = post.value.pools
  for (const x of after) spends.push({ by: attacker.id, request: x.request })
  const left = post.value.freshLeft[attacker.id] ?? outcome.momentum

  let extra: Partial<AttackResolution> = {}
  if (defender.minion) {
    const d = minionsDispatched(true, req.dispatchExtra ?? 0, req.minionsInReach ?? 1)
    if (!d.ok) return d
    extra = { dispatched: d.value }
  } else {
    if (req.dispatchExtra) return refuse('rule', en, 'refusal.2d20.dispatchOnlyMinions', {}, { field: 'dispatchExtra', cite: '002:78' })
    const combat = rollCombatDice(req.weapon.damage + (req.extraDice ?? 0), rng)
    rolls.push(...combat.rolls)
    const split = splitDamage({ damage: combat.damage, effects: combat.effects, qualities: req.weapon.qualities, track, trackers: defender.trackers })
    const stress = applyStress(defender, split.byTrack)
    extra = { combat: { faces: combat.faces, damage: combat.damage, effects: combat.effects }, split, stress }
  }
  const saved = saveMomentum(p, payer(attacker), left, lowestAttribute(attacker.attributes), settings)
  // Object.assign, not a spread followed by new fields (a slow path in V8, on every attack: issue 13)
  return ok(Object.assign({}, base, extra, { saved: saved.saved, lost: saved.lost, pools: saved.pools }))
}
