/**
 * Attribute tests (002:21-53, J1, J5): 2d20 plus bought dice (up to 5 in all), successes counted per die against
 * the two attributes' total and the lower of them, difficulty D0–D5 raised by afflictions, complications on a
 * natural 20, Momentum from the extra successes, and assistance (2d20 convention, see src-main/rules/systems/2d20/README.md).
 */
import type { DieRoll } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'
import type { Rng } from '../../../kit/rng'
import { rollDie } from '../../../kit/dice'
import { AFFLICTION_OF, trackOfAttribute, type Affliction, type AfflictionValues, type Attribute, type Attributes } from '../schema'

/** J1: two d20 to start, at most five in all. */
export const BASE_D20 = 2
export const MAX_D20 = 5
/** 002:74: Create Obstacle cannot raise a difficulty more than 3 steps. */
export const MAX_OBSTACLE_STEPS = 3

/** What a die is rolled against: the two attributes' total and the lower of the two (002:47-53). */
export interface TestTarget { total: number; low: number }

export function testTarget(a: Attributes, pair: readonly [Attribute, Attribute]): TestTarget {
  return { total: a[pair[0]] + a[pair[1]], low: Math.min(a[pair[0]], a[pair[1]]) }
}

/** 002:51-53: above the total 0, at or under the total 1, at or under the lower attribute 2. */
export function successesOf(die: number, t: TestTarget): 0 | 1 | 2 {
  if (die <= t.low) return 2
  if (die <= t.total) return 1
  return 0
}

export interface DifficultyInput {
  /** the seed's table, Simple D0 … Epic D5 (002:21-46) */
  base: number
  /** the two attributes of the test */
  pair: readonly [Attribute, Attribute]
  afflictions: AfflictionValues
  /** Luck "Overcome a Weakness" (002:100): afflictions are ignored for this action */
  overcomeWeakness?: boolean
  /** Momentum "Create Obstacle" steps bought by an opponent (002:74), at most 3 */
  obstacle?: number
  /** J7: +1 per range band beyond Near */
  rangeSteps?: number
}

export interface Difficulty {
  total: number
  base: number
  /** J5: +1 per affliction of each linked type */
  afflictions: Partial<Record<Affliction, number>>
  obstacle: number
  range: number
}

/** J5: +1 difficulty per affliction of a type linked to either attribute; two linked types both count. */
export function difficultyOf(d: DifficultyInput): Result<Difficulty> {
  if (!Number.isInteger(d.base) || d.base < 0 || d.base > 5) return refuse('invalid', en, 'refusal.2d20.difficultyRange', { value: d.base }, { field: 'difficulty', cite: '002:21-46' })
  const obstacle = d.obstacle ?? 0
  if (!Number.isInteger(obstacle) || obstacle < 0 || obstacle > MAX_OBSTACLE_STEPS) return refuse('rule', en, 'refusal.2d20.obstacleMax', { max: MAX_OBSTACLE_STEPS, value: obstacle }, { field: 'obstacle', cite: '002:74' })
  const range = d.rangeSteps ?? 0
  if (!Number.isInteger(range) || range < 0) return refuse('invalid', en, 'refusal.2d20.rangeStepsWhole', {}, { field: 'rangeSteps' })
  const afflictions: Partial<Record<Affliction, number>> = {}
  if (!d.overcomeWeakness) {
    for (const track of new Set(d.pair.map(trackOfAttribute))) {
      const aff = AFFLICTION_OF[track]
      if (d.afflictions[aff] > 0) afflictions[aff] = d.afflictions[aff]
    }
  }
  const fromAfflictions = Object.values(afflictions).reduce((s, n) => s + n, 0)
  return ok({ total: d.base + fromAfflictions + obstacle + range, base: d.base, afflictions, obstacle, range })
}

export type D20Source = 'base' | 'bought' | 'luck' | 'assist'

export interface TestDie { value: number; successes: 0 | 1 | 2; source: D20Source; complication: boolean; assistant?: number }

