/**
 * The one interface every rule system implements (systems/<id>/index.ts exports a RuleSystem).
 * The core (decide.ts / evolve.ts) handles the generic commands (combatants, initiative, turns, conditions,
 * pools, notes, hide/reveal) and delegates everything else to the system.
 */
import type { z } from 'zod'
import type { Combatant, EncounterState, EngineCommand, EngineEvent, InitiativeModel, LogEntry, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { Result } from '@shared/result'
import type { Rng } from './rng'
import type { UpcastCommand, UpcastEvent } from './upcast'
import type { CommandMap } from './command'

export type { Rng }

export interface DecideContext {
  rng: Rng
  /** ISO-8601 time supplied by the caller; the engine never reads the clock */
  now: string
}

/** What players may see of one combatant (built in main, redacted). */
export interface PlayerCombatantView {
  id: string
  name: string
  side: Side
  /** exact numbers only when the GM chose 'exact' for the side */
  health: { kind: 'exact'; current: number; max: number } | { kind: 'descriptor'; key: string } | { kind: 'hidden' }
  /** visible condition keys with values */
  conditions: Array<{ key: string; value?: number }>
  /** system extras safe for players, e.g. condition track step for PCs */
  extra?: Record<string, string | number | boolean>
}

export interface OddsResult {
  /** probability of a hit (0..1) */
  hit: number
  crit: number
  /** damage after mitigation → probability */
  damage: Array<{ value: number; p: number }>
  /** named extra probabilities, e.g. conditionStep, dropToZero, criticalStrike */
  extra: Record<string, number>
}

export interface RuleSystem {
  id: SystemId
  initiativeModel: InitiativeModel
  /** zod schema of a stat block of this system (kinds: PCs, NPCs, allies...) */
  statBlockSchema: z.ZodType
  /** turn a validated stat block into the system parts of a combatant (stats snapshot + initial state) */
  createCombatant(statBlock: unknown): Result<Pick<Combatant, 'stats' | 'state' | 'role' | 'initiative'>>
  /** roll initiative for one combatant (the core orders, breaks ties, handles surprise) */
  rollInitiative(state: EncounterState, combatant: Combatant, ctx: DecideContext): Result<EngineEvent[]>
  /** called by the core once when combat starts, after the order is fixed (e.g. Saga flat-footed) */
  onCombatStart?(state: EncounterState, ctx: DecideContext): EngineEvent[]
  /** called by the core at turn boundaries (reset action budget, start/end-of-turn effects) */
  onTurnStart?(state: EncounterState, combatantId: string, ctx: DecideContext): EngineEvent[]
  onTurnEnd?(state: EncounterState, combatantId: string, ctx: DecideContext): EngineEvent[]
  /** system events (type prefixed with `${id}.`) beyond their `changes`, which the engine applies first
   * (core/patch.ts); returns the state unchanged for events it has nothing more to do for */
  evolve?(state: EncounterState, event: EngineEvent): EncounterState
  /** exact odds of an attack command before it is rolled */
  odds?(state: EncounterState, command: EngineCommand): Result<OddsResult>
  /** what a player may see of a combatant */
  playerView(state: EncounterState, combatant: Combatant): PlayerCombatantView
  /** a log entry (message key + params) for a system event */
  logEntry(event: EngineEvent): Omit<LogEntry, 'seq'> | null
  /** one upcast step for this system's logged events of an older version (core/upcast.ts) */
  upcastEvent?: UpcastEvent
  /** one upcast step for logged commands of an older version (field renames) */
  upcastCommand?: UpcastCommand
  /** the system's commands (attack, damage, heal, duel, ...) by type: zod schema + handler (core/command.ts) */
  commands: CommandMap
}
