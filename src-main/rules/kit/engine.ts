/**
 * The engine of one rule system: `createEngine(system)`. Its decider `decide(state, command, ctx) → Result<Event[]>`
 * handles the generic commands (combatants, initiative, turns, conditions, pools, notes, hide/reveal) and hands
 * everything else to the system's command map; `evolve(state, event) → state`. Turns follow the system's
 * initiative strategy (turn-order/). Events carry every die, so replay never re-rolls. Undo/redo is a cursor over
 * EventRecord batches (history.ts). The core never looks a system up: the registry (rules/index.ts) does.
 */
import { err, ok, type Result } from '@shared/result'
import logCore from '@shared/i18n/log-core'
import { refuse, manualDieRefusal } from './refuse'
import type { Combatant, ConditionInstance, EncounterState, EngineCommand, EngineEvent, EventRecord, InitiativeSlot, LogEntry, Side } from '@shared/domain/encounter'
import type { z } from 'zod'
import { coreCommandSchemas, isCoreCommand, type CoreCommand } from './commands'
import { tiedGroups } from './initiative'
import { Batch, evolverFor, type Evolve } from './batch'
import { asSystemEvent, isCoreEvent, type CoreEvent, type EventOf, type SystemEvent } from './events'
import * as history from './history'
import type { Applied, ApplyContext, Decided, EncounterLog } from './history'
import { coreLogEntry } from './log'
import { upcastRecordWith } from './upcast'
import type { CreateEncounterParams } from './evolve-core'
import { isRefusal, type ParsedCommand } from './command'
import { commandDice, type Rng } from './rng'
import { checkRule } from './rules'
import { markHiddenEvents } from './hidden'
import { currentActor, findCombatant } from './state'
import type { TurnOps } from './turn-order/strategy'
import type { DecideContext, RuleSystem } from './system'

export { initialState, evolveCore, type CreateEncounterParams } from './evolve-core'
export { conditionAddedEvent, conditionEndedEvent } from './conditions'
import { conditionAddedEvent, conditionEndedEvent } from './conditions'
import { firstIssue } from '@shared/zod-issue'

/** Turn a zod failure into an `invalid` error naming the field. */
export function zodError(e: z.ZodError, prefix = ''): { ok: false; error: import('@shared/result').AppError } {
  const { field, message, issue } = firstIssue(e, prefix)
  // the issue as data: a screen says it as a sentence with the field's own label (issue 27), never zod's words
  return err('invalid', `${field || 'command'}: ${message}`, field || undefined, { issue })
}

/** Validate a command against the core or the system schema: the one parse of a command, at the edge where main
 * receives it (the encounter service, a plan's launch, the danger check, the CLI); what it returns is `ParsedCommand`. */
export function validateCommand(system: RuleSystem, command: unknown): Result<ParsedCommand> {
  if (typeof command !== 'object' || command === null || Array.isArray(command)) return refuse('invalid', logCore.en, 'refusal.core.commandUnreadable', {}, { field: '' })
  const type = (command as { type?: unknown }).type
  if (typeof type !== 'string') return refuse('invalid', logCore.en, 'refusal.core.commandUnreadable', {}, { field: 'type' })
  const schema = isCoreCommand(type) ? coreCommandSchemas[type] : Object.hasOwn(system.commands, type) ? system.commands[type].schema : undefined
  if (!schema) return refuse('invalid', logCore.en, 'refusal.core.unknownCommand', {}, { field: 'type', details: { type, systemId: system.id } })
  const parsed = schema.safeParse(command)
  if (!parsed.success) return zodError(parsed.error)
  return ok(parsed.data as ParsedCommand)
}

/** How a system's events are applied: `evolve` (a new state per event, as play keeps them) and `inPlace` (the
 * danger check's own copies: batch.ts `evolverFor`), both made once per engine. */
export interface Evolvers {
  evolve: Evolve
  inPlace: Evolve
}

