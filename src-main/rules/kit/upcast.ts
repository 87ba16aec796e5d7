/**
 * Old logs keep working (issue 9 item 3): a logged event is upcast, step by step, from the version its record
 * carries (`EventRecord.v`, absent = 1) to EVENT_VERSION before anything reads it. The core upcasts its own events,
 * each system its own (`RuleSystem.upcastEvent`). Every step must leave an event already in the new shape as it is
 * (a record may be upcast twice, e.g. one copied by hand from a newer log).
 */
import { EVENT_VERSION, type EngineCommand, type EngineEvent, type EventRecord } from '@shared/domain/encounter'

/** One step: an event of version `from` → version `from + 1`. */
export type UpcastEvent = (event: EngineEvent, from: number) => EngineEvent
export type UpcastCommand = (command: EngineCommand, from: number) => EngineCommand

/** Core events: unchanged from version 1 to 2. */
export const upcastCoreEvent: UpcastEvent = (event) => event

/** Upcast one record with the core's and (for its own events) a system's steps. */
export function upcastRecordWith(record: EventRecord, system: { id: string; upcastEvent?: UpcastEvent } | null): EventRecord {
  const from = typeof record.v === 'number' ? record.v : 1
  if (from >= EVENT_VERSION) return record
  let event = record.event
  const own = system && event.type.startsWith(`${system.id}.`) ? system.upcastEvent : undefined
  for (let v = from; v < EVENT_VERSION; v++) event = event.type.startsWith('core.') ? upcastCoreEvent(event, v) : own ? own(event, v) : event
  return { ...record, v: EVENT_VERSION, event }
}

/** Rename command fields (old → new) when the new one is not there yet. */
export function renameFields<T extends Record<string, unknown>>(x: T, names: Record<string, string>): T {
  let out: Record<string, unknown> = x
  for (const [from, to] of Object.entries(names)) {
    if (!(from in out) || to in out) continue
    const { [from]: value, ...rest } = out
    out = { ...rest, [to]: value }
  }
  return out as T
}
