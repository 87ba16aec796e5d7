import type { Rng } from '../../../../../../src-main/rules/kit/rng'

/** An Rng that returns the given values in order (clamped into range), then fails loudly. */
export function fixedRng(values: number[]): Rng & { used: () => number } {
  let i = 0
  return {
    int(min: number, max: number): number {
      if (i >= values.length) throw new Error(`fixedRng exhausted after ${values.length} values`)
      const v = values[i++]
      if (v < min || v > max) throw new Error(`fixedRng value ${v} outside [${min}, ${max}]`)
      return v
    },
    used: () => i,
  }
}
/** An Rng that must not be called (all dice entered by hand). */
export const noRng: Rng = { int: () => { throw new Error('no rng expected') } }
