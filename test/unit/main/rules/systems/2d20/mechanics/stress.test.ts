import { describe, expect, it } from 'vitest'
import {
  afflictionsTreated, applyStress, canAct, minionsDispatched, nextSceneRelief, outStatus, recoveryDifficulty, recoveryPair, secondWind, stressRecovered,
} from '../../../../../../../src-main/rules/systems/2d20/mechanics/stress'
import { stressMax, TRACKS, type Attributes } from '../../../../../../../src-main/rules/systems/2d20/schema'
import { johnCarter } from '../fixtures'

const jc = johnCarter.attributes as Attributes
const max = { confusion: stressMax(jc, 'confusion'), fear: stressMax(jc, 'fear'), injury: stressMax(jc, 'injury') }
const target = (injury: number, wounds = 0) => ({ stress: { confusion: 0, fear: 0, injury }, afflictions: { madness: 0, trauma: 0, wounds }, max, trackers: TRACKS })

describe('stress track maxima (002:165)', () => {
  it('002:165: the higher of the two attributes — Confusion max(E6, R5) 6, Fear max(D4, P7) 7, Injury max(C5, M8) 8', () => {
    expect(max).toEqual({ confusion: 6, fear: 7, injury: 8 })
  })
})

describe('the three ways to an affliction (002:172-175, J4)', () => {
  it('002:173: 5 damage at once on an empty Injury track (max 8) → 1 Wound, stress 5', () => {
    const r = applyStress(target(0), { injury: 5 })
    expect(r).toMatchObject({ stress: { injury: 5 }, afflictions: { wounds: 1 }, gained: [{ track: 'injury', affliction: 'wounds', reason: 'fiveAtOnce' }] })
  })
  it('002:174: 3 damage on Injury 5/8 fills the track → 1 Wound, stress 8', () => {
    expect(applyStress(target(5), { injury: 3 })).toMatchObject({ stress: { injury: 8 }, afflictions: { wounds: 1 }, gained: [{ reason: 'filled' }] })
  })
  it('002:175: any damage on a full track → 1 Wound; stress stays at the maximum', () => {
    expect(applyStress(target(8, 1), { injury: 1 })).toMatchObject({ stress: { injury: 8 }, afflictions: { wounds: 2 }, gained: [{ reason: 'alreadyFull' }] })
  })
  it('J4: the ways stack — 5 damage on Injury 4/8 is 5 at once and fills the track → 2 Wounds; stress never resets', () => {
    const r = applyStress(target(4), { injury: 5 })
    expect(r.afflictions.wounds).toBe(2)
    expect(r.stress.injury).toBe(8)
    expect(r.gained.map((g) => g.reason)).toEqual(['fiveAtOnce', 'filled'])
  })
  it('4 damage on Injury 0/8 gives no affliction; each track counts on its own', () => {
    expect(applyStress(target(0), { injury: 4, fear: 4 }).gained).toEqual([])
  })
})

describe('incapacitated, blacked out, monsters and minions (002:176, J4)', () => {
  it('002:176: 4 Wounds incapacitated (acts only by spending Luck), 5 blacked out (J4: not dead unless the narrator says)', () => {
    const four = outStatus({ madness: 0, trauma: 0, wounds: 4 })
    expect(four).toEqual({ incapacitated: ['wounds'], blackedOut: [], defeated: false })
    expect(canAct(four)).toBe('withLuck')
    const five = outStatus({ madness: 0, trauma: 0, wounds: 5 })
    expect(five.blackedOut).toEqual(['wounds'])
    expect(canAct(five)).toBe('no')
  })
  it('J4 / 002:176: a monster with Menace 2 withstands 2 afflictions and is defeated by the 3rd, of any type', () => {
    expect(outStatus({ madness: 1, trauma: 0, wounds: 1 }, 2).defeated).toBe(false)
    expect(outStatus({ madness: 1, trauma: 1, wounds: 1 }, 2).defeated).toBe(true)
  })
  it('002:78: a won attack dispatches a minion, each extra Momentum one more, no more than are in reach', () => {
    expect(minionsDispatched(true, 2, 5)).toEqual({ ok: true, value: 3 })
    expect(minionsDispatched(false, 2, 5)).toEqual({ ok: true, value: 0 })
    expect(minionsDispatched(true, 3, 3)).toMatchObject({ ok: false, error: { code: 'rule', field: 'extraMomentum' } })
  })
})

describe('recovery (002:161-171, J6)', () => {
  it('002:161: D2 to help an ally, D3 for oneself', () => {
    expect([recoveryDifficulty('ally'), recoveryDifficulty('self')]).toEqual([2, 3])
  })
  it('002:163/171: Empathy + Reason for Confusion, Daring + Reason for Fear, Might + Reason for one\'s own Injury, Empathy + Reason for an ally\'s', () => {
    expect(recoveryPair('confusion', 'self')).toEqual(['empathy', 'reason'])
    expect(recoveryPair('fear', 'ally')).toEqual(['daring', 'reason'])
    expect(recoveryPair('injury', 'self')).toEqual(['might', 'reason'])
    expect(recoveryPair('injury', 'ally')).toEqual(['empathy', 'reason'])
  })
  it('J6: a success removes stress equal to its successes, +1 per Momentum (3 successes + 1 Momentum on 6 Injury → 4)', () => {
    expect(stressRecovered(true, 3, 1, 6)).toBe(4)
    expect(stressRecovered(true, 3, 1, 2)).toBe(2)
    expect(stressRecovered(false, 3, 1, 6)).toBe(0)
  })
  it('J6: treating an affliction naturally removes 1 on a success', () => {
    expect([afflictionsTreated(true, 2), afflictionsTreated(false, 2), afflictionsTreated(true, 0)]).toEqual([1, 0, 0])
  })
  it('002:98 Second Wind clears one track; 002:126 a voluntary black-out removes 1 affliction of every type next scene', () => {
    expect(secondWind({ confusion: 2, fear: 3, injury: 4 }, 'fear')).toEqual({ confusion: 2, fear: 0, injury: 4 })
    expect(nextSceneRelief({ madness: 0, trauma: 2, wounds: 5 })).toEqual({ madness: 0, trauma: 1, wounds: 4 })
  })
})
