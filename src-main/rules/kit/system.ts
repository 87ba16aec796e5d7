/**
 * The one interface every rule system implements (systems/<id>/index.ts exports a RuleSystem).
 * The core (decide.ts / evolve.ts) handles the generic commands (combatants, initiative, turns, conditions,
 * pools, notes, hide/reveal) and delegates everything else to the system.
 */
import type { z } from 'zod'
import type { Combatant, EncounterState, EngineCommand, EngineEvent, LogEntry, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { Result } from '@shared/result'
import type { StatBlockKind } from '@shared/domain/campaign'
import type { CardLayout, CommandGroup, DerivedValue, FieldHint } from '@shared/views/system-views'
import type { SystemResult } from '@shared/views/result-views'
import type { CharacterResource, SpendOption } from '@shared/views/character-views'
import type { Rng } from './rng'
import type { UpcastCommand, UpcastEvent } from './upcast'
import type { CommandMap } from './command'
import type { DecideContext } from './context'
import type { CoreEvent, SystemEvent } from './events'
import type { SystemImports } from './imports'

export type { DecideContext }
import type { InitiativeStrategy } from './turn-order/strategy'

export type { Rng }


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
  /** out of (or nearly out of) the fight, in the seed's word (issue 27: not a plain "0 / 42"): one of
   *  `PLAYER_STATUSES` (src-shared/views/encounter-views.ts); absent while it fights on */
  status?: string
}

export interface OddsResult {
  /** probability of a hit (0..1) */
  hit: number
  crit: number
  /** damage after mitigation → probability */
  damage: Array<{ value: number; p: number }>
  /** named extra probabilities, e.g. conditionStep, dropToZero, criticalStrike */
  extra: Record<string, number>
  /** i18n keys naming hit, crit, the expected value and the distribution for this command (OddsView.labels) */
  labels?: { hit?: string; crit?: string | null; expected?: string; dist?: string }
}

/**
 * `E` is the union of the system's own events (its `events.ts`): the hooks return core events and these, and
 * evolve, log lines and facts read them typed. The registry holds every system as `RuleSystem` (any events).
 */
export interface RuleSystem<E extends SystemEvent = SystemEvent> {
  id: SystemId
  /** the turn order (core/turn-order/): ordered counts, sides, the tick wheel, or the system's own */
  initiative: InitiativeStrategy
  /** zod schema of a stat block of this system (kinds: PCs, NPCs, allies...) */
  statBlockSchema: z.ZodType
  /** turn a validated stat block into the system parts of a combatant (stats snapshot + initial state) */
  createCombatant(statBlock: unknown): Result<Pick<Combatant, 'stats' | 'state' | 'role' | 'initiative'>>
  /** roll initiative for one combatant (the core orders, breaks ties, handles surprise) */
  rollInitiative(state: EncounterState, combatant: Combatant, ctx: DecideContext): Result<Array<CoreEvent | E>>
  /** called by the core once when combat starts, after the order is fixed (e.g. Saga flat-footed) */
  onCombatStart?(state: EncounterState, ctx: DecideContext): Array<CoreEvent | E>
  /** called by the core at turn boundaries (reset action budget, start/end-of-turn effects) */
  onTurnStart?(state: EncounterState, combatantId: string, ctx: DecideContext): Array<CoreEvent | E>
  onTurnEnd?(state: EncounterState, combatantId: string, ctx: DecideContext): Array<CoreEvent | E>
  /** called by the core when the encounter ends, before it ends (e.g. Starchasers statuses that last until the
   *  Combat ends, 000:184) */
  onEncounterEnd?(state: EncounterState, ctx: DecideContext): Array<CoreEvent | E>
  /** system events (type prefixed with `${id}.`) beyond their `changes`, which the engine applies first
   * (kit/patch.ts); returns the state unchanged for events it has nothing more to do for */
  evolve?(state: EncounterState, event: E): EncounterState
  /** exact odds of an attack command before it is rolled */
  odds?(state: EncounterState, command: EngineCommand): Result<OddsResult>
  /** what a player may see of a combatant */
  playerView(state: EncounterState, combatant: Combatant): PlayerCombatantView
  /** the shared pools players may see (e.g. the party's Momentum), by pool key; absent: none */
  playerPools?(state: EncounterState): Record<string, number>
  /** a character's own sheet for its player's phone (issue 29): its health (or the track that stands for it) in full
   *  and its own resources (Force Points, Luck, Stress, Willpower…). Only this combatant's values: the projection
   *  (projections/to-character-view.ts) sends it to that character's link only. Absent: health from `playerView`
   *  with the side's numbers shown, no resources */
  characterSheet?(state: EncounterState, combatant: Combatant): CharacterSheet
  /** the points a player may ask to spend from their phone (issue 29), and the command that spends one when the GM
   *  accepts (a command of this system, as the GM would give it). Absent: nothing to spend */
  playerSpends?: PlayerSpends
  /** a log entry (message key + params) for a system event */
  logEntry(event: E): Omit<LogEntry, 'seq'> | null
  /** one upcast step for this system's logged events of an older version (kit/upcast.ts) */
  upcastEvent?: UpcastEvent
  /** one upcast step for logged commands of an older version (field renames) */
  upcastCommand?: UpcastCommand
  /** the system's commands (attack, damage, heal, duel, ...) by type: zod schema + handler (kit/command.ts) */
  commands: CommandMap
  /** the command schemas by type, `schemasOf(commands)` (for IPC validation, `system:describe` and docs) */
  commandSchemas: Record<string, z.ZodType>

