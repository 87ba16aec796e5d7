import { describe, expect, it } from 'vitest'
import { addInjury, applyHarm, cureInjuries, newTrack, payStress, revive, tickRound, wake } from '../../../../../../../src-main/rules/systems/starchasers/mechanics/harm'

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
