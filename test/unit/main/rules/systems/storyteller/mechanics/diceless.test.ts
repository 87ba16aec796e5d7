import { describe, expect, it } from 'vitest'
import { expectedD10Successes, storytellerDiceless } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/diceless'

describe('Storyteller diceless ally (beyond the seed)', () => {
  it('Storyteller (T1): 8 dice at 7+ expect 3.2 successes; vs DV 2 the damage pool gains the net 1', () => {
    expect(expectedD10Successes(8)).toBeCloseTo(3.2, 12)
    expect(expectedD10Successes(10, 7, true)).toBeCloseTo(5, 12)
    // attack floor(3.2) = 3, net 1; damage pool 6 + 1 = 7 → 2.8 → 2, minus soak 1 = 1
    expect(storytellerDiceless(8, 2, 6, 1)).toEqual({ attackValue: 3, defenseValue: 2, hit: true, damage: 1 })
    expect(storytellerDiceless(8, 4, 6, 1).hit).toBe(false)
  })
})
