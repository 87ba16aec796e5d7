/**
 * Healing (000:633-697), falling (000:974-976, S21), environmental damage (000:532-560) and the generic skill
 * check (S12): a pool against N GM defense dice needing ≥ 1 uncanceled Hit.
 */
import { ok, type Result } from '@shared/result'
import type { DiceSource } from './dice'
import { countAttack, countDefense, poolFloor } from './dice'

export interface CheckResult { pool: number; difficulty: number; hits: number; crits: number; evades: number; netHits: number; netCrits: number; success: boolean }

/** S12: roll `pool` attack dice against `difficulty` defense dice; success on ≥ 1 uncanceled Hit or Crit. */
export function skillCheck(dice: DiceSource, pool: number, difficulty: number): Result<CheckResult> {
  const p = poolFloor(pool)
  const a = dice.attack(p)
  if (!a.ok) return a
  const c = countAttack(a.value)
  let evades = 0
  if (difficulty > 0) {
    const d = dice.defense(difficulty)
    if (!d.ok) return d
    evades = countDefense(d.value).evade
  }
  const netHits = Math.max(0, c.hit - evades)
  const netCrits = Math.max(0, c.crit - Math.max(0, evades - c.hit))
  return ok({ pool: p, difficulty, hits: c.hit, crits: c.crit, evades, netHits, netCrits, success: netHits + netCrits > 0 })
}

/** 000:665 First Aid: Intelligence + First Aid + talent bonus; HP healed = Hits + 2 × Crits. */
export function firstAid(dice: DiceSource, intelligence: number, skill: number, bonus = 0): Result<{ healed: number; pool: number }> {
  const pool = poolFloor(intelligence + skill + bonus)
  const a = dice.attack(pool)
  if (!a.ok) return a
  const c = countAttack(a.value)
  return ok({ healed: c.hit + 2 * c.crit, pool })
}

/** 000:673 Simple Medicine: Int + Medicine vs defense dice = Injuries; 1 uncanceled Hit cures 1, each uncanceled Crit another. */
export function medicineSimple(dice: DiceSource, intelligence: number, skill: number, injuries: number): Result<CheckResult & { cured: number }> {
  const r = skillCheck(dice, intelligence + skill, injuries)
  if (!r.ok) return r
  const cured = r.value.success ? Math.min(injuries, (r.value.netHits > 0 ? 1 : 0) + r.value.netCrits) : 0
  return ok({ ...r.value, cured })
}

/** S1: the Medicine Challenge die is undefined; default d6 faces (configurable). 000:677 */
export type MedicineFace = 'progress' | 'pain' | 'fatigue' | 'abnormalTemperature' | 'troubleBreathing' | 'dizzy'
export const DEFAULT_MEDICINE_DIE: MedicineFace[] = ['progress', 'progress', 'progress', 'pain', 'fatigue', 'dizzy']

export interface ChallengeState { progress: number; symptoms: MedicineFace[]; cured: number }

/** One Action rolling the Medicine Challenge die: 2 Progress cure 1 Injury; Pain gives the patient 2 Stress. */
export function medicineChallengeStep(dice: DiceSource, s: ChallengeState, faces: MedicineFace[] = DEFAULT_MEDICINE_DIE): Result<{ state: ChallengeState; face: MedicineFace; stress: number; curedNow: number }> {
  const f = dice.custom('medicine', faces)
  if (!f.ok) return f
  const face = f.value
  let progress = s.progress
  let curedNow = 0
  let stress = 0
  const symptoms = [...s.symptoms]
  if (face === 'progress') {
    progress++
    if (progress >= 2) { progress -= 2; curedNow = 1 }
  } else if (face === 'pain') stress = 2
  else symptoms.push(face)
  return ok({ state: { progress, symptoms, cured: s.cured + curedNow }, face, stress, curedNow })
}

export const BACTA_VIALS = { tiny: 1, small: 2, medium: 4, large: 8 } as const

/** 000:685-689 Bacta vials heal 1d4 / 2d4 / 4d4 / 8d4 HP. */
export function bactaVial(dice: DiceSource, size: keyof typeof BACTA_VIALS): Result<number> {
  return dice.sum(BACTA_VIALS[size], 4)
}

/** 000:653 Stabilizing Shot heals 1d4 + 1. */
export function stabilizingShotHeal(dice: DiceSource): Result<number> {
  const r = dice.dN(4)
  return r.ok ? ok(r.value + 1) : r
}

/** 000:693 Bacta tank: 1 Injury per hour; all HP after 10 minutes. */
export const bactaTank = (minutes: number): { injuriesCured: number; fullHp: boolean } => ({ injuriesCured: Math.floor(minutes / 60), fullHp: minutes >= 10 })

/** 000:697 and S11: rest heals 1 HP per hour and 1 Injury per 8 hours; 8 hours clears Stress. */
export const rest = (hours: number): { hp: number; injuries: number; clearStress: boolean } => ({ hp: Math.floor(hours), injuries: Math.floor(hours / 8), clearStress: hours >= 8 })

/** S21: falling dice = 1 + floor(m / 3), capped at the gravity (10 in standard gravity). */
export const fallingDice = (meters: number, cap = 10): number => Math.min(cap, 1 + Math.floor(Math.max(0, meters) / 3))

/**
 * 000:536-560 environment per exposure: cold, heat and toxins need a Resistance check each hour (Challenging(4) for
 * cold/heat) and deal `hour` dice when failed (cumulative); radiation 1 Injury per hour; vacuum 1 Injury per minute.
 */
export type Hazard = 'cold' | 'heat' | 'toxin' | 'radiation' | 'vacuum'
export const hazardDifficulty = (h: Hazard): number | null => (h === 'cold' || h === 'heat' ? 4 : h === 'toxin' ? 2 : null)
export const hazardDice = (hour: number): number => Math.max(1, hour)
