/**
 * Conflict (002:1-19, 002:54-66, 002:130-152, J2, J3): action types and the per-turn budget, the attack and
 * defense attribute pairs, opposed tests and who wins a draw, combat dice on d6 and weapon qualities per Effect.
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'
import type { Rng } from '../../../kit/rng'
import { rollDie } from '../../../kit/dice'
import { type Attribute, type AttackKind, type Quality, type Track } from '../schema'

// ---------------------------------------------------------------- actions

/** 002:1-9 */
export const ACTION_TYPES = ['conflict', 'free', 'movement', 'spoken'] as const
export type ActionType = (typeof ACTION_TYPES)[number]

/**
 * What a character may still do this turn. 002:3: one Conflict action per turn; 002:96: Luck buys one more, once
 * per turn. The seed sets no limit on the others: one Movement and one Spoken action (2d20 convention; more
 * movement is the Momentum spend "Additional Movement", 002:70) and any number of Free actions (src-main/rules/systems/2d20/README.md).
 */
export interface TurnBudget { conflict: number; movement: number; spoken: number; luckConflictBought: boolean }

export const freshBudget = (): TurnBudget => ({ conflict: 1, movement: 1, spoken: 1, luckConflictBought: false })

export function useAction(b: TurnBudget, type: ActionType): Result<TurnBudget> {
  if (type === 'free') return ok(b)
  if (b[type] < 1) {
    if (type !== 'conflict') return refuse('rule', en, 'refusal.2d20.noActionLeft', { action: `2d20.action.${type}` }, { field: 'action' })
    return b.luckConflictBought
      ? refuse('rule', en, 'refusal.2d20.noConflictLeftBought', {}, { field: 'action', cite: '002:96' })
      : refuse('rule', en, 'refusal.2d20.noConflictLeft', {}, { field: 'action', cite: '002:96' })
  }
  return ok({ ...b, [type]: b[type] - 1 })
}

/** 002:96: "spend 1 Luck point to gain one additional Conflict action. This may only be done once per turn." */
export function buyConflictAction(b: TurnBudget): Result<TurnBudget> {
  if (b.luckConflictBought) return refuse('rule', en, 'refusal.2d20.luckConflictOnce', {}, { field: 'action', cite: '002:96' })
  return ok({ ...b, conflict: b.conflict + 1, luckConflictBought: true })
}

// ---------------------------------------------------------------- attack and defense pairs

/** For insults the attacker and the defender each use Passion or Might (002:19). */
export type InsultAttribute = 'passion' | 'might'

/** 002:13-19 */
export function attackPair(kind: AttackKind, insultWith: InsultAttribute = 'passion'): readonly [Attribute, Attribute] {
  if (kind === 'melee') return ['cunning', 'daring']
  if (kind === 'shooting') return ['cunning', 'reason']
  return ['cunning', insultWith]
}

export function defensePair(kind: AttackKind, insultWith: InsultAttribute = 'passion'): readonly [Attribute, Attribute] {
  if (kind === 'melee') return ['daring', 'passion']
  if (kind === 'shooting') return ['daring', 'empathy']
  return ['daring', insultWith]
}

/** J2: melee and shooting hurt Injury; an insult with Passion hurts Fear, with Might Confusion. */
export function damageTrack(kind: AttackKind, insultWith: InsultAttribute = 'passion'): Track {
  if (kind !== 'insult') return 'injury'
  return insultWith === 'passion' ? 'fear' : 'confusion'
}

// ---------------------------------------------------------------- opposed tests

export interface OpposedSide { success: boolean; successes: number; momentum: number; isPc: boolean }

export interface OpposedOutcome {
  /** 'none': both failed, nobody wins and the attack misses */
  winner: 'attacker' | 'defender' | 'none'
  draw: boolean
  /** the narrator paid 1 Threat to win a drawn test (002:122) */
  threatPaid: boolean
  /** the winner's Momentum (J1: successes − difficulty) */
  momentum: number
}

/**
 * J2: both sides roll; the winner is the side that succeeds with more successes. A side that fails loses to one
 * that succeeds. A draw (both succeed equally) goes to the PC unless the narrator pays 1 Threat (002:122);
 * between two characters of the same kind the defender holds (src-main/rules/systems/2d20/README.md).
 */
export function opposed(attacker: OpposedSide, defender: OpposedSide, narratorPaysForDraw = false): OpposedOutcome {
  const none: OpposedOutcome = { winner: 'none', draw: false, threatPaid: false, momentum: 0 }
  if (!attacker.success && !defender.success) return none
  if (attacker.success && !defender.success) return { ...none, winner: 'attacker', momentum: attacker.momentum }
  if (!attacker.success) return { ...none, winner: 'defender', momentum: defender.momentum }
  if (attacker.successes !== defender.successes) {
    const w = attacker.successes > defender.successes ? 'attacker' : 'defender'
    return { ...none, winner: w, momentum: w === 'attacker' ? attacker.momentum : defender.momentum }
  }
  const pcSide = attacker.isPc === defender.isPc ? null : attacker.isPc ? 'attacker' : 'defender'
  const winner = pcSide === null ? 'defender' : narratorPaysForDraw ? (pcSide === 'attacker' ? 'defender' : 'attacker') : pcSide
  return { winner, draw: true, threatPaid: pcSide !== null && narratorPaysForDraw, momentum: winner === 'attacker' ? attacker.momentum : defender.momentum }
}

