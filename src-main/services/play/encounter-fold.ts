/**
 * Folding the append-only session log back into encounters: which encounters exist, their event records with
 * the status each has after every undo / redo / new command, and the display settings (the commands given are
 * in the log, not kept: what replays an encounter is its events).
 * Replay never re-rolls: the dice are in the events.
 */
import type { EncounterState, EventRecord, Side } from '@shared/domain/encounter'
import type { DisplayMode } from '@shared/views/encounter-views'
import { asColumns, type RecordOf, type SessionRecord, type SomeLines } from '../sessions/session-records'
import { evolve, initialState, logEntry, openHistory, upcastRecord, type CreateEncounterParams, type History } from '../../rules/index'
import { Timeline } from '../../rules/kit/history'

export interface FoldedEncounter {
  /** `encounter.started`, or the same fields of `encounter.resumed` (an encounter carried in from an earlier session) */
  started: RecordOf<'encounter.started'>
  /** running; carried into the next session (its session ended while it ran); ended with its session */
  fate: 'running' | 'carried' | 'ended'
  /** the session it was carried in from */
  resumedFrom?: string
  sessionLine: number
  /** the records with their statuses now (the timeline's array: read it, never write it) */
  records: readonly EventRecord[]
  /** the records indexed by batch: an event, undo or redo line costs its batch, not the encounter */
  timeline: Timeline
  display: Partial<Record<Side, DisplayMode>>
  /** on the player display (the last `encounter.shown` line, or what `encounter.resumed` carried in): since `at` */
  shown?: { at: string }
  /** every batch in the order it was first applied */
  batches: number[]
  /** the live history `checkEvents` built while checking (restore takes it: `takeHistory`), at a timeline version */
  checked?: { history: History; version: number }
}

/** the history the load's check built for `f`, once, if no line changed `f` since (else undefined: replay) */
export function takeHistory(f: FoldedEncounter): History | undefined {
  const c = f.checked
  f.checked = undefined
  return c && c.version === f.timeline.version ? c.history : undefined
}

/**
 * An encounter whose every event fits, checked by building its live history (one replay for both); false when
 * one does not fit or the records are out of batch order (then `checkEvents` looks at each event).
 */
function fitsWhole(f: FoldedEncounter): boolean {
  try {
    // every event reads as a log line (the history makes its lines only when first read: a view must not meet one
    // that throws); the lines made here are not kept
    for (const r of f.records) logEntry(r)
    const history = openHistory(f.records, {
      check: (s) => {
        if (!sane(s)) throw new Error('it leaves a combatant without an id or a name')
      },
    })
    if (!history.checkpointed) return false
    f.checked = { history, version: f.timeline.version }
    return true
  } catch {
    return false
  }
}

/** hears of every record whose status a folded line changed (the new record, in the encounter's timeline) */
export type StatusChanged = (encounterId: string, record: EventRecord) => void

/**
 * Applies one log record to the folded encounters (mutates `into`, never `r`); unknown encounters are ignored.
 * `changed` hears of every earlier record whose status it changed (undo, redo, a new command discarding).
 */
export function foldRecord(into: Map<string, FoldedEncounter>, r: SessionRecord, line = 0, changed?: StatusChanged): void {
  if (r.kind === 'session.ended') {
    // the app marks every running encounter carried or ended with the session's end; one left unmarked (a log written
    // before encounters outlived their session, or a damaged one) is carried, never lost
    for (const e of into.values()) if (e.fate === 'running') e.fate = 'carried'
    return
  }
  if (r.kind === 'encounter.started') {
    const timeline = new Timeline()
    into.set(r.encounterId, { started: r, fate: 'running', sessionLine: line, records: timeline.records, timeline, display: {}, batches: [] })
    return
  }
  if (r.kind === 'encounter.resumed') {
    const { fromSessionId, records: carried, display, shown, ...rest } = r
    // copies: the fold marks statuses on its records, and must never write them into the line it reads
    const timeline = new Timeline(carried.map((x) => ({ ...upcastRecord(x as EventRecord) })))
    const batches = [...new Set(timeline.records.map((x) => x.batch))]
    into.set(r.encounterId, { started: { ...rest, kind: 'encounter.started' }, fate: 'running', resumedFrom: fromSessionId, sessionLine: line, records: timeline.records, timeline, display: { ...display }, batches, ...(shown ? { shown: { at: r.at } } : {}) })
    return
  }
  if (!('encounterId' in r)) return
  const e = into.get(r.encounterId)
  if (!e) return
  switch (r.kind) {
    case 'encounter.event': {
      const rec = upcastRecord(r.record as EventRecord)
      if (!e.timeline.has(rec.batch)) {
        // a new command after an undo discards the redo branch
        tell(e, e.timeline.discardUndone(), changed)
        e.batches.push(rec.batch)
      }
      // an event is active when written; a record already so is shared, not copied (issue 14, memory: the live
      // history holds the same object; records are never written into, a status change puts a new one in place)
      e.timeline.push(rec.status === 'active' ? rec : { ...rec, status: 'active' })
      break
    }
    case 'encounter.undo':
      tell(e, e.timeline.setStatus(r.batch, 'active', 'undone'), changed)
      break
    case 'encounter.redo':
      tell(e, e.timeline.setStatus(r.batch, 'undone', 'active'), changed)
      break
    case 'encounter.display':
      e.display[r.side] = r.mode
      break
    case 'encounter.shown':
      if (r.shown) e.shown = { at: r.at }
      else delete e.shown
      break
    case 'encounter.carried':
      e.fate = 'carried'
      break
    case 'encounter.ended':
      e.fate = 'ended'
      break
  }
}

