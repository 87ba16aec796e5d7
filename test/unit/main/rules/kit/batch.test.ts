/**
 * batch.ts: how a batch evolves its state (issue 28). In place is an option of the evolve the engine makes
 * (`evolverFor(…, { inPlace: true })`), passed to the batch that pushes with it, never a module-level switch: before
 * issue 28 a flag `inPlace.on` in state.ts turned it on for every evolve while it was set, and `evolverFor` took no
 * option (the first test failed: the option did nothing).
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState } from '@shared/domain/encounter'
import { Batch, evolverFor } from '../../../../../src-main/rules/kit/batch'
import { initialState } from '../../../../../src-main/rules/kit/evolve-core'
import * as stateModule from '../../../../../src-main/rules/kit/state'

function twoCombatants(): EncounterState {
  const s = initialState({ id: 'e', name: 'E', systemId: 'kit', seed: 's' })
  const c = (id: string) => ({ id, name: id, side: 'party' as const, role: 'pc' as const, hidden: false, aware: true, notes: '', stats: {}, state: { hp: 10 }, conditions: [], initiative: { value: 10, modifier: 0 } })
  return { ...s, combatants: [c('a'), c('b')], turn: { phase: 'combat', round: 1, order: ['a', 'b'], index: 0 } }
}

const hit = { type: 'kit.hit', changes: [{ id: 'a', patch: { hp: 7 } }] }
const turn = { type: 'core.turnStarted', combatantId: 'b', name: 'b', round: 1, index: 1, phase: 'combat' }

describe('batch.ts: in place is an option, not a switch (issue 28)', () => {
  it('evolverFor with inPlace changes the state’s own objects; the default evolve copies them', () => {
    const own = twoCombatants()
    const a = own.combatants[0]
    const turnObject = own.turn
    const inPlace = evolverFor('kit', undefined, undefined, { inPlace: true })
    const s1 = inPlace(inPlace(own, hit), turn)
    expect(s1).toBe(own)
    expect(a.state).toEqual({ hp: 7 })
    expect(turnObject.index).toBe(1)

    const shared = twoCombatants()
    const before = JSON.stringify(shared)
    const copied = evolverFor('kit')
    const s2 = copied(copied(shared, hit), turn)
    expect(JSON.stringify(shared)).toBe(before)
    expect(s2.combatants[0].state).toEqual({ hp: 7 })
    expect(s2.turn.index).toBe(1)
    // the same rules either way
    expect(s2).toEqual(s1)
  })

  it('a batch pushes with its push evolve and probes with its own (a probe never changes the state in place)', () => {
    const own = twoCombatants()
    const b = new Batch(own, evolverFor('kit'), evolverFor('kit', undefined, undefined, { inPlace: true }))
    const probed = b.probe(turn as never)
    expect(probed).not.toBe(own)
    expect(own.turn.index).toBe(0)
    b.push(turn as never)
    expect(b.state).toBe(own)
    expect(own.turn.index).toBe(1)
  })

  it('state.ts keeps no module-level switch', () => {
    expect(Object.keys(stateModule)).not.toContain('inPlace')
  })
})
