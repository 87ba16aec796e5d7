/**
 * Sessions and their append-only log (issue 6; encounters outliving a session and whole changes: issue 10).
 *
 * ## Session log record format (`<campaign>/sessions/<sessionId>.ndjson`)
 * Line 1 is the store's header (`{ schemaVersion, kind: 'gm-console.session-log', campaignId, sessionId, createdAt }`).
 * Every further line is ONE JSON object, appended and never rewritten, with `kind` and `at` (ISO-8601) and:
 * - `session.started` `{ sessionId, title, date, notes }` and `session.ended` `{}`
 * - `note` `{ text, gmOnly }`: a GM note (gmOnly: never shown to players, left out of player-safe exports)
 * - `roll` `{ notation, label?, dice: [{ die, value }], total, hidden, seed }`: a roll made outside combat
 *   (hidden: a GM-only roll)
 * - `rest` `{ who, restKind: short|long|healing|other, amount?, text, gmOnly }`: rests and healing outside combat
 * - `pool` `{ pool, delta, reason, gmOnly }`: a change to a named pool outside combat
 * - `encounter.started` `{ encounterId, planId|null, name, systemId, seed }`: a live encounter began
 * - `encounter.command` `{ encounterId, batch, command }`: the command the GM gave (validated), before its events;
 *   the dice of batch N come from `batchRng(seed, N)` (rules/kit/rng.ts) unless entered by hand in `command.dice`
 * - `encounter.event` `{ encounterId, record: { seq, at, batch, event, status } }`: one engine event per line
 *   (`event.type` namespaced for system events, e.g. `saga.attackResolved`; every die rolled is in the event)
 * - `encounter.undo` / `encounter.redo` `{ encounterId, batch }`: the GM undid / redid a command batch
 * - `encounter.display` `{ encounterId, side, mode: exact|descriptor|hidden }`: how players see a side's health
 * - `encounter.shown` `{ encounterId, shown }`: the GM put it on the player display or took it off (a restart shows
 *   the last one shown again; issue 27); `encounter.resumed` carries `shown: true` for one on the display
 * - `encounter.carried` / `encounter.ended` `{ encounterId }`: written with `session.ended` (one group) for every
 *   encounter still running: it goes on in the next session, or ends with this one
 * - `encounter.resumed` `{ encounterId, fromSessionId, planId, name, systemId, seed, records, display }`: the next
 *   session takes in a carried encounter (its event records, with their statuses), so each log stands on its own
 * The records of one change (a command and its events, a launch, an end) are one append: one write, read back
 * whole or not at all (the store's `tx` groups, campaign/session-log.ts). Appends of a session run in order and
 * nothing is appended after `session.ended` (`conflict`, details `{ reason: 'session-ended' }`).
 * Event status is derived by reading the log in order: `record.status` is always `active` when written; an
 * `encounter.undo` makes its batch `undone`, `encounter.redo` makes it `active` again, and the first event of a
 * new batch turns every still-undone event of that encounter `discarded`. Reloading replays the active events
 * (never re-rolling). zod schema: session-records.ts; entries for people: session-entries.ts.
 */
import type { SessionIndexEntry, SessionLogContent } from '@shared/domain/campaign'
import type { EventRecord } from '@shared/domain/encounter'
import type { SessionLogEntry, SessionLogFilter, SessionSummary, RollResult } from '@shared/views/encounter-views'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { manualDieRefusal, refuse } from '../../rules/kit/refuse'
import { roll } from '../../rules/kit/dice'
import { commandDice, seededRng } from '../../rules/kit/rng'
import type { ServiceEnv } from '../ports'
import { checkSessionRecords, withoutLines, type RecordLines, type SessionRecord } from './session-records'
import { learnRecord, matchesFilter, newEntryContext, toEntry, withStatus, type DescribeEvent, type EntryContext } from './session-entries'
import { checkEvents, foldEncounters, foldRecord, resumedRecord, type FoldedEncounter } from '../play/encounter-fold'
import { misfitLines } from './session-checks'
import { getSystem } from '../../rules/index'

