/**
 * Issue 10: a hidden combatant's turn must not show on the player display (the "X's turn" header went blank), and
 * the mook numbers players see have no gaps where hidden ones stand. Driven through the real Saga engine.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EventRecord } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'
import { applyCommand, createEncounter, getSystem } from '../../../../src-main/rules/index'

const saga = (() => {
  const s = getSystem('saga')
  if (!s.ok) throw new Error('saga not registered')
  return s.value
})()

const block = (name: string, _dex?: number) => saga.statBlockTemplates.npc(name)

/** a new encounter of a system, driven through the real engine */
function encounter(systemId: SystemId, id: string, seed: string) {
  const made = createEncounter({ id, name: 'Hangar', systemId, seed })
  if (!made.ok) throw new Error(made.error.message)
  let { state, records } = made.value as { state: EncounterState; records: EventRecord[] }
  const run = (command: Record<string, unknown>) => {
    const r = applyCommand(records, state, command as EngineCommand, { now: '2026-12-01T10:00:00.000Z' })
    if (!r.ok) throw new Error(`${String(command.type)}: ${r.error.message}`)
    state = r.value.state
    records = r.value.records
  }
  return { get state() { return state }, get records() { return records }, run }
}

function play() {
  const e = encounter('saga', 'e1', 'hidden-turn-seed')
  const run = e.run
  run({ type: 'addCombatant', statBlock: saga.statBlockTemplates.pc('Vela'), id: 'vela', name: 'Vela', side: 'party', role: 'pc' })
  run({ type: 'addCombatant', statBlock: block('Trooper', 10), count: 3, name: 'Trooper', side: 'enemies' })
  return {
    get state() { return e.state },
    get records() { return e.records },
    run,
    /** set each one's initiative and start the combat */
    fight(initiative: Record<string, number>) {
      for (const [combatantId, value] of Object.entries(initiative)) run({ type: 'setInitiative', combatantId, value })
      run({ type: 'startCombat' })
    },
  }
}

/** the display under the campaign's "keep the last visible turn" setting (issues 10 and 14) */
const view = (s: EncounterState, records?: EventRecord[], hiddenTurn: HiddenTurnDisplay = 'keep') => toPlayerView({ campaignName: 'C', systemId: 'saga', state: s, system: saga, hiddenTurn, ...(records ? { records } : {}) }).encounter!

describe('a hidden combatant acting: the campaign says what players see (issue 27)', () => {
  const fight = () => {
    const p = play()
    p.run({ type: 'setHidden', combatantId: 'trooper-2', hidden: true })
    p.fight({ vela: 20, 'trooper-2': 15, 'trooper-1': 10, 'trooper-3': 5 })
    p.run({ type: 'nextTurn' })
    expect(p.state.turn.order[p.state.turn.index]).toBe('trooper-2')
    return p
  }
  const leaks = (v: unknown) => /trooper-2\b|Trooper 3/.test(JSON.stringify(v))

  it('by default "the enemies\' turn": nobody visible is shown acting, the acting side is; never who', () => {
    const p = fight()
    const v = toPlayerView({ campaignName: 'C', systemId: 'saga', state: p.state, system: saga, records: p.records }).encounter!
    expect(v).toMatchObject({ currentId: null, round: 1, hiddenTurn: { side: 'enemies' } })
    expect(v.order.some((c) => c.current)).toBe(false)
    expect(leaks(v)).toBe(false)
  })

  it('"another turn": nobody is shown acting and no side is named', () => {
    const p = fight()
    const v = view(p.state, p.records, 'unnamed')
    expect(v).toMatchObject({ currentId: null, hiddenTurn: {} })
    expect(v.hiddenTurn?.side).toBeUndefined()
    expect(leaks(v)).toBe(false)
  })

  it('"keep the last visible turn": the old display, no hidden-turn mark', () => {
    const p = fight()
    const v = view(p.state, p.records, 'keep')
    expect(v.currentId).toBe('vela')
    expect(v.hiddenTurn).toBeUndefined()
  })

  it('a visible combatant acting shows its turn under every setting; after End encounter nobody acts', () => {
    const p = fight()
    p.run({ type: 'nextTurn' })
    for (const mode of ['side', 'unnamed', 'keep'] as const) {
      expect(view(p.state, p.records, mode)).toMatchObject({ currentId: 'trooper-1' })
      expect(view(p.state, p.records, mode).hiddenTurn).toBeUndefined()
    }
    p.run({ type: 'nextTurn' })
    p.run({ type: 'nextTurn' })
    p.run({ type: 'nextTurn' })
    // Trooper 2 (hidden) acts again when the GM ends the encounter
    p.run({ type: 'endEncounter' })
    expect(p.state.turn.phase).toBe('ended')
    for (const mode of ['side', 'unnamed', 'keep'] as const) {
      const v = view(p.state, p.records, mode)
      expect(v).toMatchObject({ phase: 'ended', currentId: null })
      expect(v.order.some((c) => c.current)).toBe(false)
      expect(v.hiddenTurn).toBeUndefined()
    }
  })
})

