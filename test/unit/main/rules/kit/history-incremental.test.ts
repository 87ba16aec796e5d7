/**
 * The live history (core/history.ts `History`, issue 13) against the reference functions: over random
 * command / undo / redo sequences from a seeded RNG, its records, statuses, log lines, undo/redo labels and state
 * equal those of `applyCommand` / `undo` / `redo`, and its state equals a replay from scratch, after every step.
 * Small checkpoint spacings make undo and redo start from thinned checkpoints.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EventRecord } from '@shared/domain/encounter'
import { applyCommand, canRedo, canUndo, createEncounter, engineFor, logEntries, nextRedoLabel, nextUndoLabel, openHistory, redo, registerSystem, replay, undo } from '../../../../../src-main/rules/index'
import { seededRng, type Rng } from '../../../../../src-main/rules/kit/rng'
import { recordsOfTypes, Timeline } from '../../../../../src-main/rules/kit/history'
import { fakeSystem } from './fake-system'

registerSystem(fakeSystem('fake', 'ordered'))

const now = '2026-01-01T00:00:00.000Z'

function start() {
  const r = createEncounter({ id: 'e1', name: 'Test', systemId: 'fake' as never, seed: 'seed-1' }, now)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

function randomCommand(rng: Rng, state: EncounterState): EngineCommand {
  const ids = state.combatants.map((c) => c.id)
  const k = rng.int(0, 9)
  if (ids.length < 2 || k === 0) return { type: 'addCombatant', id: `c${state.combatants.length + 1}-${rng.int(0, 999)}`, statBlock: { name: `C${ids.length + 1}`, hp: rng.int(5, 40), init: rng.int(-2, 4) } }
  if (k === 1 && state.turn.phase !== 'combat') return { type: 'startCombat' }
  if (k <= 4 && state.turn.phase === 'combat') return { type: 'nextTurn' }
  return { type: 'hit', targetId: ids[rng.int(0, ids.length - 1)] }
}

function check(h: ReturnType<typeof openHistory>, ref: { records: EventRecord[]; state: EncounterState }): void {
  expect(h.records).toEqual(ref.records)
  expect(h.state).toEqual(ref.state)
  expect(h.state).toEqual(replay(ref.records))
  expect(h.log.slice()).toEqual(logEntries(ref.records))
  expect(canUndo(h.records)).toBe(canUndo(ref.records))
  expect(canRedo(h.records)).toBe(canRedo(ref.records))
  expect(nextUndoLabel(h.records)).toEqual(nextUndoLabel(ref.records))
  expect(nextRedoLabel(h.records)).toEqual(nextRedoLabel(ref.records))
  const types = ['core.combatantAdded', 'fake.hit']
  expect(recordsOfTypes(h.records, types)).toEqual(ref.records.filter((r) => types.includes(r.event.type)))
}

function walk(seed: string, steps: number, opts: { spacing?: number; recent?: number; checkpoints?: number; logKept?: number }) {
  const rng = seededRng(seed)
  const first = start()
  let ref = { records: first.records, state: first.state }
  const h = openHistory(first.records, { state: first.state, ...opts })
  const counts = { command: 0, undo: 0, redo: 0, discarded: 0 }
  for (let i = 0; i < steps; i++) {
    const k = rng.int(0, 9)
    if (k < 3) {
      const u = undo(ref.records)
      const hu = h.undo()
      expect(hu.ok).toBe(u.ok)
      if (u.ok) {
        ref = u.value
        counts.undo++
      }
    } else if (k < 5) {
      const r = redo(ref.records)
      const hr = h.redo()
      expect(hr.ok).toBe(r.ok)
      if (r.ok) {
        ref = r.value
        counts.redo++
      }
    } else {
      const cmd = randomCommand(rng, ref.state)
      const a = applyCommand(ref.records, ref.state, cmd, { now })
      // the history takes a parsed command (issue 28): parsed here, at the test's edge; `applyCommand` parses its own
      const engine = engineFor('fake')
      if (!engine.ok) throw new Error(engine.error.message)
      const valid = engine.value.validateCommand(cmd)
      const p = valid.ok ? h.prepare(valid.value, { now }) : valid
      expect(p.ok).toBe(a.ok)
      if (a.ok && p.ok) {
        expect(p.value.events).toEqual(a.value.events)
        h.commit(p.value)
        ref = { records: a.value.records, state: a.value.state }
        counts.command++
      }
    }
    check(h, ref)
  }
  counts.discarded = ref.records.filter((r) => r.status === 'discarded').length
  return { h, ref, counts }
}

describe('History (incremental) equals the reference history', () => {
  for (const [seed, opts] of [
    ['h-1', { spacing: 3, recent: 2 }],
    ['h-2', { spacing: 1, recent: 1 }],
    ['h-3', { spacing: 5, recent: 4 }],
    ['h-4', {}],
    // issue 14, memory: two spaced checkpoints at most (the spacing doubles), two log lines kept made
    ['h-8', { spacing: 2, recent: 2, checkpoints: 2, logKept: 2 }],
  ] as const) {
    it(`random command/undo/redo sequence, seed ${seed}, checkpoints ${JSON.stringify(opts)}`, () => {
      const { counts } = walk(seed, 160, opts)
      // the walk really undid, redid and discarded
      expect(counts.undo).toBeGreaterThan(10)
      expect(counts.redo).toBeGreaterThan(2)
      expect(counts.discarded).toBeGreaterThan(0)
    })
  }

  it('reopened from its records (restore), it goes on exactly like the one kept live', () => {
    const { ref } = walk('h-5', 150, { spacing: 4, recent: 3 })
    const again = openHistory(ref.records, { spacing: 4, recent: 3 })
    check(again, ref)
    // many undos in a row reach below the kept checkpoints, then redo climbs back
    let r = { records: ref.records, state: ref.state }
    for (let i = 0; i < 40; i++) {
      const u = undo(r.records)
      expect(again.undo().ok).toBe(u.ok)
      if (u.ok) r = u.value
      check(again, r)
    }
    for (let i = 0; i < 20; i++) {
      const x = redo(r.records)
      expect(again.redo().ok).toBe(x.ok)
      if (x.ok) r = x.value
      check(again, r)
    }
  })

  it('records out of batch order (a hand-made log) replay from scratch, still exact', () => {
    const { ref } = walk('h-6', 60, {})
    const [created, ...rest] = ref.records
    const shuffled = [created, ...rest.slice(rest.length >> 1), ...rest.slice(0, rest.length >> 1)]
    const h = openHistory(shuffled)
    expect(h.state).toEqual(replay(shuffled))
    const u = undo(shuffled)
    expect(h.undo().ok).toBe(u.ok)
    if (u.ok) {
      expect(h.records).toEqual(u.value.records)
      expect(h.state).toEqual(u.value.state)
    }
  })

  it('never writes into a record it was given (they may sit in a session log line)', () => {
    const { ref } = walk('h-7', 80, {})
    const given = ref.records.map((r) => ({ ...r }))
    const before = JSON.stringify(given)
    const h = openHistory(given)
    while (h.undo().ok);
    h.redo()
    expect(JSON.stringify(given)).toBe(before)
  })
})

describe('issue 14, memory: what a long history keeps', () => {
  it('its log lines, made from the records when read, read like an array (at, slice, seqAt), older lines with their statuses now', () => {
    const { h, ref } = walk('h-9', 200, { logKept: 3 })
    const lines = logEntries(ref.records)
    expect(lines.length).toBeGreaterThan(20)
    expect(h.log.length).toBe(lines.length)
    expect(h.log.at(0)).toEqual(lines[0])
    expect(h.log.at(-1)).toEqual(lines.at(-1))
    expect(h.log.at(lines.length)).toBeUndefined()
    expect(h.log.at(-lines.length - 1)).toBeUndefined()
    expect(h.log.slice(-5)).toEqual(lines.slice(-5))
    expect(h.log.slice(3, -4)).toEqual(lines.slice(3, -4))
    expect(h.log.slice(10, 5)).toEqual([])
    expect([...h.log]).toEqual(lines)
    expect(lines.map((_, i) => h.log.seqAt(i))).toEqual(lines.map((l) => l.seq))
    // undo everything: every line, made long ago or not, reads undone
    while (h.undo().ok);
    expect(h.log.slice().filter((l) => l.status === 'active').map((l) => l.key)).toEqual(logEntries(h.records).filter((l) => l.status === 'active').map((l) => l.key))
    expect(h.log.slice()).toEqual(logEntries(h.records))
  })

  it('at most `checkpoints` spaced checkpoints below the recent states, and undo still replays exactly from them', () => {
    const { h, ref } = walk('h-10', 400, { spacing: 2, recent: 2, checkpoints: 3 })
    const snaps = (h as unknown as { snaps: Map<number, EncounterState> }).snaps
    const active = ref.records.filter((r) => r.batch > 0 && r.status === 'active').map((r) => r.batch)
    const depth = new Set(active).size
    expect(depth).toBeGreaterThan(40)
    const kept = [...snaps.keys()].filter((d) => d < depth - 2)
    expect(kept.length).toBeLessThanOrEqual(3)
    let r = { records: ref.records, state: ref.state }
    for (let i = 0; i < depth; i++) {
      const u = undo(r.records)
      expect(h.undo().ok).toBe(u.ok)
      if (!u.ok) break
      r = u.value
      expect(h.state).toEqual(r.state)
    }
  })
})

describe('Timeline', () => {
  it('an undo of a batch not last (a hand-made log line) keeps its index right', () => {
    const rec = (seq: number, batch: number, status: EventRecord['status'] = 'active'): EventRecord => ({ seq, at: now, batch, status, event: { type: 'core.turnEnded' } })
    const t = new Timeline([rec(1, 0), rec(2, 1), rec(3, 2), rec(4, 2), rec(5, 3)])
    expect(t.setStatus(2, 'active', 'undone').map((r) => r.seq)).toEqual([3, 4])
    expect(t.lastActive()).toBe(3)
    expect(t.firstUndone()).toBe(2)
    expect(t.discardUndone().map((r) => r.seq)).toEqual([3, 4])
    expect(t.firstUndone()).toBeUndefined()
    expect(t.records.map((r) => r.status)).toEqual(['active', 'active', 'discarded', 'discarded', 'active'])
  })
})