  // ── What generic code asks a system (issue 9 item 1): the services, projections, exports and `system:describe`
  // know a system only through these members (types below). Each lives in its own file of the system's folder.
  /** the system's own name per language (also `system.<id>` in its ui catalog) */
  names: { en: string; pl: string }
  /** out of the fight: down, unconscious, dying, dead, destroyed... (the danger check, the win condition) */
  isOut(combatant: Combatant): boolean
  /** an out combatant whose turn still runs a rule (a dying clock, a Con check due): the turn order does not pass
   *  over it (issue 10); `state.turn.index` is the slot being considered. Absent: no out combatant needs a turn */
  needsTurn?(state: EncounterState, combatant: Combatant): boolean
  /** what the export summary needs to know about an event of an encounter of this system (core events too:
   *  the core reads joins, hides and rounds; the system adds damage, knock-outs and notable rolls) */
  facts(event: EngineEvent): SystemEventFacts | null
  /** the danger check's default attack of `attacker` on `target` (a command of this system) */
  dangerAttack(state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand
  /** the danger check: can `attacker` attack `target` from where they stand (range, reach)? A fighter picks its
   *  target among the foes it can reach. Absent: every foe is in reach */
  dangerReach?(state: EncounterState, attacker: Combatant, target: Combatant): boolean
  /** the danger check: the move of a fighter with no foe in reach that brings it nearer to them (a command of this
   *  system), or null when it cannot close in (then it waits). Asked only with `dangerReach` */
  dangerApproach?(state: EncounterState, actor: Combatant, foes: readonly Combatant[]): EngineCommand | null
  /** the danger check's win condition; default (absent): a team wins when every combatant of the other is out */
  winner?(state: EncounterState): DangerWinner
  /** the keys of its pools, range bands and conditions → the i18n key of each label (ui catalog, else log catalog) */
  labels: SystemLabels
  /** values worth showing on a live combatant's card (e.g. a defense at the current condition step) */
  derived(state: EncounterState, combatant: Combatant): DerivedValue[]
  /** the result card of one command batch (its events, and the state after them): the rolls with their dice,
   *  totals and what they were against, and what they did; absent, or null: the generic card from `facts` and the
   *  events' dice (projections/result-card.ts) */
  result?(events: EngineEvent[], state: EncounterState): SystemResult | null
  /** a stat block laid out as the system's book prints it; throws nothing: an invalid block gives a short card */
  card(statBlock: unknown, lang: 'en' | 'pl'): CardLayout
  /** its log templates and ui labels (flat keys), en and pl */
  catalogs: SystemCatalogs
  /** UI hints of its commands (the forms are generated from `commandSchemas` plus these) */
  commandHints: CommandHint[]
  /** a valid new stat block of each kind (the library's "new" button) */
  statBlockTemplates: Record<StatBlockKind, (name: string) => Record<string, unknown>>
  /** stat blocks of other tools: the formats it reads, the figures the library shows, the formats it writes
   *  (issue 30, kit/imports.ts); absent: only this app's own JSON */
  imports?: SystemImports
}

// ── Types of the members above (issue 9 item 1) ──

/** `characterSheet`'s answer: labels are i18n keys of the system's ui catalog */
export interface CharacterSheet {
  health: { current: number; max: number; label?: string } | null
  resources: CharacterResource[]
}

export interface PlayerSpends {
  /** what this combatant may spend now, with what is left (an empty list: nothing) */
  options(state: EncounterState, combatant: Combatant): SpendOption[]
  /** the command that spends one point of `resource` for this combatant, or null when it cannot now */
  command(state: EncounterState, combatant: Combatant, resource: string): EngineCommand | null
}

/** What an event means for an export summary. Ids are combatant ids. */
export interface SystemEventFacts {
  /** who acted (the attacker) */
  actorId?: string
  /** who it was done to */
  targetId?: string
  /** damage dealt by this event (count each hit once: the event that applies it) */
  damage?: { sourceId: string | null; targetId: string; amount: number }
  /** a combatant dropped out of the fight by this event */
  knockout?: { targetId: string }
  /** notable rolls and outcomes, one word each time: 'nat20', 'crit', 'dominate', 'complication', ... */
  notable?: string[]
}

/** The danger check's verdict on a simulated fight: a side won, or the fight goes on. */
export type DangerWinner = 'party' | 'foes' | null

export interface SystemLabels {
  pools: Record<string, string>
  bands: Record<string, string>
  conditions: Record<string, string>
}

export type Catalog = Record<string, string>
export interface SystemCatalogs {
  /** log templates (registered with formatLog) */
  log: { en: Catalog; pl: Catalog }
  /** ui labels (merged into the renderer's i18n); keys may repeat a log key with another text, so kept apart */
  ui: { en: Catalog; pl: Catalog }
}

/** The UI hints of one action of the action panel (an entry of `SystemDescription.commands` without its schema). */
export interface CommandHint {
  /** the engine command `type` */
  type: string
  /** a second entry for the same command type (e.g. the diceless ally attack) needs its own id; default: type */
  id?: string
  group: CommandGroup
  label: string
  fields: Record<string, FieldHint>
  odds?: boolean
  shortcut?: string
  /** constant fields the entry always sends (e.g. `{ mode: 'diceless' }`) */
  fixed?: Record<string, unknown>
}