export interface ParsedLine {
  line: number
  record: SessionRecord
}

export interface SessionService {
  start(req: { campaignId: string; title: string; date: string; notes?: string }): Promise<Result<SessionSummary>>
  /**
   * End a session. While encounters run in it, `encounters` says what becomes of them: `carry` (they go on in
   * the next session) or `end`; without it the answer is a `conflict` on `encounters` naming them (details.running).
   */
  end(req: { campaignId: string; sessionId: string; encounters?: EncountersAtEnd }): Promise<Result<SessionSummary>>
  /** a new title in the campaign's session index (the log's header keeps the first one, as written then) */
  rename(req: { campaignId: string; sessionId: string; title: string }): Promise<Result<SessionSummary>>
  list(campaignId: string): Promise<Result<SessionSummary[]>>
  /** the open session (endedAt null), or null */
  openSession(campaignId: string): Promise<Result<SessionSummary | null>>
  /** the open session, or a new one titled by the date */
  ensureOpen(campaignId: string): Promise<Result<SessionSummary>>
  log(req: { campaignId: string; sessionId: string; filter?: SessionLogFilter }): Promise<Result<SessionLogEntry[]>>
  note(req: { campaignId: string; sessionId: string; text: string; gmOnly?: boolean }): Promise<Result<SessionLogEntry>>
  roll(req: { campaignId: string; sessionId: string; notation: string; hidden?: boolean; label?: string; dice?: number[] }): Promise<Result<RollResult>>
  rest(req: { campaignId: string; sessionId: string; who: string; kind: 'short' | 'long' | 'healing' | 'other'; amount?: number; text?: string; gmOnly?: boolean }): Promise<Result<SessionLogEntry>>
  pool(req: { campaignId: string; sessionId: string; pool: string; delta: number; reason?: string; gmOnly?: boolean }): Promise<Result<SessionLogEntry>>
  /** append records (one line each) to an open session's log; pushes the new entries */
  append(campaignId: string, sessionId: string, records: SessionRecord[]): Promise<Result<SessionLogEntry[]>>
  /**
   * The encounters that run in a campaign now, folded from the logs: those of the open session (after carrying
   * in what the session before it carried), or, with no session open, those the last session carried
   * (`waiting`: they go on in the next session). null: the campaign has no session.
   */
  liveEncounters(campaignId: string): Promise<Result<{ sessionId: string; waiting: boolean; encounters: FoldedEncounter[] } | null>>
  /** hear of encounters carried out of an ending session, ended with it, or resumed in a new one */
  onEncounters(listener: (e: EncounterMove) => void): void
}

export type EncountersAtEnd = 'carry' | 'end'

export type EncounterMove =
  | { type: 'ended'; campaignId: string; sessionId: string; carried: string[]; ended: string[] }
  | { type: 'resumed'; campaignId: string; sessionId: string; encounterIds: string[] }

/**
 * What the service keeps of a session log: the fold (the encounters, their event records with statuses now), the
 * context the entries are built with, the damaged lines, and the readable entries once asked for. Not the parsed
 * lines (issue 13: a restore builds no entry; issue 14, memory: no more per line than the line's own bytes on disk,
 * the fold and the live history hold the event records, the same objects): the first `log` reads the file again.
 */
interface Cached {
  nextLine: number
  /** entry context (systems, combatants) advanced through every line */
  ctx: EntryContext
  /** the lines found damaged when the log was read, each shown in its place among the entries */
  broken: Array<{ line: number; message: string }>
  /** when the log was created (the time shown on a damaged line before any good one) */
  createdAt: string
  /**
   * the readable entries of the lines, in order, with current statuses: built when first asked for (the log pane),
   * then kept in step with every append; null until then (a restore builds none)
   */
  entries: Entries | null
  /**
   * the encounters folded from the lines, advanced line by line with every append (statuses now). Callers read it
   * at once and never write into it (a live history copies its records: core/history.ts).
   */
  fold: Map<string, FoldedEncounter>
  /** the log holds its `session.ended` line: nothing more is ever appended */
  ended: boolean
}

