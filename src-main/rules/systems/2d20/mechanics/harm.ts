/**
 * Damage without an attack: the narrator's Danger (002:110, 1 Threat per combat die), the Explosive blast on a
 * bystander at Near range (002:137: a D2 test to evade, or 1 combat die) and poison in food or drink (002:152).
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { Rng } from '../../../kit/rng'
import { defensePair, EXPLOSIVE_BLAST, rollCombatDice, splitDamage, type CombatRoll, type DamageSplit } from './combat'
import { difficultyOf, rollTest, testTarget, type TestResult } from './roll'
import type { Quality, Track } from '../schema'
import { applyStress, type StressOutcome } from './stress'
import type { Fighter } from './attack'

export interface HarmResult { combat: CombatRoll; split: DamageSplit; stress: StressOutcome; rolls: DieRoll[] }

/** Roll `dice` combat dice at a target on `track`, with qualities (Danger, poison, a fall the narrator prices). */
export function harm(target: Fighter, dice: number, track: Track, qualities: readonly Quality[], rng: Rng): HarmResult {
  const combat = rollCombatDice(dice, rng)
  const split = splitDamage({ damage: combat.damage, effects: combat.effects, qualities, track, trackers: target.trackers })
  return { combat: { faces: combat.faces, damage: combat.damage, effects: combat.effects }, split, stress: applyStress(target, split.byTrack), rolls: combat.rolls }
}

export interface BlastResult { test: TestResult; evaded: boolean; harm?: HarmResult; rolls: DieRoll[] }

/**
 * 002:137: a D2 test to evade the blast or take 1 combat die of the Explosive weapon's damage. The seed names no
 * attributes: the shooting defense pair, Daring + Empathy, is used (src-main/rules/systems/2d20/README.md).
 */
export function explosiveBlast(bystander: Fighter, rng: Rng): Result<BlastResult> {
  const pair = defensePair('shooting')
  const diff = difficultyOf({ base: EXPLOSIVE_BLAST.difficulty, pair, afflictions: bystander.afflictions })
  if (!diff.ok) return diff
  const t = rollTest({ target: testTarget(bystander.attributes, pair), difficulty: diff.value.total }, rng)
  if (!t.ok) return t
  if (t.value.success) return ok({ test: t.value, evaded: true, rolls: t.value.rolls })
  const h = harm(bystander, EXPLOSIVE_BLAST.combatDice, 'injury', ['explosive'], rng)
  return ok({ test: t.value, evaded: false, harm: h, rolls: [...t.value.rolls, ...h.rolls] })
}
