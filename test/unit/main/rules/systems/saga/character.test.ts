/**
 * Issue 29: a Saga character's own sheet on its player's phone, and the points its player may ask to spend, worked
 * on the sample campaign's party ("The Rescue at Outpost Kessa") with fixed states.
 */
import { describe, expect, it } from 'vitest'
import { combatantOf, sampleFight, withState } from '../../../projections/sample-fight'

const TIRA = 'pc-tira-vos'

describe('Saga characterSheet and playerSpends (issue 29)', () => {
  it('shows hit points in full, Force Points, the condition track step and the second winds left (001, W4, W5)', () => {
    const f = sampleFight('saga')
    const tira = combatantOf(f, TIRA)
    // Tira Vos: 30 HP, 6 Force Points, heroic (one second wind a day, W5)
    const sheet = f.system.characterSheet!(f.state, tira)
    expect(sheet.health).toEqual({ current: 30, max: 30, label: 'saga.hp' })
    expect(sheet.resources).toEqual([
      { key: 'saga.forcePoints', value: 6 },
      { key: 'saga.conditionTrack', value: 0, max: 5 },
      { key: 'saga.secondWindsLeft', value: 1, max: 1 },
    ])
  })

  it('a second wind is offered on her own turn at half HP or below, and its command heals max(⌊30/4⌋, Con 12) = 12 (W5)', () => {
    const f = sampleFight('saga')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    const tira = () => combatantOf(f, TIRA)
    f.run({ type: 'applyDamage', combatantId: tira().id, amount: 16 })
    expect(tira().state.hp).toBe(14)
    // not her turn yet: a swift action waits for it
    while (f.state.turn.order[f.state.turn.index] !== tira().id) f.run({ type: 'nextTurn' })
    expect(f.system.playerSpends!.options(f.state, tira())).toEqual([{ resource: 'secondWind', label: 'saga.secondWind', left: 1 }])
    const cmd = f.system.playerSpends!.command(f.state, tira(), 'secondWind')
    expect(cmd).toEqual({ type: 'secondWind', combatantId: tira().id })
    f.run(cmd!)
    expect(tira().state.hp).toBe(26)
    expect(f.system.characterSheet!(f.state, tira()).resources.find((r) => r.key === 'saga.secondWindsLeft')).toEqual({ key: 'saga.secondWindsLeft', value: 0, max: 1 })
    // once an encounter and a day: nothing more to spend
    expect(f.system.playerSpends!.options(f.state, tira())).toEqual([])
    expect(f.system.playerSpends!.command(f.state, tira(), 'secondWind')).toBeNull()
  })

  it('above half HP, or off her turn in a fight, no second wind is offered (W5: a swift action)', () => {
    const f = sampleFight('saga')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    const tira = combatantOf(f, TIRA)
    expect(f.system.playerSpends!.options(f.state, tira)).toEqual([])
    f.run({ type: 'applyDamage', combatantId: tira.id, amount: 16 })
    const notHers = f.state.turn.order[f.state.turn.index] !== tira.id
    expect(notHers).toBe(true)
    expect(f.system.playerSpends!.options(f.state, combatantOf(f, TIRA))).toEqual([])
  })

  it('a killing blow a Force Point may undo offers the Force Point, and avoidDeath spends exactly one (001:94, 003:68)', () => {
    const f = sampleFight('saga')
    const tira = combatantOf(f, TIRA)
    withState(f, tira.id, { hp: 0, status: 'dead', deathAvoidable: true })
    expect(f.system.playerSpends!.options(f.state, combatantOf(f, TIRA))).toEqual([{ resource: 'forcePoint', label: 'saga.character.avoidDeath', left: 6 }])
    const cmd = f.system.playerSpends!.command(f.state, combatantOf(f, TIRA), 'forcePoint')
    expect(cmd).toEqual({ type: 'avoidDeath', combatantId: tira.id })
    f.run(cmd!)
    const after = combatantOf(f, TIRA).state
    // 001:94: stays at 0 HP, −5 steps (the bottom of the track), unconscious; one Force Point fewer
    expect(after).toMatchObject({ forcePoints: 5, hp: 0, ct: 5, status: 'unconscious', deathAvoidable: false })
    expect(f.system.playerSpends!.options(f.state, combatantOf(f, TIRA))).toEqual([])
  })

  it('no Force Point left: nothing to spend, and no command (001:94)', () => {
    const f = sampleFight('saga')
    const tira = combatantOf(f, TIRA)
    withState(f, tira.id, { hp: 0, status: 'dead', deathAvoidable: true, forcePoints: 0 })
    expect(f.system.playerSpends!.options(f.state, combatantOf(f, TIRA))).toEqual([])
    expect(f.system.playerSpends!.command(f.state, combatantOf(f, TIRA), 'forcePoint')).toBeNull()
    expect(f.system.playerSpends!.command(f.state, combatantOf(f, TIRA), 'destiny')).toBeNull()
  })
})
