/**
 * Folding a session log must not change the log it folds: the session service folds its cached lines again after
 * every undo, redo and carry. Found by the crash-safety harness (seed 20261201, kill 14): a carried encounter's
 * `encounter.resumed` records were the fold's own objects, so each fold wrote its statuses back into the cached
 * line, and the next fold started from them; an undone step came back "discarded" after a restart.
 */
import { describe, expect, it } from 'vitest'
import { foldEncounters } from '../../../../src-main/services/encounter-fold'
import type { SessionRecord } from '../../../../src-main/services/session-records'
import { EVENT_VERSION } from '../../../../src-shared/domain/encounter'

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
