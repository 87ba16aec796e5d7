import { describe, expect, it } from 'vitest'
import { expectedD20Successes, twoD20Diceless } from '../../../../../../../src-main/rules/systems/2d20/mechanics/diceless'

describe('2d20 diceless ally (beyond the seed)', () => {
  it('2d20 (J1): TN 10 with a crit range of 1 expects 2 × 11/20 = 1.1 successes; D1 hit, D2 miss', () => {
    expect(expectedD20Successes(10)).toBeCloseTo(1.1, 12)
    expect(twoD20Diceless(10, 1, 4, [1, 2, 0, 0, 1, 1])).toMatchObject({ hit: true, damage: 3 }) // 4 × 5/6 = 3.33
    expect(twoD20Diceless(10, 2, 4, [1, 2, 0, 0, 1, 1]).hit).toBe(false)
  })
})
