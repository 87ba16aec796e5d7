/**
 * Dice notation (`3d6+2d4-1`, `d20`, `d%`, custom dice by name), rolling with an Rng, and custom dice
 * defined by their faces. Exact distributions live in distribution.ts.
 */
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse, type RefusalParams } from './refuse'
import type { DieRoll } from '@shared/domain/encounter'
import type { Rng } from './rng'

/** A custom die: its faces, numbers (summed) or symbols (counted), e.g. Starchasers attack dice. */
export interface CustomDie {
  name: string
  faces: Array<number | string>
}

export type DiceTerm =
  | { kind: 'dice'; sign: 1 | -1; count: number; sides: number; custom?: CustomDie }
  | { kind: 'const'; sign: 1 | -1; value: number }

export interface DiceExpr {
  source: string
  terms: DiceTerm[]
}

export const MAX_DICE = 1000
export const MAX_SIDES = 10000

/** Parse dice notation. `custom` maps names (used as `2dboost`) to dice with faces. */
export function parseDice(input: string, custom: Record<string, CustomDie> = {}, field = 'notation'): Result<DiceExpr> {
  if (typeof input !== 'string') return refuse('invalid', core.en, 'refusal.core.diceNotText', {}, { field })
  const s = input.replace(/\s+/g, '')
  if (s === '') return refuse('invalid', core.en, 'refusal.core.diceEmpty', {}, { field })
  const terms: DiceTerm[] = []
  let i = 0
  let sign: 1 | -1 = 1
  let expectTerm = true
  // what is wrong, said in the reader's language (issue 27, defect 9); `at` counts characters from 1
  const fail = (key: string, params: RefusalParams = {}) => refuse('invalid', core.en, `refusal.core.dice${key}`, { notation: input, ...params }, { field, details: { position: i } })
  while (i < s.length) {
    if (expectTerm) {
      if (s[i] === '+' || s[i] === '-') {
        if (terms.length > 0) return fail('TwoSigns', { at: i + 1 })
        sign = s[i] === '-' ? -1 : 1
        i++
        if (i >= s.length) return fail('EndsWithSign')
      }
      const m = /^(\d*)d(%|[a-zA-Z][a-zA-Z0-9_]*|\d+)|^(\d+)/i.exec(s.slice(i))
      if (!m) return fail('NoTerm', { at: i + 1, text: s.slice(i, i + 5) })
      if (m[3] !== undefined) {
        terms.push({ kind: 'const', sign, value: Number(m[3]) })
      } else {
        const count = m[1] === '' ? 1 : Number(m[1])
        if (count < 1 || count > MAX_DICE) return fail('Count', { max: MAX_DICE })
        const d = m[2]
        if (d === '%') terms.push({ kind: 'dice', sign, count, sides: 100 })
        else if (/^\d+$/.test(d)) {
          const sides = Number(d)
          if (sides < 2 || sides > MAX_SIDES) return fail('Sides', { max: MAX_SIDES, sides: `d${d}` })
          terms.push({ kind: 'dice', sign, count, sides })
        } else {
          const c = custom[d] ?? custom[d.toLowerCase()]
          if (!c) return fail('Unknown', { die: `d${d}` })
          if (c.faces.length < 1) return fail('NoFaces', { die: d })
          terms.push({ kind: 'dice', sign, count, sides: c.faces.length, custom: c })
        }
      }
      i += m[0].length
      expectTerm = false
    } else {
      const c = s[i]
      if (c !== '+' && c !== '-') return fail('NoSign', { at: i + 1, text: c })
      sign = c === '-' ? -1 : 1
      i++
      expectTerm = true
      if (i >= s.length) return fail('EndsWithSign')
    }
  }
  if (expectTerm) return fail('Incomplete')
  return ok({ source: input, terms })
}

export interface DiceRollResult {
  notation: string
  total: number
  dice: DieRoll[]
  /** symbol counts for custom dice with symbol faces */
  symbols?: Record<string, number>
  modifier: number
}

/** Roll a parsed expression. Custom faces: numbers add to the total, symbols are counted. */
export function rollExpr(expr: DiceExpr, rng: Rng): DiceRollResult {
  let total = 0
  let modifier = 0
  const dice: DieRoll[] = []
  let symbols: Record<string, number> | undefined
  for (const t of expr.terms) {
    if (t.kind === 'const') {
      total += t.sign * t.value
      modifier += t.sign * t.value
      continue
    }
    for (let k = 0; k < t.count; k++) {
      const face = rng.int(1, t.sides)
      const manual = rng.lastManual === true
      if (t.custom) {
        const f = t.custom.faces[face - 1]
        if (typeof f === 'number') total += t.sign * f
        else {
          symbols ??= {}
          symbols[f] = (symbols[f] ?? 0) + t.sign
        }
        dice.push({ die: `d${t.custom.name}`, value: f, ...(manual ? { manual } : {}) })
      } else {
        total += t.sign * face
        dice.push({ die: `d${t.sides}`, value: face, ...(manual ? { manual } : {}) })
      }
    }
  }
  return { notation: expr.source, total, dice, modifier, ...(symbols ? { symbols } : {}) }
}

const parsedCache = new Map<string, Result<DiceExpr>>()
/** parseDice for standard notation (no custom dice), memoized: weapon damage is parsed on every hit. */
export function parseDiceCached(notation: string, field = 'notation'): Result<DiceExpr> {
  const key = `${field}\u0000${notation}`
  let r = parsedCache.get(key)
  if (!r) {
    r = parseDice(notation, {}, field)
    if (parsedCache.size > 1000) parsedCache.clear()
    parsedCache.set(key, r)
  }
  return r
}

export function roll(notation: string, rng: Rng, custom?: Record<string, CustomDie>): Result<DiceRollResult> {
  const p = custom ? parseDice(notation, custom) : parseDiceCached(notation)
  return p.ok ? ok(rollExpr(p.value, rng)) : p
}

/** Roll one die and record it. */
export function rollDie(rng: Rng, sides: number, label = `d${sides}`): DieRoll & { value: number } {
  const value = rng.int(1, sides)
  return rng.lastManual ? { die: label, value, manual: true } : { die: label, value }
}

/** A pool: several kinds of dice rolled together (e.g. 3 attack + 2 defense custom dice). */
export interface PoolPart {
  die: CustomDie | number
  count: number
}
export function rollPool(pool: PoolPart[], rng: Rng): { dice: DieRoll[]; total: number; symbols: Record<string, number> } {
  const dice: DieRoll[] = []
  const symbols: Record<string, number> = {}
  let total = 0
  for (const part of pool) {
    for (let k = 0; k < part.count; k++) {
      if (typeof part.die === 'number') {
        const r = rollDie(rng, part.die)
        total += r.value
        dice.push(r)
      } else {
        const idx = rng.int(1, part.die.faces.length)
        const f = part.die.faces[idx - 1]
        if (typeof f === 'number') total += f
        else symbols[f] = (symbols[f] ?? 0) + 1
        dice.push(rng.lastManual ? { die: `d${part.die.name}`, value: f, manual: true } : { die: `d${part.die.name}`, value: f })
      }
    }
  }
  return { dice, total, symbols }
}
