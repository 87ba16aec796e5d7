import { describe, expect, it } from 'vitest'
import { averageRoll, expectedD10Successes, expectedD20Successes, sagaDiceless, storytellerDiceless, twoD20Diceless } from '../../../../../src-main/rules/diceless'

describe('diceless allies in the other systems (beyond the seed)', () => {
  it('Saga take 10: +6 attack vs Reflex 15 hits (16); 3d6 blaster averages 10.5 → 10', () => {
    expect(averageRoll(3, 6)).toBe(10.5)
    expect(sagaDiceless(6, 15, { n: 3, sides: 6 })).toEqual({ attackValue: 16, defenseValue: 15, hit: true, damage: 10 })
    expect(sagaDiceless(4, 15, { n: 3, sides: 6 }).hit).toBe(false)
    expect(sagaDiceless(5, 15, { n: 2, sides: 8, mod: 2 }).damage).toBe(11) // 16 ≥ 15, 9 + 2
  })
  it('2d20 (J1): TN 10 with a crit range of 1 expects 2 × 11/20 = 1.1 successes; D1 hit, D2 miss', () => {
    expect(expectedD20Successes(10)).toBeCloseTo(1.1, 12)
    expect(twoD20Diceless(10, 1, 4, [1, 2, 0, 0, 1, 1])).toMatchObject({ hit: true, damage: 3 }) // 4 × 5/6 = 3.33
    expect(twoD20Diceless(10, 2, 4, [1, 2, 0, 0, 1, 1]).hit).toBe(false)
  })
  it('Storyteller (T1): 8 dice at 7+ expect 3.2 successes; vs DV 2 the damage pool gains the net 1', () => {
    expect(expectedD10Successes(8)).toBeCloseTo(3.2, 12)
    expect(expectedD10Successes(10, 7, true)).toBeCloseTo(5, 12)
    // attack floor(3.2) = 3, net 1; damage pool 6 + 1 = 7 → 2.8 → 2, minus soak 1 = 1
    expect(storytellerDiceless(8, 2, 6, 1)).toEqual({ attackValue: 3, defenseValue: 2, hit: true, damage: 1 })
    expect(storytellerDiceless(8, 4, 6, 1).hit).toBe(false)
  })
})
