/**
 * Folding a session log must not change the log it folds: the session service folds its cached lines again after
 * every undo, redo and carry. Found by the crash-safety harness (seed 20261201, kill 14): a carried encounter's
 * `encounter.resumed` records were the fold's own objects, so each fold wrote its statuses back into the cached
 * line, and the next fold started from them; an undone step came back "discarded" after a restart.
 */
import { describe, expect, it } from 'vitest'
import { foldEncounters } from '../../../../src-main/services/play/encounter-fold'
import type { SessionRecord } from '../../../../src-main/services/sessions/session-records'
import { EVENT_VERSION } from '../../../../src-shared/domain/encounter'
import { trustedCommand } from '../../../../src-main/rules/kit/command'

const E = 'enc-1'
const at = '2026-12-01T10:00:00.000Z'
const rec = (seq: number, batch: number, status: 'active' | 'undone' | 'discarded') => ({ v: EVENT_VERSION, seq, at, batch, status, event: { type: 'core.turnEnded', combatantId: 'a' } })
const ev = (seq: number, batch: number): SessionRecord => ({ kind: 'encounter.event', at, encounterId: E, record: rec(seq, batch, 'active') }) as SessionRecord

function lines(): Array<{ line: number; record: SessionRecord }> {
  const records: SessionRecord[] = [
    { kind: 'session.started', at, sessionId: 's2', title: 'S2', date: '2026-12-01', notes: '' } as SessionRecord,
    // carried in: batch 1 active, batch 2 undone
    { kind: 'encounter.resumed', at, encounterId: E, fromSessionId: 's1', planId: 'p', name: 'Fight', systemId: 'saga', seed: 'seed-1', records: [rec(1, 1, 'active'), rec(2, 2, 'undone')], display: {} } as SessionRecord,
    // a new step (batch 3) discards the undone batch 2; then batch 3 and batch 1 are undone
    { kind: 'encounter.command', at, encounterId: E, batch: 3, command: { type: 'nextTurn' } } as SessionRecord,
    ev(3, 3),
    { kind: 'encounter.undo', at, encounterId: E, batch: 3 } as SessionRecord,
    { kind: 'encounter.undo', at, encounterId: E, batch: 1 } as SessionRecord,
  ]
  return records.map((record, i) => ({ line: i + 2, record }))
}

const statuses = (ls: ReturnType<typeof lines>) => foldEncounters(ls).get(E)!.records.map((r) => `${r.batch}:${r.status}`)

describe('foldEncounters', () => {
  it('folds a carried encounter: a new step discards the undone batch, later undos mark theirs undone', () => {
    expect(statuses(lines())).toEqual(['1:undone', '2:discarded', '3:undone'])
  })

  it('gives the same statuses when the same lines are folded again (it does not write into the lines it reads)', () => {
    const ls = lines()
    const before = JSON.stringify(ls)
    const first = statuses(ls)
    expect(JSON.stringify(ls)).toBe(before)
    expect(statuses(ls)).toEqual(first)
  })
})

describe('checkEvents builds the live history once (issue 13: one replay for the check and the restore)', () => {
  it('the history it keeps equals one made from the records, is taken once, and is dropped once a line changed the encounter', async () => {
    const { createEncounter, openHistory, replay } = await import('../../../../src-main/rules/index')
    const { checkEvents, foldRecord, takeHistory } = await import('../../../../src-main/services/play/encounter-fold')
    const made = createEncounter({ id: E, name: 'Fight', systemId: 'saga', seed: 'seed-1' }, at)
    if (!made.ok) throw new Error(made.error.message)
    const h = openHistory(made.value.records, { state: made.value.state })
    const out: SessionRecord[] = [{ kind: 'encounter.started', at, encounterId: E, planId: null, name: 'Fight', systemId: 'saga', seed: 'seed-1' } as SessionRecord]
    for (const record of made.value.records) out.push({ kind: 'encounter.event', at, encounterId: E, record } as SessionRecord)
    const add = (id: string) => {
      // built by the test in its schema's shape (issue 28: prepare takes a parsed command)
      const p = h.prepare(trustedCommand({ type: 'addCombatant', id, statBlock: { name: id, kind: 'nonheroic', hp: 10 } }), { now: at })
      if (!p.ok) throw new Error(p.error.message)
      for (const record of p.value.records) out.push({ kind: 'encounter.event', at, encounterId: E, record } as SessionRecord)
      h.commit(p.value)
    }
    add('a')
    add('b')
    out.push({ kind: 'encounter.undo', at, encounterId: E, batch: 2 } as SessionRecord)
    const ls = out.map((record, i) => ({ line: i + 2, record }))
    const checked = checkEvents(ls)
    expect(checked.unfit).toEqual([])
    const f = checked.folded.get(E)!
    const taken = takeHistory(f)
    expect(taken?.state).toEqual(replay(f.records))
    expect(taken?.records).toEqual(f.records)
    expect(taken?.lastActive()).toBe(1)
    expect(takeHistory(f)).toBeUndefined()
    // checked again, then a redo line folds in: the kept history is out of date and not given
    const again = checkEvents(ls).folded
    foldRecord(again, { kind: 'encounter.redo', at, encounterId: E, batch: 2 } as SessionRecord, 99)
    expect(takeHistory(again.get(E)!)).toBeUndefined()
  })
})

describe('checkEvents: an event that cannot be read as a log line is damaged in its place (issue 14)', () => {
  it('also in a running encounter, whose live history makes its log lines only when first read (issue 13)', async () => {
    const { createEncounter, registerSystem } = await import('../../../../src-main/rules/index')
    const { checkEvents } = await import('../../../../src-main/services/play/encounter-fold')
    const { fakeSystem } = await import('../rules/kit/fake-system')
    // a system whose log line for `unreadable.odd` throws; its evolve ignores the event
    registerSystem({
      ...fakeSystem('unreadable', 'ordered'),
      logEntry: (e) => {
        if (e.type === 'unreadable.odd') throw new Error('no log line')
        return null
      },
    })
    const made = createEncounter({ id: E, name: 'Fight', systemId: 'unreadable' as never, seed: 'seed-1' }, at)
    if (!made.ok) throw new Error(made.error.message)
    const last = made.value.records.at(-1)!
    const odd = { ...last, seq: last.seq + 1, batch: last.batch + 1, event: { type: 'unreadable.odd' }, status: 'active' as const }
    const out: SessionRecord[] = [{ kind: 'encounter.started', at, encounterId: E, planId: null, name: 'Fight', systemId: 'unreadable', seed: 'seed-1' } as SessionRecord]
    for (const record of [...made.value.records, odd]) out.push({ kind: 'encounter.event', at, encounterId: E, record } as SessionRecord)
    const checked = checkEvents(out.map((record, i) => ({ line: i + 2, record })))
    expect(checked.unfit).toEqual([{ line: out.length + 1, message: expect.stringMatching(/unreadable\.odd.*no log line/) }])
  })
})
