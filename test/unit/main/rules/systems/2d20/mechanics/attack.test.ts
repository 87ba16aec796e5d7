import { describe, expect, it } from 'vitest'
import { commandDice, fixedRng } from '../../../../../../../src-main/rules/kit/rng'
import { resolveAttack } from '../../../../../../../src-main/rules/systems/2d20/mechanics/attack'
import { explosiveBlast, harm } from '../../../../../../../src-main/rules/systems/2d20/mechanics/harm'
import { resolveRecovery } from '../../../../../../../src-main/rules/systems/2d20/mechanics/recovery'
import { fighter, johnCarter, pools, thark, warriorMinion } from '../fixtures'

const dice = (...v: number[]) => commandDice(v, fixedRng([]))
const jc = fighter('jc', johnCarter)
const monster = fighter('thark', thark)
const minion = fighter('w1', warriorMinion)
const sword = { name: 'Longsword', damage: 3, qualities: ['sharp' as const] }

describe('an attack from the tests to the stress (J2, J3, J4)', () => {
  it('worked example: John Carter\'s Sharp sword (3) vs a Thark (Menace 2), 1 Momentum on an extra die', () => {
    // attack Cunning 5 + Daring 4 (9/4): 3 and 7 → 3 successes, D1 → 2 Momentum (002:51-53, J1)
    // defense Daring 7 + Passion 6 (13/6): 10 and 15 → 1 success (002:15)
    // 4 combat dice 5, 2, 6, 1 → 5 damage, 2 Effects; Sharp +2 → 7 Injury (002:149); Injury max 9, 5 at once → 1 Wound (J4)
    const r = resolveAttack(jc, monster, { kind: 'melee', weapon: sword, extraDice: 1 }, pools({ momentum: { jc: 2 } }), dice(3, 7, 10, 15, 5, 2, 6, 1))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.attack.test).toMatchObject({ successes: 3, momentum: 2 })
    expect(r.value.defense.test).toMatchObject({ successes: 1, success: true })
    expect(r.value.outcome).toMatchObject({ winner: 'attacker', momentum: 2 })
    expect(r.value.combat).toEqual({ faces: [5, 2, 6, 1], damage: 5, effects: 2 })
    expect(r.value.stress).toMatchObject({ stress: { injury: 7 }, afflictions: { wounds: 1 }, gained: [{ reason: 'fiveAtOnce' }] })
    // J1: the last Momentum is saved, 2 + 1 = 3 under the cap of 4 (lowest attribute, Daring)
    expect([r.value.saved, r.value.pools.momentum.jc]).toEqual([1, 3])
    expect(r.value.rolls).toHaveLength(8)
  })
  it('J2 / 002:122: a drawn test goes to the PC; the narrator can buy it for 1 Threat, but only with the Threat there', () => {
    // 8, 15 → 1 success; 12, 20 → 1 success and a complication
    const free = resolveAttack(jc, monster, { kind: 'melee', weapon: sword }, pools(), dice(8, 15, 12, 20, 3, 3, 3))
    expect(free.ok && free.value.outcome).toMatchObject({ winner: 'attacker', draw: true })
    expect(free.ok && free.value.defense.test.complications).toBe(1)
    const broke = resolveAttack(jc, monster, { kind: 'melee', weapon: sword, narratorPaysForDraw: true }, pools(), dice(8, 15, 12, 20))
    expect(!broke.ok && broke.error).toMatchObject({ code: 'rule', field: 'threat' })
    const paid = resolveAttack(jc, monster, { kind: 'melee', weapon: sword, narratorPaysForDraw: true }, pools({ threat: 2 }), dice(8, 15, 12, 20))
    expect(paid.ok && paid.value.outcome).toMatchObject({ winner: 'defender', threatPaid: true })
    expect(paid.ok && paid.value.pools.threat).toBe(1)
  })
  it('002:78: a won attack on minions dispatches one, and 2 Momentum two more (no combat dice)', () => {
    // 2, 9 → 3 successes, 2 Momentum; the minion (Daring 5 + Passion 5) rolls 11, 14 → fails
    const r = resolveAttack(jc, minion, { kind: 'melee', weapon: sword, dispatchExtra: 2, minionsInReach: 3 }, pools(), dice(2, 9, 11, 14))
    expect(r.ok && r.value).toMatchObject({ dispatched: 3, saved: 0 })
    expect(r.ok && r.value.combat).toBeUndefined()
  })
  it('002:88: extra combat dice only after winning', () => {
    const r = resolveAttack(jc, monster, { kind: 'melee', weapon: sword, extraDice: 1 }, pools({ momentum: { jc: 2 } }), dice(15, 17, 3, 4))
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'extraDice' })
  })
  it('002:76 / J1: a bought d20 is paid with Momentum before the roll; not enough Momentum refuses the attack', () => {
    const r = resolveAttack(jc, monster, { kind: 'shooting', weapon: { damage: 4, qualities: [] }, attacker: { bought: 2 } }, pools({ momentum: { jc: 1 } }), dice())
    expect(!r.ok && r.error).toMatchObject({ code: 'rule', field: 'momentum' })
  })
  it('J2 / 002:19: an insult with Might hurts Confusion; the defender uses the higher of Passion and Might', () => {
    // attack Cunning 5 + Might 8 (13/5): 4, 12 → 3; defense Daring 7 + Might 9 (16/7): 18, 19 → 0
    const r = resolveAttack(jc, monster, { kind: 'insult', insultWith: 'might', weapon: { damage: 2, qualities: [] } }, pools(), dice(4, 12, 18, 19, 2, 1))
    expect(r.ok && r.value.defense.pair).toEqual(['daring', 'might'])
    expect(r.ok && r.value.track).toBe('confusion')
    expect(r.ok && r.value.stress?.stress).toEqual({ confusion: 3, fear: 0, injury: 0 })
  })
  it('J5: the attacker\'s Wounds raise its difficulty (melee uses Cunning → Wounds)', () => {
    const hurt = { ...jc, afflictions: { madness: 0, trauma: 0, wounds: 2 } }
    const r = resolveAttack(hurt, monster, { kind: 'melee', weapon: sword }, pools(), dice(3, 7, 10, 15, 3, 3, 3))
    expect(r.ok && r.value.attack.difficulty.total).toBe(3)
    expect(r.ok && r.value.outcome.winner).toBe('attacker') // 3 successes at D3, 0 Momentum, beats 1
  })
})

