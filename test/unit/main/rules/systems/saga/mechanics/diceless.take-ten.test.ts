/** Beyond the seed: the Saga diceless mode (take 10) as pure functions. */
import { describe, expect, it } from 'vitest'
import { sagaTakeTen } from '../../../../../../../src-main/rules/systems/saga/mechanics/diceless'

describe('Saga take 10 (diceless allies)', () => {
  it('an ally attacks: 10 + bonus 7 = 17 vs Reflex 17 hits (001: equals or exceeds); damage floor(16.5) = 16', () => {
    const r = sagaTakeTen(7, [{ defense: 'reflex', value: 17 }], false, 16.5)
    expect(r).toMatchObject({ attackValue: 17, defense: 'reflex', defenseValue: 17, choice: 'only', hit: true, damage: 16 })
    expect(sagaTakeTen(6, [{ defense: 'reflex', value: 17 }], false, 16.5)).toMatchObject({ attackValue: 16, hit: false, damage: 0 })
  })

  it('an NPC attacks the ally: the ally’s best applicable defense (Fortitude 13 over Reflex 11), explained', () => {
    const r = sagaTakeTen(4, [{ defense: 'reflex', value: 11 }, { defense: 'fortitude', value: 13 }], true, 13.5)
    expect(r).toMatchObject({ attackValue: 14, defense: 'fortitude', defenseValue: 13, choice: 'best', hit: true, damage: 13 })
    expect(r.considered).toEqual([{ defense: 'reflex', value: 11 }, { defense: 'fortitude', value: 13 }])
  })

  it('W2: a hit deals at least 1 even when the average with penalties is lower', () => {
    expect(sagaTakeTen(0, [{ defense: 'reflex', value: 10 }], false, 0.5).damage).toBe(1)
  })
})