/**
 * decide for one system, once (issue 28): run the parsed command on a batch (core or the system's handler, the manual
 * dice checked) and hand back its events (GM-only marked) with the batch's final state, the state they lead to: the
 * caller appends both and applies nothing again.
 */
export function decideWith<E extends SystemEvent>(sys: RuleSystem<E>, evolve: Evolve, state: EncounterState, command: ParsedCommand, ctx: DecideContext): Result<Decided> {
  const b = runParsed(sys, { evolve, inPlace: evolve }, state, command, ctx)
  // the marks are fields of the events (the export's and the log's), never read by evolve: the batch's state holds
  return b.ok ? ok({ events: markHiddenEvents(state, b.value.events), state: b.value.state }) : b
}

/** A parsed command (validated at the edge, or built by the engine's own callers) run on a batch: the batch, its
 * events and the state they lead to, or the refusal. */
function runParsed<E extends SystemEvent>(sys: RuleSystem<E>, ev: Evolvers, state: EncounterState, cmd: ParsedCommand, ctx: DecideContext, how?: StepHow): Result<Batch<E>> {
  if (state.turn.phase === 'ended' && cmd.type === 'endEncounter') return refuse('rule', logCore.en, 'refusal.core.encounterEnded', {}, { field: 'type' })
  const dice = cmd.dice && cmd.dice.length > 0 ? commandDice(cmd.dice, ctx.rng) : null
  const dctx: DecideContext = dice ? { rng: dice, now: ctx.now } : ctx
  const core = isCoreCommand(cmd.type)
  if (!core && !Object.hasOwn(sys.commands, cmd.type)) return refuse('invalid', logCore.en, 'refusal.core.unknownCommand', {}, { field: 'type', details: { type: cmd.type, systemId: sys.id } })
  const b = new Batch<E>(state, ev.evolve, how?.inPlace === true ? ev.inPlace : ev.evolve)
  // a valid core command is its schema's output
  const result = core ? decideCore(sys, b, cmd as unknown as CoreCommand, dctx) : sys.commands[cmd.type].handle(b, cmd, dctx)
  const refusal = isRefusal(result) ? result : dice?.error ? manualDieRefusal(dice.error) : null
  if (!refusal) return ok(b)
  // the events before the refusal were applied to a state evolved in place
  if (how?.inPlace && b.events.length > 0) how.spoiled = true
  return refusal
}

// ---------------------------------------------------------------------------------------------------------
// decide: core commands


type AddCommand = Extract<CoreCommand, { type: 'addCombatant' }>

const notFound = (id: string, field: string) => refuse('not-found', logCore.en, 'refusal.core.noCombatant', {}, { field, details: { id } })

function slug(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'combatant'
}

