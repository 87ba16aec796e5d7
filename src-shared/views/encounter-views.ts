/**
 * View models of the encounter, session and prep services (built in main, plain JSON).
 * The player board is built ONLY by src-main/projections/to-player-view.ts.
 */
import type { EncounterState, InitiativeModel, LogEntry, Side } from '../domain/encounter'
import type { SystemId } from '../domain/systems'
import type { DerivedValue } from './system-views'
import type { ResultCardView } from './result-views'
import type { TvArrangement } from '../domain/table'

export type DisplayMode = 'exact' | 'descriptor' | 'hidden'

/** What the GM console shows for one live (or replayed) encounter. */
export interface GmEncounterView {
  encounter: EncounterState
  /** the newest entries of the encounter's log (at most a window of them, whatever the log's length: a push costs the
   *  same at the 10,000th action as at the first); the log pane pages older ones through `encounter:log` */
  log: LogEntry[]
  /** how many entries the whole log has: `log` holds the entries at indexes `logTotal - log.length` … `logTotal - 1` */
  logTotal: number
  /** entries older than `log` whose status this change set (an undo or redo of an older step, a new command that
   *  discarded the redo branch), for the entries a log pane has paged in */
  logChanged?: LogEntry[]
  /** what undo / redo would change: `label` is the log message key, `key` + `params` localize it */
  undo: HistoryLabel | null
  redo: HistoryLabel | null
  systemId: SystemId
  campaignId: string
  sessionId: string
  /** true when this encounter is on the player display */
  shownToPlayers: boolean
  /** replay only: which batch the view stands at, out of how many */
  replay?: { handle: string; at: number; total: number }
  /** the rule system's values to show on each combatant's card, by combatant id (e.g. a defense at the current
   *  condition step); labels are i18n keys of the system's catalog */
  derived?: Record<string, DerivedValue[]>
  /** what the newest command rolled and did (null: it rolled nothing and hurt no one, or it was undone) */
  result?: ResultCardView | null
  /** the shared pools as main derives them for the player display (the system's `playerPools`): a screen shows
   *  these figures and never sums a pool of its own (issue 27) */
  playerPools?: Record<string, number>
  /** ids of the combatants out of the fight by the system's `isOut` (dead, destroyed, unconscious...): dimmed,
   *  never the default target */
  out?: string[]
}

/** One page of an encounter's log (`encounter:log`): the entries at indexes `start` … `start + entries.length - 1`
 *  of the `total` the log has now (a log only grows: an index names the same entry for the encounter's life). */
export interface LogPage {
  entries: LogEntry[]
  start: number
  total: number
}

export interface HistoryLabel {
  label: string
  key: string
  params: Record<string, string | number | boolean>
}

/** One row of `encounter:list`. */
export interface EncounterSummary {
  id: string
  name: string
  planId: string | null
  sessionId: string
  phase: EncounterState['turn']['phase']
  round: number
  combatants: number
  shownToPlayers: boolean
}

/**
 * A combatant out of (or nearly out of) the fight, in its system's word (issue 27), shown on the player display
 * instead of a plain "0 / 42": Saga unconscious / dead (a droid disabled / destroyed, 001:86-100), Starchasers
 * unconscious / dying / dead (000:596, 000:701), 2d20 incapacitated / blacked out / defeated / dispatched (002:176,
 * J4), Storyteller incapacitated / dead (004). The projection passes only these words.
 */
export const PLAYER_STATUSES = ['unconscious', 'dying', 'dead', 'disabled', 'destroyed', 'incapacitated', 'blackedOut', 'defeated', 'dispatched'] as const
export type PlayerStatus = (typeof PLAYER_STATUSES)[number]

/** What players may see of one combatant (same shape as the rule systems' playerView). */
export interface PlayerCombatantView {
  id: string
  name: string
  side: Side
  health: { kind: 'exact'; current: number; max: number } | { kind: 'descriptor'; key: string } | { kind: 'hidden' }
  /** `name`: a GM's own condition's name as typed */
  conditions: Array<{ key: string; name?: string; value?: number }>
  extra?: Record<string, string | number | boolean>
  /** out of (or nearly out of) the fight: its system's word; absent while it fights on or its side is hidden */
  status?: PlayerStatus
}

/** A visible combatant in turn order, with what the board needs around it. */
export interface PlayerBoardCombatant extends PlayerCombatantView {
  current: boolean
  /** range band (when the system uses them) */
  band?: string
  /** tick-wheel model: the tick it acts on next */
  tick?: number
  /** a delayed or readied slot (no trigger text: that is the GM's) */
  waiting?: 'delayed' | 'readied'
}

export interface PlayerEncounterView {
  id: string
  name: string
  initiativeModel: InitiativeModel
  phase: EncounterState['turn']['phase']
  round: number
  /** visible combatants in acting order */
  order: PlayerBoardCombatant[]
  /** id of the visible combatant whose turn it is; null when nobody visible acts */
  currentId: string | null
  /** sides model: the side whose turn it is */
  side?: Side
  /** ticks model: the current tick */
  tick?: number
  /** range bands with the visible combatants in each, in first-seen order */
  bands?: Array<{ band: string; ids: string[] }>
  /** shared pools the system lets players see (RuleSystem.playerPools), by pool key */
  pools?: Record<string, number>
  /** a hidden combatant acts (issue 27; never who): `side`, the side acting when the campaign shows it */
  hiddenTurn?: { side?: Side }
  /** the newest thing that happened that players may know, as a log sentence (issue 29's "last result" panel):
   *  only an entry that names visible combatants only and is not GM-only */
  lastResult?: { key: string; params: Record<string, string | number | boolean> }
}

