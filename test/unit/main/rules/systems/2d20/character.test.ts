/**
 * Issue 29: a 2d20 character's own sheet on its player's phone, and the Luck and Momentum its player may ask to
 * spend, worked on the sample campaign's party (John Carter: Cunning 5, Daring 4, Empathy 6, Might 8, Passion 7,
 * Reason 5; 3 Luck) with fixed states.
 */
import { describe, expect, it } from 'vitest'
import { combatantOf, sampleFight, withState } from '../../../projections/sample-fight'

const JOHN = 'pc-john-carter'
const DEJAH = 'pc-dejah-thoris'

describe('2d20 characterSheet and playerSpends (issue 29)', () => {
  it('the three stress tracks against their maximums, afflictions, Luck, saved Momentum and the group Momentum (002:157-159, J1)', () => {
    const f = sampleFight('2d20')
    withState(f, combatantOf(f, JOHN).id, { stress: { confusion: 1, fear: 0, injury: 3 }, momentum: 2 })
    withState(f, combatantOf(f, DEJAH).id, { momentum: 1 })
    const sheet = f.system.characterSheet!(f.state, combatantOf(f, JOHN))
    expect(sheet.health).toBeNull()
    expect(sheet.resources).toEqual([
      // 002:157-159: the higher of each track's pair: Confusion max(Empathy 6, Reason 5), Fear max(Daring 4, Passion 7), Injury max(Cunning 5, Might 8)
      { key: '2d20.trackName.confusion', value: 1, max: 6 },
      { key: '2d20.trackName.fear', value: 0, max: 7 },
      { key: '2d20.trackName.injury', value: 3, max: 8 },
      { key: '2d20.afflictionName.madness', value: 0 },
      { key: '2d20.afflictionName.trauma', value: 0 },
      { key: '2d20.afflictionName.wounds', value: 0 },
      { key: '2d20.pools.luck', value: 3 },
      // J1: saved Momentum capped at the lowest attribute (Daring 4)
      { key: '2d20.character.savedMomentum', value: 2, max: 4 },
      // J1: the group's Momentum is the PCs' saved Momentum summed, as the board shows it (2 + 1)
      { key: '2d20.pools.momentum', value: 3, shared: true },
    ])
  })

  it('Luck for a Second Wind clears one track with stress on it, one point (002:98)', () => {
    const f = sampleFight('2d20')
    const john = () => combatantOf(f, JOHN)
    withState(f, john().id, { stress: { confusion: 0, fear: 0, injury: 3 } })
    const options = f.system.playerSpends!.options(f.state, john())
    expect(options).toEqual([{ resource: 'luck.secondWind.injury', label: '2d20.character.luck.secondWind.injury', left: 3 }])
    const cmd = f.system.playerSpends!.command(f.state, john(), 'luck.secondWind.injury')
    expect(cmd).toEqual({ type: 'spend', by: john().id, request: { spend: 'secondWind' }, track: 'injury' })
    f.run(cmd!)
    expect(john().state).toMatchObject({ luck: 2, stress: { confusion: 0, fear: 0, injury: 0 } })
    expect(f.system.playerSpends!.options(f.state, john())).toEqual([])
  })

  it('Luck for an additional Conflict action on his own turn, once a turn (002:96)', () => {
    const f = sampleFight('2d20')
    f.run({ type: 'rollInitiative' })
    f.run({ type: 'startCombat' })
    const john = () => combatantOf(f, JOHN)
    for (let i = 0; i < 10 && f.state.turn.order[f.state.turn.index] !== john().id; i++) f.run({ type: 'nextTurn' })
    expect(f.state.turn.order[f.state.turn.index]).toBe(john().id)
    expect(f.system.playerSpends!.options(f.state, john()).map((o) => o.resource)).toEqual(['luck.extraConflictAction'])
    f.run(f.system.playerSpends!.command(f.state, john(), 'luck.extraConflictAction')!)
    expect(john().state).toMatchObject({ luck: 2, budget: { conflict: 2, luckConflictBought: true } })
    expect(f.system.playerSpends!.options(f.state, john())).toEqual([])
    expect(f.system.playerSpends!.command(f.state, john(), 'luck.extraConflictAction')).toBeNull()
  })

  it('Momentum spends from the party pool when the group keeps one: Obtain Information costs 1 (002:84, J1)', () => {
    const f = sampleFight('2d20')
    f.state = { ...f.state, system: { ...f.state.system, momentumPool: 'party' }, pools: { ...f.state.pools, momentum: 2 } }
    const john = () => combatantOf(f, JOHN)
    const sheet = f.system.characterSheet!(f.state, john())
    // no saved Momentum of his own in a party pool; the group's is the pool
    expect(sheet.resources.filter((r) => r.key.includes('omentum'))).toEqual([{ key: '2d20.pools.momentum', value: 2, shared: true }])
    expect(f.system.playerSpends!.options(f.state, john()).map((o) => [o.resource, o.left])).toEqual([['momentum.obtainInformation', 2], ['momentum.additionalMovement', 2]])
    f.run(f.system.playerSpends!.command(f.state, john(), 'momentum.obtainInformation')!)
    expect(f.state.pools.momentum).toBe(1)
  })

  it('a narrator character or an ally has nothing to spend', () => {
    const f = sampleFight('2d20')
    for (const c of f.state.combatants.filter((x) => x.side !== 'party')) expect(f.system.playerSpends!.options(f.state, c)).toEqual([])
  })
})