export interface TestInput {
  target: TestTarget
  /** the effective difficulty (see difficultyOf) */
  difficulty: number
  /** d20s bought with Momentum (Create Opportunity, 002:76) or Threat before the roll */
  bought?: number
  /** Luck "Bonus d20" (002:94): dice that count as already rolled 1 */
  luckDice?: number
  /** assistants' targets: each rolls one d20 of its own (2d20 convention; src-main/rules/systems/2d20/README.md) */
  assists?: readonly TestTarget[]
}

export interface TestResult {
  dice: TestDie[]
  successes: number
  /** J1: every natural 20 is a complication (the leader's and the assistants' dice) */
  complications: number
  difficulty: number
  success: boolean
  /** J1: successes − difficulty on a success, else 0 */
  momentum: number
  /** the assistants' successes were counted (the leader scored at least one success) */
  assistsCounted: boolean
}

/** How many d20 the leader rolls (and so how many values `evaluateTest` reads before the assistants'). */
export function leaderDice(input: TestInput): Result<{ rolled: number; luck: number }> {
  const bought = input.bought ?? 0
  const luck = input.luckDice ?? 0
  if (!Number.isInteger(bought) || bought < 0) return refuse('invalid', en, 'refusal.2d20.boughtWhole', {}, { field: 'bought' })
  if (!Number.isInteger(luck) || luck < 0) return refuse('invalid', en, 'refusal.2d20.luckDiceWhole', {}, { field: 'luckDice' })
  if (BASE_D20 + bought + luck > MAX_D20) return refuse('rule', en, 'refusal.2d20.tooManyD20', { max: MAX_D20, bought, luck }, { field: 'bought', cite: 'J1' })
  if (!Number.isInteger(input.difficulty) || input.difficulty < 0) return refuse('invalid', en, 'refusal.2d20.difficultyWhole', {}, { field: 'difficulty' })
  return ok({ rolled: BASE_D20 + bought, luck })
}

/**
 * Count a test from its d20 values: first the leader's rolled dice (2 + bought), then one per assistant.
 * Luck dice are added as 1s (002:94). Pure: the same values always give the same result.
 */
export function evaluateTest(input: TestInput, values: readonly number[]): Result<TestResult> {
  const n = leaderDice(input)
  if (!n.ok) return n
  const assists = input.assists ?? []
  const want = n.value.rolled + assists.length
  if (values.length !== want) return refuse('invalid', en, 'refusal.2d20.d20Count', { want, got: values.length }, { field: 'dice' })
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    if (!Number.isInteger(v) || v < 1 || v > 20) return refuse('invalid', en, 'refusal.2d20.d20Face', { value: v }, { field: `dice.${i}` })
  }
  const dice: TestDie[] = []
  values.slice(0, n.value.rolled).forEach((v, i) =>
    dice.push({ value: v, successes: successesOf(v, input.target), source: i < BASE_D20 ? 'base' : 'bought', complication: v === 20 }))
  for (let k = 0; k < n.value.luck; k++) dice.push({ value: 1, successes: successesOf(1, input.target), source: 'luck', complication: false })
  assists.forEach((t, k) => {
    const v = values[n.value.rolled + k]
    dice.push({ value: v, successes: successesOf(v, t), source: 'assist', complication: v === 20, assistant: k })
  })
  const own = dice.filter((d) => d.source !== 'assist').reduce((s, d) => s + d.successes, 0)
  const assistsCounted = own > 0
  const helped = assistsCounted ? dice.filter((d) => d.source === 'assist').reduce((s, d) => s + d.successes, 0) : 0
  const successes = own + helped
  const success = successes >= input.difficulty
  return ok({
    dice,
    successes,
    complications: dice.filter((d) => d.complication).length,
    difficulty: input.difficulty,
    success,
    momentum: success ? successes - input.difficulty : 0,
    assistsCounted,
  })
}

/** Roll a test: the leader's d20s, then one per assistant, from the Rng (manual dice first via commandDice). */
export function rollTest(input: TestInput, rng: Rng): Result<TestResult & { rolls: DieRoll[] }> {
  const n = leaderDice(input)
  if (!n.ok) return n
  const count = n.value.rolled + (input.assists?.length ?? 0)
  const rolls: DieRoll[] = Array.from({ length: count }, () => rollDie(rng, 20))
  const r = evaluateTest(input, rolls.map((d) => d.value as number))
  return r.ok ? ok(Object.assign({}, r.value, { rolls })) : r
}
