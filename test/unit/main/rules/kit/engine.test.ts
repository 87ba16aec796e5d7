import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent, EventRecord } from '@shared/domain/encounter'
import { registerSystem } from '../../../../../src-main/rules/index'
import { applyCommand, canRedo, canUndo, createEncounter, logEntries, nextUndoLabel, redo, replay, undo } from '../../../../../src-main/rules/index'
import { decide } from '../../../../../src-main/rules/index'
import { fixedRng } from '../../../../../src-main/rules/kit/rng'
import { fakeSystem } from './fake-system'

registerSystem(fakeSystem('fake', 'ordered'))
registerSystem(fakeSystem('fakesides', 'sides'))
registerSystem(fakeSystem('faketicks', 'ticks'))

const now = '2026-01-01T00:00:00.000Z'
function start(systemId = 'fake') {
  const r = createEncounter({ id: 'e1', name: 'Test', systemId: systemId as never, seed: 'seed-1' }, now)
  if (!r.ok) throw new Error(r.error.message)
  return { ...r.value, events: [] as EngineEvent[], batch: 0 }
}
function run(log: { records: EventRecord[]; state: EncounterState }, cmd: EngineCommand) {
  const r = applyCommand(log.records, log.state, cmd, { now })
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} (${r.error.field})`)
  return r.value
}
const names = (s: EncounterState) => s.turn.order.map((id) => s.combatants.find((c) => c.id === id)!.name)

describe('core engine', () => {
  it('numbers instances made from one stat block ("Stormtrooper 1…6")', () => {
    const log = run(start(), { type: 'addCombatant', statBlock: { name: 'Stormtrooper', hp: 10 }, count: 6 })
    expect(log.state.combatants.map((c) => c.name)).toEqual(['Stormtrooper 1', 'Stormtrooper 2', 'Stormtrooper 3', 'Stormtrooper 4', 'Stormtrooper 5', 'Stormtrooper 6'])
    expect(log.state.combatants.map((c) => c.id)).toEqual(['stormtrooper-1', 'stormtrooper-2', 'stormtrooper-3', 'stormtrooper-4', 'stormtrooper-5', 'stormtrooper-6'])
    const more = run(log, { type: 'addCombatant', statBlock: { name: 'Stormtrooper', hp: 10 } })
    expect(more.state.combatants.at(-1)!.name).toBe('Stormtrooper 7')
    expect(more.state.combatants[0].side).toBe('enemies')
  })

  it('orders by count, ties by modifier then a recorded d20 tie-break (001 "roll a die", W7)', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 5, init: 2 } })
    log = run(log, { type: 'addCombatant', id: 'b', statBlock: { name: 'B', hp: 5, init: 5 } })
    log = run(log, { type: 'addCombatant', id: 'c', statBlock: { name: 'C', hp: 5, init: 2 } })
    log = run(log, { type: 'addCombatant', id: 'd', statBlock: { name: 'D', hp: 5, init: 0 } })
    // A 10+2=12, B 7+5=12, C 10+2=12, D 19+0=19; then tie-breaks A 3, C 15
    log = run(log, { type: 'startCombat', dice: [10, 7, 10, 19, 3, 15] })
    expect(names(log.state)).toEqual(['D', 'B', 'C', 'A'])
    expect(log.state.turn).toMatchObject({ phase: 'combat', round: 1, index: 0 })
    const started = log.events.find((e) => e.type === 'core.combatStarted')!
    expect(started.tiebreaks).toEqual({ a: 3, c: 15 })
    // replay never re-rolls
    expect(replay(log.records)).toEqual(log.state)
  })

  it('group initiative uses the lowest modifier of the group (001)', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', statBlock: { name: 'Trooper', hp: 5, init: 3 }, count: 2 })
    log = run(log, { type: 'addCombatant', id: 'sgt', statBlock: { name: 'Sergeant', hp: 5, init: 1 } })
    log = run(log, { type: 'rollInitiative', group: true, combatantIds: ['trooper-1', 'trooper-2', 'sgt'], dice: [12] })
    expect(log.state.combatants.map((c) => c.initiative.value)).toEqual([13, 13, 13])
  })

  it('surprise round: only aware combatants act, then everyone in initiative order (001 Steps 1-3)', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'jawa', statBlock: { name: 'Jawa', hp: 5, init: 1 } })
    log = run(log, { type: 'addCombatant', id: 'hero', statBlock: { name: 'Hero', hp: 5, init: 4 }, aware: false })
    log = run(log, { type: 'startCombat', dice: [5, 18] })
    expect(log.state.turn).toMatchObject({ phase: 'surprise', round: 0, order: ['jawa'], index: 0 })
    log = run(log, { type: 'nextTurn' })
    expect(log.state.turn.phase).toBe('combat')
    expect(log.state.turn.round).toBe(1)
    expect(names(log.state)).toEqual(['Hero', 'Jawa'])
    expect(log.state.turn.index).toBe(0)
  })

  it('a combatant joining mid-fight rolls and takes its place; the current turn stays (001)', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 5 } })
    log = run(log, { type: 'addCombatant', id: 'b', statBlock: { name: 'B', hp: 5 } })
    log = run(log, { type: 'startCombat', dice: [15, 5] })
    log = run(log, { type: 'nextTurn' }) // B's turn
    log = run(log, { type: 'addCombatant', id: 'c', statBlock: { name: 'C', hp: 5 }, dice: [10] })
    expect(names(log.state)).toEqual(['A', 'C', 'B'])
    expect(log.state.turn.order[log.state.turn.index]).toBe('b')
    log = run(log, { type: 'nextTurn' })
    expect(log.state.turn).toMatchObject({ round: 2, index: 0 })
  })

  it('delay and resume move the count for good (003, W7); out-of-turn delay is refused unless overridden', () => {
    let log = start()
    for (const id of ['a', 'b', 'c']) log = run(log, { type: 'addCombatant', id, statBlock: { name: id.toUpperCase(), hp: 5 } })
    log = run(log, { type: 'startCombat', dice: [18, 12, 6] })
    const refused = applyCommand(log.records, log.state, { type: 'delay', combatantId: 'c' }, { now })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'rule', field: 'combatantId' })
    log = run(log, { type: 'delay' }) // A delays
    expect(log.state.turn.order[log.state.turn.index]).toBe('b')
    log = run(log, { type: 'nextTurn' }) // C
    log = run(log, { type: 'resume', combatantId: 'a' }) // A acts before C
    expect(names(log.state)).toEqual(['B', 'A', 'C'])
    expect(log.state.turn.order[log.state.turn.index]).toBe('a')
    expect(log.state.combatants.find((c) => c.id === 'a')!.initiative.value).toBe(6)
    const over = run(log, { type: 'delay', combatantId: 'c', override: true })
    expect(over.events[0]).toMatchObject({ type: 'core.ruleOverridden', reason: 'rule.core.notYourTurn' })
  })

  it('ready then trigger inserts before the current actor (003)', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 5 } })
    log = run(log, { type: 'addCombatant', id: 'b', statBlock: { name: 'B', hp: 5 } })
    log = run(log, { type: 'startCombat', dice: [18, 12] })
    log = run(log, { type: 'ready', trigger: 'when B moves' })
    expect(log.state.turn.order[log.state.turn.index]).toBe('b')
    log = run(log, { type: 'triggerReady', combatantId: 'a' })
    expect(log.state.turn.order[log.state.turn.index]).toBe('a')
    expect(log.state.combatants[0].initiative.readied).toBeNull()
  })

  it('a readied action not triggered before the next turn is lost; the combatant acts normally', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 5 } })
    log = run(log, { type: 'addCombatant', id: 'b', statBlock: { name: 'B', hp: 5 } })
    log = run(log, { type: 'startCombat', dice: [18, 12] })
    log = run(log, { type: 'ready', trigger: 'when B moves' })
    log = run(log, { type: 'nextTurn' })
    expect(log.events.map((e) => e.type)).toContain('core.readyExpired')
    expect(log.state.turn).toMatchObject({ round: 2, index: 0 })
    expect(log.state.combatants[0].initiative.readied).toBeNull()
  })

  it('conditions end at the right moment: turn start/end of a named combatant, after N rounds (W7)', () => {
    let log = start()
    for (const id of ['a', 'b', 'c']) log = run(log, { type: 'addCombatant', id, statBlock: { name: id, hp: 5 } })
    log = run(log, { type: 'startCombat', dice: [18, 12, 6] })
    log = run(log, { type: 'nextTurn' }) // b, round 1
    log = run(log, { type: 'addCondition', combatantId: 'c', key: 'test.rounds', ends: { at: 'rounds', rounds: 1 } })
    log = run(log, { type: 'addCondition', combatantId: 'c', key: 'test.startA', ends: { at: 'turnStart', combatantId: 'a' } })
    log = run(log, { type: 'addCondition', combatantId: 'c', key: 'test.endC', ends: { at: 'turnEnd', combatantId: 'c' } })
    const keys = () => log.state.combatants.find((x) => x.id === 'c')!.conditions.map((k) => k.key)
    log = run(log, { type: 'nextTurn' }) // c
    expect(keys()).toEqual(['test.rounds', 'test.startA', 'test.endC'])
    log = run(log, { type: 'nextTurn' }) // a, round 2: c's turn ended, a's turn started
    expect(keys()).toEqual(['test.rounds'])
    log = run(log, { type: 'nextTurn' }) // b, round 2: the count where it began
    expect(keys()).toEqual([])
    const ended = log.events.find((e) => e.type === 'core.conditionEnded')!
    const turnStart = log.events.findIndex((e) => e.type === 'core.turnStarted')
    expect(log.events.indexOf(ended)).toBeLessThan(turnStart) // just before the count
  })

  it('undo/redo is a cursor over batches; a new command discards the redo branch', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 10 } })
    const afterAdd = log.state
    log = run(log, { type: 'hit', targetId: 'a', dice: [4] })
    expect(log.state.combatants[0].state.hp).toBe(6)
    expect(canUndo(log.records)).toBe(true)
    expect(nextUndoLabel(log.records)).toEqual({ key: 'log.fake.hit', params: { hp: 6 } })
    const u = undo(log.records)
    expect(u.ok).toBe(true)
    if (!u.ok) return
    expect(u.value.state).toEqual(afterAdd)
    expect(u.value.records.at(-1)!.status).toBe('undone')
    expect(canRedo(u.value.records)).toBe(true)
    const r = redo(u.value.records)
    if (!r.ok) throw new Error()
    expect(r.value.state).toEqual(log.state)
    const u2 = undo(r.value.records)
    if (!u2.ok) throw new Error()
    const next = run(u2.value, { type: 'hit', targetId: 'a', dice: [1] })
    expect(next.records.filter((x) => x.status === 'discarded')).toHaveLength(1)
    expect(canRedo(next.records)).toBe(false)
    expect(next.state.combatants[0].state.hp).toBe(9)
    const entries = logEntries(next.records)
    expect(entries.map((e) => [e.key, e.status])).toEqual([
      ['log.core.encounterCreated', 'active'],
      ['log.core.combatantAdded', 'active'],
      ['log.fake.hit', 'discarded'],
      ['log.fake.hit', 'active'],
    ])
    // nothing to undo past creation
    let recs = next.records
    for (let i = 0; i < 2; i++) {
      const x = undo(recs)
      if (!x.ok) throw new Error()
      recs = x.value.records
    }
    expect(undo(recs).ok).toBe(false)
  })

  it('bad input is a Result naming the field, never a throw', () => {
    const log = start()
    const s = log.state
    const ctx = { rng: fixedRng([]), now }
    expect(decide(s, { type: 'hit', targetId: 'nobody' }, ctx)).toMatchObject({ ok: false, error: { code: 'not-found', field: 'targetId' } })
    expect(decide(s, { type: 'nope' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'type' } })
    expect(decide(s, { type: 'addCombatant', statBlock: { name: 'X' } }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'statBlock.hp' } })
    expect(decide(s, { type: 'removeCombatant', combatantId: 'zz' }, ctx)).toMatchObject({ ok: false, error: { code: 'not-found', field: 'combatantId' } })
    expect(decide(s, { type: 'setHidden', combatantId: 'zz', hidden: 'yes' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'hidden' } })
    const withA = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 10 } })
    expect(decide(withA.state, { type: 'hit', targetId: 'a', dice: [9] }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'dice.0' } })
    expect(createEncounter({ id: 'x', name: 'x', systemId: 'nope', seed: 's' })).toMatchObject({ ok: false, error: { field: 'systemId' } })
  })

  it('hide/reveal, awareness, notes, pools and ending are events with log keys', () => {
    let log = start()
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 10 }, hidden: true })
    log = run(log, { type: 'setHidden', combatantId: 'a', hidden: false })
    log = run(log, { type: 'setNote', combatantId: 'a', notes: 'secret' })
    log = run(log, { type: 'adjustPool', pool: 'threat', delta: 3 })
    log = run(log, { type: 'adjustPool', pool: 'threat', delta: -1 })
    log = run(log, { type: 'endEncounter' })
    expect(log.state.combatants[0]).toMatchObject({ hidden: false, notes: 'secret' })
    expect(log.state.pools.threat).toBe(2)
    expect(log.state.turn.phase).toBe('ended')
    const e = logEntries(log.records)
    expect(e.find((x) => x.key === 'log.core.combatantAdded')!.gmOnly).toBe(true)
    expect(e.find((x) => x.key === 'log.core.noteSet')!.gmOnly).toBe(true)
    expect(e.map((x) => x.key)).toContain('log.core.revealed')
  })

  it('sides take turns: party first, then the other sides, then a new round', () => {
    let log = start('fakesides')
    log = run(log, { type: 'addCombatant', id: 'p', statBlock: { name: 'P', hp: 5 }, side: 'party' })
    log = run(log, { type: 'addCombatant', id: 'e', statBlock: { name: 'E', hp: 5 } })
    log = run(log, { type: 'startCombat', dice: [5, 5] })
    expect(log.state.turn).toMatchObject({ side: 'party', round: 1 })
    log = run(log, { type: 'nextTurn' })
    expect(log.state.turn).toMatchObject({ side: 'enemies', round: 1 })
    log = run(log, { type: 'nextTurn' })
    expect(log.state.turn).toMatchObject({ side: 'party', round: 2 })
  })

  it('tick wheel: the lowest tick acts; spending ticks moves the actor along the wheel', () => {
    let log = start('faketicks')
    log = run(log, { type: 'addCombatant', id: 'a', statBlock: { name: 'A', hp: 5 } })
    log = run(log, { type: 'addCombatant', id: 'b', statBlock: { name: 'B', hp: 5 } })
    log = run(log, { type: 'setInitiative', combatantId: 'a', value: 2 })
    log = run(log, { type: 'setInitiative', combatantId: 'b', value: 4 })
    log = run(log, { type: 'startCombat' })
    expect(log.state.turn).toMatchObject({ tick: 2 })
    expect(log.state.turn.order[log.state.turn.index]).toBe('a')
    log = run(log, { type: 'nextTurn', ticks: 5 }) // A to tick 7
    expect(log.state.turn.order[log.state.turn.index]).toBe('b')
    expect(log.state.turn.tick).toBe(4)
    log = run(log, { type: 'nextTurn', ticks: 6 }) // B to 10
    expect(log.state.turn).toMatchObject({ tick: 7 })
  })
})

describe('one path per command (issue 28): engine.ts decideParsed', () => {
  it('decides a parsed command once: its events and the batch’s final state, the state those events lead to', async () => {
    const { engineFor } = await import('../../../../../src-main/rules/index')
    const e = engineFor('fake')
    if (!e.ok) throw new Error(e.error.message)
    const engine = e.value
    let log = run(start(), { type: 'addCombatant', statBlock: { name: 'A', hp: 20, init: 2 } })
    log = run(log, { type: 'addCombatant', statBlock: { name: 'B', hp: 20, init: 1 } })
    const parsed = engine.validateCommand({ type: 'startCombat' })
    if (!parsed.ok) throw new Error(parsed.error.message)
    const d = engine.decideParsed(log.state, parsed.value, { rng: fixedRng([5, 6, 7, 8]), now })
    if (!d.ok) throw new Error(d.error.message)
    expect(d.value.events.length).toBeGreaterThan(1)
    expect(d.value.state).toEqual(d.value.events.reduce((s, ev) => engine.evolve(s, ev), log.state))
    // a raw payload is no ParsedCommand: neither decide nor the history takes one (checked by the typecheck)
    const typeOnly = () => {
      // @ts-expect-error issue 28: only validateCommand makes a ParsedCommand
      engine.decideParsed(log.state, { type: 'startCombat' }, { rng: fixedRng([]), now })
      // @ts-expect-error issue 28: History.prepare takes the parsed command only
      engine.history(log.records).prepare({ type: 'startCombat' }, { now })
    }
    expect(typeof typeOnly).toBe('function')
    // raw input parses at its own edge: refused there, naming the field
    expect(engine.decide(log.state, { type: 'addCondition', combatantId: '' } as EngineCommand, { rng: fixedRng([]), now })).toMatchObject({ ok: false, error: { code: 'invalid' } })
  })
})
