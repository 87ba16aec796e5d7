/**
 * The encounter's event list and the undo/redo cursor over it. Records are grouped in batches (one command);
 * undo marks the last active batch `undone`, redo re-activates the first undone one, and a new command after an
 * undo marks the redo branch `discarded` (kept in the log). State is always `replay(records)`.
 */
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from './refuse'
import { EVENT_VERSION, type EncounterState, type EngineEvent, type EventRecord, type LogEntry } from '@shared/domain/encounter'
import type { ParsedCommand } from './command'
import { initialState, type CreateEncounterParams } from './evolve-core'
import type { CoreEvent } from './events'
import type { Evolve } from './batch'
import type { DecideContext } from './system'
import { batchRng, type Rng } from './rng'

export interface EncounterLog {
  state: EncounterState
  records: EventRecord[]
}

const EPOCH = '1970-01-01T00:00:00.000Z'

/** A new encounter: its initial state and the first record (`core.encounterCreated`, not undoable). */
export function createEncounter(params: CreateEncounterParams, now: string = EPOCH): Result<EncounterLog> {
  // every caller (the encounter service, the CLI scenario) gives these: a missing one is a bug, never a GM's input
  if (!params || typeof params.id !== 'string' || params.id === '') return err('internal', 'encounter id is required', 'id')
  if (typeof params.name !== 'string') return err('internal', 'encounter name is required', 'name')
  if (typeof params.seed !== 'string' || params.seed === '') return err('internal', 'encounter seed is required', 'seed')
  const event: CoreEvent = { type: 'core.encounterCreated', params: { ...params } }
  return ok({ state: initialState(params), records: [{ v: EVENT_VERSION, seq: 1, at: now, batch: 0, event, status: 'active' }] })
}

/** The live state: the creation event, then every active record in order. */
export function replay(evolve: Evolve, records: readonly EventRecord[], from?: EncounterState): EncounterState {
  let state = from
  for (const r of records) {
    if (r.status !== 'active') continue
    if (r.event.type === 'core.encounterCreated') state = initialState(r.event.params as CreateEncounterParams)
    else if (state) state = evolve(state, r.event)
  }
  if (!state) throw new Error('replay: no core.encounterCreated record and no initial state')
  return state
}

export interface ApplyContext {
  /** ISO-8601 time of the command (the engine never reads the clock) */
  now: string
  /** default: a PRNG derived from the encounter seed and the batch number */
  rng?: Rng
}

export interface Applied extends EncounterLog {
  events: EngineEvent[]
  batch: number
}

const lastBatch = (records: readonly EventRecord[]) => records.reduce((m, r) => Math.max(m, r.batch), 0)
const lastSeq = (records: readonly EventRecord[]) => records.reduce((m, r) => Math.max(m, r.seq), 0)

/** A command decided once (engine.ts `decideWith`): its events and the batch's final state, the state they lead to. */
export interface Decided {
  events: EngineEvent[]
  state: EncounterState
}

/** decide a parsed command once (issue 28: what is appended is taken as it is, never applied again) */
export type Decide = (state: EncounterState, command: ParsedCommand, ctx: DecideContext) => Result<Decided>

/** decide + append as one batch (its state: the decided one); discards the redo branch. */
export function applyCommand(decide: Decide, records: readonly EventRecord[], state: EncounterState, command: ParsedCommand, ctx: ApplyContext): Result<Applied> {
  const batch = lastBatch(records) + 1
  const decided = decide(state, command, { rng: ctx.rng ?? batchRng(state.seed, batch), now: ctx.now })
  if (!decided.ok) return decided
  const { events } = decided.value
  let seq = lastSeq(records)
  const kept = records.map((r) => (r.status === 'undone' ? { ...r, status: 'discarded' as const } : r))
  const added: EventRecord[] = events.map((event) => ({ v: EVENT_VERSION, seq: ++seq, at: ctx.now, batch, event, status: 'active' }))
  return ok({ records: [...kept, ...added], state: decided.value.state, events, batch })
}

