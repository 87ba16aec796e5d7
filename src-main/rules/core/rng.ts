/**
 * The randomness seam of the engine. Rules never call Math.random: they take an Rng.
 * Implementations (seeded PRNG via pure-rand, crypto seeds, manual/physical dice) live beside this file.
 */
export interface Rng {
  /** uniform integer in [min, max] */
  int(min: number, max: number): number
}
