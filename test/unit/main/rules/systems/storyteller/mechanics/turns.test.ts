import { describe, expect, it } from 'vitest'
import { evolve, kaelTrooperBob, run } from '../engine'
import type { EncounterState, EngineEvent } from '../../../../../../../src-shared/domain/encounter'
import { Batch } from '../../../../../../../src-main/rules/kit/batch'
import { storytellerWheel, wheelOrder } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/turns'

/** Kael (JB 4) on tick 0, the trooper (JB 1) and Bob (JB 1) on 3 */
const fight = kaelTrooperBob
const next = (s: EncounterState): EngineEvent | null => {
  let ev: EngineEvent | null = null
  storytellerWheel.startNextTurn({ b: new Batch(s, evolve), beginTurn: (e) => { ev = e } })
  return ev
}

describe('the Storyteller tick wheel as the initiative strategy', () => {
  it('004: lowest tick first; on one tick the higher Join Battle; the still tied (trooper, Bob) in the encounter\'s order, acting together', () => {
    expect(wheelOrder(fight())).toEqual(['kael', 'st', 'bob'])
  })
  it('004: an attack already moved its actor, so ending the turn costs nothing more', () => {
    const s = run(fight(), { type: 'attack', attackerId: 'kael', targetId: 'st', dice: [2, 2, 2, 2, 2, 2, 2, 2] }).state
    const b = new Batch(s, evolve)
    storytellerWheel.beforeNextTurn(b, {})
    expect(b.events).toEqual([])
  })
  it('a turn ended without an action costs the action Speed (5); the GM may give the ticks instead', () => {
    const b = new Batch(fight(), evolve)
    storytellerWheel.beforeNextTurn(b, {})
    expect(b.events).toEqual([{ type: 'storyteller.moved', combatantId: 'kael', name: 'Kael Vorn', speed: 5, from: 0, to: 5, what: '' }])
    const g = new Batch(fight(), evolve)
    storytellerWheel.beforeNextTurn(g, { ticks: 3 })
    expect(g.events[0]).toMatchObject({ type: 'core.ticksSpent', combatantId: 'kael', ticks: 3, tick: 3 })
  })
  it('T5: an Incapacitated combatant leaves the wheel; the clock never goes back', () => {
    let s = run(fight(), { type: 'damage', combatantId: 'bob', amount: 7, damageType: 'bashing' }).state
    expect(wheelOrder(s)).toEqual(['kael', 'st'])
    s = run(s, { type: 'act', combatantId: 'kael', speed: 6 }).state
    expect(next(s)).toMatchObject({ combatantId: 'st', tick: 3 })
    // a combatant whose tick has passed (healed, or a tick set by hand) acts on the current tick
    s = { ...s, turn: { ...s.turn, tick: 4 } }
    expect(next(s)).toMatchObject({ combatantId: 'st', tick: 4 })
  })
})