const undoableBatches = (records: readonly EventRecord[], status: EventRecord['status']) =>
  [...new Set(records.filter((r) => r.batch > 0 && r.status === status).map((r) => r.batch))].sort((a, b) => a - b)

/** the batch undo takes (the last active one) and the one redo gives back (the first undone one) */
const toUndo = (records: readonly EventRecord[]): number | undefined => {
  const t = indexed.get(records)
  return t ? t.lastActive() : undoableBatches(records, 'active').at(-1)
}
const toRedo = (records: readonly EventRecord[]): number | undefined => {
  const t = indexed.get(records)
  return t ? t.firstUndone() : undoableBatches(records, 'undone')[0]
}

export const canUndo = (records: readonly EventRecord[]): boolean => toUndo(records) !== undefined
export const canRedo = (records: readonly EventRecord[]): boolean => toRedo(records) !== undefined

export function undo(evolve: Evolve, records: readonly EventRecord[]): Result<EncounterLog> {
  const b = toUndo(records)
  if (b === undefined) return refuse('rule', core.en, 'refusal.core.nothingToUndo')
  const next = records.map((r) => (r.batch === b && r.status === 'active' ? { ...r, status: 'undone' as const } : r))
  return ok({ records: next, state: replay(evolve, next) })
}

export function redo(evolve: Evolve, records: readonly EventRecord[]): Result<EncounterLog> {
  const b = toRedo(records)
  if (b === undefined) return refuse('rule', core.en, 'refusal.core.nothingToRedo')
  const next = records.map((r) => (r.batch === b && r.status === 'undone' ? { ...r, status: 'active' as const } : r))
  return ok({ records: next, state: replay(evolve, next) })
}

/** The records whose event is of one of `types`, in order: from the index when a Timeline owns `records`. */
export function recordsOfTypes(records: readonly EventRecord[], types: readonly string[]): readonly EventRecord[] {
  const t = indexed.get(records)
  return t ? t.ofTypes(types) : records.filter((r) => types.includes(r.event.type))
}

/** An event as a log line (message key + params), or null for bookkeeping events. */
export type Describe = (event: EngineEvent) => Omit<LogEntry, 'seq'> | null

/** The step's name: its headline event (one a command marks as what it is about), else its first log line. */
function labelOf(describe: Describe, records: readonly EventRecord[], b: number | undefined): Omit<LogEntry, 'seq'> | null {
  if (b === undefined) return null
  const batch = indexed.get(records)?.batch(b) ?? records.filter((r) => r.batch === b)
  for (const r of [...batch.filter((x) => x.event.headline === true), ...batch]) {
    const entry = logEntry(describe, r)
    if (entry) return { key: entry.key, params: entry.params }
  }
  return null
}
export const nextUndoLabel = (describe: Describe, records: readonly EventRecord[]) => labelOf(describe, records, toUndo(records))
export const nextRedoLabel = (describe: Describe, records: readonly EventRecord[]) => labelOf(describe, records, toRedo(records))

/** One record as a log line (message key + params), or null for bookkeeping events. */
export function logEntry(describe: Describe, r: EventRecord): LogEntry | null {
  const e = r.event
  const entry = describe(e)
  if (!entry) return null
  // built field by field (one hidden class, every field in the object: a history keeps one a record, issue 14)
  const line: LogEntry = { seq: r.seq, key: entry.key, params: entry.params, status: r.status }
  // decide stamped events about a combatant hidden at the time (kit/hidden.ts)
  if (e.gmOnly === true) line.gmOnly = true
  else if (entry.gmOnly !== undefined) line.gmOnly = entry.gmOnly
  return line
}

/** The session log: every record (undone/discarded included, marked) as message keys with params. */
export function logEntries(describe: Describe, records: readonly EventRecord[]): LogEntry[] {
  return records.flatMap((r) => {
    const e = logEntry(describe, r)
    return e ? [e] : []
  })
}

