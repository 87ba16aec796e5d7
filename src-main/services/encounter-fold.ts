/**
 * Folding the append-only session log back into encounters: which encounters exist, their event records with
 * the status each has after every undo / redo / new command, the commands given, and the display settings.
 * Replay never re-rolls: the dice are in the events.
 */
import type { EngineCommand, EventRecord, Side } from '@shared/domain/encounter'
import type { DisplayMode } from '@shared/views/encounter-views'
import type { RecordOf, SessionRecord } from './session-records'
import { upcastCommand, upcastRecord } from '../rules/index'

export interface FoldedEncounter {
  started: RecordOf<'encounter.started'>
  sessionLine: number
  records: EventRecord[]
  commands: Array<{ batch: number; at: string; command: Record<string, unknown> }>
  display: Partial<Record<Side, DisplayMode>>
  /** every batch in the order it was first applied */
  batches: number[]
}

/** Applies one log record to the folded encounters (mutates `into`); unknown encounters are ignored. */
export function foldRecord(into: Map<string, FoldedEncounter>, r: SessionRecord, line = 0): void {
  if (r.kind === 'encounter.started') {
    into.set(r.encounterId, { started: r, sessionLine: line, records: [], commands: [], display: {}, batches: [] })
    return
  }
  if (!('encounterId' in r)) return
  const e = into.get(r.encounterId)
  if (!e) return
  switch (r.kind) {
    case 'encounter.command':
      e.commands.push({ batch: r.batch, at: r.at, command: upcastCommand(e.started.systemId, r.command as EngineCommand) })
      break
    case 'encounter.event': {
      const rec = upcastRecord(r.record as EventRecord)
      if (!e.batches.includes(rec.batch)) {
        // a new command after an undo discards the redo branch
        for (const x of e.records) if (x.status === 'undone') x.status = 'discarded'
        e.batches.push(rec.batch)
      }
      e.records.push({ ...rec, status: 'active' })
      break
    }
    case 'encounter.undo':
      for (const x of e.records) if (x.batch === r.batch && x.status === 'active') x.status = 'undone'
      break
    case 'encounter.redo':
      for (const x of e.records) if (x.batch === r.batch && x.status === 'undone') x.status = 'active'
      break
    case 'encounter.display':
      e.display[r.side] = r.mode
      break
  }
}

export function foldEncounters(records: ReadonlyArray<{ line: number; record: SessionRecord }>): Map<string, FoldedEncounter> {
  const out = new Map<string, FoldedEncounter>()
  for (const { line, record } of records) foldRecord(out, record, line)
  return out
}
