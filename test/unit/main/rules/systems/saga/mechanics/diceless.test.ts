import { describe, expect, it } from 'vitest'
import { averageRoll } from '../../../../../../../src-main/rules/diceless'
import { sagaDiceless } from '../../../../../../../src-main/rules/systems/saga/mechanics/diceless'

describe('diceless allies in Saga (beyond the seed)', () => {
  it('Saga take 10: +6 attack vs Reflex 15 hits (16); 3d6 blaster averages 10.5 → 10', () => {
    expect(averageRoll(3, 6)).toBe(10.5)
    expect(sagaDiceless(6, 15, { n: 3, sides: 6 })).toEqual({ attackValue: 16, defenseValue: 15, hit: true, damage: 10 })
    expect(sagaDiceless(4, 15, { n: 3, sides: 6 }).hit).toBe(false)
    expect(sagaDiceless(5, 15, { n: 2, sides: 8, mod: 2 }).damage).toBe(11) // 16 ≥ 15, 9 + 2
  })
})
