import { describe, expect, it } from 'vitest'
import { fixedRng } from '../../../../../../../src-main/rules/kit/rng'
import {
  attackPair, buyConflictAction, combatDiceCount, damageTrack, defensePair, effectiveQualities, evaluateCombatDice, freshBudget, opposed,
  quietBonus, rollCombatDice, splitDamage, useAction,
} from '../../../../../../../src-main/rules/systems/2d20/mechanics/combat'
import { TRACKS } from '../../../../../../../src-main/rules/systems/2d20/schema'

describe('actions in a turn (002:1-9, 002:96)', () => {
  it('002:3: one Conflict action per turn; a second is refused with the Luck hint', () => {
    const b = useAction(freshBudget(), 'conflict')
    expect(b.ok && b.value.conflict).toBe(0)
    const again = b.ok ? useAction(b.value, 'conflict') : b
    expect(!again.ok && again.error.message).toMatch(/1 Luck buys one more/)
  })
  it('002:96: Luck buys one more Conflict action, only once per turn', () => {
    const used = useAction(freshBudget(), 'conflict')
    const bought = used.ok ? buyConflictAction(used.value) : used
    expect(bought.ok && bought.value).toMatchObject({ conflict: 1, luckConflictBought: true })
    expect(bought.ok && buyConflictAction(bought.value)).toMatchObject({ ok: false, error: { code: 'rule' } })
  })
  it('002:5: Free actions are never used up; Movement and Spoken once a turn (src-main/rules/systems/2d20/README.md)', () => {
    let b = freshBudget()
    for (let i = 0; i < 5; i++) { const r = useAction(b, 'free'); expect(r.ok).toBe(true); if (r.ok) b = r.value }
    const m = useAction(b, 'movement')
    expect(m.ok && useAction(m.value, 'movement').ok).toBe(false)
  })
})

describe('attack and defense pairs (002:13-19) and the damaged track (J2)', () => {
  it('002:15 melee Cunning + Daring vs Daring + Passion', () => {
    expect([attackPair('melee'), defensePair('melee')]).toEqual([['cunning', 'daring'], ['daring', 'passion']])
  })
  it('002:17 shooting Cunning + Reason vs Daring + Empathy', () => {
    expect([attackPair('shooting'), defensePair('shooting')]).toEqual([['cunning', 'reason'], ['daring', 'empathy']])
  })
  it('002:19 insults Cunning + Passion or Might vs Daring + Passion or Might', () => {
    expect([attackPair('insult', 'might'), defensePair('insult', 'passion')]).toEqual([['cunning', 'might'], ['daring', 'passion']])
  })
  it('J2: melee and shooting → Injury; an insult with Passion → Fear, with Might → Confusion', () => {
    expect([damageTrack('melee'), damageTrack('shooting'), damageTrack('insult', 'passion'), damageTrack('insult', 'might')]).toEqual(['injury', 'injury', 'fear', 'confusion'])
  })
})

describe('opposed tests (J2)', () => {
  const side = (successes: number, difficulty: number, isPc: boolean) => ({ success: successes >= difficulty, successes, momentum: Math.max(0, successes - difficulty), isPc })
  it('J2: both succeed, more successes wins: 3 vs 2 at D1 → the attacker, 2 Momentum', () => {
    expect(opposed(side(3, 1, true), side(2, 1, false))).toEqual({ winner: 'attacker', draw: false, threatPaid: false, momentum: 2 })
  })
  it('J2: a side that fails loses to one that succeeds, whatever the counts', () => {
    expect(opposed(side(1, 2, true), side(1, 1, false)).winner).toBe('defender')
    expect(opposed(side(2, 2, false), side(3, 4, true)).winner).toBe('attacker')
  })
  it('J2: both fail → nobody wins, the attack misses', () => {
    expect(opposed(side(0, 1, true), side(0, 1, false))).toMatchObject({ winner: 'none', momentum: 0 })
  })
  it('J2 / 002:122: a draw goes to the PC unless the narrator pays 1 Threat', () => {
    expect(opposed(side(2, 1, false), side(2, 1, true))).toMatchObject({ winner: 'defender', draw: true, threatPaid: false })
    expect(opposed(side(2, 1, false), side(2, 1, true), true)).toMatchObject({ winner: 'attacker', draw: true, threatPaid: true, momentum: 1 })
    expect(opposed(side(2, 1, true), side(2, 1, false))).toMatchObject({ winner: 'attacker', draw: true })
  })
  it('a draw between two characters of the same kind: the defender holds (src-main/rules/systems/2d20/README.md)', () => {
    expect(opposed(side(2, 1, false), side(2, 1, false), true)).toMatchObject({ winner: 'defender', draw: true, threatPaid: false })
  })
})