describe('recovery tests (002:161-171, J6)', () => {
  it('J6: John Carter recovers his own Injury (Might 8 + Reason 5, D3 + 1 for his Wound, J5): 2 and 4 → 4 successes, 1 Momentum → 5 removed', () => {
    const hurt = { ...jc, stress: { confusion: 0, fear: 0, injury: 6 }, afflictions: { madness: 0, trauma: 0, wounds: 1 } }
    const r = resolveRecovery(hurt, hurt, { track: 'injury', mode: 'stress', momentum: 1 }, pools({ momentum: { jc: 1 } }), dice(2, 4))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value).toMatchObject({ who: 'self', pair: ['might', 'reason'], difficulty: { total: 4 }, stressRemoved: 5, patient: { stress: { injury: 1 } } })
    expect(r.value.pools.momentum.jc).toBe(0) // the 1 Momentum came from the saved pool: the test had none left
  })
  it('002:161/171: an ally helping with Injury rolls Empathy + Reason at D2', () => {
    const patient = { ...monster, id: 'dejah', side: 'players' as const, stress: { confusion: 0, fear: 0, injury: 5 } }
    const r = resolveRecovery(jc, patient, { track: 'injury', mode: 'stress' }, pools(), dice(6, 11))
    expect(r.ok && r.value).toMatchObject({ who: 'ally', pair: ['empathy', 'reason'], difficulty: { total: 2 }, stressRemoved: 2 })
  })
  it('J6: treating an affliction naturally removes one on a success, none on a failure (1 Madness: Empathy + Reason at D3 + 1, J5)', () => {
    const hurt = { ...jc, afflictions: { madness: 1, trauma: 0, wounds: 0 } }
    const good = resolveRecovery(hurt, hurt, { track: 'confusion', mode: 'affliction' }, pools(), dice(1, 2))
    expect(good.ok && good.value).toMatchObject({ difficulty: { total: 4 }, test: { successes: 4 }, afflictionsRemoved: 1, patient: { afflictions: { madness: 0 } } })
    const bad = resolveRecovery(hurt, hurt, { track: 'confusion', mode: 'affliction' }, pools(), dice(19, 18))
    expect(bad.ok && bad.value.afflictionsRemoved).toBe(0)
  })
})

describe('damage without an attack (002:110, 002:137)', () => {
  it('002:110 Danger: 2 combat dice (2 Threat) rolling 6 and 2 deal 3 Injury', () => {
    expect(harm(monster, 2, 'injury', [], dice(6, 2)).stress.stress.injury).toBe(3)
  })
  it('002:137: a bystander failing the D2 blast test (Daring + Empathy) takes 1 combat die with Explosive: a 5 → 2 Injury, 1 Fear', () => {
    const r = explosiveBlast(jc, dice(15, 12, 5))
    expect(r.ok && r.value.evaded).toBe(false)
    expect(r.ok && r.value.harm?.split.byTrack).toEqual({ confusion: 0, fear: 1, injury: 2 })
    const dodged = explosiveBlast(jc, dice(3, 12))
    expect(dodged.ok && dodged.value).toMatchObject({ evaded: true })
  })
})
