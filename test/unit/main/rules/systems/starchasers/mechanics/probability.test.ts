import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { attackOdds } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/probability'
import { referenceAttackOdds } from './odds-reference'

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-12 + 1e-9 * Math.abs(b)
}

describe('Starchasers exact odds: the O(n² · m) combination equals the reference O(n² · m²) one (issue 13)', () => {
  it('gives the same success, Crit, Critical Strike, expected damage, damage and net distributions on random attacks', () => {
    const input = fc.record({
      attackDice: fc.integer({ min: 1, max: 14 }),
      defenseDice: fc.integer({ min: 1, max: 14 }),
      focusToken: fc.boolean(),
      accurate: fc.integer({ min: 0, max: 3 }),
      vicious: fc.integer({ min: 0, max: 3 }),
      soak: fc.integer({ min: 0, max: 3 }),
      defenderFocusToken: fc.boolean(),
      focusAsEvades: fc.integer({ min: 0, max: 4 }),
      critThreshold: fc.integer({ min: 0, max: 6 }),
      bonusDamage: fc.integer({ min: 0, max: 3 }),
      reflective: fc.integer({ min: 0, max: 4 }),
      fortifying: fc.integer({ min: 0, max: 4 }),
    })
    fc.assert(fc.property(input, (o) => {
      const fast = attackOdds(o)
      const ref = referenceAttackOdds(o)
      expect(close(fast.success, ref.success)).toBe(true)
      expect(close(fast.anyCrit, ref.anyCrit)).toBe(true)
      expect(close(fast.criticalStrike, ref.criticalStrike)).toBe(true)
      expect(close(fast.expectedDamage, ref.expectedDamage)).toBe(true)
      expect(fast.damage.map((d) => d.value)).toEqual(ref.damage.map((d) => d.value))
      fast.damage.forEach((d, i) => expect(close(d.p, ref.damage[i].p)).toBe(true))
      fast.net.forEach((row, h) => row.forEach((p, c) => expect(close(p, ref.net[h][c])).toBe(true)))
    }), { numRuns: 300, seed: 13 })
  })

  it('a worked case: 3 attack dice against 2 defense dice with Reflective 1 and Fortifying 1 (000:869-871) matches', () => {
    const o = { attackDice: 3, defenseDice: 2, critThreshold: 1, reflective: 1, fortifying: 1 }
    const fast = attackOdds(o), ref = referenceAttackOdds(o)
    expect(fast.success).toBeCloseTo(ref.success, 12)
    expect(fast.criticalStrike).toBeCloseTo(ref.criticalStrike, 12)
    expect(fast.success).toBeGreaterThan(0)
    expect(fast.success).toBeLessThan(1)
  })
})
