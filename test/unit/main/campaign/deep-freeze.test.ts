import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../../../../src-main/campaign/campaign-db'

describe('deepFreeze (the campaign held in memory)', () => {
  it('freezes every object and array in a value, inherited keys left alone', () => {
    const proto = { inherited: { n: 1 } }
    const own = Object.assign(Object.create(proto) as Record<string, unknown>, { own: { n: 2 } })
    const v = { name: 'Trooper', weapons: [{ name: 'rifle', ranges: [2, 4, 6, 8] }, null, 3], abilities: { str: 10, dex: null }, own, empty: [] as unknown[] }
    expect(deepFreeze(v)).toBe(v)
    for (const o of [v, v.weapons, v.weapons[0], (v.weapons[0] as { ranges: number[] }).ranges, v.abilities, own, own.own, v.empty]) expect(Object.isFrozen(o)).toBe(true)
    expect(Object.isFrozen(proto.inherited)).toBe(false)
  })

  it('stops at what is frozen already (a record shared with the campaign before)', () => {
    const inner = { n: 1 }
    const shared = Object.freeze({ inner })
    const v = { shared, list: [shared] }
    deepFreeze(v)
    expect(Object.isFrozen(v.list)).toBe(true)
    expect(Object.isFrozen(inner)).toBe(false)
  })
})