function decideCore<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, c: CoreCommand, ctx: DecideContext): Result<void> {
  const cmd = c
  switch (c.type) {
    case 'addCombatant': {
      const r = addCombatants(sys, em, c, ctx)
      if (!r.ok) return r
      break
    }
    case 'removeCombatant': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      // removing the combatant whose turn it is: its turn ends and the next one starts
      const wasCurrent = currentActor(em.state) === x.id && sys.initiative.endsTurnOnRemove
      if (wasCurrent) endTurn(sys, em, ctx)
      em.push({ type: 'core.combatantRemoved', combatantId: x.id, name: x.name })
      if (wasCurrent && em.state.turn.order.length > 0) startNextTurn(sys, em, ctx)
      break
    }
    case 'setHidden':
    case 'setAware':
    case 'setNote':
    case 'setSide': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      if (c.type === 'setHidden') em.push({ type: 'core.hiddenSet', combatantId: x.id, name: x.name, hidden: c.hidden })
      if (c.type === 'setAware') em.push({ type: 'core.awareSet', combatantId: x.id, name: x.name, aware: c.aware })
      if (c.type === 'setNote') em.push({ type: 'core.noteSet', combatantId: x.id, name: x.name, notes: c.notes })
      if (c.type === 'setSide') em.push({ type: 'core.sideSet', combatantId: x.id, name: x.name, side: c.side })
      break
    }
    case 'rollInitiative': {
      const ids: string[] = c.combatantIds ?? em.state.combatants.filter((x) => x.initiative.value === null).map((x) => x.id)
      for (const [i, id] of ids.entries()) if (!findCombatant(em.state, id)) return notFound(id, `combatantIds.${i}`)
      const r = rollInitiativeFor(sys, em, ids, c.group === true, ctx)
      if (!r.ok) return r
      break
    }
    case 'setInitiative': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      em.push({ type: 'core.initiativeSet', combatantId: x.id, name: x.name, value: c.value, modifier: x.initiative.modifier, manual: true })
      break
    }
    case 'startCombat': {
      if (em.state.turn.phase !== 'setup') return refuse('rule', logCore.en, 'refusal.core.combatStarted', {}, { field: 'type' })
      if (em.state.combatants.length === 0) return refuse('rule', logCore.en, 'refusal.core.nobodyHere', {}, { field: 'type' })
      const r = startCombat(sys, em, (c.firstSide ?? 'party') as Side, ctx)
      if (!r.ok) return r
      break
    }
    case 'nextTurn': {
      if (em.state.turn.phase !== 'combat' && em.state.turn.phase !== 'surprise') return refuse('rule', logCore.en, 'refusal.core.combatNotStarted', {}, { field: 'type' })
      sys.initiative.beforeNextTurn?.(em, { ticks: typeof c.ticks === 'number' ? c.ticks : undefined })
      endTurn(sys, em, ctx)
      startNextTurn(sys, em, ctx)
      break
    }
    case 'delay':
    case 'ready': {
      const cur = currentActor(em.state)
      const id: string = c.combatantId ?? cur ?? ''
      const x = findCombatant(em.state, id)
      if (!x) return notFound(id, 'combatantId')
      const refusal = checkRule(cmd, id !== cur, 'rule.core.notYourTurn', `${x.name} can only ${cmd.type} on their own turn`, 'combatantId', em.events, { name: x.name })
      if (refusal) return refusal
      em.push(c.type === 'delay' ? { type: 'core.delayed', combatantId: id, name: x.name } : { type: 'core.readied', combatantId: id, name: x.name, trigger: c.trigger })
      if (id === cur) {
        endTurn(sys, em, ctx)
        startNextTurn(sys, em, ctx)
      }
      break
    }
    case 'resume':
    case 'triggerReady': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      const waiting = cmd.type === 'resume' ? x.initiative.delayed === true : typeof x.initiative.readied === 'string'
      if (!waiting) return cmd.type === 'resume' ? refuse('rule', logCore.en, 'refusal.core.notDelaying', { name: x.name }, { field: 'combatantId' }) : refuse('rule', logCore.en, 'refusal.core.noReadied', { name: x.name }, { field: 'combatantId' })
      if (em.state.turn.phase !== 'combat' && em.state.turn.phase !== 'surprise') return refuse('rule', logCore.en, 'refusal.core.combatNotStarted', {}, { field: 'type' })
      em.push({ type: cmd.type === 'resume' ? 'core.resumed' : 'core.readyTriggered', combatantId: x.id, name: x.name, before: currentActor(em.state) })
      beginTurn(sys, em, x.id, ctx)
      break
    }
    case 'addCondition': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      em.push(conditionAddedEvent(em.state, x, { key: c.key, name: c.name, value: c.value, source: c.source, gmOnly: c.gmOnly, ends: c.ends ?? { at: 'manual' } }))
      break
    }
    case 'removeCondition': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      const cond = x.conditions.find((k) => k.id === c.conditionId)
      if (!cond) return refuse('not-found', logCore.en, 'refusal.core.noCondition', { name: x.name }, { field: 'conditionId', details: { conditionId: c.conditionId } })
      em.push(conditionEndedEvent(x, cond, 'removed'))
      break
    }
    case 'adjustPool': {
      const old = em.state.pools[c.pool] ?? 0
      if (c.delta === undefined && c.value === undefined) return refuse('invalid', logCore.en, 'refusal.core.poolHowMuch', {}, { field: 'delta' })
      const value = c.value !== undefined ? c.value : old + (c.delta ?? 0)
      em.push({ type: 'core.poolAdjusted', pool: c.pool, delta: value - old, value })
      break
    }
    case 'endEncounter': {
      const before = sys.onEncounterEnd?.(em.state, ctx) ?? []
      em.push(...before)
      // headline: undo/redo name this step "the encounter ends", not what ended with it
      em.push({ type: 'core.encounterEnded', round: em.state.turn.round, ...(before.length > 0 ? { headline: true } : {}) })
      break
    }
    case 'setOptions':
      if (c.skipOut === undefined) return refuse('invalid', logCore.en, 'refusal.core.noOption', {}, { field: 'skipOut' })
      em.push({ type: 'core.optionsSet', options: { skipOut: c.skipOut } })
      break
  }
  return ok(undefined)
}

