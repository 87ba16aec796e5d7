import { describe, expect, it } from 'vitest'
import { allyAttackDamage, allyBandFor, allyCardFromPc, allyDefense, allyRest, npcAttackValue, npcAttacksAlly } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/ally'
import { defenses, weaponPool } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/derived'
import { gamorreanGuard, hanSolo, lukeAlly } from '../../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { allyStatBlock } from '../../../../../../../src-main/rules/systems/starchasers/schema'

describe('diceless ally resolver (000:1339-1413, S16)', () => {
  it('000:1355 Luke (Melee 9) vs the Gamorrean Guard Default Defense 3 → 6 damage; if it Blocks (6) → 3', () => {
    const g = defenses(gamorreanGuard)
    expect(allyAttackDamage(lukeAlly.melee!.value, g[gamorreanGuard.defaultDefense])).toBe(6)
    expect(allyAttackDamage(lukeAlly.melee!.value, g.block)).toBe(3)
  })
  it('S16: equal values deal 0, never negative', () => {
    expect(allyAttackDamage(5, 5)).toBe(0)
    expect(allyAttackDamage(2, 7)).toBe(0)
  })
  it('000:1372 Piercing Strike: 5 dice + floor(2/2) = 6; vs Default Defense 3 → 3 damage; Parry 7 deflects it', () => {
    const dice = weaponPool(gamorreanGuard, gamorreanGuard.weapons[0])
    expect(dice).toBe(5)
    expect(npcAttackValue(dice, gamorreanGuard.weapons[0].qualities)).toEqual({ value: 6, qualityBonus: 1 })
    const vsDefault = npcAttacksAlly(dice, gamorreanGuard.weapons[0].qualities, lukeAlly, { attackBand: 'melee', conditions: [], pick: 'armor' })
    expect(vsDefault).toMatchObject({ attackValue: 6, damage: 3, defense: { defense: 'armor', value: 3, reason: 'gmChoice' } })
    const best = npcAttacksAlly(dice, gamorreanGuard.weapons[0].qualities, lukeAlly, { attackBand: 'melee', conditions: [] })
    expect(best).toMatchObject({ damage: 0, defense: { defense: 'parry', value: 7, reason: 'highestAvailable' } })
  })
  it('S16: each quality adds floor(N/2), summed', () => {
    expect(npcAttackValue(4, { piercing: 3, vicious: 2, accurate: 1 }).value).toBe(4 + 1 + 1 + 0)
  })
  it('000:1368 the highest defense the ally can use now, and why the others are out', () => {
    const grappled = allyDefense({ ...lukeAlly, parryRanged: false }, { attackBand: 'ranged', conditions: ['grappled'] })
    expect(grappled).toMatchObject({ defense: 'armor', value: 3, unavailable: { dodge: 'grappled', parry: 'parryMeleeOnly', block: 'noShield' } })
    expect(allyDefense(lukeAlly, { attackBand: 'ranged', conditions: [] }).defense).toBe('parry') // Luke can parry blasters
    expect(allyDefense(lukeAlly, { attackBand: 'melee', conditions: [], surprised: true }).defense).toBe('armor')
    // a GM pick that the ally cannot perform falls back to the highest available
    expect(allyDefense(lukeAlly, { attackBand: 'melee', conditions: ['grappled'], pick: 'dodge' })).toMatchObject({ defense: 'parry', reason: 'highestAvailable' })
  })
  it('bands: Melee, Thrown at Close, Ranged at Medium; nothing beyond', () => {
    expect(['melee', 'close', 'medium', 'long'].map((b) => allyBandFor(b as never))).toEqual(['melee', 'thrown', 'ranged', null])
  })
  it('000:1384 an 8-hour rest clears Stress, heals 8 HP and 1 Injury', () => {
    expect(allyRest({ hp: 2, maxHp: 14, stress: 4, injuries: 2 })).toEqual({ hp: 10, stress: 0, injuries: 1 })
    expect(allyRest({ hp: 10, maxHp: 14, stress: 0, injuries: 0 })).toEqual({ hp: 14, stress: 0, injuries: 0 })
  })
  it('000:1415 ally card from a PC: attributes, defenses and strongest attack per band carried over', () => {
    const card = allyCardFromPc(hanSolo)
    expect(allyStatBlock.safeParse(card).success).toBe(true)
    expect(card).toMatchObject({ kind: 'ally', fromPc: 'Han Solo', defaultDefense: 2, dodge: 6, parry: 6, block: 0, hp: 12, movement: 6 })
    expect(card.ranged).toEqual({ value: 5, duelType: 'quick' }) // pistol 5 beats the unproficient bowcaster 4
    expect(card.thrown).toEqual({ value: 7, duelType: 'power' }) // frag grenade 4 + Deftness 3
    expect(card.melee).toBeNull()
    expect(card.passiveAlertness).toBe(2)
  })
})