/** What the player display shows. */
export interface PlayerBoardView {
  campaignName: string | null
  systemId: SystemId | null
  /** null: "waiting for the encounter" */
  encounter: PlayerEncounterView | null
  /** how the GM arranged the TV (issue 29; absent: the defaults): the TV and the console's preview draw the same */
  tv?: TvArrangement
}

/** One session of the campaign's index, as listed. */
export interface SessionSummary {
  id: string
  title: string
  date: string
  notes: string
  startedAt: string
  endedAt: string | null
}

export type SessionEntryKind = 'session' | 'encounter' | 'event' | 'note' | 'roll' | 'rest' | 'pool'

/** One entry of a session's log (a line of the ndjson log made readable: key + params, localized in the renderer). */
export interface SessionLogEntry {
  /** line number of the record in the session log file (header = 1) */
  line: number
  at: string
  kind: SessionEntryKind
  key: string
  params: Record<string, string | number | boolean>
  encounterId?: string
  /** combatants the entry concerns (for the combatant filter) */
  combatantIds?: string[]
  gmOnly?: boolean
  status?: LogEntry['status']
}

export interface SessionLogFilter {
  encounterId?: string
  combatantId?: string
  kind?: SessionEntryKind
  search?: string
}

/** The result of `plan:danger`. */
export interface DangerReport {
  runs: number
  /** 0..1 */
  partyWinChance: number
  /** rounds → number of runs ending after that many rounds (20 = hit the cap) */
  rounds: Record<string, number>
  /** PCs down at the end → number of runs */
  pcsDown: Record<string, number>
  cancelled: boolean
  /** runs where neither side won within 20 rounds */
  undecided: number
  /** of those, the runs in which nobody at all was taken out: neither side got through the other's defenses */
  stalled?: number
}

/** Tune an encounter (issue 13 "Beyond"): what the GM aims at, as fractions 0..1 (`min` ≤ figure ≤ `max`). */
export type TuneMetric = 'partyWins' | 'pcDown'
export interface TuneTarget {
  /** partyWins: the party wins; pcDown: at least one PC is down at the end */
  metric: TuneMetric
  min: number
  max: number
}

/** One change to a plan's entries (`entry`: its index in the plan the change was made on). */
export type PlanEdit =
  | { kind: 'count'; entry: number; statBlockId: string; name: string; from: number; to: number }
  | { kind: 'remove'; entry: number; statBlockId: string; name: string; count: number }
  | { kind: 'swap'; entry: number; statBlockId: string; name: string; toId: string; toName: string }
  | { kind: 'aware'; entry: number; statBlockId: string; name: string; aware: boolean }

/** A suggested plan: its edits from the current plan, the entries it leads to, and its simulated figures. */
export interface TuneSuggestion {
  edits: PlanEdit[]
  entries: Array<{ statBlockId: string; count: number; side: 'party' | 'allies' | 'enemies' | 'neutral'; aware: boolean; hidden: boolean; band?: string }>
  report: DangerReport
  /** the target's figure in this plan's fights (0..1) */
  value: number
  /** the figure is inside the target */
  meets: boolean
}

/** The result of `plan:tune`: the plan as it is, and the smallest changes found that reach the target. */
export interface TuneReport {
  target: TuneTarget
  current: DangerReport
  currentValue: number
  /** the plan already meets the target (then `suggestions` is empty) */
  met: boolean
  /** fewest edits first; when nothing reaches the target, the closest found (`meets: false`) */
  suggestions: TuneSuggestion[]
  /** plans simulated */
  evaluated: number
  cancelled: boolean
}

export interface DangerProgress {
  planId: string
  done: number
  total: number
}

/** A roll made outside combat (as logged). */
export interface RollResult {
  notation: string
  total: number
  dice: Array<{ die: string; value: number | string; manual?: boolean }>
  hidden: boolean
}

export interface ReplayOpened {
  handle: string
  sessionId: string
  title: string
  /** `batches`: how many steps (command batches) there are; `turnSteps`: the steps after which a new turn has begun */
  encounters: Array<{ id: string; name: string; batches: number; turnSteps: number[] }>
}

/** Exact odds of an attack before it is rolled (the rule system's OddsResult). */
export interface OddsView {
  hit: number
  crit: number
  damage: Array<{ value: number; p: number }>
  extra: Record<string, number>
  /** i18n keys naming hit, crit, the expected value and the distribution when a system means other things by them
   *  (a 2d20 test: success, complication, Momentum); absent: hit, critical, damage; `crit: null`: the roll has
   *  no such outcome (Storyteller has no critical hits), the figure is not shown */
  labels?: { hit?: string; crit?: string | null; expected?: string; dist?: string }
}
