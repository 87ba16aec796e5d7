/**
 * The rule-system registry: ids → systems, and an engine per system (`engineFor(id)`, kit/engine.ts `createEngine`).
 * Names no system: the list is systems/registry.ts (one line per system); at run time `registerSystem` adds one
 * (tests register the fixture system). `getSystem` / `hasSystem` check an id (a `SystemId` is any string) against
 * it at the edges. The functions at the end serve callers that hold only records or a state: they find the
 * encounter's system and use its engine.
 */
import { z } from 'zod'
import { err, ok, type Result } from '@shared/result'
import type { SystemId } from '@shared/domain/systems'
import { registerLogMessages } from '@shared/i18n/format-log'
import core from '@shared/i18n/log-core'
import { refuse } from './kit/refuse'
import type { RuleSystem } from './kit/system'
import type { ParsedCommand } from './kit/command'
import { createEngine, type Engine } from './kit/engine'
import type { Applied, ApplyContext, EncounterLog, History, HistoryOptions } from './kit/history'
import { evolveCore, initialState, type CreateEncounterParams } from './kit/evolve-core'
import { isCoreEvent } from './kit/events'
import { replay as replayWith } from './kit/history'
import type { DecideContext } from './kit/system'
import { EVENT_VERSION, type EncounterState, type EngineCommand, type EngineEvent, type EventRecord, type LogEntry } from '@shared/domain/encounter'
import { upcastRecordWith } from './kit/upcast'
import { SYSTEMS } from './systems/registry'

const systems: Record<string, RuleSystem> = {}
const engines = new Map<string, Engine>()

/** Register a system (the listed ones at load, a test's fixture system at run time) in one line: its log templates
 *  too, once (each system's templates live in its folder; formatLog — the CLI's log pane, the exports — learns them
 *  here). A system registered again replaces the first, and its engine is made anew. */
export function registerSystem(system: RuleSystem): void {
  systems[system.id] = system
  engines.delete(system.id)
  registerLogMessages(system.catalogs.log)
}

for (const s of SYSTEMS) registerSystem(s)

export function getSystem(id: string): Result<RuleSystem> {
  const s = Object.hasOwn(systems, id) ? systems[id] : undefined
  return s ? ok(s) : refuse('not-found', core.en, 'refusal.core.noSystem', { system: id }, { field: 'systemId' })
}

/** Whether `id` names a registered system: the check of a `SystemId` at main's edges (a payload, a file). */
export const hasSystem = (id: unknown): id is string => typeof id === 'string' && Object.hasOwn(systems, id)

export const listSystems = (): string[] => Object.keys(systems)

/**
 * A `SystemId` field of a file or an input (campaign.json, a new campaign, a scenario): a registered system's id,
 * checked when it is parsed (so a system registered after the schema was built counts). An unknown id, or no
 * string, is the same `invalid_value` issue a closed list of ids gives, naming the registered ones; the JSON
 * Schema (docs/schema) lists the systems registered when this module loads.
 */
export const systemIdSchema = z
  .custom<SystemId>()
  .check(z.superRefine((id, ctx) => (hasSystem(id) ? undefined : ctx.addIssue({ code: 'invalid_value', values: listSystems(), input: id }))))
  .meta({ type: 'string', enum: listSystems() })

/** A logged record in the current event shape (old logs: kit/upcast.ts). Call it wherever records are read. */
export function upcastRecord(record: EventRecord): EventRecord {
  if (record.v === EVENT_VERSION) return record
  const dot = record.event.type.indexOf('.')
  const sys = dot > 0 ? getSystem(record.event.type.slice(0, dot)) : null
  return upcastRecordWith(record, sys?.ok ? sys.value : null)
}

/**
 * A logged command (`encounter.command` records carry no version) in the current field names: every step of the
 * system's `upcastCommand` only renames fields whose new name is absent, so a command already current stays as it is.
 */
export function upcastCommand(systemId: string, command: EngineCommand): EngineCommand {
  const sys = getSystem(systemId)
  if (!sys.ok || !sys.value.upcastCommand) return command
  let c = command
  for (let v = 1; v < EVENT_VERSION; v++) c = sys.value.upcastCommand(c, v)
  return c
}

// ---------------------------------------------------------------------------------------------------------
// engines