describe('a hidden combatant acting (issue 10)', () => {
  it('keeps showing the last visible turn: the header never goes blank, the round does not move on', () => {
    const p = play()
    p.run({ type: 'setHidden', combatantId: 'trooper-2', hidden: true })
    p.fight({ vela: 20, 'trooper-2': 15, 'trooper-1': 10, 'trooper-3': 5 })
    expect(p.state.turn.order).toEqual(['vela', 'trooper-2', 'trooper-1', 'trooper-3'])
    const velaTurn = view(p.state, p.records)
    expect(velaTurn.currentId).toBe('vela')
    p.run({ type: 'nextTurn' })
    expect(p.state.turn.order[p.state.turn.index]).toBe('trooper-2')
    // the hidden trooper acts: the display looks exactly as during Vela's turn
    expect(view(p.state, p.records)).toEqual(velaTurn)
    p.run({ type: 'nextTurn' })
    p.run({ type: 'nextTurn' })
    // round 2 begins with... Vela; hide Vela's follower and check a hidden first actor of a round
    p.run({ type: 'nextTurn' })
    expect(view(p.state, p.records).round).toBe(2)
  })

  it('a hidden combatant first in a round: players still see the previous round\'s last visible turn', () => {
    const p = play()
    p.run({ type: 'setHidden', combatantId: 'trooper-1', hidden: true })
    p.fight({ 'trooper-1': 30, vela: 20, 'trooper-2': 10, 'trooper-3': 5 })
    // the hidden trooper-1 opens round 1: nothing visible came before, nobody is shown acting yet
    expect(view(p.state, p.records)).toMatchObject({ round: 1, currentId: null })
    p.run({ type: 'nextTurn' })
    expect(view(p.state, p.records).currentId).toBe('vela')
    p.run({ type: 'nextTurn' })
    p.run({ type: 'nextTurn' })
    const lastOfRound1 = view(p.state, p.records)
    // trooper-1 is hidden: trooper-3 shows as "Trooper 2" (its id too)
    expect(lastOfRound1).toMatchObject({ round: 1, currentId: 'trooper-v2' })
    p.run({ type: 'nextTurn' })
    expect(p.state.turn).toMatchObject({ round: 2 })
    expect(p.state.turn.order[p.state.turn.index]).toBe('trooper-1')
    expect(view(p.state, p.records)).toEqual(lastOfRound1)
  })

  it('with every combatant hidden, players see round 1 with nobody acting however many rounds pass (issue 14)', () => {
    const p = play()
    for (const id of ['vela', 'trooper-1', 'trooper-2', 'trooper-3']) p.run({ type: 'setHidden', combatantId: id, hidden: true })
    p.fight({ vela: 20, 'trooper-1': 15, 'trooper-2': 10, 'trooper-3': 5 })
    const start = view(p.state, p.records)
    expect(start).toMatchObject({ round: 1, currentId: null, order: [] })
    for (let i = 0; i < 9; i++) p.run({ type: 'nextTurn' })
    // the engine is in round 3; the players' board has not moved
    expect(p.state.turn.round).toBe(3)
    expect(view(p.state, p.records)).toEqual(start)
    // revealed, Vela shows at once (a GM action players may see), on the engine's round
    p.run({ type: 'setHidden', combatantId: 'vela', hidden: false })
    expect(view(p.state, p.records).order.map((c) => c.name)).toEqual(['Vela'])
  })
})

