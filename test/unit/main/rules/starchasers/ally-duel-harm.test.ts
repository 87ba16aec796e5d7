import { describe, expect, it } from 'vitest'
import { allyAttackDamage, allyBandFor, allyCardFromPc, allyDefense, allyRest, npcAttackValue, npcAttacksAlly } from '../../../../../src-main/rules/systems/starchasers/ally'
import { defenses, weaponPool } from '../../../../../src-main/rules/systems/starchasers/derived'
import { DEFAULT_DUEL_DIE, dominateDamage, duelDieFor, duelMatrix, jumpInBlocked, nextActive, proneClashDice, startDuel } from '../../../../../src-main/rules/systems/starchasers/duel'
import { addInjury, applyHarm, cureInjuries, newTrack, payStress, revive, tickRound, wake } from '../../../../../src-main/rules/systems/starchasers/harm'
import { bountyHunterBoss, gamorreanGuard, hanSolo, lukeAlly } from '../../../../../src-main/rules/systems/starchasers/samples'
import { allyStatBlock } from '../../../../../src-main/rules/systems/starchasers/schema'

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

describe('Dueling System (000:1238-1327, S14, S15)', () => {
  it('000:1255-1271 the matrix: Block=Power, Dodge=Quick, Parry=Finesse', () => {
    expect(duelMatrix('power', 'parry')).toBe('dominate')
    expect(duelMatrix('power', 'block')).toBe('clash')
    expect(duelMatrix('power', 'dodge')).toBe('repel')
    expect(duelMatrix('quick', 'block')).toBe('dominate')
    expect(duelMatrix('finesse', 'dodge')).toBe('dominate')
    expect(duelMatrix('finesse', 'block')).toBe('repel')
    expect(duelMatrix('quick', 'parry')).toBe('repel')
  })
  it('S14: Armor Defense always CLASHes; a defense the defender cannot perform is DOMINATE', () => {
    expect(duelMatrix('quick', 'armor')).toBe('clash')
    expect(duelMatrix('power', 'dodge', false)).toBe('dominate')
  })
  it('S14: DOMINATE full damage = the attack pool as Hits, doubled against a prone defender; prone CLASH halves dice', () => {
    expect(dominateDamage(5, false)).toBe(5)
    expect(dominateDamage(5, true)).toBe(10)
    expect(proneClashDice(5)).toBe(2)
    expect(proneClashDice(1)).toBe(1)
  })
  it('S15: DOMINATE keeps the attacker active, REPEL passes to the defender, CLASH depends on a surviving Hit', () => {
    expect(nextActive('dominate', 'a', 'd', false)).toBe('a')
    expect(nextActive('repel', 'a', 'd', true)).toBe('d')
    expect(nextActive('clash', 'a', 'd', true)).toBe('a')
    expect(nextActive('clash', 'a', 'd', false)).toBe('d')
  })
  it('000:1315 outsiders may jump in every 3 interactions', () => {
    const d = startDuel(['boss', 'han'], 'boss')
    expect(jumpInBlocked(d, 'chewie')).toBeNull()
    // jumped into exchange 2: exchange 4 is too soon, exchange 5 is allowed (every 3 interactions)
    const after = { ...d, interactions: 3, lastJumpIn: { chewie: 2 } }
    expect(jumpInBlocked(after, 'chewie')).toBe('every3Interactions')
    expect(jumpInBlocked({ ...after, interactions: 4 }, 'chewie')).toBeNull()
  })
  it("000:1327 a boss's Duel Die per phase; S1 default die when none", () => {
    expect(duelDieFor(bountyHunterBoss.duelDice, 2)[0]).toBe('quick')
    expect(duelDieFor(bountyHunterBoss.duelDice, 3)[0]).toBe('quick') // later phases keep the last die
    expect(duelDieFor([], 1)).toEqual(DEFAULT_DUEL_DIE)
  })
})

describe('harm track (S6, S7, S8, S9, S10)', () => {
  const pc = () => newTrack(10, 5, 6, 0)
  it('S6: +2 Motivation when HP drop; S7: clamp at 0, +2 more, one Injury and unconscious (000:180)', () => {
    const a = applyHarm(pc(), 3, 0, { motivation: true })
    expect(a).toMatchObject({ hpLost: 3, motivationGained: 2, injury: false })
    const b = applyHarm(a.track, 20, 0, { motivation: true })
    expect(b).toMatchObject({ hpLost: 7, motivationGained: 4, injury: true, knockedOut: true })
    expect(b.track).toMatchObject({ hp: 0, injuries: 1, vitality: 5, motivation: 6, unconscious: true })
  })
  it('000:530 Stress never gives Motivation; S8 unconscious when Stress reaches capacity', () => {
    const r = applyHarm(pc(), 0, 5, { motivation: true })
    expect(r).toMatchObject({ motivationGained: 0, knockedOut: true, injury: false })
    expect(wake(r.track)).toMatchObject({ stress: 0, unconscious: false })
  })
  it('NPCs gain no Motivation (000:176)', () => {
    expect(applyHarm(pc(), 3, 0, { motivation: false }).motivationGained).toBe(0)
  })
  it('S9: Stress is payable while Stress + cost ≤ capacity; reaching capacity knocks out', () => {
    const t = { ...pc(), stress: 4 }
    expect(payStress(t, 2).ok).toBe(false)
    expect(payStress(t, 1)).toMatchObject({ ok: true, knockedOut: true })
  })
  it('S10: the 7th Injury is Dying with a 10-round clock; death after it; revival within 10 minutes', () => {
    let t = { ...pc(), injuries: 6, vitality: 0 }
    const inj = addInjury(t)
    expect(inj.becameDying).toBe(true)
    t = inj.track
    for (let i = 0; i < 9; i++) t = tickRound(t).track
    expect(t).toMatchObject({ dying: true, dyingRounds: 1 })
    const last = tickRound(t)
    expect(last.died).toBe(true)
    expect(revive(last.track).ok).toBe(true)
    const late = { ...last.track, deadRounds: 101 }
    expect(revive(late).ok).toBe(false)
  })
  it('S10: curing one Injury stops Dying', () => {
    const t = addInjury({ ...pc(), injuries: 6, vitality: 0 }).track
    expect(cureInjuries(t, 1)).toMatchObject({ dying: false, injuries: 6, vitality: 1 })
  })
})