function addCombatants<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, c: AddCommand, ctx: DecideContext): Result<void> {
  const made = sys.createCombatant(c.statBlock)
  if (!made.ok) return err(made.error.code, made.error.message, made.error.field ? `statBlock.${made.error.field}` : 'statBlock', made.error.details)
  const count: number = c.count ?? 1
  const sb = c.statBlock as Record<string, unknown>
  const base: string = c.name ?? (typeof sb.name === 'string' ? sb.name : 'Combatant')
  const templateId: string | undefined = c.templateId ?? (typeof sb.id === 'string' ? sb.id : undefined)
  const role = (c.role ?? made.value.role) as Combatant['role']
  const side: Side = c.side ?? (typeof sb.side === 'string' ? (sb.side as Side) : role === 'pc' ? 'party' : role === 'ally' ? 'allies' : 'enemies')
  const kin = em.state.combatants.filter((x) => (templateId ? x.templateId === templateId : x.name.replace(/ \d+$/, '') === base))
  const numbered = count > 1 || kin.some((x) => x.number !== undefined)
  let next = kin.reduce((m, x) => Math.max(m, x.number ?? 0), 0) + 1
  const added: string[] = []
  for (let k = 0; k < count; k++) {
    const number = numbered ? next++ : undefined
    let id: string = c.id !== undefined ? (count === 1 ? c.id : `${c.id}-${number}`) : `${slug(base)}${number !== undefined ? `-${number}` : ''}`
    if (findCombatant(em.state, id)) {
      if (c.id !== undefined && count === 1) return refuse('conflict', logCore.en, 'refusal.core.idTaken', { name: findCombatant(em.state, id)?.name ?? id }, { field: 'id', details: { id } })
      let n = 2
      while (findCombatant(em.state, `${id}-${n}`)) n++
      id = `${id}-${n}`
    }
    const combatant: Combatant = {
      id,
      name: number !== undefined ? `${base} ${number}` : base,
      ...(number !== undefined ? { number } : {}),
      ...(templateId ? { templateId } : {}),
      side,
      role,
      hidden: c.hidden ?? false,
      aware: c.aware ?? (typeof sb.aware === 'boolean' ? sb.aware : true),
      notes: c.notes ?? '',
      stats: made.value.stats,
      state: made.value.state,
      conditions: [],
      initiative: { ...made.value.initiative },
      ...(c.position ? { position: c.position } : {}),
    }
    em.push({ type: 'core.combatantAdded', combatant })
    added.push(id)
  }
  // joining mid-fight: roll now and take a place in the existing order
  if (em.state.turn.phase === 'combat' || em.state.turn.phase === 'surprise') return rollInitiativeFor(sys, em, added, false, ctx)
  return ok(undefined)
}

