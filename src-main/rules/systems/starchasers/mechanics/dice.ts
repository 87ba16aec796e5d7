/**
 * Starchasers dice (S1). The seed never gives the faces, so the face tables are settings; the default is
 * X-Wing's 8-sided dice: attack 3 Hit, 1 Crit, 2 Focus, 2 Blank; defense 3 Evade, 2 Focus, 3 Blank.
 * Dice come from an injected Rng, or as symbols / face numbers entered by hand (consumed first).
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { Rng } from '../../../kit/rng'
import { refuse } from '../../../kit/refuse'
import { log } from '../i18n/en'

export type AttackFace = 'hit' | 'crit' | 'focus' | 'blank'
export type DefenseFace = 'evade' | 'focus' | 'blank'

export interface FaceTables { attack: AttackFace[]; defense: DefenseFace[] }

export const DEFAULT_FACES: FaceTables = {
  attack: ['hit', 'hit', 'hit', 'crit', 'focus', 'focus', 'blank', 'blank'],
  defense: ['evade', 'evade', 'evade', 'focus', 'focus', 'blank', 'blank', 'blank'],
}

/** Rolls dice from the manual queue first, then from the Rng; records every die. */
export class DiceSource {
  readonly rolls: DieRoll[] = []
  private i = 0
  constructor(private readonly rng: Rng, private readonly manual: ReadonlyArray<number | string> = [], readonly faces: FaceTables = DEFAULT_FACES) {}

  private next<F extends string>(die: string, table: readonly F[]): Result<F> {
    if (this.i < this.manual.length) {
      const m = this.manual[this.i]
      const field = `dice.${this.i}`
      this.i++
      let face: F | undefined
      if (typeof m === 'number') face = Number.isInteger(m) && m >= 1 && m <= table.length ? table[m - 1] : undefined
      else face = table.includes(m as F) ? (m as F) : undefined
      if (face === undefined) return refuse('invalid', log, 'refusal.starchasers.badFace', { value: String(m), die: `starchasers.die.${die}`, faces: [...new Set(table)].join(', '), sides: table.length }, { field, cite: 'S1' })
      this.rolls.push({ die, value: face, manual: true })
      return ok(face)
    }
    const face = table[this.rng.int(1, table.length) - 1]
    this.rolls.push({ die, value: face })
    return ok(face)
  }

  attack(n: number): Result<AttackFace[]> { return this.many(n, 'attack', this.faces.attack) }
  defense(n: number): Result<DefenseFace[]> { return this.many(n, 'defense', this.faces.defense) }

  /** a numbered die (d4, d6, d8 ...), manual entries must be numbers in range */
  dN(sides: number): Result<number> {
    if (this.i < this.manual.length) {
      const m = this.manual[this.i]
      const field = `dice.${this.i}`
      this.i++
      const v = typeof m === 'number' ? m : Number(m)
      if (!Number.isInteger(v) || v < 1 || v > sides) return refuse('invalid', log, 'refusal.starchasers.badNumber', { value: String(m), sides }, { field })
      this.rolls.push({ die: `d${sides}`, value: v, manual: true })
      return ok(v)
    }
    const v = this.rng.int(1, sides)
    this.rolls.push({ die: `d${sides}`, value: v })
    return ok(v)
  }

  /** a custom die given by its faces (Duel Die, Medicine Challenge die) */
  custom<F extends string>(die: string, faces: readonly F[]): Result<F> { return this.next(die, faces) }

  sum(n: number, sides: number): Result<number> {
    let t = 0
    for (let k = 0; k < n; k++) { const r = this.dN(sides); if (!r.ok) return r; t += r.value }
    return ok(t)
  }

  private many<F extends string>(n: number, die: string, table: readonly F[]): Result<F[]> {
    const out: F[] = []
    for (let k = 0; k < n; k++) { const r = this.next(die, table); if (!r.ok) return r; out.push(r.value) }
    return ok(out)
  }
}

export interface AttackCount { hit: number; crit: number; focus: number; blank: number }
export interface DefenseCount { evade: number; focus: number; blank: number }

export function countAttack(faces: readonly AttackFace[]): AttackCount {
  const c: AttackCount = { hit: 0, crit: 0, focus: 0, blank: 0 }
  for (const f of faces) c[f]++
  return c
}
export function countDefense(faces: readonly DefenseFace[]): DefenseCount {
  const c: DefenseCount = { evade: 0, focus: 0, blank: 0 }
  for (const f of faces) c[f]++
  return c
}

/** S21 / 000:1054: no dice pool is ever below 1 die. */
export const poolFloor = (n: number): number => Math.max(1, Math.floor(n))

/** S2: Action Score = Hits + 2 × Crits (000:17). */
export const actionScore = (faces: readonly AttackFace[]): number => {
  const c = countAttack(faces)
  return c.hit + 2 * c.crit
}

/**
 * S17 Aim: Reroll(2) on dice the player picks. `pick` are indexes into the roll; without a pick, blanks are
 * rerolled first, then Focus results when nothing converts them.
 */
export function rerollPick(faces: readonly AttackFace[], count: number, focusUseful: boolean): number[] {
  const idx: number[] = []
  faces.forEach((f, i) => { if (f === 'blank') idx.push(i) })
  if (!focusUseful) faces.forEach((f, i) => { if (f === 'focus') idx.push(i) })
  return idx.slice(0, count)
}