// ---------------------------------------------------------------------------------------------------------
// The same history kept incrementally (issue 13): an index over the records, and the live state with checkpoints,
// so a command, an undo or a redo costs the size of its batch, not the size of the encounter. The functions above
// stay the reference (tests compare both over random command/undo/redo sequences).

/** index of the first element of ascending `xs` that is >= x */
export function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0
  let hi = xs.length
  // the common case (a batch at the end) without the search
  if (hi > 0 && xs[hi - 1] < x) return hi
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (xs[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
/** the Timeline that owns a records array: the functions above answer from its index (to-gm-view asks them per push) */
const indexed = new WeakMap<readonly EventRecord[], Timeline>()

function insertSorted(xs: number[], x: number): void {
  // the common cases (the last batch again, a new batch at the end) without a search
  const last = xs.length > 0 ? xs[xs.length - 1] : undefined
  if (last === x) return
  if (last === undefined || last < x) {
    xs.push(x)
    return
  }
  const i = lowerBound(xs, x)
  if (xs[i] !== x) xs.splice(i, 0, x)
}
function removeSorted(xs: number[], x: number): void {
  const i = lowerBound(xs, x)
  if (xs[i] === x) xs.splice(i, 1)
}

/**
 * An encounter's records with an index: batch → positions, and the batches that hold an active or an undone
 * record, in order. It owns its array: a status change puts a new record object in place (never writes into a
 * record, which may also sit in a session log line), appends push. Undo takes the last active batch, redo the
 * first undone one, a new batch discards every undone record: the rules of `applyCommand` / `undo` / `redo`.
 */
export class Timeline {
  readonly records: EventRecord[] = []
  /**
   * batch → positions. While the records follow batch order (every log the app writes) a batch's records are
   * contiguous: the batches in order and the position each starts at, two packed arrays (issue 14, memory: a few
   * bytes a batch, not an array and a map entry); the first record out of order builds the map (`at`) instead.
   */
  /** the batch numbers in order, once they are not just 0, 1, 2… (the index into `batchStarts`: every log the app writes) */
  private batchNos: number[] | undefined
  private readonly batchStarts: number[] = []
  private at: Map<number, number[]> | undefined
  /**
   * event type → positions, for the types `ofTypes` was asked about (the views ask for two; a fold's timeline is
   * never asked): an index of every type kept a number for every record (issue 14, memory)
   */
  private readonly types = new Map<string, number[]>()
  /** batches > 0 holding an active record, ascending */
  private readonly active: number[] = []
  /** batches > 0 holding an undone record, ascending */
  private readonly undone: number[] = []
  /** batch 0 holds an undone record (never written by the app; a hand-made log) */
  private zeroUndone = false
  lastBatch = 0
  lastSeq = 0
  /** positions follow batch numbers (true for every log the app writes) */
  ordered = true
  /** counts every change (an append, a status): what was derived from the records at one version holds while it stays */
  version = 0

  constructor(records: readonly EventRecord[] = []) {
    for (const r of records) this.append(r)
    indexed.set(this.records, this)
  }

  /** append one record as it is */
  push(r: EventRecord): void {
    this.append(r)
  }

  // not overridden: the constructor runs it before a subclass has its fields
  private append(r: EventRecord): void {
    const last = this.records.at(-1)
    if (last && r.batch < last.batch) this.ordered = false
    const pos = this.records.length
    this.version++
    this.records.push(r)
    if (!this.ordered && !this.at) {
      this.at = new Map()
      for (let p = 0; p < pos; p++) this.addAt(this.records[p].batch, p)
    }
    if (this.at) this.addAt(r.batch, pos)
    else {
      const k = this.batchStarts.length
      const lastNo = k === 0 ? undefined : this.batchNos ? this.batchNos[k - 1] : k - 1
      if (lastNo !== r.batch) {
        if (!this.batchNos && r.batch !== k) this.batchNos = Array.from({ length: k }, (_, i) => i)
        this.batchNos?.push(r.batch)
        this.batchStarts.push(pos)
      }
    }
    this.types.get(r.event.type)?.push(pos)
    if (r.batch > this.lastBatch) this.lastBatch = r.batch
    if (r.seq > this.lastSeq) this.lastSeq = r.seq
    this.track(r.batch, r.status)
  }

  private positionsOfType(type: string): number[] {
    let ps = this.types.get(type)
    if (!ps) {
      ps = []
      for (let p = 0; p < this.records.length; p++) if (this.records[p].event.type === type) ps.push(p)
      this.types.set(type, ps)
    }
    return ps
  }

  private addAt(batch: number, pos: number): void {
    const ps = this.at!.get(batch)
    if (ps) ps.push(pos)
    else this.at!.set(batch, [pos])
  }

  /** the positions of batch `b`'s records, ascending (empty when it has none) */
  private positions(b: number): readonly number[] {
    if (this.at) return this.at.get(b) ?? []
    const i = this.batchIndex(b)
    if (i < 0) return []
    const end = i + 1 < this.batchStarts.length ? this.batchStarts[i + 1] : this.records.length
    const out: number[] = []
    for (let p = this.batchStarts[i]; p < end; p++) out.push(p)
    return out
  }

  private track(batch: number, status: EventRecord['status']): void {
    if (batch === 0) {
      if (status === 'undone') this.zeroUndone = true
      return
    }
    if (status === 'active') insertSorted(this.active, batch)
    else if (status === 'undone') insertSorted(this.undone, batch)
  }

  has(batch: number): boolean {
    if (this.at) return this.at.has(batch)
    return this.batchIndex(batch) >= 0
  }

  /** where batch `b` is in `batchStarts`, or -1 (records in batch order) */
  private batchIndex(b: number): number {
    if (!this.batchNos) return Number.isInteger(b) && b >= 0 && b < this.batchStarts.length ? b : -1
    const i = lowerBound(this.batchNos, b)
    return this.batchNos[i] === b ? i : -1
  }

  /** the records of one batch, in order */
  batch(b: number): EventRecord[] {
    return this.positions(b).map((p) => this.records[p])
  }

  /** the records whose event is of one of `types`, in order (each with its status now) */
  ofTypes(types: readonly string[]): EventRecord[] {
    const ps = types.flatMap((t) => this.positionsOfType(t))
    if (types.length > 1) ps.sort((a, b) => a - b)
    return ps.map((p) => this.records[p])
  }

  /** what undo would take / redo would give back */
  lastActive = (): number | undefined => this.active.at(-1)
  firstUndone = (): number | undefined => this.undone[0]
  activeBatches = (): readonly number[] => this.active

  /** the records of `batch` with status `from` get status `to` (new objects in place); returns the new ones */
  setStatus(batch: number, from: EventRecord['status'], to: EventRecord['status']): EventRecord[] {
    const changed: EventRecord[] = []
    for (const p of this.positions(batch)) {
      const r = this.records[p]
      if (r.status !== from) continue
      const next = { ...r, status: to }
      this.version++
      this.records[p] = next
      changed.push(next)
      this.changed(p, next)
    }
    if (changed.length > 0) this.retrack(batch)
    return changed
  }

  /** every undone record becomes discarded (a new command after an undo); returns the new ones */
  discardUndone(): EventRecord[] {
    const batches = [...this.undone, ...(this.zeroUndone ? [0] : [])]
    return batches.flatMap((b) => this.setStatus(b, 'undone', 'discarded'))
  }

  /** a record at position `p` was replaced (a subclass keeps what it derives from it) */
  protected changed(_p: number, _r: EventRecord): void {}

  private retrack(batch: number): void {
    const ps = this.positions(batch)
    const hasActive = ps.some((p) => this.records[p].status === 'active')
    const hasUndone = ps.some((p) => this.records[p].status === 'undone')
    if (batch === 0) {
      this.zeroUndone = hasUndone
      return
    }
    if (hasActive) insertSorted(this.active, batch)
    else removeSorted(this.active, batch)
    if (hasUndone) insertSorted(this.undone, batch)
    else removeSorted(this.undone, batch)
  }
}

/** What reads a log by index: an array of lines, or a history's `LogLines`. */
export interface LogList {
  readonly length: number
  at(i: number): LogEntry | undefined
  slice(start?: number, end?: number): LogEntry[]
  /** the seq of line `i` without making the line */
  seqAt?(i: number): number
}

/**
 * The log lines of a history's records (every record whose event makes one, undone and discarded marked), made
 * from the records when read: a history keeps each record, not a second object for its line (issue 14, memory).
 * The newest lines (what a push's window shows) stay made, between `keep` and twice that many.
 */
export class LogLines implements LogList {
  /** the positions of the records that make a line, ascending */
  private readonly pos: number[] = []
  /** the lines from index `tailStart` on, made */
  private tail: LogEntry[] = []
  private tailStart = 0
  /**
   * nothing is described until the log is first read (issue 13, restore: a restore opens the histories of the
   * running encounters, and the log pane may never ask); from then on, kept in step record by record
   */
  private started = false

  constructor(
    private readonly records: readonly EventRecord[],
    private readonly describe: Describe,
    private readonly keep = 128,
  ) {}

  private start(): void {
    if (this.started) return
    this.started = true
    for (let p = 0; p < this.records.length; p++) this.take(p)
  }

  get length(): number {
    this.start()
    return this.pos.length
  }

  /** line `i` (negative: from the end), as `Array.prototype.at` */
  at(i: number): LogEntry | undefined {
    this.start()
    const n = this.pos.length
    const k = i < 0 ? i + n : i
    if (k < 0 || k >= n) return undefined
    return k >= this.tailStart ? this.tail[k - this.tailStart] : logEntry(this.describe, this.records[this.pos[k]])!
  }

  seqAt(i: number): number {
    this.start()
    return this.records[this.pos[i]].seq
  }

  /** lines `start` to `end`, as `Array.prototype.slice` */
  slice(start = 0, end?: number): LogEntry[] {
    this.start()
    end ??= this.pos.length
    const n = this.pos.length
    const from = start < 0 ? Math.max(0, n + start) : Math.min(start, n)
    const to = end < 0 ? Math.max(0, n + end) : Math.min(end, n)
    const out: LogEntry[] = []
    for (let k = from; k < to; k++) out.push(this.at(k)!)
    return out
  }

  [Symbol.iterator](): Iterator<LogEntry> {
    return this.slice()[Symbol.iterator]()
  }

  /** the record at position `p` (appended last) makes a line, if its event does (once the log has been read) */
  add(p: number): void {
    if (this.started) this.take(p)
  }

  private take(p: number): void {
    const e = logEntry(this.describe, this.records[p])
    if (!e) return
    this.pos.push(p)
    this.tail.push(e)
    if (this.tail.length > 2 * this.keep) {
      this.tail = this.tail.slice(this.tail.length - this.keep)
      this.tailStart = this.pos.length - this.keep
    }
  }

  /** the record at position `p` was replaced (a status): its line, if made, is made again */
  changed(p: number): void {
    if (!this.started) return
    const k = lowerBound(this.pos, p)
    if (this.pos[k] === p && k >= this.tailStart) this.tail[k - this.tailStart] = logEntry(this.describe, this.records[p])!
  }
}

/** one record onto a state, as `replay` does: the creation event starts the state, the rest evolve it */
function stepRecord(evolve: Evolve, state: EncounterState | undefined, r: EventRecord): EncounterState | undefined {
  if (r.event.type === 'core.encounterCreated') return initialState(r.event.params as CreateEncounterParams)
  return state ? evolve(state, r.event) : state
}

export interface HistoryRules {
  decide: Decide
  evolve: Evolve
  describe: Describe
}

export interface HistoryOptions {
  /** the state of `records` when the caller has it (a launch); default: replayed from the records */
  state?: EncounterState
  /** a kept checkpoint every `spacing` active batches to start with (default 64); doubled as needed to keep `checkpoints` */
  spacing?: number
  /**
   * at most this many spaced checkpoints below the last `recent` batches (default 4): past that the spacing doubles
   * and every other one goes, so what the checkpoints hold stays within a fixed budget however long the fight
   * (issue 14, memory); an undo below the recent ones replays at most `spacing` batches, once per `recent` undos
   */
  checkpoints?: number
  /** the states of the last `recent` active batches are all kept (default 64): so many undos in a row replay nothing */
  recent?: number
  /** the newest log lines kept made (default 128, between it and twice it; older ones are made when read) */
  logKept?: number
  /** called on every state the first replay reaches (a session load's check that each event fits); may throw */
  check?: (state: EncounterState) => void
}

/** a command decided on the history's state, not yet taken in (`commit` does, once it is on disk) */
export interface Prepared {
  batch: number
  events: EngineEvent[]
  /** its new records (active) */
  records: EventRecord[]
  state: EncounterState
}

/**
 * The live history of one encounter: the records (a Timeline), their log lines, and the state with checkpoints.
 * `snaps[d]` is the state after the creation and the first `d` active batches; undo and redo start from the
 * nearest checkpoint at or below the new depth, so they replay at most `spacing` batches (none within the last
 * `recent`). Below the recent ones a checkpoint is kept every `spacing` batches, and the spacing doubles whenever
 * more than `checkpoints` of them would be kept: their number stays bounded (a 200-combatant state is tens of
 * kilobytes; one every 64 batches grew the heap faster than the session log), at the cost of a longer replay for
 * an undo that reaches below the recent window, amortized over the `recent` undos that follow it for free.
 * A history whose records do not follow batch order, or do not start with the creation (neither is ever written
 * by the app), replays everything instead: the state is always exactly `replay(records)`.
 */
export class History extends Timeline {
  /** the log lines of the records (every record, undone and discarded marked), kept in step */
  readonly log: LogLines
  /** depth → state: the kept checkpoints (a map: an array as long as the history was mostly holes, 8 bytes a batch) */
  private readonly snaps = new Map<number, EncounterState>()
  private spacing: number
  private readonly budget: number
  private readonly recent: number
  /** snaps below this depth are thinned to every `spacing` */
  private thinnedTo = 0
  private readonly checkpoints: boolean
  private current: EncounterState
  private check: ((state: EncounterState) => void) | undefined

  constructor(private readonly rules: HistoryRules, records: readonly EventRecord[], opts: HistoryOptions = {}) {
    super(records)
    this.log = new LogLines(this.records, rules.describe, Math.max(1, opts.logKept ?? 128))
    this.spacing = Math.max(1, opts.spacing ?? 64)
    this.budget = Math.max(1, opts.checkpoints ?? 4)
    this.recent = Math.max(1, opts.recent ?? 64)
    this.check = opts.check
    let base: EncounterState | undefined
    for (const r of this.batch(0)) {
      if (r.status !== 'active') continue
      base = stepRecord(rules.evolve, base, r)
      if (base) this.check?.(base)
    }
    this.checkpoints = this.ordered && base !== undefined
    if (!this.checkpoints) {
      this.current = opts.state ?? replay(rules.evolve, this.records)
      return
    }
    this.snaps.set(0, base!)
    // the spacing a history this long has (the replay below keeps only what thinning keeps)
    this.widen(this.activeBatches().length - this.recent)
    if (opts.state) {
      this.snaps.set(this.activeBatches().length, opts.state)
      this.current = opts.state
    } else this.current = this.stateAt(this.activeBatches().length)
    this.check = undefined
    this.thin()
  }

  /** the state is kept with checkpoints (false: the records are out of batch order, every change replays them all) */
  get checkpointed(): boolean {
    return this.checkpoints
  }

  get state(): EncounterState {
    return this.current
  }

  /** decide `command` once on the current state as the next batch (its events and the state they lead to, applied
   *  once while deciding, never again: issue 28); changes nothing */
  prepare(command: ParsedCommand, ctx: ApplyContext): Result<Prepared> {
    const batch = this.lastBatch + 1
    const decided = this.rules.decide(this.current, command, { rng: ctx.rng ?? batchRng(this.current.seed, batch), now: ctx.now })
    if (!decided.ok) return decided
    const { events, state } = decided.value
    let seq = this.lastSeq
    const records: EventRecord[] = events.map((event) => ({ v: EVENT_VERSION, seq: ++seq, at: ctx.now, batch, event, status: 'active' }))
    return ok({ batch, events, records, state })
  }

  /** take in a prepared command: the redo branch is discarded, its records appended, its state current; returns the discarded records */
  commit(p: Prepared): EventRecord[] {
    if (p.batch !== this.lastBatch + 1) throw new Error(`history: batch ${p.batch} was prepared on another state (next is ${this.lastBatch + 1})`)
    const discarded = this.discardUndone()
    for (const r of p.records) this.push(r)
    this.current = p.state
    if (!this.checkpoints) return discarded
    const depth = this.activeBatches().length
    this.dropFrom(depth)
    this.snaps.set(depth, p.state)
    this.thin()
    return discarded
  }

  /** mark the last active batch undone */
  undo(): Result<{ batch: number; changed: EventRecord[] }> {
    const b = this.lastActive()
    if (b === undefined) return refuse('rule', core.en, 'refusal.core.nothingToUndo')
    return ok({ batch: b, changed: this.move(b, 'active', 'undone') })
  }

  /** make the first undone batch active again */
  redo(): Result<{ batch: number; changed: EventRecord[] }> {
    const b = this.firstUndone()
    if (b === undefined) return refuse('rule', core.en, 'refusal.core.nothingToRedo')
    return ok({ batch: b, changed: this.move(b, 'undone', 'active') })
  }

  override push(r: EventRecord): void {
    super.push(r)
    this.log.add(this.records.length - 1)
  }

  protected override changed(p: number): void {
    this.log.changed(p)
  }

  private move(b: number, from: EventRecord['status'], to: EventRecord['status']): EventRecord[] {
    const changed = this.setStatus(b, from, to)
    if (!this.checkpoints) {
      this.current = replay(this.rules.evolve, this.records)
      return changed
    }
    // the checkpoints up to batch b's place among the active batches still hold
    const active = this.activeBatches()
    this.dropFrom(lowerBound(active, b) + 1)
    this.current = this.stateAt(active.length)
    this.thin()
    return changed
  }

  /** the state after the first `depth` active batches, from the nearest checkpoint (kept on the way up) */
  private stateAt(depth: number): EncounterState {
    let d = depth
    while (!this.snaps.has(d)) d--
    let s = this.snaps.get(d)!
    const active = this.activeBatches()
    this.thinnedTo = Math.min(this.thinnedTo, d)
    for (; d < depth; d++) {
      for (const r of this.batch(active[d])) {
        if (r.status !== 'active') continue
        s = stepRecord(this.rules.evolve, s, r)!
        this.check?.(s)
      }
      // only what thinning keeps (a restore replays thousands of batches)
      if ((d + 1) % this.spacing === 0 || d + 1 >= depth - this.recent) this.snaps.set(d + 1, s)
    }
    return s
  }

  /** forget the checkpoints at depth `d` and deeper */
  private dropFrom(d: number): void {
    for (const k of this.snaps.keys()) if (k >= d) this.snaps.delete(k)
  }

  /** keep every `spacing`-th checkpoint below the last `recent` batches, and no more than `budget` of them */
  private thin(): void {
    const below = this.activeBatches().length - this.recent
    for (let d = this.thinnedTo; d < below; d++) if (d % this.spacing !== 0) this.snaps.delete(d)
    this.thinnedTo = Math.max(this.thinnedTo, below)
    this.widen(below)
  }

  /** double the spacing while more than `budget` checkpoints would lie below depth `below` (dropping every other one) */
  private widen(below: number): void {
    while (Math.ceil(below / this.spacing) > this.budget) {
      const old = this.spacing
      this.spacing *= 2
      for (let d = old; d < this.thinnedTo; d += this.spacing) this.snaps.delete(d)
    }
  }
}