function rollInitiativeFor<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, ids: string[], group: boolean, ctx: DecideContext): Result<void> {
  if (ids.length === 0) return ok(undefined)
  const roll = (id: string): Result<InitiativeSlot> => {
    const x = findCombatant(em.state, id)!
    const r = sys.rollInitiative(em.state, x, ctx)
    if (!r.ok) return r
    em.push(...r.value)
    return ok(findCombatant(em.state, id)!.initiative)
  }
  if (!group) {
    for (const id of ids) {
      const r = roll(id)
      if (!r.ok) return r
    }
    return ok(undefined)
  }
  // group initiative (001): one roll with the lowest modifier of the group
  const members = ids.map((id) => findCombatant(em.state, id)!)
  const lowest = members.reduce((a, b) => (b.initiative.modifier < a.initiative.modifier ? b : a))
  const r = roll(lowest.id)
  if (!r.ok) return r
  for (const m of members) {
    if (m.id === lowest.id) continue
    em.push({ type: 'core.initiativeSet', combatantId: m.id, name: m.name, value: r.value.value ?? 0, modifier: m.initiative.modifier, groupWith: lowest.id })
  }
  return ok(undefined)
}

function startCombat<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, firstSide: Side, ctx: DecideContext): Result<void> {
  const missing = em.state.combatants.filter((x) => x.initiative.value === null).map((x) => x.id)
  const r = rollInitiativeFor(sys, em, missing, false, ctx)
  if (!r.ok) return r
  const tiebreaks: Record<string, number> = {}
  // W7: ties by modifier, then a random tie-break that is recorded and kept
  if (sys.initiative.breaksTies !== false) for (const g of tiedGroups(em.state.combatants)) for (const id of g) tiebreaks[id] = ctx.rng.int(1, 20)
  // 001 Step 1: a surprise round, where the model has one (ordered: some, but not all, are aware)
  const surprise = sys.initiative.surprise(em.state)
  // headline: undo/redo name this step "combat begins", not the first initiative roll of the batch
  em.push({ type: 'core.combatStarted', surprise, model: sys.initiative.id, firstSide, tiebreaks, headline: true })
  if (sys.onCombatStart) em.push(...sys.onCombatStart(em.state, ctx))
  startNextTurn(sys, em, ctx)
  return ok(undefined)
}

function conditionEndsNow(cond: ConditionInstance, state: EncounterState, when: 'turnStart' | 'turnEnd', actorIds: string[]): boolean {
  const e = cond.ends
  const round = state.turn.round
  if (e.at === when) return actorIds.includes(e.combatantId) && (e.round === undefined || e.round <= round)
  if (e.at === 'roundEnd') return when === 'turnStart' && round > e.round
  if (e.at === 'rounds' && when === 'turnStart') {
    // W7 / 001: effects lasting N rounds end just before the initiative count they began on
    const endRound = cond.appliedRound + e.rounds
    if (round > endRound) return true
    if (round < endRound) return false
    const slot = cond.appliedTurnOf ? state.turn.order.indexOf(cond.appliedTurnOf) : 0
    return slot < 0 || slot <= state.turn.index
  }
  return false
}

/** End the conditions due now. `probe` is the state to judge by (for turn starts: as if the turn had
 * started), so the endings can be logged just before the turn begins. */
function expireConditions<E extends SystemEvent>(em: Batch<E>, when: 'turnStart' | 'turnEnd', actorIds: string[], probe: EncounterState = em.state): void {
  for (const x of probe.combatants) {
    for (const cond of x.conditions) {
      if (conditionEndsNow(cond, probe, when, actorIds)) {
        em.push(conditionEndedEvent(x, cond, 'expired'))
      }
    }
  }
}

function endTurn<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, ctx: DecideContext): void {
  const actors = sys.initiative.actors(em.state)
  if (actors.length === 0) return
  for (const id of actors) if (sys.onTurnEnd) em.push(...sys.onTurnEnd(em.state, id, ctx))
  expireConditions(em, 'turnEnd', actors)
  em.push({ type: 'core.turnEnded', round: em.state.turn.round, ...sys.initiative.endedTurn(em.state, actors) })
}