describe('the turn players see while a hidden one acts, on the Storyteller wheel (issue 14)', () => {
  it('after a visible turn the wheel stays as it stood then: the actor, its tick and the places', () => {
    const st = getSystem('storyteller')
    if (!st.ok) throw new Error('storyteller not registered')
    const e = encounter('storyteller', 'w1', 'wheel-seed')
    const run = e.run
    run({ type: 'addCombatant', statBlock: st.value.statBlockTemplates.pc('Kael'), id: 'kael', name: 'Kael', side: 'party', role: 'pc' })
    run({ type: 'addCombatant', statBlock: st.value.statBlockTemplates.npc('Sniper'), id: 'sniper', name: 'Sniper', side: 'enemies', hidden: true })
    run({ type: 'setInitiative', combatantId: 'kael', value: 0 })
    run({ type: 'setInitiative', combatantId: 'sniper', value: 2 })
    run({ type: 'startCombat' })
    const pv = () => toPlayerView({ campaignName: 'C', systemId: 'storyteller', state: e.state, system: st.value, records: e.records, hiddenTurn: 'keep' }).encounter!
    const kaelTurn = pv()
    expect(kaelTurn).toMatchObject({ currentId: 'kael', tick: 0 })
    run({ type: 'nextTurn' })
    // the sniper (tick 2) acts; Kael moved on by its action Speed; players still see Kael's turn on tick 0
    expect(e.state.turn.order[e.state.turn.index]).toBe('sniper')
    expect(e.state.combatants.find((c) => c.id === 'kael')!.initiative.value).toBeGreaterThan(0)
    expect(pv()).toEqual(kaelTurn)
  })
})

describe('mook numbers players see (issue 10)', () => {
  const shown = (s: EncounterState, records?: EventRecord[]) => view(s, records).order.map((c) => [c.id, c.name])

  it('are renumbered among the visible ones: Trooper 1, 2, 3 with 2 hidden shows Trooper 1, 2', () => {
    const p = play()
    p.run({ type: 'setHidden', combatantId: 'trooper-2', hidden: true })
    const names = shown(p.state, p.records)
    expect(names.map((x) => x[1])).toEqual(['Vela', 'Trooper 1', 'Trooper 2'])
    // no id tells the gap either
    expect(JSON.stringify(view(p.state, p.records))).not.toMatch(/trooper-[23]\b/)
  })

  it('a combatant revealed later gets the next visible number; the others keep theirs', () => {
    const p = play()
    p.run({ type: 'setHidden', combatantId: 'trooper-2', hidden: true })
    p.run({ type: 'setHidden', combatantId: 'trooper-2', hidden: false })
    // revealed again: it is the last one players saw appear, so it takes the next number (3); trooper-3 stays 2
    expect(shown(p.state, p.records)).toEqual([['vela', 'Vela'], ['trooper-1', 'Trooper 1'], ['trooper-v3', 'Trooper 3'], ['trooper-v2', 'Trooper 2']])
    const q = play()
    q.run({ type: 'addCombatant', statBlock: block('Trooper', 10), name: 'Trooper', side: 'enemies', hidden: true })
    q.run({ type: 'addCombatant', statBlock: block('Trooper', 10), name: 'Trooper', side: 'enemies' })
    expect(q.state.combatants.map((c) => c.name)).toEqual(['Vela', 'Trooper 1', 'Trooper 2', 'Trooper 3', 'Trooper 4', 'Trooper 5'])
    // Trooper 4 is hidden: Trooper 5 shows as "Trooper 4"
    expect(shown(q.state, q.records).map((x) => x[1])).toEqual(['Vela', 'Trooper 1', 'Trooper 2', 'Trooper 3', 'Trooper 4'])
    q.run({ type: 'setHidden', combatantId: 'trooper-4', hidden: false })
    // revealed: the next visible number (5); "Trooper 4" stays the one players already know
    const after = view(q.state, q.records).order.map((c) => c.name)
    expect(after).toEqual(['Vela', 'Trooper 1', 'Trooper 2', 'Trooper 3', 'Trooper 5', 'Trooper 4'])
  })
})
