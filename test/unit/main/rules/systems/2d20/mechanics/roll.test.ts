import { describe, expect, it } from 'vitest'
import { commandDice, fixedRng } from '../../../../../../../src-main/rules/kit/rng'
import { difficultyOf, evaluateTest, rollTest, successesOf, testTarget } from '../../../../../../../src-main/rules/systems/2d20/mechanics/roll'
import type { Attributes } from '../../../../../../../src-main/rules/systems/2d20/schema'
import { johnCarter } from '../fixtures'

const jc = johnCarter.attributes as Attributes
const melee = testTarget(jc, ['cunning', 'daring']) // Cunning 5 + Daring 4 (002:51-53)
const none = { madness: 0, trauma: 0, wounds: 0 }

describe('counting successes (002:47-53)', () => {
  it('002:51-53: Cunning(5)+Daring(4): 11 → 0, 8 → 1, 4 → 2 successes', () => {
    expect(melee).toEqual({ total: 9, low: 4 })
    expect(successesOf(11, melee)).toBe(0)
    expect(successesOf(8, melee)).toBe(1)
    expect(successesOf(4, melee)).toBe(2)
    // the edges: at the total is still 1, one above the lower attribute is 1
    expect([successesOf(9, melee), successesOf(10, melee), successesOf(5, melee), successesOf(1, melee)]).toEqual([1, 0, 1, 2])
  })
})

describe('a test: 2d20 + bought dice, difficulty, Momentum, complications (J1)', () => {
  it('J1: rolls 4 and 8 at D2 give 3 successes, a success and 1 Momentum', () => {
    const r = evaluateTest({ target: melee, difficulty: 2 }, [4, 8])
    expect(r.ok && r.value).toMatchObject({ successes: 3, success: true, momentum: 1, complications: 0 })
  })
  it('J1: a natural 20 is a complication even on a success; 20 and 3 at D1 → 2 successes, 1 Momentum, 1 complication', () => {
    const r = evaluateTest({ target: melee, difficulty: 1 }, [20, 3])
    expect(r.ok && r.value).toMatchObject({ successes: 2, success: true, momentum: 1, complications: 1 })
  })
  it('J1: a failed test earns no Momentum (12 and 15 at D1)', () => {
    const r = evaluateTest({ target: melee, difficulty: 1 }, [12, 15])
    expect(r.ok && r.value).toMatchObject({ successes: 0, success: false, momentum: 0 })
  })
  it('002:76 Create Opportunity: a bought d20 is rolled with the two (12, 15, 2 at D2 → exactly 2, no Momentum)', () => {
    const r = evaluateTest({ target: melee, difficulty: 2, bought: 1 }, [12, 15, 2])
    expect(r.ok && r.value).toMatchObject({ successes: 2, success: true, momentum: 0 })
    expect(r.ok && r.value.dice.map((d) => d.source)).toEqual(['base', 'base', 'bought'])
  })
  it('002:94 Luck Bonus d20: a die that already rolled a 1 (2 successes), without a value from the dice', () => {
    const r = evaluateTest({ target: melee, difficulty: 2, luckDice: 1 }, [12, 15])
    expect(r.ok && r.value).toMatchObject({ successes: 2, success: true })
    expect(r.ok && r.value.dice[2]).toEqual({ value: 1, successes: 2, source: 'luck', complication: false })
  })
  it('J1: at most 5 d20 — 3 bought plus a Luck die is refused naming the field', () => {
    const r = evaluateTest({ target: melee, difficulty: 1, bought: 3, luckDice: 1 }, [1, 1, 1, 1, 1])
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'bought' })
  })
  it('a wrong number of dice or a value outside 1–20 is invalid, naming the die', () => {
    expect(evaluateTest({ target: melee, difficulty: 1 }, [3])).toMatchObject({ ok: false, error: { field: 'dice' } })
    expect(evaluateTest({ target: melee, difficulty: 1 }, [3, 21])).toMatchObject({ ok: false, error: { field: 'dice.1' } })
  })
  it('D0 is a success with no successes, all of them Momentum (002:23)', () => {
    const r = evaluateTest({ target: melee, difficulty: 0 }, [18, 9])
    expect(r.ok && r.value).toMatchObject({ success: true, momentum: 1 })
  })
  it('rollTest takes manual dice first (commandDice), then the Rng, and records both', () => {
    const r = rollTest({ target: melee, difficulty: 1 }, commandDice([4], fixedRng([19])))
    expect(r.ok && r.value.rolls).toEqual([{ die: 'd20', value: 4, manual: true }, { die: 'd20', value: 19 }])
    expect(r.ok && r.value.successes).toBe(2)
  })
})

describe('assistance (2d20 convention, src-main/rules/systems/2d20/README.md)', () => {
  const helper = { total: 8, low: 3 }
  it('an assistant\'s d20 adds its successes when the leader scores (8 and 15, helper rolls 2 → 1 + 2 = 3)', () => {
    const r = evaluateTest({ target: melee, difficulty: 3, assists: [helper] }, [8, 15, 2])
    expect(r.ok && r.value).toMatchObject({ successes: 3, success: true, assistsCounted: true })
  })
  it('nothing counts when the leader scores no success (12, 15; helper 2 → 0)', () => {
    const r = evaluateTest({ target: melee, difficulty: 1, assists: [helper] }, [12, 15, 2])
    expect(r.ok && r.value).toMatchObject({ successes: 0, success: false, assistsCounted: false })
  })
  it('an assistant\'s 20 is a complication too (J1)', () => {
    const r = evaluateTest({ target: melee, difficulty: 1, assists: [helper] }, [8, 4, 20])
    expect(r.ok && r.value.complications).toBe(1)
  })
})

describe('difficulty D0–D5 raised by afflictions (J5), obstacles (002:74) and range (J7)', () => {
  it('J5: a melee test (Cunning → Wounds, Daring → Trauma) adds both; Madness does not count', () => {
    const d = difficultyOf({ base: 1, pair: ['cunning', 'daring'], afflictions: { madness: 3, trauma: 2, wounds: 1 } })
    expect(d.ok && d.value).toEqual({ total: 4, base: 1, afflictions: { trauma: 2, wounds: 1 }, obstacle: 0, range: 0 })
  })
  it('J5: two attributes of the same track count its afflictions once (Empathy + Reason with 3 Madness → +3)', () => {
    const d = difficultyOf({ base: 2, pair: ['empathy', 'reason'], afflictions: { ...none, madness: 3 } })
    expect(d.ok && d.value.total).toBe(5)
  })
  it('002:100 Overcome a Weakness ignores every affliction for the action', () => {
    const d = difficultyOf({ base: 1, pair: ['cunning', 'daring'], afflictions: { madness: 0, trauma: 2, wounds: 1 }, overcomeWeakness: true })
    expect(d.ok && d.value.total).toBe(1)
  })
  it('002:74 Create Obstacle: +1 per step, never more than 3; J7: +1 per range band beyond Near', () => {
    const d = difficultyOf({ base: 1, pair: ['cunning', 'reason'], afflictions: none, obstacle: 2, rangeSteps: 1 })
    expect(d.ok && d.value.total).toBe(4)
    expect(difficultyOf({ base: 1, pair: ['cunning', 'reason'], afflictions: none, obstacle: 4 })).toMatchObject({ ok: false, error: { code: 'rule', field: 'obstacle' } })
  })
  it('002:21-46: the base difficulty is D0–D5', () => {
    expect(difficultyOf({ base: 6, pair: ['cunning', 'reason'], afflictions: none })).toMatchObject({ ok: false, error: { field: 'difficulty' } })
  })
})
