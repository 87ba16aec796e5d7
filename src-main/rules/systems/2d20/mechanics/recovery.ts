/**
 * A recovery test (002:161-171, J6): the character (D3) or an ally helping (D2) rolls the track's attribute pair;
 * a success removes stress equal to the successes, +1 per Momentum spent, or treats one affliction naturally.
 * The tester's own afflictions raise the difficulty (J5).
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'
import type { Rng } from '../../../kit/rng'
import { DEFAULT_POOL_SETTINGS, saveMomentum, spend, type PoolSettings, type Pools } from './pools'
import { difficultyOf, rollTest, testTarget, type Difficulty, type TestResult } from './roll'
import { AFFLICTION_OF, lowestAttribute, type Attribute, type Track } from '../schema'
import { afflictionsTreated, recoveryDifficulty, recoveryPair, stressRecovered, type Recoverer } from './stress'
import type { Fighter, TestOptions } from './attack'

export interface RecoveryRequest {
  track: Track
  /** 'stress': recover stress during battle; 'affliction': treat an affliction naturally */
  mode: 'stress' | 'affliction'
  /** Momentum of the test spent on +1 stress each (J6) */
  momentum?: number
  options?: TestOptions
}

export interface RecoveryResult {
  who: Recoverer
  pair: readonly [Attribute, Attribute]
  difficulty: Difficulty
  test: TestResult
  stressRemoved: number
  afflictionsRemoved: number
  patient: Pick<Fighter, 'stress' | 'afflictions'>
  pools: Pools
  saved: number
  rolls: DieRoll[]
}

export function resolveRecovery(tester: Fighter, patient: Fighter, req: RecoveryRequest, pools: Pools, rng: Rng, settings: PoolSettings = DEFAULT_POOL_SETTINGS): Result<RecoveryResult> {
  if (!patient.trackers.includes(req.track)) return refuse('rule', en, 'refusal.2d20.noTrack', { name: patient.name ?? patient.id, track: `2d20.track.${req.track}` }, { field: 'track' })
  const who: Recoverer = tester.id === patient.id ? 'self' : 'ally'
  const pair = recoveryPair(req.track, who)
  const diff = difficultyOf({ base: recoveryDifficulty(who), pair, afflictions: tester.afflictions, overcomeWeakness: req.options?.overcomeWeakness })
  if (!diff.ok) return diff
  let p = pools
  const payer = { id: tester.id, side: tester.side, name: tester.name }
  const pre = [
    ...(req.options?.bought ? [{ spend: 'createOpportunity' as const, dice: req.options.bought }] : []),
    ...(req.options?.luckDice ? [{ spend: 'bonusD20' as const, dice: req.options.luckDice }] : []),
    ...(req.options?.overcomeWeakness ? [{ spend: 'overcomeWeakness' as const }] : []),
  ]
  for (const r of pre) {
    const s = spend(p, payer, r, settings)
    if (!s.ok) return s
    p = s.value.pools
  }
  const t = rollTest({ target: testTarget(tester.attributes, pair), difficulty: diff.value.total, bought: req.options?.bought, luckDice: req.options?.luckDice }, rng)
  if (!t.ok) return t
  const momentum = req.momentum ?? 0
  if (req.mode === 'affliction' && momentum > 0) return refuse('rule', en, 'refusal.2d20.momentumNotForAffliction', {}, { field: 'momentum', cite: 'J6' })
  if (momentum > 0 && !t.value.success) return refuse('rule', en, 'refusal.2d20.failedNoMomentum', {}, { field: 'momentum', cite: 'J1' })
  // J6: each Momentum spent removes 1 more stress — "Increase Quality of Success" (002:80), the test's own first
  let left = t.value.momentum
  if (momentum > 0) {
    const s = spend(p, { ...payer, fresh: t.value.momentum }, { spend: 'increaseQuality', cost: momentum }, settings)
    if (!s.ok) return s
    p = s.value.pools
    left = s.value.freshLeft
  }
  const stress = { ...patient.stress }
  const afflictions = { ...patient.afflictions }
  let stressRemoved = 0
  let afflictionsRemoved = 0
  if (req.mode === 'stress') {
    stressRemoved = stressRecovered(t.value.success, t.value.successes, momentum, stress[req.track])
    stress[req.track] -= stressRemoved
  } else {
    const aff = AFFLICTION_OF[req.track]
    afflictionsRemoved = afflictionsTreated(t.value.success, afflictions[aff])
    afflictions[aff] -= afflictionsRemoved
  }
  const saved = saveMomentum(p, payer, left, lowestAttribute(tester.attributes), settings)
  return ok({ who, pair, difficulty: diff.value, test: t.value, stressRemoved, afflictionsRemoved, patient: { stress, afflictions }, pools: saved.pools, saved: saved.saved, rolls: t.value.rolls })
}