/** The engine of a registered system (made once). */
export function engineFor(id: string): Result<Engine> {
  const cached = engines.get(id)
  if (cached) return ok(cached)
  const sys = getSystem(id)
  if (!sys.ok) return sys
  const engine = createEngine(sys.value)
  engines.set(id, engine)
  return ok(engine)
}

const mustEngine = (id: string): Engine => {
  const e = engineFor(id)
  if (!e.ok) throw new Error(e.error.message)
  return e.value
}

/** The system of a record list (its `core.encounterCreated`). */
const systemOfRecords = (records: readonly EventRecord[], from?: EncounterState): string => {
  const created = records.find((r) => r.event.type === 'core.encounterCreated')?.event.params as { systemId?: string } | undefined
  return created?.systemId ?? from?.systemId ?? ''
}
/** The system an event belongs to by its type prefix (core events: none). */
const systemOfEvent = (e: EngineEvent): string => (e.type.startsWith('core.') ? '' : e.type.slice(0, Math.max(0, e.type.indexOf('.'))))

export { initialState, type CreateEncounterParams, type Engine, type Applied, type ApplyContext, type EncounterLog }

export function createEncounter(params: CreateEncounterParams, now?: string): Result<EncounterLog> {
  const e = engineFor(params?.systemId)
  return e.ok ? e.value.createEncounter(params, now) : err(e.error.code, e.error.message, 'systemId', e.error.details)
}
export function decide(state: EncounterState, command: EngineCommand, ctx: DecideContext): Result<EngineEvent[]> {
  const e = engineFor(state.systemId)
  return e.ok ? e.value.decide(state, command, ctx) : e
}
export function validateCommand(system: RuleSystem, command: unknown): Result<ParsedCommand> {
  return (engineFor(system.id).ok ? mustEngine(system.id) : createEngine(system)).validateCommand(command)
}
export const evolve = (state: EncounterState, event: EngineEvent): EncounterState => (engineFor(state.systemId).ok ? mustEngine(state.systemId).evolve(state, event) : state)
/** Replay records; an encounter whose system is unknown replays its core events only (as it always did). */
export function replay(records: readonly EventRecord[], from?: EncounterState): EncounterState {
  const e = engineFor(systemOfRecords(records, from))
  return e.ok ? e.value.replay(records, from) : replayCore(records, from)
}
const replayCore = (records: readonly EventRecord[], from?: EncounterState): EncounterState => replayWith((s, e) => (isCoreEvent(e) ? evolveCore(s, e) : s), records, from)
export const applyCommand = (records: readonly EventRecord[], state: EncounterState, command: EngineCommand, ctx: ApplyContext): Result<Applied> => {
  const e = engineFor(state.systemId)
  return e.ok ? e.value.applyCommand(records, state, command, ctx) : e
}
export const undo = (records: readonly EventRecord[]): Result<EncounterLog> => engineOfRecords(records).undo(records)
export const redo = (records: readonly EventRecord[]): Result<EncounterLog> => engineOfRecords(records).redo(records)
export { canUndo, canRedo } from './kit/history'
export type { History, HistoryOptions, LogList, Prepared } from './kit/history'
/** The records as a live history (kit/history.ts `History`), run by their system's engine; throws when they cannot be replayed. */
export function openHistory(records: readonly EventRecord[], opts?: HistoryOptions): History {
  const e = engineFor(systemOfRecords(records, opts?.state))
  if (!e.ok) throw new Error(e.error.message)
  return e.value.history(records, opts)
}

/** One record as a log line: system events by their system; core events by the encounter's system when given (a
 *  system may say its own count in place of the core's "rolls initiative", issue 27), else by the core. */
export function logEntry(record: EventRecord, systemId?: string): LogEntry | null {
  const id = systemOfEvent(record.event) || (systemId !== undefined && engineFor(systemId).ok ? systemId : undefined)
  const e = id ? engineFor(id) : engineFor(listSystems()[0])
  return e.ok ? e.value.logEntry(record) : null
}
export const logEntries = (records: readonly EventRecord[]): LogEntry[] => records.flatMap((r) => logEntry(r) ?? [])
const engineOfRecords = (records: readonly EventRecord[]): Engine => {
  const e = engineFor(systemOfRecords(records))
  return e.ok ? e.value : mustEngine(listSystems()[0])
}
export const nextUndoLabel = (records: readonly EventRecord[]) => engineOfRecords(records).nextUndoLabel(records)
export const nextRedoLabel = (records: readonly EventRecord[]) => engineOfRecords(records).nextRedoLabel(records)
