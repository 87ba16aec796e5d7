/**
 * The readable entries of one session log as the session service keeps them (log-cache.ts): the list in line
 * order, and where each encounter's event entries stand by seq, so a status change (undo, redo, a discard) finds
 * its entry without a scan. Pure: no store, no push.
 */
import type { EventRecord } from '@shared/domain/encounter'
import type { SessionLogEntry } from '@shared/views/encounter-views'
import type { FoldedEncounter } from '../play/encounter-fold'
import type { SessionRecord } from './session-records'

export interface Entries {
  /** in order of `line` (ascending: found by binary search, `entryIndex`) */
  list: SessionLogEntry[]
  /** encounterId → the lines of its event entries by seq */
  lineOfEvent: Map<string, SeqLines>
}

/**
 * The line of each event entry of one encounter by seq, as runs in append order: `runs` holds triples (seq, line,
 * n), seq + i written on line + i for i < n (the events of one command are consecutive lines with consecutive
 * seqs: one run a command, three numbers, no Map entry a record). Seqs ascend in every log the app writes (binary
 * search over the runs); a hand-made log whose seqs do not is searched from the end (the last line wins).
 */
interface SeqLines {
  runs: number[]
  /** the greatest seq so far */
  last: number
  ascending: boolean
}

function addSeqLine(m: SeqLines, seq: number, line: number): void {
  const r = m.runs
  const k = r.length - 3
  if (seq <= m.last) m.ascending = false
  m.last = Math.max(m.last, seq)
  if (k >= 0 && seq === r[k] + r[k + 2] && line === r[k + 1] + r[k + 2]) r[k + 2]++
  else r.push(seq, line, 1)
}

/** the line of an encounter's event entry of `seq`, or undefined */
export function lineOfSeq(m: SeqLines | undefined, seq: number): number | undefined {
  if (!m) return undefined
  const r = m.runs
  const inRun = (k: number) => (seq >= r[k] && seq < r[k] + r[k + 2] ? r[k + 1] + (seq - r[k]) : undefined)
  if (!m.ascending) {
    for (let k = r.length - 3; k >= 0; k -= 3) {
      const line = inRun(k)
      if (line !== undefined) return line
    }
    return undefined
  }
  // the last run starting at or before seq
  let lo = 0
  let hi = r.length / 3
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (r[mid * 3] <= seq) lo = mid + 1
    else hi = mid
  }
  return lo === 0 ? undefined : inRun((lo - 1) * 3)
}

/** index of the first element of `xs` (ascending by `key`) whose key is >= x */
function lowerBound<T>(xs: readonly T[], x: number, key: (t: T) => number): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (key(xs[mid]) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** the index of the entry of `line` in the cached entries (ascending by line), or undefined */
export function entryIndex(entries: readonly SessionLogEntry[], line: number): number | undefined {
  const i = lowerBound(entries, line, (e) => e.line)
  return entries[i]?.line === line ? i : undefined
}

/** adds the entry of a line (none for a record that makes none), indexing an event entry by its seq */
export function keepEntry(into: Entries, line: number, record: SessionRecord, e: SessionLogEntry | null): void {
  if (!e) return
  into.list.push(e)
  if (record.kind === 'encounter.event') {
    const eid = record.encounterId
    let bySeq = into.lineOfEvent.get(eid)
    if (!bySeq) into.lineOfEvent.set(eid, (bySeq = { runs: [], last: -Infinity, ascending: true }))
    addSeqLine(bySeq, record.record.seq, line)
  }
}

/** a damaged line in its place: its number and why */
export function addDamagedEntry(into: Entries, d: { line: number; message: string }, at: string): void {
  into.list.push({ line: d.line, at, kind: 'session', key: 'log.session.damaged', params: { line: d.line, message: d.message } })
}

/** final status of every event record: encounterId → seq → status */
export function statusesOf(fold: Map<string, FoldedEncounter>): Map<string, Map<number, SessionLogEntry['status']>> {
  const status = new Map<string, Map<number, SessionLogEntry['status']>>()
  for (const [eid, f] of fold) status.set(eid, new Map(f.records.map((r) => [r.seq, r.status])))
  return status
}

/** an event status changed by an appended line: which encounter, which seq, what it is now */
export type StatusChange = { eid: string; seq: number; now: EventRecord['status'] }
