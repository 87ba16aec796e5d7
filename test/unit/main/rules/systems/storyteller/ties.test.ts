import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { engine, kaelTrooperBob, run } from './engine'
import { fixedRng } from '../../../../../../src-main/rules/kit/rng'
import { storytellerSystem } from '../../../../../../src-main/rules/systems/storyteller'
import { toPlayerMoment } from '../../../../../../src-main/projections/to-player-view'

/** Kael on tick 0; the trooper and Bob tied on tick 3 (004: no tie-break die) */
const fight = kaelTrooperBob
/** Kael's turn ends (Speed 5 to tick 5): the tied pair's tick comes */
const atTick3 = (): { state: EncounterState; events: EngineEvent[] } => run(run(fight(), { type: 'act', combatantId: 'kael', speed: 5 }).state, { type: 'nextTurn' })

describe('Storyteller ties: "if still tied, actions are simultaneous" (004, issue 27 defect 12)', () => {
  it('004 "if still tied, actions are simultaneous": no hidden d20 orders a tie; the tied act together on their tick', () => {
    const { state, events } = atTick3()
    expect(state.turn.tick).toBe(3)
    expect([...(state.turn.together ?? [])].sort()).toEqual(['bob', 'st'])
    expect(storytellerSystem.initiative.actors(state).sort()).toEqual(['bob', 'st'])
    const line = events.map((e) => engine.describe(e)).find((l) => l?.key.startsWith('log.core.tickTurn'))
    expect(line).toMatchObject({ key: 'log.core.tickTurnTogether', params: { tick: 3 } })
    expect(String(line?.params.name)).toMatch(/Stormtrooper/)
    expect(String(line?.params.name)).toMatch(/Bob/)
  })
  it('004: each of the tied may act on the tick (neither is "not on its tick"); ending the turn moves the one who did not act', () => {
    let s = atTick3().state
    s = run(s, { type: 'act', combatantId: 'bob', speed: 4 }).state
    s = run(s, { type: 'act', combatantId: 'st', speed: 6 }).state
    expect(s.combatants.find((c) => c.id === 'bob')!.initiative.value).toBe(7)
    expect(s.combatants.find((c) => c.id === 'st')!.initiative.value).toBe(9)
    const idle = run(atTick3().state, { type: 'act', combatantId: 'bob', speed: 4 }).state
    const after = run(idle, { type: 'nextTurn' }).state
    // the trooper did nothing the engine was told about: the action Speed (5) from tick 3
    expect(after.combatants.find((c) => c.id === 'st')!.initiative.value).toBe(8)
    expect(after.turn.together).toBeUndefined()
  })
  it('004 "actions are simultaneous": one taken out by a simultaneous action still gets theirs', () => {
    let s = atTick3().state
    // the trooper's shot (as the GM enters its damage) takes Bob out on the tick they share
    s = run(s, { type: 'damage', combatantId: 'bob', amount: 7, damageType: 'bashing' }).state
    expect(storytellerSystem.isOut(s.combatants.find((c) => c.id === 'bob')!)).toBe(true)
    // Bob's own action on that tick is not refused
    const r = engine.decide(s, { type: 'act', combatantId: 'bob', speed: 5 }, { rng: fixedRng([]), now: '2026-01-01T00:00:00.000Z' })
    expect(r.ok).toBe(true)
  })
  it('004: the player display shows the tied actors together as the current turn', () => {
    const { view } = toPlayerMoment(atTick3().state, storytellerSystem)
    const current = view.order.filter((c) => c.current).map((c) => c.name).sort()
    expect(current).toEqual(['Bob', 'Stormtrooper'])
    expect(view.tick).toBe(3)
  })
})
