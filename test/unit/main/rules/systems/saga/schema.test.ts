import { describe, expect, it } from 'vitest'
import { derive, materialObject, sagaStatBlockSchema } from '../../../../../../src-main/rules/systems/saga/schema'
import { ctPenalty, speedAt } from '../../../../../../src-main/rules/systems/saga/mechanics/state'
import { soldier, trooper } from './helpers'

const parse = (x: unknown) => sagaStatBlockSchema.parse(x)
const terms = (b: { terms: Array<{ term: string; value: number }> }) => Object.fromEntries(b.terms.map((t) => [t.term, t.value]))

describe('Saga stat blocks (001 Defenses, Damage Threshold)', () => {
  it('Reflex = 10 + heroic level + Dex + class + size; Fort = 10 + heroic level + Con + class; Will = 10 + heroic level + Wis', () => {
    const d = derive(parse(soldier()))
    expect(d.reflex.total).toBe(17) // 10 + 3 + 3 + 1
    expect(terms(d.reflex)).toMatchObject({ base: 10, heroicLevel: 3, dex: 3, class: 1, size: 0 })
    expect(d.fortitude.total).toBe(16) // 10 + 3 + 1 + 2
    expect(d.will.total).toBe(13)
    expect(d.damageThreshold.total).toBe(16) // DT = Fortitude + size bonus
  })

  it('armor bonus replaces heroic level in Reflex, caps Dex, and adds its equipment bonus to Fortitude (001)', () => {
    const d = derive(parse(trooper()))
    expect(terms(d.reflex)).toMatchObject({ armor: 6, dex: 1 })
    expect(d.reflex.total).toBe(17)
    expect(d.fortitude.total).toBe(12) // 10 + 0 + 0 + equipment 2
    const capped = derive(parse(trooper({ abilities: { str: 10, dex: 18, con: 10, int: 10, wis: 10, cha: 10 }, armor: { reflex: 6, maxDex: 2 } })))
    expect(terms(capped.reflex).dex).toBe(2)
  })

  it('no Constitution (droids): Fortitude uses Str (001); size: Large −1 Reflex, +5 DT; natural armor and species terms', () => {
    const droid = derive(parse({ name: 'B1', kind: 'droid', abilities: { str: 14, dex: 10, con: null, int: 10, wis: 10, cha: 10 }, hp: 12 }))
    expect(terms(droid.fortitude)).toMatchObject({ str: 2 })
    const big = derive(parse({ name: 'Rancor', size: 'large', abilities: { str: 20, dex: 10, con: 20, int: 2, wis: 10, cha: 2 }, defenses: { reflex: { natural: 4 }, fortitude: { species: 2 } }, hp: 100 }))
    expect(terms(big.reflex)).toMatchObject({ size: -1, natural: 4 })
    expect(big.fortitude.total).toBe(10 + 0 + 5 + 2)
    expect(big.damageThreshold.total).toBe(17 + 5)
  })

  it('published totals override the derived sum', () => {
    const d = derive(parse(trooper({ totals: { reflex: 16, fortitude: 11 } })))
    expect(d.reflex.total).toBe(16)
    expect(d.damageThreshold.total).toBe(11)
  })

  it('a published damage threshold overrides Fortitude + size (001 Damage Threshold; issue 10 editor override)', () => {
    const d = derive(parse(trooper({ totals: { fortitude: 11, damageThreshold: 16 } })))
    expect(d.fortitude.total).toBe(11)
    expect(d.damageThreshold.total).toBe(16)
    expect(d.damageThreshold.terms).toEqual([{ term: 'fortitude', value: 11 }])
  })

  it('condition track: −1, −2, −5, −10 and half speed at step 4, helpless at 5 (001 table, W4/W6)', () => {
    expect([0, 1, 2, 3, 4].map(ctPenalty)).toEqual([0, -1, -2, -5, -10])
    expect(speedAt(6, 3)).toBe(6)
    expect(speedAt(6, 4)).toBe(3)
  })

  it('objects from the 003 material table: metal 10 HP per cm, DR 10', () => {
    const door = materialObject('Blast door', 'metal', 5)
    expect(door).toMatchObject({ hp: 50, dr: { value: 10 }, kind: 'object' })
    expect(derive(door).reflex.total).toBe(5) // unattended immobile: 5 + size
    expect(derive({ ...door, objectState: 'mobile', size: 'small' }).reflex.total).toBe(11)
  })

  it('rejects a bad stat block naming the field', () => {
    const r = sagaStatBlockSchema.safeParse({ name: 'X', hp: -3 })
    expect(r.success).toBe(false)
    if (!r.success) expect(r.error.issues[0].path).toEqual(['hp'])
  })
})
