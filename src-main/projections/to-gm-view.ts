/** The GM console's view of a live (or replayed) encounter: the full state, its log and the undo/redo labels. */
import type { EncounterState, EventRecord, LogEntry } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { GmEncounterView, HistoryLabel } from '@shared/views/encounter-views'
import { nextRedoLabel, nextUndoLabel } from '../rules/index'
import { getSystem } from '../rules/index'

export interface GmViewInput {
  state: EncounterState
  records: readonly EventRecord[]
  /** the log entries of `records` (kept incrementally by the encounter service) */
  log: LogEntry[]
  systemId: SystemId
  campaignId: string
  sessionId: string
  shownToPlayers: boolean
}

const label = (l: Omit<LogEntry, 'seq'> | null): HistoryLabel | null => (l ? { label: l.key, key: l.key, params: l.params } : null)

/** each combatant's derived values, from the encounter's rule system (none when the system is unknown) */
export function derivedValues(state: EncounterState, systemId: string): GmEncounterView['derived'] {
  const sys = getSystem(systemId)
  if (!sys.ok) return {}
  return Object.fromEntries(state.combatants.map((c) => [c.id, sys.value.derived(state, c)]))
}

export function toGmView(input: GmViewInput): GmEncounterView {
  return {
    derived: derivedValues(input.state, input.systemId),
    encounter: input.state,
    log: input.log,
    undo: label(nextUndoLabel(input.records)),
    redo: label(nextRedoLabel(input.records)),
    systemId: input.systemId,
    campaignId: input.campaignId,
    sessionId: input.sessionId,
    shownToPlayers: input.shownToPlayers,
  }
}