function tell(e: FoldedEncounter, records: EventRecord[], changed: StatusChanged | undefined): void {
  if (changed) for (const x of records) changed(e.started.encounterId, x)
}

export function foldEncounters(some: SomeLines): Map<string, FoldedEncounter> {
  const out = new Map<string, FoldedEncounter>()
  const { records, lines } = asColumns(some)
  for (let i = 0; i < records.length; i++) foldRecord(out, records[i], lines[i])
  return out
}

/** what `encounter.resumed` carries of a folded encounter into the next session (records with their statuses) */
export function resumedRecord(f: FoldedEncounter, fromSessionId: string, at: string): RecordOf<'encounter.resumed'> {
  const { encounterId, planId, name, systemId, seed } = f.started
  return { kind: 'encounter.resumed', at, encounterId, fromSessionId, planId, name, systemId, seed, records: f.records.map((r) => ({ ...r })), display: { ...f.display }, ...(f.shown ? { shown: true } : {}) }
}

const sane = (s: EncounterState): boolean =>
  Array.isArray(s.combatants) && s.combatants.every((c) => typeof c === 'object' && c !== null && typeof c.id === 'string' && typeof c.name === 'string')

/**
 * Lines whose event cannot be applied to its encounter (the right shape, wrong content: a `core.combatantAdded`
 * with a null combatant...): each with why. Replays every encounter as the app does, one event at a time.
 */
export function unfitEvents(lines: SomeLines): Array<{ line: number; message: string }> {
  return checkEvents(lines).unfit
}

/** `unfitEvents`, and the fold it checked (the fold of `lines`, as `foldEncounters` gives it) */
export function checkEvents(some: SomeLines): { unfit: Array<{ line: number; message: string }>; folded: Map<string, FoldedEncounter> } {
  const lines = asColumns(some)
  // the line of each event, made only when one does not fit
  let lineOf: Map<string, number> | undefined
  const lineOfRecord = (eid: string, seq: number): number | undefined => {
    if (!lineOf) {
      lineOf = new Map()
      for (let i = 0; i < lines.records.length; i++) {
        const r = lines.records[i]
        if (r.kind === 'encounter.event') lineOf.set(`${r.encounterId}#${r.record.seq}`, lines.lines[i])
      }
    }
    return lineOf.get(`${eid}#${seq}`)
  }
  const bad: Array<{ line: number; message: string }> = []
  const folded = foldEncounters(lines)
  for (const [eid, f] of folded) {
    if (f.fate !== 'ended' && fitsWhole(f)) continue
    let state: EncounterState | undefined
    for (const r of f.records) {
      try {
        logEntry(r)
        if (r.status === 'active') {
          const next = r.event.type === 'core.encounterCreated' ? initialState(r.event.params as CreateEncounterParams) : state ? evolve(state, r.event) : state
          if (next && !sane(next)) throw new Error('it leaves a combatant without an id or a name')
          state = next
        }
      } catch (e) {
        const line = lineOfRecord(eid, r.seq)
        if (line !== undefined) bad.push({ line, message: `event ${r.event.type} does not fit encounter "${f.started.name}": ${(e as Error).message}` })
      }
    }
  }
  return { unfit: bad.sort((a, b) => a.line - b.line), folded }
}