describe('combat dice (002:54-66, J3)', () => {
  it('002:56-66: faces 1..6 are 1, 2, –, –, 1+Effect, 1+Effect → 5 damage, 2 Effects', () => {
    expect(evaluateCombatDice([1, 2, 3, 4, 5, 6])).toEqual({ ok: true, value: { faces: [1, 2, 3, 4, 5, 6], damage: 5, effects: 2 } })
  })
  it('J3 / 002:88: rating 3 plus 2 Momentum rolls 5 dice', () => {
    expect(combatDiceCount(3, 2)).toBe(5)
    const r = rollCombatDice(5, fixedRng([2, 2, 6, 3, 5]))
    expect(r).toMatchObject({ damage: 6, effects: 2 })
    expect(r.rolls).toHaveLength(5)
  })
  it('a combat die outside 1–6 names the die', () => {
    expect(evaluateCombatDice([1, 7])).toMatchObject({ ok: false, error: { field: 'dice.1' } })
  })
})

describe('weapon qualities per Effect (002:130-152, J3)', () => {
  const all = TRACKS
  it('002:149 Sharp: a sword rolling 3 damage and 2 Effects deals 5 Injury', () => {
    expect(splitDamage({ damage: 3, effects: 2, qualities: ['sharp'], track: 'injury', trackers: all }).byTrack).toEqual({ confusion: 0, fear: 0, injury: 5 })
  })
  it('002:140 Fearsome: +1 Fear per Effect; 002:143 Psychic: +1 Confusion per Effect', () => {
    expect(splitDamage({ damage: 3, effects: 2, qualities: ['fearsome', 'psychic'], track: 'injury', trackers: all }).byTrack).toEqual({ confusion: 2, fear: 2, injury: 3 })
  })
  it('002:137 Explosive: +1 Fear and +1 Injury per Effect', () => {
    expect(splitDamage({ damage: 3, effects: 2, qualities: ['explosive'], track: 'injury', trackers: all }).byTrack).toEqual({ confusion: 0, fear: 2, injury: 5 })
  })
  it('002:137 / J3: Explosive on a target without Fear and Injury trackers deals 2 per icon', () => {
    expect(splitDamage({ damage: 3, effects: 2, qualities: ['explosive'], track: 'injury', trackers: ['confusion'] }).byTrack).toEqual({ confusion: 7, fear: 0, injury: 0 })
  })
  it('002:143 "If the target does not have this stress tracker, it simply deals damage": Psychic on an Injury-only beast', () => {
    expect(splitDamage({ damage: 3, effects: 2, qualities: ['psychic'], track: 'injury', trackers: ['injury'] }).byTrack).toEqual({ confusion: 0, fear: 0, injury: 5 })
  })
  it('002:152 Poison: a coated weapon gains Fearsome and Dishonorable', () => {
    expect([...effectiveQualities(['poison'])].sort()).toEqual(['dishonorable', 'fearsome', 'poison'])
    const s = splitDamage({ damage: 1, effects: 1, qualities: ['poison'], track: 'injury', trackers: all })
    expect(s).toEqual({ byTrack: { confusion: 0, fear: 1, injury: 1 }, untracked: 0, dishonorable: true })
  })
  it('a minion has no trackers: the damage is untracked', () => {
    expect(splitDamage({ damage: 2, effects: 1, qualities: ['sharp'], track: 'injury', trackers: [] })).toMatchObject({ untracked: 3 })
  })
  it('002:146 Quiet: 1 bonus Momentum to stay hidden, only while not spotted', () => {
    expect([quietBonus(['quiet'], false), quietBonus(['quiet'], true), quietBonus([], false)]).toEqual([1, 0, 0])
  })
})