/** What the engine lends the initiative strategy to start turns. */
function turnOps<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, ctx: DecideContext): TurnOps {
  const beginTurn = (ev: EventOf<CoreEvent, 'core.turnStarted'>): void => {
    const probe = em.probe(ev)
    const actors = sys.initiative.actors(probe)
    expireConditions(em, 'turnStart', actors, probe)
    em.push(ev)
    for (const id of actors) if (sys.onTurnStart) em.push(...sys.onTurnStart(em.state, id, ctx))
  }
  const beginTurnAt = (index: number): void => {
    const id = em.state.turn.order[index]
    const x = findCombatant(em.state, id)
    if (!x) return
    // a readied action not triggered before the combatant's next turn is lost
    if (typeof x.initiative.readied === 'string' && em.state.turn.order[em.state.turn.index] !== id) em.push({ type: 'core.readyExpired', combatantId: id, name: x.name })
    beginTurn({ type: 'core.turnStarted', combatantId: id, name: x.name, round: em.state.turn.round, index, phase: em.state.turn.phase })
  }
  // issue 10: out of the fight and nothing left to do on its turn (the encounter's option, default on)
  const skips = (x: Combatant, index: number): boolean => {
    if (em.state.options?.skipOut === false || !sys.isOut(x)) return false
    return !sys.needsTurn?.({ ...em.state, turn: { ...em.state.turn, index } }, x)
  }
  return { b: em, beginTurn, beginTurnAt, skips }
}

function startNextTurn<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, ctx: DecideContext): void {
  sys.initiative.startNextTurn(turnOps(sys, em, ctx))
}

/** A delaying/readied combatant steps in now: its turn starts at the cursor (events already placed it there). */
function beginTurn<E extends SystemEvent>(sys: RuleSystem<E>, em: Batch<E>, id: string, ctx: DecideContext): void {
  const index = em.state.turn.order.indexOf(id)
  if (index >= 0) turnOps(sys, em, ctx).beginTurnAt(index)
}

/** The event a system's rollInitiative returns. */
export function initiativeSetEvent(x: Combatant, value: number, modifier: number, dice: unknown[]): EventOf<CoreEvent, 'core.initiativeSet'> {
  return { type: 'core.initiativeSet', combatantId: x.id, name: x.name, value, modifier, dice }
}

export type { DecideContext, Rng }

/**
 * `Engine.step` in place: the caller owns every object of the state, which the command's events then change where it
 * is (batch.ts `evolverFor` with `inPlace`: an option of this call, never a module-level switch). A command refused
 * after some of its events were applied leaves the state half changed: step then sets `spoiled` (a refusal before any
 * event leaves the state as it was, as in play).
 */
export interface StepHow {
  inPlace?: boolean
  spoiled?: boolean
}

/**
 * Everything a caller does with encounters of one rule system. A command takes one path (issue 28): parsed once at
 * the edge (`validateCommand`), decided once (`decideParsed`: the events and the batch's final state), and taken in
 * as it is (`history`'s `prepare`/`commit`: no event applied a second time). `decide` and `applyCommand` are the same
 * path for a caller holding raw input (a tool, a test): each validates at its own edge first.
 */
