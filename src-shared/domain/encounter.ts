/**
 * The engine's serializable encounter model (plain JSON: no Dates, Maps or classes).
 * Shared because commands and view models cross IPC; the rules that change it live in src-main/rules.
 */
import type { SystemId } from './systems'

export type Side = 'party' | 'allies' | 'enemies' | 'neutral'
export const SIDES: readonly Side[] = ['party', 'allies', 'enemies', 'neutral']

/** When a condition ends. Checked by the core at every turn boundary. */
export type ConditionEnds =
  | { at: 'manual' }
  /** at the start (or end) of the named combatant's next turn, or of its turn in `round` when given */
  | { at: 'turnStart'; combatantId: string; round?: number }
  | { at: 'turnEnd'; combatantId: string; round?: number }
  /** after N full rounds: ends just before the initiative count (turn slot) where it began, N rounds later (W7) */
  | { at: 'rounds'; rounds: number }
  /** at the end of round `round` ("for the rest of the Round"): ends before the first turn of the next round */
  | { at: 'roundEnd'; round: number }

export interface ConditionInstance {
  id: string
  /** system vocabulary key, e.g. `saga.flatFooted`, `starchasers.bleeding` */
  key: string
  /** a GM's own condition (key `custom.…`): its name as typed, shown wherever the condition is named */
  name?: string
  /** optional magnitude (a penalty, a status level) */
  value?: number
  source?: string
  /** players never learn of it */
  gmOnly?: boolean
  ends: ConditionEnds
  /** where it began, for `rounds` durations */
  appliedRound: number
  appliedTurnOf?: string | null
}

export interface InitiativeSlot {
  /** the rolled/entered count (ordered model) or next tick (tick model); null until rolled */
  value: number | null
  modifier: number
  /** random tie-break recorded when the order was fixed (W7) */
  tiebreak?: number
  delayed?: boolean
  /** trigger text of a readied action */
  readied?: string | null
}

export interface Combatant {
  id: string
  name: string
  /** instance number for mooks made from one stat block ("Stormtrooper 3") */
  number?: number
  /** library stat block this was made from */
  templateId?: string
  side: Side
  /** 'pc' | 'npc' | 'ally' (companions and pets are allies); systems may refine it in the stat block */
  role: 'pc' | 'npc' | 'ally'
  hidden: boolean
  /** false: surprised (no action in the surprise round) */
  aware: boolean
  /** GM-only notes */
  notes: string
  /** the system's stat block snapshot (validated by the system's schema) */
  stats: Record<string, unknown>
  /** the system's mutable combat state: HP, condition track, stress, actions used, ... */
  state: Record<string, unknown>
  conditions: ConditionInstance[]
  initiative: InitiativeSlot
  /** range band or distance to the party, when the system uses them */
  position?: { band?: string; distance?: number; zone?: string }
}

/** 'alternating': 2d20's J7 order (no initiative roll; the sides alternate) */
export type InitiativeModel = 'ordered' | 'sides' | 'ticks' | 'alternating'

export interface TurnCursor {
  phase: 'setup' | 'surprise' | 'combat' | 'ended'
  round: number
  /** combatant ids in acting order (ordered/ticks) */
  order: string[]
  /** index into order of the current combatant, -1 before the first turn */
  index: number
  /** sides model: the side whose turn it is */
  side?: Side
  /** ticks model: the current tick */
  tick?: number
  /** ticks model: everyone whose turn it is when several act together (004: tied on the tick and on Join Battle,
   *  "actions are simultaneous"); the first is `order[index]`. Absent when one acts. */
  together?: string[]
}

export interface EncounterState {
  id: string
  name: string
  systemId: SystemId
  /** the RNG seed recorded in the encounter (crypto-random in real play) */
  seed: string
  combatants: Combatant[]
  turn: TurnCursor
  /** shared pools on the board: Momentum, Threat, ... */
  pools: Record<string, number>
  /** system-wide state (e.g. a running duel) */
  system: Record<string, unknown>
  /** how players see health per side (issue 5) */
  display: Partial<Record<Side, 'exact' | 'descriptor' | 'hidden'>>
  /** the GM's options for this encounter (absent: the defaults) */
  options?: EncounterOptions
}

export interface EncounterOptions {
  /** the turn order passes over combatants out of the fight (the system's `isOut`: dead, destroyed, unconscious)
   *  unless their turn still runs a rule (a dying clock, a Con check due); default true */
  skipOut?: boolean
}

/** A rolled die, recorded in events so replay never re-rolls. */
export interface DieRoll {
  /** 'd20', 'd6', 'attack', 'defense', ... */
  die: string
  value: number | string
  /** entered by hand from physical dice */
  manual?: boolean
}

/** A past-tense fact. `type` is namespaced for system events: `saga.attackResolved`. */
export interface EngineEvent {
  type: string
  [key: string]: unknown
}

/** A command: what the GM says a combatant does. Same objects over IPC, in the CLI and in scenarios. */
export interface EngineCommand {
  type: string
  /** dice entered by hand, consumed in order before the RNG */
  dice?: Array<number | string>
  /** do it even though a rule forbids it; the override is logged */
  override?: boolean
  [key: string]: unknown
}

/**
 * The shape version of logged events. Records written before issue 9 carry no `v` (version 1: Starchasers events
 * patched state with `patches: {id: patch}`); reading a log upcasts older records (rules/kit/upcast.ts).
 */
export const EVENT_VERSION = 2

/** One entry of an encounter's event list (also a line of the session log). */
export interface EventRecord {
  /** the shape version of `event` (EVENT_VERSION when written now); absent: 1 */
  v?: number
  seq: number
  /** ISO-8601 */
  at: string
  /** events of one command share a batch; undo/redo works per batch */
  batch: number
  event: EngineEvent
  status: 'active' | 'undone' | 'discarded'
}

/** A log line derived from an event, localized in the renderer. */
export interface LogEntry {
  seq: number
  key: string
  params: Record<string, string | number | boolean>
  gmOnly?: boolean
  status?: EventRecord['status']
}
