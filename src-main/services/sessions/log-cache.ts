/**
 * What the session service keeps of each session log (session-service.ts): read once, then kept in step with every
 * append. `load` reads a log (damaged lines reported in their place), `entries` builds its readable entries on the
 * first ask, `addLines` takes in the lines just appended.
 */
import type { SessionLogContent } from '@shared/domain/campaign'
import type { SessionLogEntry } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import { getSystem } from '../../rules/index'
import { checkEvents, foldEncounters, foldRecord, type FoldedEncounter } from '../play/encounter-fold'
import type { ServiceEnv } from '../ports'
import { addDamagedEntry, entryIndex, keepEntry, lineOfSeq, statusesOf, type Entries, type StatusChange } from './log-entries'
import { misfitLines } from './session-checks'
import { learnRecord, newEntryContext, toEntry, withStatus, type DescribeEvent, type EntryContext } from './session-entries'
import { checkSessionRecords, withoutLines, type RecordLines, type SessionRecord } from './session-records'

export interface ParsedLine {
  line: number
  record: SessionRecord
}

/**
 * What the service keeps of a session log: the fold (the encounters, their event records with statuses now), the
 * context the entries are built with, the damaged lines, and the readable entries once asked for. Not the parsed
 * lines (issue 13: a restore builds no entry; issue 14, memory: no more per line than the line's own bytes on disk,
 * the fold and the live history hold the event records, the same objects): the first `log` reads the file again.
 */
export interface Cached {
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
   * at once and never write into it (a live history copies its records: kit/history.ts).
   */
  fold: Map<string, FoldedEncounter>
  /** the log holds its `session.ended` line: nothing more is ever appended */
  ended: boolean
}

export interface LogCache {
  /** the cached log, read from the store the first time */
  load(campaignId: string, sessionId: string): Promise<Result<Cached>>
  /** a session just started: its log holds the header line only */
  startEmpty(campaignId: string, sessionId: string): void
  /**
   * The entries of every line (damaged ones in their place), built on the first call from the log read again, with
   * the statuses now. Call in the session's append order: the file must hold every line appended so far.
   */
  entries(campaignId: string, sessionId: string, cached: Cached): Promise<Result<Entries>>
}

type ReadLines = { content: SessionLogContent; parsed: ReturnType<typeof checkSessionRecords>; last: number }

export function createLogCache(env: ServiceEnv, describe: DescribeEvent): LogCache {
  /** `${campaignId}/${sessionId}` → parsed records, kept in step with every append */
  const cache = new Map<string, Cached>()
  const key = (c: string, s: string) => `${c}/${s}`
  const emptyCache = (nextLine: number): Cached => ({ nextLine, ctx: newEntryContext(describe), broken: [], createdAt: '', entries: null, fold: new Map(), ended: false })

  /** the log's records with their line numbers (header = line 1; damaged lines keep their numbers, yielding none) */
  async function readLines(campaignId: string, sessionId: string): Promise<Result<ReadLines>> {
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

  async function load(campaignId: string, sessionId: string): Promise<Result<Cached>> {
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

  async function entries(campaignId: string, sessionId: string, cached: Cached): Promise<Result<Entries>> {
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

  return { load, startEmpty: (c, s) => void cache.set(key(c, s), emptyCache(2)), entries }
}

/** the entry of an appended line (the context learns it), kept if the entries are built */
export function addEntry(cached: Cached, l: ParsedLine): SessionLogEntry | null {
  const e = toEntry(l.record, l.line, cached.ctx)
  if (cached.entries) keepEntry(cached.entries, l.line, l.record, e)
  return e
}

/**
 * Folds the new lines into the cached fold; earlier event entries whose status they changed (undo, redo, or a
 * new command discarding undone ones) are updated in the cache and returned, so a live log pane can replace
 * them by `line`. Costs the changed batches, not the log.
 */
export function statusChanges(cached: Cached, added: ParsedLine[]): SessionLogEntry[] {
  // the last status each changed record got, by encounter and seq
  const statuses = new Map<string, StatusChange>()
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
