import { describe, expect, it } from 'vitest'
import { DEFAULT_DUEL_DIE, dominateDamage, duelDieFor, duelMatrix, jumpInBlocked, nextActive, proneClashDice, startDuel } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/duel'
import { bountyHunterBoss } from '../../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'

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
