/**
 * The encounter's event list and the undo/redo cursor over it. Records are grouped in batches (one command);
 * undo marks the last active batch `undone`, redo re-activates the first undone one, and a new command after an
 * undo marks the redo branch `discarded` (kept in the log). State is always `replay(records)`.
 */
import { err, ok, type Result } from '@shared/result'
import { EVENT_VERSION, type EncounterState, type EngineCommand, type EngineEvent, type EventRecord, type LogEntry } from '@shared/domain/encounter'
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
  if (!params || typeof params.id !== 'string' || params.id === '') return err('invalid', 'encounter id is required', 'id')
  if (typeof params.name !== 'string') return err('invalid', 'encounter name is required', 'name')
  if (typeof params.seed !== 'string' || params.seed === '') return err('invalid', 'encounter seed is required', 'seed')
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

/** decide + evolve + append as one batch; discards the redo branch. */
export type Decide = (state: EncounterState, command: EngineCommand, ctx: DecideContext) => Result<EngineEvent[]>

export function applyCommand(decide: Decide, evolve: Evolve, records: readonly EventRecord[], state: EncounterState, command: EngineCommand, ctx: ApplyContext): Result<Applied> {
  const batch = lastBatch(records) + 1
  const decided = decide(state, command, { rng: ctx.rng ?? batchRng(state.seed, batch), now: ctx.now })
  if (!decided.ok) return decided
  const events = decided.value
  let seq = lastSeq(records)
  const kept = records.map((r) => (r.status === 'undone' ? { ...r, status: 'discarded' as const } : r))
  const added: EventRecord[] = events.map((event) => ({ v: EVENT_VERSION, seq: ++seq, at: ctx.now, batch, event, status: 'active' }))
  let next = state
  for (const e of events) next = evolve(next, e)
  return ok({ records: [...kept, ...added], state: next, events, batch })
}

const undoableBatches = (records: readonly EventRecord[], status: EventRecord['status']) =>
  [...new Set(records.filter((r) => r.batch > 0 && r.status === status).map((r) => r.batch))].sort((a, b) => a - b)

export const canUndo = (records: readonly EventRecord[]): boolean => undoableBatches(records, 'active').length > 0
export const canRedo = (records: readonly EventRecord[]): boolean => undoableBatches(records, 'undone').length > 0

export function undo(evolve: Evolve, records: readonly EventRecord[]): Result<EncounterLog> {
  const b = undoableBatches(records, 'active').at(-1)
  if (b === undefined) return err('rule', 'nothing to undo')
  const next = records.map((r) => (r.batch === b && r.status === 'active' ? { ...r, status: 'undone' as const } : r))
  return ok({ records: next, state: replay(evolve, next) })
}

export function redo(evolve: Evolve, records: readonly EventRecord[]): Result<EncounterLog> {
  const b = undoableBatches(records, 'undone')[0]
  if (b === undefined) return err('rule', 'nothing to redo')
  const next = records.map((r) => (r.batch === b && r.status === 'undone' ? { ...r, status: 'active' as const } : r))
  return ok({ records: next, state: replay(evolve, next) })
}

/** An event as a log line (message key + params), or null for bookkeeping events. */
export type Describe = (event: EngineEvent) => Omit<LogEntry, 'seq'> | null

/** The step's name: its headline event (one a command marks as what it is about), else its first log line. */
function labelOf(describe: Describe, records: readonly EventRecord[], b: number | undefined): Omit<LogEntry, 'seq'> | null {
  if (b === undefined) return null
  const batch = records.filter((r) => r.batch === b)
  for (const r of [...batch.filter((x) => x.event.headline === true), ...batch]) {
    const entry = logEntry(describe, r)
    if (entry) return { key: entry.key, params: entry.params }
  }
  return null
}
export const nextUndoLabel = (describe: Describe, records: readonly EventRecord[]) => labelOf(describe, records, undoableBatches(records, 'active').at(-1))
export const nextRedoLabel = (describe: Describe, records: readonly EventRecord[]) => labelOf(describe, records, undoableBatches(records, 'undone')[0])

/** One record as a log line (message key + params), or null for bookkeeping events. */
export function logEntry(describe: Describe, r: EventRecord): LogEntry | null {
  const e = r.event
  let entry = describe(e)
  if (!entry) return null
  // decide stamped events about a combatant hidden at the time (core/hidden.ts)
  if (e.gmOnly === true && entry.gmOnly !== true) entry = { ...entry, gmOnly: true }
  return { seq: r.seq, ...entry, status: r.status }
}

/** The session log: every record (undone/discarded included, marked) as message keys with params. */
export function logEntries(describe: Describe, records: readonly EventRecord[]): LogEntry[] {
  return records.flatMap((r) => {
    const e = logEntry(describe, r)
    return e ? [e] : []
  })
}
