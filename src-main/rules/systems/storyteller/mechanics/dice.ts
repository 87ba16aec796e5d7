/**
 * d10 pools (T1, T2): a pool is dice plus Epic autosuccesses; a die at or above the target number (7) is a
 * success, a 10 counts twice only with the Exalted option and never on a damage roll; a botch is a roll with no
 * successes at all (autosuccesses included) and at least one 1.
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { Rng } from '../../../kit/rng'
import { refuse } from '../../../kit/refuse'
import { log as sentences } from '../i18n/en'
import type { StorytellerSettings } from './settings'

/** A pool before it is rolled: dice (never below 0), autosuccesses, and what made it (for the log and forms). */
export interface Pool {
  dice: number
  auto: number
  parts: Array<{ key: string; value: number }>
}

export interface PoolRoll {
  faces: number[]
  /** successes on the dice */
  diceSuccesses: number
  auto: number
  /** dice successes + autosuccesses (the seed's "Raw Successes") */
  successes: number
  botch: boolean
}

export interface ScoreOptions {
  targetNumber: number
  tensDouble: boolean
  /** damage rolls never count 10s double (T1) */
  damage?: boolean
}

export const scoreOptions = (s: StorytellerSettings, damage = false): ScoreOptions => ({ targetNumber: s.targetNumber, tensDouble: s.tensDouble, damage })

/** T1: the successes one die shows. */
export function dieSuccesses(face: number, o: ScoreOptions): number {
  if (face < o.targetNumber) return 0
  return face === 10 && o.tensDouble && !o.damage ? 2 : 1
}

/** T1/T2: score rolled faces plus autosuccesses. */
export function scorePool(faces: readonly number[], auto: number, o: ScoreOptions): PoolRoll {
  const diceSuccesses = faces.reduce((s, f) => s + dieSuccesses(f, o), 0)
  const successes = diceSuccesses + auto
  return { faces: [...faces], diceSuccesses, auto, successes, botch: successes === 0 && faces.includes(1) }
}

/** T2: autosuccesses of an Epic rating (0 → 0; beyond the table: its last entry). */
export function epicAutosuccesses(epic: number, table: readonly number[]): number {
  if (epic <= 0) return 0
  return table[Math.min(epic, table.length) - 1]
}

/** Build a pool from named parts (dice) and autosuccesses; a pool never has fewer than 0 dice. */
export function makePool(parts: Array<{ key: string; value: number }>, auto = 0): Pool {
  const kept = parts.filter((p) => p.value !== 0)
  return { dice: Math.max(0, kept.reduce((s, p) => s + p.value, 0)), auto, parts: kept }
}

/** Roll a pool's dice with the Rng (manual dice come first through core/rng `commandDice`). */
export function rollFaces(dice: number, rng: Rng): { faces: number[]; rolls: DieRoll[] } {
  const faces: number[] = []
  const rolls: DieRoll[] = []
  for (let i = 0; i < dice; i++) {
    const v = rng.int(1, 10)
    faces.push(v)
    rolls.push(rng.lastManual ? { die: 'd10', value: v, manual: true } : { die: 'd10', value: v })
  }
  return { faces, rolls }
}

/** Faces given by hand for a whole pool: exactly `dice` whole numbers 1..10, else an error naming the field. */
export function checkFaces(faces: readonly unknown[], dice: number, field: string): Result<number[]> {
  if (faces.length !== dice) return refuse('invalid', sentences, 'refusal.storyteller.facesCount', { dice, n: faces.length }, { field })
  for (const [i, f] of faces.entries()) {
    if (typeof f !== 'number' || !Number.isInteger(f) || f < 1 || f > 10) return refuse('invalid', sentences, 'refusal.storyteller.faceRange', { value: String(f) }, { field: `${field}.${i}` })
  }
  return ok(faces as number[])
}