export interface Engine {
  readonly system: RuleSystem
  validateCommand(command: unknown): Result<ParsedCommand>
  /** a parsed command decided once: its events (GM-only marked) and the state they lead to */
  decideParsed(state: EncounterState, command: ParsedCommand, ctx: DecideContext): Result<Decided>
  /** raw input: validated, then decided once; its events */
  decide(state: EncounterState, command: EngineCommand, ctx: DecideContext): Result<EngineEvent[]>
  /**
   * A parsed or trusted internal command (built by code, in its schema's output shape: the danger check's fights,
   * command.ts `trustedCommand`) to the state it leads to: no GM-only marks, no event list, and the batch's state as it
   * is (`how`: in place).
   */
  step(state: EncounterState, command: ParsedCommand, ctx: DecideContext, how?: StepHow): Result<EncounterState>
  evolve(state: EncounterState, event: EngineEvent): EncounterState
  createEncounter(params: CreateEncounterParams, now?: string): Result<EncounterLog>
  replay(records: readonly EventRecord[], from?: EncounterState): EncounterState
  /** raw input: validated, then decided once and appended as one batch */
  applyCommand(records: readonly EventRecord[], state: EncounterState, command: EngineCommand, ctx: ApplyContext): Result<Applied>
  undo(records: readonly EventRecord[]): Result<EncounterLog>
  redo(records: readonly EventRecord[]): Result<EncounterLog>
  /** a core or system event as a log line (message key + params), or null */
  describe(event: EngineEvent): Omit<LogEntry, 'seq'> | null
  logEntry(record: EventRecord): LogEntry | null
  logEntries(records: readonly EventRecord[]): LogEntry[]
  nextUndoLabel(records: readonly EventRecord[]): Omit<LogEntry, 'seq'> | null
  nextRedoLabel(records: readonly EventRecord[]): Omit<LogEntry, 'seq'> | null
  /** the records as a live history: commands, undo and redo at the cost of one batch (history.ts `History`) */
  history(records: readonly EventRecord[], opts?: history.HistoryOptions): history.History
  /** a logged record of an older shape in the current one (upcast.ts) */
  upcast(record: EventRecord): EventRecord
}

/** The engine of one rule system: the core's rules with the system's commands, events, log lines and turn order. */
export function createEngine<E extends SystemEvent>(system: RuleSystem<E>): Engine {
  const ev: Evolvers = { evolve: evolverFor(system.id, system.evolve, system.initiative), inPlace: evolverFor(system.id, system.evolve, system.initiative, { inPlace: true }) }
  const evolve = ev.evolve
  const prefix = `${system.id}.`
  const decideParsed = (state: EncounterState, command: ParsedCommand, ctx: DecideContext) => decideWith(system, evolve, state, command, ctx)
  const ownInitiative = system.initiative.describeInitiative
  const describeCore = (e: CoreEvent) => (ownInitiative && e.type === 'core.initiativeSet' ? ownInitiative(e) : coreLogEntry(e))
  const describe = (e: EngineEvent) => (isCoreEvent(e) ? describeCore(e) : e.type.startsWith(prefix) ? system.logEntry(asSystemEvent<E>(e)) : null)
  return {
    system,
    validateCommand: (command) => validateCommand(system, command),
    decideParsed,
    decide: (state, command, ctx) => {
      const valid = validateCommand(system, command)
      if (!valid.ok) return valid
      const d = decideParsed(state, valid.value, ctx)
      return d.ok ? ok(d.value.events) : d
    },
    step: (state, command, ctx, how) => {
      const b = runParsed(system, ev, state, command, ctx, how)
      return b.ok ? ok(b.value.state) : b
    },
    evolve,
    createEncounter: (params, now) => (params && params.systemId !== system.id ? refuse('invalid', logCore.en, 'refusal.core.otherSystem', {}, { field: 'systemId', details: { engine: system.id, systemId: String(params.systemId) } }) : history.createEncounter(params, now)),
    replay: (records, from) => history.replay(evolve, records, from),
    applyCommand: (records, state, command, ctx) => {
      const valid = validateCommand(system, command)
      return valid.ok ? history.applyCommand(decideParsed, records, state, valid.value, ctx) : valid
    },
    undo: (records) => history.undo(evolve, records),
    redo: (records) => history.redo(evolve, records),
    describe,
    logEntry: (record) => history.logEntry(describe, record),
    logEntries: (records) => history.logEntries(describe, records),
    nextUndoLabel: (records) => history.nextUndoLabel(describe, records),
    nextRedoLabel: (records) => history.nextRedoLabel(describe, records),
    history: (records, opts) => new history.History({ decide: decideParsed, evolve, describe }, records, opts),
    upcast: (record) => upcastRecordWith(record, system),
  }
}
