/**
 * A live encounter as the encounter service holds it (issue 5): its history (records, log lines, state), where it is
 * written, and how the player display shows it; made one way whether launched or restored from a log.
 */
import type { EncounterState, EventRecord, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { DisplayMode } from '@shared/views/encounter-views'
import type { Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { History, LogList } from '../../rules/index'
import type { RuleSystem } from '../../rules/kit/system'

export interface LiveEncounter {
  id: string
  campaignId: string
  /** the session whose log it is written to; while `waiting`, the ended session it was carried out of */
  sessionId: string
  /** carried out of an ended session: the next change opens a new session and goes on there */
  waiting: boolean
  planId: string | null
  systemId: SystemId
  system: RuleSystem
  state: EncounterState
  records: readonly EventRecord[]
  /** the history's log lines (read through: described on the first read, the newest kept made) */
  readonly log: LogList
  /**
   * the records, log and state kept incrementally (a command, undo or redo costs its batch, not the encounter); its
   * log lines are built when first read (the first view), not by a restore
   */
  history: History
  /** seqs of records whose status changed since the last push (its view carries those older than its log window) */
  statusChanged: number[]
  display: Partial<Record<Side, DisplayMode>>
  /** serializes commands of this encounter */
  queue: Promise<unknown>
}

export type LiveFields = Pick<LiveEncounter, 'id' | 'campaignId' | 'sessionId' | 'waiting' | 'planId' | 'systemId' | 'system' | 'display'>

/** a live encounter over its history (the display is not an event: laid over the history's state) */
export function liveEncounter(history: History, f: LiveFields): LiveEncounter {
  return {
    ...f,
    state: { ...history.state, display: { ...f.display } },
    records: history.records,
    get log() {
      return history.log
    },
    history,
    statusChanged: [],
    queue: Promise.resolve(),
  }
}

/** the live encounter's records, log and state after its history changed (the display is not an event: laid over) */
export function sync(l: LiveEncounter): void {
  l.records = l.history.records
  l.state = { ...l.history.state, display: { ...l.display } }
}

/** the refusal as it is (its key, params and rule source: issue 27), its field under the request's */
export const prefixField = <T>(r: Result<T>, prefix: string): Result<T> =>
  r.ok ? r : { ok: false, error: { ...r.error, field: r.error.field ? `${prefix}.${r.error.field}` : prefix } }

export const noLiveEncounter = (encounterId: string) => refuse('not-found', core.en, 'refusal.core.noLiveEncounter', {}, { field: 'encounterId', details: { encounterId } })
