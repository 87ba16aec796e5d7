/** The GM console's view of a live (or replayed) encounter: the full state, its log and the undo/redo labels. */
import type { EncounterState, EventRecord, LogEntry } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { GmEncounterView, HistoryLabel } from '@shared/views/encounter-views'
import { getSystem, logEntry, nextRedoLabel, nextUndoLabel } from '../rules/index'
import { resultCard } from './result-card'

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

/** ids of the combatants the system counts out of the fight (dimmed on the board, never a default target) */
export function outIds(state: EncounterState, systemId: string): string[] {
  const sys = getSystem(systemId)
  return sys.ok ? state.combatants.filter((c) => sys.value.isOut(c)).map((c) => c.id) : []
}

export function toGmView(input: GmViewInput): GmEncounterView {
  const sys = getSystem(input.systemId)
  return {
    derived: derivedValues(input.state, input.systemId),
    result: resultCard(input.records, sys.ok ? sys.value : null, input.state, logEntry),
    out: outIds(input.state, input.systemId),
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
