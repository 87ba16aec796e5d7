/**
 * The randomness seam of the engine. Rules never call Math.random: they take an Rng.
 * `seededRng` wraps pure-rand's xoroshiro128+; `commandDice` serves dice entered by hand before a fallback Rng.
 * Crypto seeds are generated outside rules/ (see src-main/cli or services) and passed in as a string.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

export interface Rng {
  /** uniform integer in [min, max] */
  int(min: number, max: number): number
  /** true when the last value came from a die entered by hand (set by commandDice) */
  lastManual?: boolean
}

/** FNV-1a 32-bit hash: turns any seed string into the integer pure-rand wants. */
export function seedToInt(seed: string | number): number {
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) return seed | 0
  const s = String(seed)
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h | 0
}

/** A class, not an object literal with a method: every seeded rng then shares one `int` function, and V8's code
 *  optimized for the rule functions that roll never meets a new one (a literal makes a new closure per rng: the
 *  danger check makes one per chunk and per fight, and a new one threw away the optimized code of its calls: issue 13). */
class SeededRng implements Rng {
  private readonly gen: ReturnType<typeof xoroshiro128plus>
  constructor(seed: string | number) {
    this.gen = xoroshiro128plus(seedToInt(seed))
  }
  int(min: number, max: number): number {
    return uniformInt(this.gen, min, max)
  }
}

/** A deterministic Rng from a seed (same seed → same sequence). */
export function seededRng(seed: string | number): Rng {
  return new SeededRng(seed)
}

/** The Rng used for one command batch: derived from the encounter seed and the batch number, so a reloaded
 * encounter never repeats the dice of an earlier command. */
export function batchRng(seed: string, batch: number): Rng {
  return seededRng(`${seed}#${batch}`)
}

export interface ManualDiceError {
  index: number
  message: string
  /** the die's range and the value given, for the refusal's sentence (issue 27, defect 9) */
  min: number
  max: number
  value: string
}

/** Serves manual dice (numbers) in order, then falls back to `fallback`. A manual value outside the die's
 * range is recorded in `error` (the core turns it into an `invalid` Result naming `dice.N`). */
export interface CommandDice extends Rng {
  error: ManualDiceError | null
  used: number
  remaining(): number
  /** the manual values as given (a system may read symbols from them, then advance `used`) */
  values: ReadonlyArray<number | string>
}

export function commandDice(values: ReadonlyArray<number | string> | undefined, fallback: Rng): CommandDice {
  const queue = values ?? []
  const d: CommandDice = {
    error: null,
    used: 0,
    values: queue,
    lastManual: false,
    remaining: () => queue.length - d.used,
    int(min: number, max: number): number {
      if (d.used < queue.length) {
        const i = d.used++
        const v = Number(queue[i])
        d.lastManual = true
        if (!Number.isInteger(v) || v < min || v > max) {
          if (!d.error) d.error = { index: i, message: `manual die ${String(queue[i])} is not a whole number from ${min} to ${max}`, min, max, value: String(queue[i]) }
          return Math.min(max, Math.max(min, Number.isFinite(v) ? Math.round(v) : min))
        }
        return v
      }
      d.lastManual = false
      return fallback.int(min, max)
    },
  }
  return d
}

/** An Rng that only replays a fixed list (tests, worked examples); throws when exhausted — tests only. */
export function fixedRng(values: number[]): Rng {
  let i = 0
  return {
    int(min: number, max: number): number {
      if (i >= values.length) throw new Error('fixedRng exhausted')
      const v = values[i++]
      if (v < min || v > max) throw new Error(`fixedRng value ${v} outside ${min}..${max}`)
      return v
    },
  }
}
