/**
 * Exact outcome distributions by convolution (never sampling), and probability queries.
 * A distribution is dense: `p[i]` is the probability of the value `min + i`.
 */
import { err, ok, type Result } from '@shared/result'
import { parseDice, type CustomDie, type DiceExpr, type PoolPart } from './dice'

export interface Dist {
  min: number
  p: number[]
}

export const point = (v: number): Dist => ({ min: v, p: [1] })

/** A fair die with faces 1..sides. */
export const die = (sides: number): Dist => ({ min: 1, p: new Array<number>(sides).fill(1 / sides) })

/** A die given by numeric faces (a face can repeat). */
export function facesDist(faces: number[]): Dist {
  const min = Math.min(...faces)
  const max = Math.max(...faces)
  const p = new Array<number>(max - min + 1).fill(0)
  for (const f of faces) p[f - min] += 1 / faces.length
  return { min, p }
}

export function convolve(a: Dist, b: Dist): Dist {
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0)
  for (let i = 0; i < a.p.length; i++) {
    const ai = a.p[i]
    if (ai === 0) continue
    for (let j = 0; j < b.p.length; j++) p[i + j] += ai * b.p[j]
  }
  return { min: a.min + b.min, p }
}

export const shift = (d: Dist, k: number): Dist => ({ min: d.min + k, p: d.p })
export const negate = (d: Dist): Dist => ({ min: -(d.min + d.p.length - 1), p: [...d.p].reverse() })

/** n copies of d summed (square-and-multiply). */
export function repeat(d: Dist, n: number): Dist {
  let result = point(0)
  let base = d
  let k = n
  while (k > 0) {
    if (k & 1) result = convolve(result, base)
    k >>= 1
    if (k > 0) base = convolve(base, base)
  }
  return result
}

/** Apply f to every outcome (merging equal results). */
export function mapDist(d: Dist, f: (v: number) => number): Dist {
  const acc = new Map<number, number>()
  d.p.forEach((q, i) => {
    if (q === 0) return
    const v = f(d.min + i)
    acc.set(v, (acc.get(v) ?? 0) + q)
  })
  return fromMap(acc)
}

export function fromMap(m: Map<number, number>): Dist {
  if (m.size === 0) return point(0)
  const keys = [...m.keys()]
  const min = Math.min(...keys)
  const max = Math.max(...keys)
  const p = new Array<number>(max - min + 1).fill(0)
  for (const [k, q] of m) p[k - min] += q
  return { min, p }
}

/** Mixture: with probability w[i] the outcome follows ds[i]. */
export function mix(parts: Array<{ w: number; d: Dist }>): Dist {
  const acc = new Map<number, number>()
  for (const { w, d } of parts) {
    if (w === 0) continue
    d.p.forEach((q, i) => {
      if (q !== 0) acc.set(d.min + i, (acc.get(d.min + i) ?? 0) + w * q)
    })
  }
  return fromMap(acc)
}

export const max = (d: Dist): number => d.min + d.p.length - 1
export const probEq = (d: Dist, v: number): number => (v < d.min || v > max(d) ? 0 : d.p[v - d.min])
export function probAtLeast(d: Dist, v: number): number {
  let s = 0
  for (let i = Math.max(0, v - d.min); i < d.p.length; i++) s += d.p[i]
  return s
}
export const probAtMost = (d: Dist, v: number): number => 1 - probAtLeast(d, v + 1)
export function mean(d: Dist): number {
  return d.p.reduce((s, q, i) => s + q * (d.min + i), 0)
}
export function stdev(d: Dist): number {
  const m = mean(d)
  return Math.sqrt(d.p.reduce((s, q, i) => s + q * (d.min + i - m) ** 2, 0))
}
/** Sparse list of outcomes with non-zero probability. */
export const toList = (d: Dist): Array<{ value: number; p: number }> =>
  d.p.flatMap((q, i) => (q > 0 ? [{ value: d.min + i, p: q }] : []))

/** Distribution of the total of a dice expression (custom dice must have numeric faces). */
export function exprDist(expr: DiceExpr): Result<Dist> {
  let d = point(0)
  for (const t of expr.terms) {
    if (t.kind === 'const') {
      d = shift(d, t.sign * t.value)
      continue
    }
    let one: Dist
    if (t.custom) {
      if (t.custom.faces.some((f) => typeof f !== 'number')) return err('internal', `custom die "${t.custom.name}" has symbol faces: ask for symbolDist`, 'notation') // a caller's mistake, never a GM's: no caller passes symbol dice here
      one = facesDist(t.custom.faces as number[])
    } else one = die(t.sides)
    const sum = repeat(one, t.count)
    d = convolve(d, t.sign === 1 ? sum : negate(sum))
  }
  return ok(d)
}

export function notationDist(notation: string, custom?: Record<string, CustomDie>): Result<Dist> {
  const p = parseDice(notation, custom)
  return p.ok ? exprDist(p.value) : p
}

/** Distribution of how many times `symbol` comes up in a pool (each face counts once; `weights` lets a face
 * count double, e.g. a Crit counting 2). */
export function symbolDist(pool: PoolPart[], symbol: string | ((face: number | string) => number)): Dist {
  const weight = typeof symbol === 'string' ? (f: number | string) => (f === symbol ? 1 : 0) : symbol
  let d = point(0)
  for (const part of pool) {
    const faces = typeof part.die === 'number' ? Array.from({ length: part.die }, (_, i) => i + 1) : part.die.faces
    d = convolve(d, repeat(facesDist(faces.map(weight)), part.count))
  }
  return d
}