// ---------------------------------------------------------------- combat dice

/** 002:54-66: a combat die on d6 — 1, 2, no result, no result, 1 + Effect, 1 + Effect. */
export const COMBAT_FACES: ReadonlyArray<{ damage: number; effect: 0 | 1 }> = [
  { damage: 1, effect: 0 }, { damage: 2, effect: 0 }, { damage: 0, effect: 0 }, { damage: 0, effect: 0 }, { damage: 1, effect: 1 }, { damage: 1, effect: 1 },
]

export interface CombatRoll { faces: number[]; damage: number; effects: number }

export function evaluateCombatDice(faces: readonly number[]): Result<CombatRoll> {
  let damage = 0
  let effects = 0
  for (let i = 0; i < faces.length; i++) {
    const f = faces[i]
    if (!Number.isInteger(f) || f < 1 || f > 6) return refuse('invalid', en, 'refusal.2d20.combatDieFace', { value: f }, { field: `dice.${i}` })
    damage += COMBAT_FACES[f - 1].damage
    effects += COMBAT_FACES[f - 1].effect
  }
  return ok({ faces: [...faces], damage, effects })
}

export function rollCombatDice(n: number, rng: Rng): CombatRoll & { rolls: DieRoll[] } {
  const rolls: DieRoll[] = Array.from({ length: n }, () => rollDie(rng, 6))
  const faces = rolls.map((d) => d.value as number)
  const r = evaluateCombatDice(faces)
  if (!r.ok) throw new Error(r.error.message) // unreachable: rng.int(1, 6) stays in range
  return { ...r.value, rolls }
}

/** J3: the weapon's damage rating in combat dice, plus one per Momentum spent on "Roll Extra Damage" (002:88). */
export const combatDiceCount = (rating: number, extraMomentum = 0): number => Math.max(0, rating) + Math.max(0, extraMomentum)

// ---------------------------------------------------------------- qualities

/** 002:152: a poison-coated weapon gains Fearsome and Dishonorable. */
export function effectiveQualities(q: readonly Quality[]): Set<Quality> {
  const s = new Set(q)
  if (s.has('poison')) { s.add('fearsome'); s.add('dishonorable') }
  return s
}

export interface DamageInput {
  damage: number
  effects: number
  qualities: readonly Quality[]
  /** the track the attack hurts (J2) */
  track: Track
  /** the target's stress trackers (minions have none) */
  trackers: readonly Track[]
}

export interface DamageSplit {
  /** stress dealt per track */
  byTrack: Record<Track, number>
  /** damage to a target with no stress tracker at all (a minion) */
  untracked: number
  /** the weapon is Dishonorable (002:134): logged so the narrator can apply the consequences */
  dishonorable: boolean
}

const EXTRA_TRACK: Partial<Record<Quality, Track[]>> = { sharp: ['injury'], fearsome: ['fear'], psychic: ['confusion'], explosive: ['fear', 'injury'] }

/**
 * 002:137-152 per Effect: Sharp +1 Injury, Fearsome +1 Fear, Psychic +1 Confusion, Explosive +1 Fear and +1 Injury
 * (a target without both trackers takes 2 per icon, J3). Damage meant for a tracker the target lacks "simply
 * deals damage" (002:140): it goes to the attack's track, or to the target's first tracker (Injury, Fear,
 * Confusion) when it lacks that too.
 */
export function splitDamage(d: DamageInput): DamageSplit {
  const byTrack: Record<Track, number> = { confusion: 0, fear: 0, injury: 0 }
  let untracked = 0
  const has = (t: Track) => d.trackers.includes(t)
  const fallback: Track | null = has(d.track) ? d.track : (['injury', 'fear', 'confusion'] as const).find(has) ?? null
  const deal = (t: Track, n: number) => {
    if (n <= 0) return
    const to = has(t) ? t : fallback
    if (to) byTrack[to] += n
    else untracked += n
  }
  deal(d.track, d.damage)
  const q = effectiveQualities(d.qualities)
  for (const quality of ['sharp', 'fearsome', 'psychic', 'explosive'] as const) {
    if (!q.has(quality) || d.effects === 0) continue
    const tracks = EXTRA_TRACK[quality] ?? []
    if (quality === 'explosive' && !tracks.some(has)) deal(d.track, 2 * d.effects) // J3
    else for (const t of tracks) deal(t, d.effects)
  }
  return { byTrack, untracked, dishonorable: q.has('dishonorable') }
}

/** 002:146: Quiet gives 1 bonus Momentum on a test to stay hidden, while not yet spotted. */
export const quietBonus = (q: readonly Quality[], spotted: boolean): number => (!spotted && q.includes('quiet') ? 1 : 0)

/** 002:137: the Explosive blast test for a bystander at Near range: D2, or 1 damage (a combat die, src-main/rules/systems/2d20/README.md). */
export const EXPLOSIVE_BLAST = { difficulty: 2, combatDice: 1, threatCost: 1, momentumCost: 1 } as const

/** 002:152: poison slipped into food or drink: 2 combat dice with Fearsome (Dishonorable only once discovered). */
export const POISONED_DRINK: { combatDice: number; qualities: Quality[] } = { combatDice: 2, qualities: ['fearsome'] }
