import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { hanSolo, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'
import { fightOf, run } from './play'

const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as ScState
const burned = (events: EngineEvent[]) => events.filter((e) => e.type === 'starchasers.burned')

// Han's pistol with Burning(1): the Focus rolled becomes 1 point of damage on the following Round (000:739)
const pyro = { ...hanSolo, weapons: [{ ...hanSolo.weapons[0], name: 'Incendiary pistol', qualities: { burning: 1 } }] }

const fight = (order: Record<string, number>) => fightOf({ han: pyro, trooper: stormtrooper }, order)
/** Han's hit with one Focus on Burning; the trooper's defense dice all blank */
const burnHit = (s: EncounterState) => run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'close', dice: ['hit', 'hit', 'focus', 'blank', 'blank', ...Array(12).fill('blank')] }).state

describe('Starchasers Burning lands on the following Round (issue 27, defect 12)', () => {
  it('Burning lands on the following Round (000:739), not at the target\'s turn later in the round of the hit (000:21)', () => {
    let s = burnHit(fight({ han: 5, trooper: 3 }))
    expect(st(s, 'trooper').burning).toBe(1)
    const hp = st(s, 'trooper').hp
    // round 1 goes on: the trooper's turn in the round of the hit; no burn yet
    const r1 = run(s, { type: 'nextTurn' })
    expect(r1.state.turn).toMatchObject({ round: 1 })
    expect(burned(r1.events)).toEqual([])
    expect(st(r1.state, 'trooper').hp).toBe(hp)
    // round 2 (the following Round): Han's turn, then the trooper's, when the point lands
    s = run(r1.state, { type: 'nextTurn' }).state
    expect(s.turn.round).toBe(2)
    const r2 = run(s, { type: 'nextTurn' })
    expect(burned(r2.events)).toEqual([expect.objectContaining({ combatantId: 'trooper', amount: 1 })])
    expect(st(r2.state, 'trooper')).toMatchObject({ hp: hp - 1, burning: 0 })
  })
  it('000:739: a target that already acted this Round burns at its first turn of the next one', () => {
    let s = fight({ trooper: 5, han: 3 })
    s = run(s, { type: 'nextTurn' }).state // Han's turn, round 1
    s = burnHit(s)
    const hp = st(s, 'trooper').hp
    const r = run(s, { type: 'nextTurn' }) // round 2: the trooper first
    expect(r.state.turn.round).toBe(2)
    expect(burned(r.events)).toEqual([expect.objectContaining({ combatantId: 'trooper', amount: 1 })])
    expect(st(r.state, 'trooper').hp).toBe(hp - 1)
  })
})
