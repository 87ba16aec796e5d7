/**
 * Stress, afflictions and being taken out (002:153-176, J4), minions dispatched (002:78), and recovery (002:161-171,
 * J6).
 */
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'
import { AFFLICTION_OF, AFFLICTIONS, TRACKS, type Affliction, type AfflictionValues, type Attribute, type StressValues, type Track } from '../schema'

/** The three ways to an affliction (002:172-175). */
export type AfflictionReason = 'fiveAtOnce' | 'filled' | 'alreadyFull'

export interface StressTarget {
  stress: StressValues
  afflictions: AfflictionValues
  /** each track's maximum (002:165, `stressMax`) */
  max: StressValues
  trackers: readonly Track[]
}

export interface StressOutcome {
  stress: StressValues
  afflictions: AfflictionValues
  gained: Array<{ track: Track; affliction: Affliction; reason: AfflictionReason }>
}

/**
 * Deal stress per track. Per track that takes damage (J4): 5 or more at once is one affliction; filling the track
 * is one; damage on a track already full is one. Several apply together (5 damage that fills a track gives two).
 * Stress stops at the maximum, and afflictions never reset stress (J4).
 */
export function applyStress(t: StressTarget, damage: Partial<Record<Track, number>>): StressOutcome {
  const stress = { ...t.stress }
  const afflictions = { ...t.afflictions }
  const gained: StressOutcome['gained'] = []
  for (const track of TRACKS) {
    const d = damage[track] ?? 0
    if (d <= 0 || !t.trackers.includes(track)) continue
    const aff = AFFLICTION_OF[track]
    const before = stress[track]
    const max = t.max[track]
    const reasons: AfflictionReason[] = []
    if (d >= 5) reasons.push('fiveAtOnce')
    if (before >= max) reasons.push('alreadyFull')
    else if (before + d >= max) reasons.push('filled')
    stress[track] = Math.min(max, before + d)
    for (const reason of reasons) {
      afflictions[aff] += 1
      gained.push({ track, affliction: aff, reason })
    }
  }
  return { stress, afflictions, gained }
}

export interface OutStatus {
  /** 002:176: 4 afflictions of one type — no action without spending Luck */
  incapacitated: Affliction[]
  /** 002:176: 5 of one type (J4: 5 Wounds is blacked out; the narrator decides on death) */
  blackedOut: Affliction[]
  /** J4: a monster is defeated when its afflictions exceed its Menace */
  defeated: boolean
}

export function outStatus(afflictions: AfflictionValues, menace?: number): OutStatus {
  const total = AFFLICTIONS.reduce((s, a) => s + afflictions[a], 0)
  return {
    incapacitated: AFFLICTIONS.filter((a) => afflictions[a] === 4),
    blackedOut: AFFLICTIONS.filter((a) => afflictions[a] >= 5),
    defeated: menace !== undefined && total > menace,
  }
}

/** Whether a character can act at all: blacked out or defeated never; incapacitated only by spending Luck. */
export function canAct(s: OutStatus, forcedBlackOut = false): 'yes' | 'withLuck' | 'no' {
  if (forcedBlackOut || s.defeated || s.blackedOut.length > 0) return 'no'
  return s.incapacitated.length > 0 ? 'withLuck' : 'yes'
}

/**
 * 002:78: a won attack on a minion dispatches it, and every extra Momentum spent dispatches one more
 * (no more than the minions within reach).
 */
export function minionsDispatched(won: boolean, extraMomentum: number, minionsInReach: number): Result<number> {
  if (!won) return ok(0)
  if (!Number.isInteger(extraMomentum) || extraMomentum < 0) return refuse('invalid', en, 'refusal.2d20.extraMomentumWhole', {}, { field: 'extraMomentum' })
  if (1 + extraMomentum > minionsInReach) return refuse('rule', en, 'refusal.2d20.tooFewMinions', { inReach: minionsInReach, extra: extraMomentum, n: 1 + extraMomentum }, { field: 'extraMomentum', cite: '002:78' })
  return ok(1 + extraMomentum)
}

// ---------------------------------------------------------------- recovery

export type Recoverer = 'self' | 'ally'

/** 002:161: Recovery Difficulty = D2 for an ally, D3 for oneself (J6). */
export const recoveryDifficulty = (who: Recoverer): number => (who === 'ally' ? 2 : 3)

/**
 * 002:163 and 002:171: Confusion/Madness Empathy + Reason; Fear/Trauma Daring + Reason; Injury/Wounds Might +
 * Reason for oneself, Empathy + Reason to help an ally.
 */
export function recoveryPair(track: Track, who: Recoverer): readonly [Attribute, Attribute] {
  if (track === 'confusion') return ['empathy', 'reason']
  if (track === 'fear') return ['daring', 'reason']
  return who === 'ally' ? ['empathy', 'reason'] : ['might', 'reason']
}

/** J6: a successful recovery test removes stress equal to its successes, +1 per Momentum spent on it. */
export function stressRecovered(success: boolean, successes: number, momentumSpent: number, current: number): number {
  if (!success) return 0
  return Math.min(current, successes + Math.max(0, momentumSpent))
}

/** J6: treating an affliction naturally removes 1 on a success. */
export const afflictionsTreated = (success: boolean, current: number): number => (success && current > 0 ? 1 : 0)

/** 002:98 Luck "Second Wind": all stress removed from one track. */
export const secondWind = (stress: StressValues, track: Track): StressValues => ({ ...stress, [track]: 0 })

/** 002:126: after a voluntary black-out the character removes 1 affliction from every track in the next scene. */
export function nextSceneRelief(a: AfflictionValues): AfflictionValues {
  return { madness: Math.max(0, a.madness - 1), trauma: Math.max(0, a.trauma - 1), wounds: Math.max(0, a.wounds - 1) }
}
