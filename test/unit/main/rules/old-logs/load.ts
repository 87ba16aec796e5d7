/**
 * Load a session log the way the app does (services/encounter-fold.ts) and replay every encounter in it to its
 * final state and its log lines. Used by old-logs.test.ts against test/fixtures/old-logs/ (logs written before
 * issue 9 changed the event shapes).
 */
import { readFileSync } from 'node:fs'
import { foldEncounters } from '../../../../../src-main/services/play/encounter-fold'
import type { SessionRecord } from '../../../../../src-main/services/sessions/session-records'
import { logEntries, replay } from '../../../../../src-main/rules/index'
import type { EncounterState, LogEntry } from '@shared/domain/encounter'

export interface Loaded {
  state: EncounterState
  log: LogEntry[]
}

export function loadOldLog(path: string): Record<string, Loaded> {
  const lines = readFileSync(path, 'utf8').split('\n')
  const records: Array<{ line: number; record: SessionRecord }> = []
  for (const [i, text] of lines.entries()) {
    if (i === 0 || text.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      continue // a damaged line: the app skips it too
    }
    records.push({ line: i + 1, record: value as SessionRecord })
  }
  const out: Record<string, Loaded> = {}
  for (const [id, enc] of foldEncounters(records)) out[id] = { state: replay(enc.records), log: logEntries(enc.records) }
  return out
}
