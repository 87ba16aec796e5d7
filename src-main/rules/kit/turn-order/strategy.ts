/**
 * Initiative models as strategy objects (issue 9): who acts, in what order, when a round ends. The engine
 * (kit/engine.ts) asks the system's `initiative` strategy and never branches on a model's name; a new turn order
 * (e.g. 2d20's J7: players first, sides alternate, Threat buys an NPC turn) is one more object implementing this.
 */
import type { Combatant, EncounterState, EngineEvent, LogEntry, Side } from '@shared/domain/encounter'
import type { CoreEvent, EventOf } from '../events'

/** The part of the engine's batch (kit/batch.ts) a strategy uses: its events so far and the state they lead to.
 *  Structural, so the strategies do not import the batch (which evolves through them). */
export interface TurnBatch<E extends EngineEvent = never> {
  state: EncounterState
  events: EngineEvent[]
  /** a strategy writes core events (and a system's own strategy its system's events, `E`) */
  push(...events: Array<CoreEvent | E>): void
  get(id: string): Combatant | undefined
}

/** What the engine lends a strategy to start turns. */
export interface TurnOps {
  b: TurnBatch
  /**
   * Start a turn with this `core.turnStarted` event: the conditions due at its start end first (judged on the state
   * as if the turn had started, so they are logged just before it), then the event, then the system's turn-start
   * hook for each actor of the new turn.
   */
  beginTurn(event: EventOf<CoreEvent, 'core.turnStarted'>): void
  /** Start the turn of the combatant at this index of the order (drops a readied action not used in time). */
  beginTurnAt(index: number): void
  /** the turn order passes over this combatant were its turn at `index` (out of the fight, issue 10) */
  skips(combatant: Combatant, index: number): boolean
}

export interface CombatStart {
  surprise: boolean
  firstSide: Side
  tiebreaks: Record<string, number>
}

export interface InitiativeStrategy {
  /** the model's name, shown to views (`initiativeModel`) and recorded in `core.combatStarted` */
  id: string
  /** 001 Step 1: a surprise round happens (only where the model has one) */
  surprise(state: EncounterState): boolean
  /** evolve of `core.combatStarted`: the turn cursor (and any system field) when combat starts */
  startState(state: EncounterState, start: CombatStart): EncounterState
  /** the combatants whose turn it is now (one, or a whole side) */
  actors(state: EncounterState): string[]
  /** the fields `core.turnEnded` names the ended turn by */
  endedTurn(state: EncounterState, actors: string[]): Record<string, unknown>
  /** the core rolls a recorded tie-break for counts that still tie (W7); false: a tie means something else in the
   *  model (004: tied actors act simultaneously) */
  breaksTies?: boolean
  /** `nextTurn` given: before the current turn ends (the tick wheel: the action's cost in ticks) */
  beforeNextTurn?(b: TurnBatch, command: { ticks?: number }): void
  /** start the next turn, and a new round when this one is over */
  startNextTurn(ops: TurnOps): void
  /** removing the combatant whose turn it is ends that turn and starts the next */
  endsTurnOnRemove: boolean
  /** what the player board shows of the turn (the side acting, the current tick) */
  turnView(state: EncounterState): { side?: Side; tick?: number }
  /** the turn players see when it is not the generic "last visible turn" (projections/to-player-view.ts): the tick
   *  wheel shows the next visible actor and its tick while a hidden one acts and no visible one has had a turn yet
   *  (after one, the projection replays the wheel as it stood then), so no gap on the wheel gives it away */
  playerTurn?(state: EncounterState): { currentId: string | null; round: number; tick?: number; together?: string[] }
  /** a combatant's place on the wheel, when the model shows one */
  tickOf?(value: number | null): number | undefined
  /** the log line of an initiative count when the model's count is not a rolled initiative (2d20's J7 order, the
   *  tick wheel): null for none; without it the core's "rolls initiative" line (issue 27) */
  describeInitiative?(event: EventOf<CoreEvent, 'core.initiativeSet'>): Omit<LogEntry, 'seq'> | null
}
