import { describe, expect, it } from 'vitest'
import { accuracyPool, damagePool, joinBattlePool, relevantDv, resolveAccuracy, resolveDamage, soakAgainst } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/combat'
import { scoreOptions, scorePool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/dice'
import { inquisitor, kaelVorn, parseSample, stormtrooper } from '../../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { DAMAGE_ATTRIBUTE, damageAttributeOf, statBlock } from '../../../../../../../src-main/rules/systems/storyteller/schema'
import { DEFAULT_SETTINGS, withDefaults } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'

const kael = parseSample(kaelVorn)
const trooper = parseSample(stormtrooper)
const inq = parseSample(inquisitor)
const blaster = kael.weapons[0]
const s = DEFAULT_SETTINGS

describe('004 attack: Kael shoots a stormtrooper', () => {
  it('004: accuracy = Attribute + Skill + Weapon Accuracy (Dex 4 + Marksmanship 3 + 1 = 8 dice) with Epic Dexterity 1 = 1 autosuccess (T2)', () => {
    expect(accuracyPool(kael, blaster, s)).toMatchObject({ dice: 8, auto: 1 })
  })
  it('004: net = raw − DV; 3 dice successes + 1 auto = 4 vs Dodge DV 2 → net 2, a hit', () => {
    const dv = relevantDv(trooper)
    expect(dv).toEqual({ defense: 'dodge', dv: 2 })
    const roll = scorePool([7, 8, 2, 3, 10, 1, 5, 6], 1, scoreOptions(s))
    expect(resolveAccuracy(roll, dv.dv, s)).toEqual({ raw: 4, dv: 2, net: 2, hit: true, botch: false })
  })
  it('T4: damage = Wits 3 (ranged, 004) + weapon damage 4 + net 2 = 9 dice; 6 successes − (soak 1 + armor 2) = 3 lethal', () => {
    expect(damagePool(kael, blaster, 2, s)).toMatchObject({ dice: 9, auto: 0 })
    const { soak, armor } = soakAgainst(trooper, 'lethal')
    expect([soak, armor]).toEqual([1, 2])
    const roll = scorePool([7, 7, 8, 9, 10, 10, 1, 2, 3], 0, scoreOptions(s, true))
    expect(resolveDamage(roll, soak, armor)).toEqual({ raw: 6, soak: 1, armor: 2, net: 3, dealt: 3 })
  })
  it('T1 option: with 10s double the accuracy 10 counts twice, the damage 10s still once', () => {
    const ex = withDefaults({ tensDouble: true })
    expect(scorePool([7, 8, 2, 3, 10, 1, 5, 6], 1, scoreOptions(ex)).successes).toBe(5)
    expect(scorePool([7, 7, 8, 9, 10, 10, 1, 2, 3], 0, scoreOptions(ex, true)).successes).toBe(6)
  })
})

describe('004 + T3 the hit threshold', () => {
  const roll = (successes: number, faces: number[] = []) => ({ faces, diceSuccesses: successes, auto: 0, successes, botch: successes === 0 && faces.includes(1) })
  it('004: net 0 hits (2 successes vs DV 2)', () => {
    expect(resolveAccuracy(roll(2), 2, s)).toMatchObject({ net: 0, hit: true })
  })
  it('004: net −1 misses', () => {
    expect(resolveAccuracy(roll(1), 2, s)).toMatchObject({ net: -1, hit: false })
  })
  it('T3: 0 successes vs DV 0 is net 0 but no hit by default; the setting turns that off', () => {
    expect(resolveAccuracy(roll(0), 0, s).hit).toBe(false)
    expect(resolveAccuracy(roll(0), 0, withDefaults({ hitNeedsRawSuccess: false })).hit).toBe(true)
  })
  it('T1: a botched attack is reported (0 successes and a 1)', () => {
    expect(resolveAccuracy(roll(0, [1, 4]), 1, s)).toMatchObject({ hit: false, botch: true })
  })
})

describe('004 net damage', () => {
  const r = (n: number) => ({ faces: [], diceSuccesses: n, auto: 0, successes: n, botch: false })
  it('004: net damage 0 does 0 damage; below 0 does nothing', () => {
    expect(resolveDamage(r(3), 1, 2).dealt).toBe(0)
    expect(resolveDamage(r(1), 1, 2)).toMatchObject({ net: -2, dealt: 0 })
  })
})

describe('004 damage attributes by weapon class', () => {
  it('004: impact → Strength, ranged → Wits, lightsaber → Perception, Force → Charisma', () => {
    expect(DAMAGE_ATTRIBUTE).toEqual({ impact: 'strength', ranged: 'wits', lightsaber: 'perception', force: 'charisma' })
    expect(damageAttributeOf(kael.weapons[1])).toBe('strength')
  })
  it('T4 + T2: the Inquisitor\'s lightsaber rolls Perception 4 + 5 + net 1 = 10 dice with Epic Perception 2 = 2 autosuccesses', () => {
    expect(damagePool(inq, inq.weapons[0], 1, s)).toMatchObject({ dice: 10, auto: 2 })
    expect(damagePool(inq, inq.weapons[1], 0, s)).toMatchObject({ dice: 6, auto: 1 }) // Force: Charisma 4 + 2, Epic Cha 1
  })
  it('004: the relevant DV is the higher of Dodge and Parry unless the defender names one', () => {
    expect(relevantDv(inq)).toEqual({ defense: 'parry', dv: 5 })
    expect(relevantDv(inq, 'dodge')).toEqual({ defense: 'dodge', dv: 4 })
  })
})

describe('T5 wound penalties on later pools', () => {
  it('T5: a −2 wound penalty takes 2 dice off the accuracy pool, not the damage pool (unless set)', () => {
    expect(accuracyPool(kael, blaster, s, { woundPenalty: -2 }).dice).toBe(6)
    expect(damagePool(kael, blaster, 2, s, { woundPenalty: -2 }).dice).toBe(9)
    expect(damagePool(kael, blaster, 2, withDefaults({ woundPenaltyOnDamage: true }), { woundPenalty: -2 }).dice).toBe(7)
  })
  it('the GM\'s circumstantial modifier adds or removes dice', () => {
    expect(accuracyPool(kael, blaster, s, { modifier: -3 }).dice).toBe(5)
  })
})

describe('stat block schema', () => {
  it('a bad value is an error naming the field', () => {
    const r = statBlock.safeParse({ ...kaelVorn, weapons: [{ ...kaelVorn.weapons![0], speed: 0 }] })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].path).toEqual(['weapons', 0, 'speed'])
    const u = statBlock.safeParse({ ...kaelVorn, abilities: { lightsabers: 2 } })
    expect(u.success).toBe(false)
  })
  it('unnamed attributes default to 1, abilities and soak to 0', () => {
    const sb = statBlock.parse({ kind: 'npc', name: 'Mook', attributes: { dexterity: 2 }, dv: { dodge: 1, parry: 1, mental: 1 } })
    expect(sb.attributes.strength).toBe(1)
    expect(sb.soak).toEqual({ bashing: 0, lethal: 0, aggravated: 0 })
    expect(sb.joinBattle).toEqual({ attribute: 'wits', ability: 'awareness' })
  })
})

describe('Join Battle pool', () => {
  it('Join Battle is Wits + Awareness (Scion 1e; 004 names no pool): Kael 3 + 2 = 5 dice, less wound penalties (T5)', () => {
    expect(joinBattlePool(kael, s)).toMatchObject({ dice: 5, auto: 0 })
    expect(joinBattlePool(kael, s, { woundPenalty: -1 }).dice).toBe(4)
    expect(joinBattlePool(inq, s)).toMatchObject({ dice: 7, auto: 0 })
  })
})
