/**
 * The GM console's view of a live (or replayed) encounter: the full state, the newest window of its log (with the
 * older entries whose status the change set) and the undo/redo labels. A push is the same size at any log length;
 * the log pane pages older entries through `encounter:log` (`logPage`).
 */
import type { EncounterState, EventRecord, LogEntry } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { GmEncounterView, HistoryLabel, LogPage } from '@shared/views/encounter-views'
import { getSystem, logEntry, nextRedoLabel, nextUndoLabel, type LogList } from '../rules/index'
import { resultCard } from './result-card'
import { playerPools } from './to-player-view'

export interface GmViewInput {
  state: EncounterState
  records: readonly EventRecord[]
  /** the log entries of `records` (kept incrementally by the encounter service), in seq order */
  log: LogList
  /** seqs of records whose status changed since the last push (undo, redo, a redo branch discarded) */
  statusChanged?: readonly number[]
  systemId: SystemId
  campaignId: string
  sessionId: string
  shownToPlayers: boolean
}

/** how many of the newest log entries every view carries */
export const LOG_WINDOW = 100

/** index of the entry with this seq in a seq-ordered log, or -1 */
export function indexOfSeq(log: LogList, seq: number): number {
  let lo = 0
  let hi = log.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const s = log.seqAt ? log.seqAt(mid) : log.at(mid)!.seq
    if (s === seq) return mid
    if (s < seq) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** the newest `LOG_WINDOW` entries, the total, and the older entries among `changed` (each once, in seq order) */
export function logWindow(log: LogList, changed: readonly number[] = []): Pick<GmEncounterView, 'log' | 'logTotal' | 'logChanged'> {
  const start = Math.max(0, log.length - LOG_WINDOW)
  const older = [...new Set(changed.map((seq) => indexOfSeq(log, seq)).filter((i) => i >= 0 && i < start))].sort((a, b) => a - b)
  return { log: log.slice(start), logTotal: log.length, ...(older.length > 0 ? { logChanged: older.map((i) => log.at(i)!) } : {}) }
}

/** up to `limit` entries before index `before` (clamped to the log) */
export function logPage(log: LogList, before: number, limit: number): LogPage {
  const end = Math.min(Math.max(0, before), log.length)
  const start = Math.max(0, end - Math.max(0, limit))
  return { entries: log.slice(start, end), start, total: log.length }
}

const label = (l: Omit<LogEntry, 'seq'> | null): HistoryLabel | null => (l ? { label: l.key, key: l.key, params: l.params } : null)

/** each combatant's derived values, from the encounter's rule system (none when the system is unknown) */
export function derivedValues(state: EncounterState, systemId: string): GmEncounterView['derived'] {
  const sys = getSystem(systemId)
  if (!sys.ok) return {}
  return Object.fromEntries(state.combatants.map((c) => [c.id, sys.value.derived(state, c)]))
}

/** ids of the combatants the system counts out of the fight (dimmed on the board, never a default target) */
export function outIds(state: EncounterState, systemId: string): string[] {
  const sys = getSystem(systemId)
  return sys.ok ? state.combatants.filter((c) => sys.value.isOut(c)).map((c) => c.id) : []
}

/**
 * The shared pools as the player display shows them (the system's `playerPools`, the same function the player view
 * calls): the console shows these figures, never a sum of its own (issue 27: a screen that added up the PCs' saved
 * Momentum left out an ally's and read 7 while the TV read 9). Absent when the system shows players no pool.
 */
export function playerPoolsOf(state: EncounterState, systemId: string): Record<string, number> | undefined {
  const sys = getSystem(systemId)
  return sys.ok ? playerPools(state, sys.value) : undefined
}

export function toGmView(input: GmViewInput): GmEncounterView {
  const sys = getSystem(input.systemId)
  const playerPools = playerPoolsOf(input.state, input.systemId)
  return {
    derived: derivedValues(input.state, input.systemId),
    ...(playerPools ? { playerPools } : {}),
    result: resultCard(input.records, sys.ok ? sys.value : null, input.state, logEntry),
    out: outIds(input.state, input.systemId),
    encounter: input.state,
    ...logWindow(input.log, input.statusChanged),
    undo: label(nextUndoLabel(input.records)),
    redo: label(nextRedoLabel(input.records)),
    systemId: input.systemId,
    campaignId: input.campaignId,
    sessionId: input.sessionId,
    shownToPlayers: input.shownToPlayers,
  }
}