interface Entries {
  /** in order of `line` (ascending: found by binary search, `entryIndex`) */
  list: SessionLogEntry[]
  /** encounterId → the lines of its event entries by seq */
  lineOfEvent: Map<string, SeqLines>
}

/** the log's first line with the session's title now: `session.started` keeps the first, the index has a rename */
const withTitle = (e: SessionLogEntry, title: string): SessionLogEntry =>
  e.key === 'log.session.started' && e.params.title !== title ? { ...e, params: { ...e.params, title } } : e

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

function lineOfSeq(m: SeqLines | undefined, seq: number): number | undefined {
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
function entryIndex(entries: readonly SessionLogEntry[], line: number): number | undefined {
  const i = lowerBound(entries, line, (e) => e.line)
  return entries[i]?.line === line ? i : undefined
}

const summary = (s: SessionIndexEntry): SessionSummary => ({ id: s.id, title: s.title, date: s.date, notes: s.notes, startedAt: s.startedAt, endedAt: s.endedAt })

export function createSessionService(env: ServiceEnv, describe: DescribeEvent): SessionService {
  /** `${campaignId}/${sessionId}` → parsed records, kept in step with every append */
  const cache = new Map<string, Cached>()
  const key = (c: string, s: string) => `${c}/${s}`
  /** whether a session has ended, once known (appends skip reading campaign.json) */
  const ended = new Map<string, boolean>()

  async function findSession(campaignId: string, sessionId: string): Promise<Result<SessionIndexEntry>> {
    const file = await env.store.read(campaignId)
    if (!file.ok) return file
    const s = file.value.sessions.find((x) => x.id === sessionId)
    return s ? ok(s) : refuse('not-found', core.en, 'refusal.core.noSession', {}, { field: 'sessionId', details: { sessionId, campaignId } })
  }

  /** the log's records with their line numbers (header = line 1; damaged lines keep their numbers, yielding none) */
  async function readLines(campaignId: string, sessionId: string): Promise<Result<{ content: SessionLogContent; parsed: ReturnType<typeof checkSessionRecords>; last: number }>> {
    const content = await env.store.readLog(campaignId, sessionId)
    if (!content.ok) return content
    const damaged = content.value.damaged
    let lineNos: number[] = content.value.lines ?? []
    if (lineNos.length !== content.value.records.length) {
      const at = new Set(damaged.map((d) => d.line))
      lineNos = []
      let n = 2
      for (let i = 0; i < content.value.records.length; i++) {
        while (at.has(n)) n++
        lineNos.push(n++)
      }
    }
    let last = Math.max(1, lineNos.at(-1) ?? 1)
    for (const d of damaged) if (d.line > last) last = d.line
    return ok({ content: content.value, parsed: checkSessionRecords(content.value.records, lineNos), last })
  }

  async function loadLines(campaignId: string, sessionId: string): Promise<Result<Cached>> {
    const k = key(campaignId, sessionId)
    const hit = cache.get(k)
    if (hit) return ok(hit)
    const read = await readLines(campaignId, sessionId)
    if (!read.ok) return read
    const { content, parsed, last } = read.value
    // a line of the wrong structure, one the log itself contradicts, or an event that does not fit its encounter, is
    // damaged in its place too
    const misfit = misfitLines(parsed.kept, (id) => getSystem(id).ok)
    const fitting = misfit.length === 0 ? parsed.kept : withoutLines(parsed.kept, new Set(misfit.map((m) => m.line)))
    const checked = checkEvents(fitting)
    const unfit = checked.unfit
    const lines: RecordLines = unfit.length === 0 ? fitting : withoutLines(fitting, new Set(unfit.map((u) => u.line)))
    const brokenLines = [
      ...content.damaged,
      ...parsed.problems.map((p) => ({ line: p.line, message: `not a session log record: ${p.message}` })),
      ...misfit,
      ...unfit,
    ]
    const entry = emptyCache(last + 1)
    for (const r of lines.records) {
      learnRecord(r, entry.ctx)
      if (r.kind === 'session.ended') entry.ended = true
    }
    // the fold of the lines kept (the checked one, unless unfit lines were left out)
    entry.fold = unfit.length === 0 ? checked.folded : foldEncounters(lines)
    // a damaged line is reported in its place (line number and why), the rest of the log still loads
    entry.broken = brokenLines.sort((a, b) => a.line - b.line)
    entry.createdAt = String((content.header as unknown as Record<string, unknown>).createdAt ?? '')
    cache.set(k, entry)
    return ok(entry)
  }

  function emptyCache(nextLine: number): Cached {
    return { nextLine, ctx: newEntryContext(describe), broken: [], createdAt: '', entries: null, fold: new Map(), ended: false }
  }

  /**
   * The entries of every line (damaged ones in their place), built on the first call from the log read again, with
   * the statuses now. Runs in the session's append order (`serialLog`): the file holds every line appended so far.
   */
  async function entriesOf(campaignId: string, sessionId: string, cached: Cached): Promise<Result<Entries>> {
    if (cached.entries) return ok(cached.entries)
    const read = await readLines(campaignId, sessionId)
    if (!read.ok) return read
    const built: Entries = { list: [], lineOfEvent: new Map() }
    const ctx = newEntryContext(describe)
    const statuses = statusesOf(cached.fold)
    ctx.statusOf = (eid, seq) => statuses.get(eid)?.get(seq)
    const broken = cached.broken
    // the lines found damaged when the log was loaded stay so (the fold left them out)
    const left = new Set(broken.map((d) => d.line))
    let b = 0
    let lastAt = cached.createdAt
    const addDamaged = (upTo: number) => {
      for (; b < broken.length && broken[b].line < upTo; b++) addDamagedEntry(built, broken[b], lastAt)
    }
    const { records, lines } = read.value.parsed.kept
    for (let i = 0; i < records.length; i++) {
      const line = lines[i]
      if (left.has(line)) continue
      addDamaged(line)
      keepEntry(built, line, records[i], toEntry(records[i], line, ctx))
      lastAt = records[i].at
    }
    addDamaged(Infinity)
    ctx.statusOf = undefined
    cached.ctx = ctx
    cached.entries = built
    return ok(built)
  }

  /** the entry of an appended line (the context learns it), kept if the entries are built */
  function addEntry(cached: Cached, l: ParsedLine): SessionLogEntry | null {
    const e = toEntry(l.record, l.line, cached.ctx)
    if (cached.entries) keepEntry(cached.entries, l.line, l.record, e)
    return e
  }

  function keepEntry(into: Entries, line: number, record: SessionRecord, e: SessionLogEntry | null): void {
    if (!e) return
    into.list.push(e)
    if (record.kind === 'encounter.event') {
      const eid = record.encounterId
      let bySeq = into.lineOfEvent.get(eid)
      if (!bySeq) into.lineOfEvent.set(eid, (bySeq = { runs: [], last: -Infinity, ascending: true }))
      addSeqLine(bySeq, record.record.seq, line)
    }
  }

  function addDamagedEntry(into: Entries, d: { line: number; message: string }, at: string): void {
    into.list.push({ line: d.line, at, kind: 'session', key: 'log.session.damaged', params: { line: d.line, message: d.message } })
  }

  /** final status of every event record: encounterId → seq → status */
  function statusesOf(fold: Map<string, FoldedEncounter>): Map<string, Map<number, SessionLogEntry['status']>> {
    const status = new Map<string, Map<number, SessionLogEntry['status']>>()
    for (const [eid, f] of fold) status.set(eid, new Map(f.records.map((r) => [r.seq, r.status])))
    return status
  }

  /**
   * Folds the new lines into the cached fold; earlier event entries whose status they changed (undo, redo, or a
   * new command discarding undone ones) are updated in the cache and returned, so a live log pane can replace
   * them by `line`. Costs the changed batches, not the log.
   */
  function statusChanges(cached: Cached, added: ParsedLine[]): SessionLogEntry[] {
    // the last status each changed record got, by encounter and seq
    const statuses = new Map<string, { eid: string; seq: number; now: EventRecord['status'] }>()
    const built = cached.entries
    for (const { line, record } of added) foldRecord(cached.fold, record, line, built ? (eid, r) => statuses.set(`${eid}#${r.seq}`, { eid, seq: r.seq, now: r.status }) : undefined)
    // entries not built yet take their statuses from the fold when they are
    const changed: SessionLogEntry[] = []
    if (!built) return changed
    for (const { eid, seq, now } of statuses.values()) {
      const line = lineOfSeq(built.lineOfEvent.get(eid), seq)
      const i = line === undefined ? undefined : entryIndex(built.list, line)
      if (i === undefined) continue
      const e = built.list[i]
      if (now === (e.status ?? 'active')) continue
      const next = withStatus(e, now)
      built.list[i] = next
      changed.push(next)
    }
    return changed
  }

  /** start / end / ensureOpen of one campaign run one at a time (no two open sessions from a double click) */
  const tails = new Map<string, Promise<unknown>>()
  function serial<T>(campaignId: string, f: () => Promise<T>): Promise<T> {
    const next = (tails.get(campaignId) ?? Promise.resolve()).then(f, f)
    tails.set(campaignId, next.catch(() => undefined))
    return next
  }

  /** appends of one session run one at a time, so `session.ended` is the last line ever written */
  const logTails = new Map<string, Promise<unknown>>()
  function serialLog<T>(k: string, f: () => Promise<T>): Promise<T> {
    const next = (logTails.get(k) ?? Promise.resolve()).then(f, f)
    logTails.set(k, next.catch(() => undefined))
    return next
  }

  const listeners: Array<(e: EncounterMove) => void> = []
  const tell = (e: EncounterMove) => {
    for (const l of listeners) l(e)
  }

  const endedErr = (title: string) => err('conflict', `session "${title}" has ended: nothing more can be written to it (start a new session)`, 'sessionId', { reason: 'session-ended' })

  /**
   * Append the records of one change (one write, read back whole or not at all), in the session's order; `make`
   * builds them from the cached log right before the write (so `session:end` sees every change before it).
   */
  async function appendNow(campaignId: string, sessionId: string, make: (cached: Cached) => Result<SessionRecord[]>): Promise<Result<SessionLogEntry[]>> {
    const k = key(campaignId, sessionId)
    if (ended.get(k) !== false) {
      const s = await findSession(campaignId, sessionId)
      if (!s.ok) return s
      ended.set(k, s.value.endedAt !== null)
      if (s.value.endedAt !== null) return endedErr(s.value.title)
    }
    const loaded = await loadLines(campaignId, sessionId)
    if (!loaded.ok) return loaded
    const cached = loaded.value
    if (cached.ended || ended.get(k) === true) return endedErr(sessionId)
    const made = make(cached)
    if (!made.ok) return made
    const records = made.value
    if (records.length === 0) return ok([])
    const wrote = await env.store.append(campaignId, sessionId, records as unknown as Array<Record<string, unknown>>)
    if (!wrote.ok) return wrote
    const added: ParsedLine[] = []
    for (const record of records) {
      const line = { line: cached.nextLine++, record }
      added.push(line)
      if (record.kind === 'session.ended') {
        cached.ended = true
        ended.set(k, true)
      }
    }
    // entries of the new lines (an event is active when written)
    const entries: SessionLogEntry[] = []
    for (const l of added) {
      const e = addEntry(cached, l)
      if (e) entries.push(e)
    }
    const updated = statusChanges(cached, added)
    if (entries.length > 0 || updated.length > 0) env.publish('session:logAppended', { campaignId, sessionId, entries, ...(updated.length > 0 ? { updated } : {}) })
    return ok(entries)
  }

  const appendRecords = (campaignId: string, sessionId: string, records: SessionRecord[]) => serialLog(key(campaignId, sessionId), () => appendNow(campaignId, sessionId, () => ok(records)))

  /**
   * Carry into a session what the session before it carried out (`encounter.resumed`, each with its records and
   * their statuses), unless already there. Runs when a session starts, and again on restore and before an end,
   * so a crash between starting a session and carrying loses nothing.
   */
  async function carryInto(campaignId: string, sessionId: string): Promise<Result<string[]>> {
    const file = await env.store.read(campaignId)
    if (!file.ok) return file
    const at = file.value.sessions.findIndex((x) => x.id === sessionId)
    const prev = at > 0 ? file.value.sessions[at - 1] : undefined
    if (!prev) return ok([])
    const before = await loadLines(campaignId, prev.id)
    if (!before.ok) return before
    const carried = [...before.value.fold.values()].filter((f) => f.fate === 'carried')
    if (carried.length === 0) return ok([])
    let moved: string[] = []
    const wrote = await serialLog(key(campaignId, sessionId), () =>
      appendNow(campaignId, sessionId, (cached) => {
        const here = cached.fold
        const missing = carried.filter((f) => !here.has(f.started.encounterId))
        moved = missing.map((f) => f.started.encounterId)
        const t = env.now()
        return ok(missing.map((f) => resumedRecord(f, prev.id, t)))
      }),
    )
    if (!wrote.ok) return wrote
    if (moved.length > 0) tell({ type: 'resumed', campaignId, sessionId, encounterIds: moved })
    return ok(moved)
  }

  async function startNow({ campaignId, title, date, notes = '' }: { campaignId: string; title: string; date: string; notes?: string }): Promise<Result<SessionSummary>> {
    const open = await openNow(campaignId)
    if (!open.ok) return open
    if (open.value) return refuse('conflict', core.en, 'refusal.core.sessionStillOpen', { title: open.value.title }, { field: 'campaignId', details: { sessionId: open.value.id } })
    const started = await env.store.startSession(campaignId, { title, date, notes })
    if (!started.ok) return started
    const entry = started.value
    ended.set(key(campaignId, entry.id), false)
    cache.set(key(campaignId, entry.id), emptyCache(2))
    const appended = await appendRecords(campaignId, entry.id, [{ kind: 'session.started', at: entry.startedAt, sessionId: entry.id, title, date, notes }])
    if (!appended.ok) return appended
    const carried = await carryInto(campaignId, entry.id)
    if (!carried.ok) return carried
    const updated = await env.store.read(campaignId)
    if (!updated.ok) return updated
    env.publish('sessions:changed', { campaignId, sessions: updated.value.sessions.map(summary) })
    return ok(summary(entry))
  }

  async function endNow(campaignId: string, sessionId: string, choice: EncountersAtEnd | undefined): Promise<Result<SessionSummary>> {
    const s = await findSession(campaignId, sessionId)
    if (!s.ok) return s
    if (s.value.endedAt !== null) return err('conflict', `session "${s.value.title}" has already ended`, 'sessionId', { reason: 'session-ended' })
    const carriedIn = await carryInto(campaignId, sessionId)
    if (!carriedIn.ok) return carriedIn
    let carried: string[] = []
    let stopped: string[] = []
    const appended = await serialLog(key(campaignId, sessionId), () =>
      appendNow(campaignId, sessionId, (cached) => {
        const here = [...cached.fold.values()].filter((f) => f.fate === 'running')
        // an encounter whose fight is over (its end is not undone) ends with the session without asking
        const over = here.filter((f) => f.records.some((r) => r.status === 'active' && r.event.type === 'core.encounterEnded'))
        const running = here.filter((f) => !over.includes(f))
        if (running.length > 0 && !choice) {
          const names = running.map((f) => `"${f.started.name}"`).join(', ')
          return err('conflict', `${running.length === 1 ? 'an encounter is' : `${running.length} encounters are`} still running (${names}): carry into the next session, or end`, 'encounters', {
            reason: 'encounters-running',
            running: running.map((f) => ({ id: f.started.encounterId, name: f.started.name })),
          })
        }
        const at = env.now()
        const ids = running.map((f) => f.started.encounterId)
        carried = choice === 'carry' ? ids : []
        stopped = [...over.map((f) => f.started.encounterId), ...(choice === 'carry' ? [] : ids)]
        return ok([
          ...carried.map((encounterId): SessionRecord => ({ kind: 'encounter.carried', at, encounterId })),
          ...stopped.map((encounterId): SessionRecord => ({ kind: 'encounter.ended', at, encounterId })),
          { kind: 'session.ended', at },
        ])
      }),
    )
    if (!appended.ok) return appended
    const done = await env.store.endSession(campaignId, sessionId)
    if (!done.ok) return done
    ended.set(key(campaignId, sessionId), true)
    tell({ type: 'ended', campaignId, sessionId, carried, ended: stopped })
    const updated = await env.store.read(campaignId)
    if (!updated.ok) return updated
    env.publish('sessions:changed', { campaignId, sessions: updated.value.sessions.map(summary) })
    return ok(summary(done.value))
  }

  /**
   * The open session from the index; one whose log already holds `session.ended` (a crash between writing that
   * line and the index) is ended in the index now and is not open.
   */
  async function openNow(campaignId: string): Promise<Result<SessionSummary | null>> {
    const file = await env.store.read(campaignId)
    if (!file.ok) return file
    const open = [...file.value.sessions].reverse().find((s) => s.endedAt === null)
    if (!open) return ok(null)
    const lines = await loadLines(campaignId, open.id)
    if (lines.ok && lines.value.ended) {
      const fixed = await env.store.endSession(campaignId, open.id)
      if (!fixed.ok) return fixed
      ended.set(key(campaignId, open.id), true)
      return ok(null)
    }
    return ok(summary(open))
  }

  const service: SessionService = {
    start: (req) => serial(req.campaignId, () => startNow(req)),
    end: ({ campaignId, sessionId, encounters }) => serial(campaignId, () => endNow(campaignId, sessionId, encounters)),
    rename: ({ campaignId, sessionId, title }) =>
      serial(campaignId, async () => {
        const s = await findSession(campaignId, sessionId)
        if (!s.ok) return s
        const updated = await env.store.update(campaignId, (file) => ok({ ...file, sessions: file.sessions.map((x) => (x.id === sessionId ? { ...x, title } : x)) }))
        if (!updated.ok) return updated
        env.publish('sessions:changed', { campaignId, sessions: updated.value.sessions.map(summary) })
        const entry = updated.value.sessions.find((x) => x.id === sessionId)
        return entry ? ok(summary(entry)) : refuse('not-found', core.en, 'refusal.core.noSession', {}, { field: 'sessionId', details: { sessionId } })
      }),

    async list(campaignId) {
      const file = await env.store.read(campaignId)
      return file.ok ? ok(file.value.sessions.map(summary)) : file
    },

    openSession: (campaignId) => serial(campaignId, () => openNow(campaignId)),

    ensureOpen(campaignId) {
      return serial(campaignId, async () => {
        const open = await openNow(campaignId)
        if (!open.ok) return open
        if (open.value) return open as Result<SessionSummary>
        const day = env.now().slice(0, 10)
        return startNow({ campaignId, title: day, date: day, notes: '' })
      })
    },

    async log({ campaignId, sessionId, filter = {} }) {
      const s = await findSession(campaignId, sessionId)
      if (!s.ok) return s
      const loaded = await loadLines(campaignId, sessionId)
      if (!loaded.ok) return loaded
      const entries = await serialLog(key(campaignId, sessionId), () => entriesOf(campaignId, sessionId, loaded.value))
      if (!entries.ok) return entries
      return ok(entries.value.list.filter((e) => matchesFilter(e, filter)).map((e) => withTitle(e, s.value.title)))
    },

    async note({ campaignId, sessionId, text, gmOnly = false }) {
      return single(await service.append(campaignId, sessionId, [{ kind: 'note', at: env.now(), text, gmOnly }]))
    },

    async roll({ campaignId, sessionId, notation, hidden = false, label, dice: manual }) {
      const seed = env.newSeed()
      const rng = commandDice(manual, seededRng(seed))
      const rolled = roll(notation, rng)
      // the notation's refusal as the parser said it (its key and params), at the field
      if (!rolled.ok) return { ok: false, error: { ...rolled.error, field: 'notation' } }
      if (rng.error) return manualDieRefusal(rng.error)
      if (rng.remaining() > 0) return refuse('invalid', core.en, 'refusal.core.extraDice', { n: rng.remaining(), notation }, { field: `dice.${rng.used}` })
      const dice = rolled.value.dice.map((d) => ({ die: d.die, value: d.value, ...(d.manual ? { manual: true } : {}) }))
      const record: SessionRecord = { kind: 'roll', at: env.now(), notation: rolled.value.notation, dice, total: rolled.value.total, hidden, seed, ...(label ? { label } : {}) }
      const appended = await service.append(campaignId, sessionId, [record])
      if (!appended.ok) return appended
      return ok({ notation: rolled.value.notation, total: rolled.value.total, dice, hidden })
    },

    async rest({ campaignId, sessionId, who, kind, amount, text = '', gmOnly = false }) {
      return single(await service.append(campaignId, sessionId, [{ kind: 'rest', at: env.now(), who, restKind: kind, text, gmOnly, ...(amount !== undefined ? { amount } : {}) }]))
    },

    async pool({ campaignId, sessionId, pool, delta, reason = '', gmOnly = false }) {
      return single(await service.append(campaignId, sessionId, [{ kind: 'pool', at: env.now(), pool, delta, reason, gmOnly }]))
    },

    append: (campaignId, sessionId, records) => appendRecords(campaignId, sessionId, records),

    liveEncounters(campaignId) {
      return serial(campaignId, async () => {
        const open = await openNow(campaignId)
        if (!open.ok) return open
        if (open.value) {
          const carried = await carryInto(campaignId, open.value.id)
          if (!carried.ok) return carried
          const lines = await loadLines(campaignId, open.value.id)
          if (!lines.ok) return lines
          return ok({ sessionId: open.value.id, waiting: false, encounters: [...lines.value.fold.values()].filter((f) => f.fate === 'running') })
        }
        const file = await env.store.read(campaignId)
        if (!file.ok) return file
        const last = file.value.sessions.at(-1)
        if (!last) return ok(null)
        const lines = await loadLines(campaignId, last.id)
        if (!lines.ok) return lines
        return ok({ sessionId: last.id, waiting: true, encounters: [...lines.value.fold.values()].filter((f) => f.fate === 'carried') })
      })
    },

    onEncounters(listener) {
      listeners.push(listener)
    },

  }

  return service
}

function single(r: Result<SessionLogEntry[]>): Result<SessionLogEntry> {
  if (!r.ok) return r
  const e = r.value[0]
  return e ? ok(e) : err('internal', 'the record made no log entry')
}
