/**
 * Events as typed discriminated unions (issue 9). Each event kind is declared once, in an event map
 * (`type` → fields); the union is built from that map, and the same union types the code that creates events
 * (a system's batch, `Batch<E>`, and its hooks) and the code that reads them (evolve, log lines, facts). So the
 * shape a handler writes and the shape evolve reads cannot drift apart: a field written or read that the map does
 * not declare is a type error.
 *
 * On the wire (IPC, the session log) an event stays `EngineEvent`, `{ type: string; [k]: unknown }`. Logged events
 * are upcast to the current shape (upcast.ts) before they are folded, so the engine reads an event by its prefix:
 * `core.` events as `CoreEvent`, `<system>.` events as the system's union.
 */
import type { Combatant, ConditionInstance, EncounterState, EngineEvent, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'

export interface CreateEncounterParams {
  id: string
  name: string
  systemId: SystemId
  /** recorded in the encounter; generate it with crypto outside rules/ in real play */
  seed: string
  display?: EncounterState['display']
  pools?: Record<string, number>
  /** the campaign's `systemSettings` (the system reads them from `state.system.settings`); recorded in the log */
  settings?: Record<string, unknown>
}

/** What every event may carry besides its own fields: decide stamps `gmOnly` on events naming a hidden combatant. */
interface EventBase {
  gmOnly?: boolean
}

/** The union of an event map: one member `{ type: K } & fields` per key (a plain object type, so it is an `EngineEvent`). */
export type EventUnion<M> = { [K in keyof M & string]: Flat<{ type: K } & EventBase & M[K]> }[keyof M & string]
type Flat<T> = { [P in keyof T]: T[P] }

/** The member of a union with this `type`. */
export type EventOf<U extends { type: string }, T extends U['type']> = Extract<U, { type: T }>

/** What the engine knows of a system's events before it knows the system: a type and fields. */
export type SystemEvent = EngineEvent

/** The combatant an event is about, by id and by name (names go into log lines). */
interface About {
  combatantId: string
  name: string
}

/** The core events: combatants, initiative, turns, conditions, pools, overrides. */
export interface CoreEventMap {
  'core.encounterCreated': { params: CreateEncounterParams }
  'core.combatantAdded': { combatant: Combatant }
  'core.combatantRemoved': About
  'core.hiddenSet': About & { hidden: boolean }
  'core.awareSet': About & { aware: boolean }
  'core.noteSet': About & { notes: string }
  'core.sideSet': About & { side: Side }
  /** an initiative count: rolled (with its dice), set by hand (`manual`), or shared with a group (`groupWith`);
   *  systems add what their roll needs to show (Saga's armor `penalty`, Starchasers' `pool` and `afterLastPc`) */
  'core.initiativeSet': About & {
    value: number
    modifier?: number
    dice?: unknown[]
    manual?: boolean
    groupWith?: string
    penalty?: number
    pool?: unknown
    afterLastPc?: string | null
    /** Storyteller: a start tick counted again from a better Join Battle: whose roll (its name, as logged; 004) */
    recountedBy?: string
  }
  'core.combatStarted': { surprise: boolean; model: string; firstSide?: Side; tiebreaks?: Record<string, number>; headline?: boolean }
  'core.roundStarted': { round: number; phase: EncounterState['turn']['phase']; order: string[] }
  /** a combatant's turn (ordered, ticks) or a side's turn (sides); `order` and `tick` when the turn changes them */
  'core.turnStarted': {
    combatantId?: string
    name?: string
    side?: Side
    round: number
    index: number
    phase?: EncounterState['turn']['phase']
    order?: string[]
    tick?: number
    /** ticks: everyone acting together on this tick (004 ties), `combatantId` first; `name` then names them all */
    together?: string[]
  }
  /** the ended turn, named by the strategy's `endedTurn` fields (a combatant, or a side) */
  'core.turnEnded': { round: number; combatantId?: string; side?: Side; [k: string]: unknown }
  'core.ticksSpent': About & { ticks: number; tick: number }
  'core.delayed': About
  'core.readied': About & { trigger: string }
  'core.readyExpired': About
  'core.resumed': About & { before: string | null }
  'core.readyTriggered': About & { before: string | null }
  'core.conditionAdded': About & { condition: ConditionInstance }
  'core.conditionEnded': About & { conditionId: string; key: string; /** a GM's own condition's name as typed */ conditionName?: string; reason: string }
  'core.poolAdjusted': { pool: string; delta: number; value: number }
  'core.encounterEnded': { round: number; headline?: boolean }
  /** the GM's options for this encounter (issue 10: skip the defeated in the turn order) */
  'core.optionsSet': { options: NonNullable<EncounterState['options']> }
  'core.ruleOverridden': { command: string; reason: string; message: string; field?: string; params: Record<string, string | number | boolean> }
}

export type CoreEvent = EventUnion<CoreEventMap>
export type CoreEventType = CoreEvent['type']

/** Is this a core event? (By its prefix: logged events are upcast to the current shape before they are read.) */
export const isCoreEvent = (e: EngineEvent): e is CoreEvent => e.type.startsWith('core.')

/** A system's event, read as its union: the caller has checked the `<system>.` prefix (evolverFor, createEngine). */
export const asSystemEvent = <E extends SystemEvent>(e: EngineEvent): E => e as E

/**
 * A union whose members declare the fields the system's code reads (evolve, log lines, facts) and may carry more
 * (dice, parts of a roll shown in the log's detail), read as `unknown` until declared. The `type`s are closed: an
 * event of a type the map does not list is a type error where it is written.
 */
export type OpenEventUnion<M> = EventUnion<{ [K in keyof M]: M[K] & { [field: string]: unknown } }>

/** The state patch every system event may carry (kit/patch.ts), typed by the system's state. */
export interface Changes<S extends object> {
  changes?: Array<{ id: string; patch: Partial<S> }>
}
