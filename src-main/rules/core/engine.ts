/**
 * The decider: `decide(state, command, ctx) → Result<Event[]>` and `evolve(state, event) → state`.
 * Generic commands (combatants, initiative, turns, conditions, pools, notes, hide/reveal) are handled here;
 * everything else goes to the encounter's RuleSystem. Events carry every die, so replay never re-rolls.
 * Undo/redo is a cursor over EventRecord batches (see history.ts).
 */
import { err, ok, type Result } from '@shared/result'
import type { Combatant, ConditionInstance, EncounterState, EngineCommand, EngineEvent, InitiativeSlot, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import type { z } from 'zod'
import { getSystem } from '../index'
import { coreCommandSchemas, isCoreCommand } from './commands'
import { insertionIndex, orderedIds, sideSequence, sidesOrder, tickOrder, tiedGroups } from './initiative'
import { commandDice, type Rng } from './rng'
import { checkRule } from './rules'
import { currentActor, findCombatant, updateCombatant } from './state'
import type { DecideContext, RuleSystem } from './system'

export interface CreateEncounterParams {
  id: string
  name: string
  systemId: SystemId
  /** recorded in the encounter; generate it with crypto outside rules/ in real play */
  seed: string
  display?: EncounterState['display']
  pools?: Record<string, number>
}

export function initialState(p: CreateEncounterParams): EncounterState {
  return {
    id: p.id,
    name: p.name,
    systemId: p.systemId,
    seed: p.seed,
    combatants: [],
    turn: { phase: 'setup', round: 0, order: [], index: -1 },
    pools: { ...(p.pools ?? {}) },
    system: {},
    display: { ...(p.display ?? {}) },
  }
}

/** Turn a zod failure into an `invalid` error naming the field. */
export function zodError(e: z.ZodError, prefix = ''): { ok: false; error: import('@shared/result').AppError } {
  const issue = e.issues[0]
  const field = [prefix, ...issue.path.map(String)].filter((s) => s !== '').join('.')
  return err('invalid', `${field || 'command'}: ${issue.message}`, field || undefined)
}

/** Validate a command against the core or the system schema. */
export function validateCommand(system: RuleSystem, command: unknown): Result<EngineCommand> {
  if (typeof command !== 'object' || command === null || Array.isArray(command)) return err('invalid', 'a command must be an object', '')
  const type = (command as { type?: unknown }).type
  if (typeof type !== 'string') return err('invalid', 'command.type must be a string', 'type')
  const schema = isCoreCommand(type) ? coreCommandSchemas[type] : system.commandSchemas[type]
  if (!schema) return err('invalid', `unknown command type "${type}" for system ${system.id}`, 'type')
  const parsed = schema.safeParse(command)
  if (!parsed.success) return zodError(parsed.error)
  return ok(parsed.data as EngineCommand)
}

export function decide(state: EncounterState, command: EngineCommand, ctx: DecideContext): Result<EngineEvent[]> {
  const sys = getSystem(state.systemId)
  if (!sys.ok) return sys
  const valid = validateCommand(sys.value, command)
  if (!valid.ok) return valid
  const cmd = valid.value
  if (state.turn.phase === 'ended' && cmd.type !== 'setNote') return err('rule', 'the encounter has ended', 'type')
  const dice = commandDice(cmd.dice, ctx.rng)
  const dctx: DecideContext = { rng: dice, now: ctx.now }
  const result = isCoreCommand(cmd.type) ? decideCore(sys.value, state, cmd, dctx) : (sys.value.decide(state, cmd, dctx) ?? err('invalid', `unknown command type "${cmd.type}"`, 'type'))
  if (!result.ok) return result
  if (dice.error) return err('invalid', dice.error.message, `dice.${dice.error.index}`)
  return result
}

export function evolve(state: EncounterState, event: EngineEvent): EncounterState {
  if (event.type.startsWith('core.')) return evolveCore(state, event)
  const dot = event.type.indexOf('.')
  const prefix = dot > 0 ? event.type.slice(0, dot) : ''
  if (prefix !== state.systemId) return state
  const sys = getSystem(state.systemId)
  return sys.ok ? sys.value.evolve(state, event) : state
}

// ---------------------------------------------------------------------------------------------------------
// decide: core commands

/** Collects events while keeping a live state, so hooks see the effect of earlier events in the batch. */
export class Emitter {
  events: EngineEvent[] = []
  constructor(public state: EncounterState) {}
  push(...events: EngineEvent[]): void {
    for (const e of events) {
      this.events.push(e)
      this.state = evolve(this.state, e)
    }
  }
}

const notFound = (id: string, field: string) => err('not-found', `no combatant with id "${id}"`, field)

function slug(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'combatant'
}

function decideCore(sys: RuleSystem, state: EncounterState, cmd: EngineCommand, ctx: DecideContext): Result<EngineEvent[]> {
  const em = new Emitter(state)
  const c = cmd as EngineCommand & Record<string, any>
  const need = (id: string): Combatant | null => findCombatant(em.state, id) ?? null
  switch (cmd.type) {
    case 'addCombatant': {
      const r = addCombatants(sys, em, c, ctx)
      if (!r.ok) return r
      break
    }
    case 'removeCombatant': {
      const x = need(c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      em.push({ type: 'core.combatantRemoved', combatantId: x.id, name: x.name })
      break
    }
    case 'setHidden':
    case 'setAware':
    case 'setNote':
    case 'setSide': {
      const x = need(c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      if (cmd.type === 'setHidden') em.push({ type: 'core.hiddenSet', combatantId: x.id, name: x.name, hidden: c.hidden })
      if (cmd.type === 'setAware') em.push({ type: 'core.awareSet', combatantId: x.id, name: x.name, aware: c.aware })
      if (cmd.type === 'setNote') em.push({ type: 'core.noteSet', combatantId: x.id, name: x.name, notes: c.notes })
      if (cmd.type === 'setSide') em.push({ type: 'core.sideSet', combatantId: x.id, name: x.name, side: c.side })
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
      const x = need(c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      em.push({ type: 'core.initiativeSet', combatantId: x.id, name: x.name, value: c.value, modifier: x.initiative.modifier, manual: true })
      break
    }
    case 'startCombat': {
      if (em.state.turn.phase !== 'setup') return err('rule', 'combat has already started', 'type')
      if (em.state.combatants.length === 0) return err('rule', 'there is nobody in the encounter', 'type')
      const r = startCombat(sys, em, (c.firstSide ?? 'party') as Side, ctx)
      if (!r.ok) return r
      break
    }
    case 'nextTurn': {
      if (em.state.turn.phase !== 'combat' && em.state.turn.phase !== 'surprise') return err('rule', 'combat has not started', 'type')
      if (sys.initiativeModel === 'ticks') {
        const cur = currentActor(em.state)
        if (cur) {
          const x = findCombatant(em.state, cur)!
          const ticks = c.ticks ?? 0
          em.push({ type: 'core.ticksSpent', combatantId: cur, name: x.name, ticks, tick: (x.initiative.value ?? 0) + ticks })
        }
      }
      endTurn(sys, em, ctx)
      startNextTurn(sys, em, ctx)
      break
    }
    case 'delay':
    case 'ready': {
      const cur = currentActor(em.state)
      const id: string = c.combatantId ?? cur ?? ''
      const x = need(id)
      if (!x) return notFound(id, 'combatantId')
      const refusal = checkRule(cmd, id !== cur, 'rule.core.notYourTurn', `${x.name} can only ${cmd.type} on their own turn`, 'combatantId', em.events, { name: x.name })
      if (refusal) return refusal
      em.push(cmd.type === 'delay' ? { type: 'core.delayed', combatantId: id, name: x.name } : { type: 'core.readied', combatantId: id, name: x.name, trigger: c.trigger })
      if (id === cur) {
        endTurn(sys, em, ctx)
        startNextTurn(sys, em, ctx)
      }
      break
    }
    case 'resume':
    case 'triggerReady': {
      const x = need(c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      const waiting = cmd.type === 'resume' ? x.initiative.delayed === true : typeof x.initiative.readied === 'string'
      if (!waiting) return err('rule', cmd.type === 'resume' ? `${x.name} is not delaying` : `${x.name} has no readied action`, 'combatantId')
      if (em.state.turn.phase !== 'combat' && em.state.turn.phase !== 'surprise') return err('rule', 'combat has not started', 'type')
      em.push({ type: cmd.type === 'resume' ? 'core.resumed' : 'core.readyTriggered', combatantId: x.id, name: x.name, before: currentActor(em.state) })
      beginTurn(sys, em, x.id, ctx)
      break
    }
    case 'addCondition': {
      const x = need(c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      em.push(conditionAddedEvent(em.state, x, { key: c.key, value: c.value, source: c.source, gmOnly: c.gmOnly, ends: c.ends ?? { at: 'manual' } }))
      break
    }
    case 'removeCondition': {
      const x = need(c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      const cond = x.conditions.find((k) => k.id === c.conditionId)
      if (!cond) return err('not-found', `${x.name} has no condition "${c.conditionId}"`, 'conditionId')
      em.push({ type: 'core.conditionEnded', combatantId: x.id, name: x.name, conditionId: cond.id, key: cond.key, reason: 'removed' })
      break
    }
    case 'adjustPool': {
      const old = em.state.pools[c.pool] ?? 0
      if (c.delta === undefined && c.value === undefined) return err('invalid', 'give delta or value', 'delta')
      const value = c.value !== undefined ? c.value : old + c.delta
      em.push({ type: 'core.poolAdjusted', pool: c.pool, delta: value - old, value })
      break
    }
    case 'endEncounter':
      em.push({ type: 'core.encounterEnded', round: em.state.turn.round })
      break
  }
  return ok(em.events)
}

function addCombatants(sys: RuleSystem, em: Emitter, c: Record<string, any>, ctx: DecideContext): Result<void> {
  const made = sys.createCombatant(c.statBlock)
  if (!made.ok) return err(made.error.code, made.error.message, made.error.field ? `statBlock.${made.error.field}` : 'statBlock')
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
      if (c.id !== undefined && count === 1) return err('conflict', `a combatant with id "${id}" already exists`, 'id')
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

function rollInitiativeFor(sys: RuleSystem, em: Emitter, ids: string[], group: boolean, ctx: DecideContext): Result<void> {
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
    em.push({ type: 'core.initiativeSet', combatantId: m.id, name: m.name, value: r.value.value, modifier: m.initiative.modifier, groupWith: lowest.id })
  }
  return ok(undefined)
}

function startCombat(sys: RuleSystem, em: Emitter, firstSide: Side, ctx: DecideContext): Result<void> {
  const missing = em.state.combatants.filter((x) => x.initiative.value === null).map((x) => x.id)
  const r = rollInitiativeFor(sys, em, missing, false, ctx)
  if (!r.ok) return r
  const tiebreaks: Record<string, number> = {}
  // W7: ties by modifier, then a random tie-break that is recorded and kept
  for (const g of tiedGroups(em.state.combatants)) for (const id of g) tiebreaks[id] = ctx.rng.int(1, 20)
  const aware = em.state.combatants.filter((x) => x.aware)
  // 001 Step 1: a surprise round happens when some, but not all, are aware
  const surprise = sys.initiativeModel === 'ordered' && aware.length > 0 && aware.length < em.state.combatants.length
  em.push({ type: 'core.combatStarted', surprise, model: sys.initiativeModel, firstSide, tiebreaks })
  if (sys.onCombatStart) em.push(...sys.onCombatStart(em.state, ctx))
  startNextTurn(sys, em, ctx)
  return ok(undefined)
}

function conditionEndsNow(cond: ConditionInstance, state: EncounterState, when: 'turnStart' | 'turnEnd', actorIds: string[]): boolean {
  const e = cond.ends
  const round = state.turn.round
  if (e.at === when) return actorIds.includes(e.combatantId) && (e.round === undefined || e.round <= round)
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
function expireConditions(em: Emitter, when: 'turnStart' | 'turnEnd', actorIds: string[], probe: EncounterState = em.state): void {
  for (const x of probe.combatants) {
    for (const cond of x.conditions) {
      if (conditionEndsNow(cond, probe, when, actorIds)) {
        em.push({ type: 'core.conditionEnded', combatantId: x.id, name: x.name, conditionId: cond.id, key: cond.key, reason: 'expired' })
      }
    }
  }
}

function actorsOfTurn(state: EncounterState, model: RuleSystem['initiativeModel']): string[] {
  if (model === 'sides') return state.combatants.filter((x) => x.side === state.turn.side).map((x) => x.id)
  const cur = currentActor(state)
  return cur ? [cur] : []
}

function endTurn(sys: RuleSystem, em: Emitter, ctx: DecideContext): void {
  const actors = actorsOfTurn(em.state, sys.initiativeModel)
  if (actors.length === 0) return
  for (const id of actors) if (sys.onTurnEnd) em.push(...sys.onTurnEnd(em.state, id, ctx))
  expireConditions(em, 'turnEnd', actors)
  em.push({ type: 'core.turnEnded', round: em.state.turn.round, ...(sys.initiativeModel === 'sides' ? { side: em.state.turn.side } : { combatantId: actors[0] }) })
}

function startNextTurn(sys: RuleSystem, em: Emitter, ctx: DecideContext): void {
  const s = em.state
  if (sys.initiativeModel === 'ticks') {
    const order = tickOrder(s.combatants.filter((x) => !x.initiative.delayed))
    if (order.length === 0) return
    const first = findCombatant(s, order[0])!
    const ev: EngineEvent = { type: 'core.turnStarted', combatantId: first.id, name: first.name, round: s.turn.round, index: 0, order, tick: first.initiative.value ?? 0 }
    expireConditions(em, 'turnStart', [first.id], evolve(em.state, ev))
    em.push(ev)
    if (sys.onTurnStart) em.push(...sys.onTurnStart(em.state, first.id, ctx))
    return
  }
  if (sys.initiativeModel === 'sides') {
    const present = sideSequence((s.system.firstSide as Side | undefined) ?? 'party').filter((side) => s.combatants.some((x) => x.side === side))
    if (present.length === 0) return
    let side: Side
    let round = s.turn.round
    if (s.turn.index < 0) side = present[0]
    else {
      const i = present.indexOf(s.turn.side ?? present[0])
      if (i + 1 >= present.length) {
        side = present[0]
        round += 1
        em.push({ type: 'core.roundStarted', round, phase: 'combat', order: sidesOrder(s.combatants, present[0]) })
      } else side = present[i + 1]
    }
    const order = em.state.turn.order
    const index = Math.max(0, order.findIndex((id) => findCombatant(em.state, id)?.side === side))
    const ev: EngineEvent = { type: 'core.turnStarted', side, round, index }
    const probe = evolve(em.state, ev)
    const actors = actorsOfTurn(probe, 'sides')
    expireConditions(em, 'turnStart', actors, probe)
    em.push(ev)
    for (const id of actors) if (sys.onTurnStart) em.push(...sys.onTurnStart(em.state, id, ctx))
    return
  }
  // ordered counts
  const skip = (state: EncounterState, i: number) => {
    const x = findCombatant(state, state.turn.order[i])
    return !x || x.initiative.delayed === true || typeof x.initiative.readied === 'string'
  }
  let idx = s.turn.index + 1
  while (idx < s.turn.order.length && skip(s, idx)) idx++
  if (idx >= s.turn.order.length) {
    const surprise = s.turn.phase === 'surprise'
    const round = surprise ? 1 : s.turn.round + 1
    // after the surprise round everyone takes part, in initiative order (001 Step 3)
    const order = surprise ? orderedIds(s.combatants) : s.turn.order
    em.push({ type: 'core.roundStarted', round, phase: 'combat', order })
    idx = 0
    while (idx < order.length && skip(em.state, idx)) idx++
    if (idx >= order.length) idx = 0
  }
  beginTurnAt(sys, em, idx, ctx)
}

function beginTurnAt(sys: RuleSystem, em: Emitter, index: number, ctx: DecideContext): void {
  const id = em.state.turn.order[index]
  const x = findCombatant(em.state, id)
  if (!x) return
  const ev: EngineEvent = { type: 'core.turnStarted', combatantId: id, name: x.name, round: em.state.turn.round, index, phase: em.state.turn.phase }
  expireConditions(em, 'turnStart', [id], evolve(em.state, ev))
  em.push(ev)
  if (sys.onTurnStart) em.push(...sys.onTurnStart(em.state, id, ctx))
}

/** A delaying/readied combatant steps in now: its turn starts at the cursor (events already placed it there). */
function beginTurn(sys: RuleSystem, em: Emitter, id: string, ctx: DecideContext): void {
  const index = em.state.turn.order.indexOf(id)
  if (index >= 0) beginTurnAt(sys, em, index, ctx)
}

/** Build a `core.conditionAdded` event with a deterministic id. */
export function conditionAddedEvent(
  state: EncounterState,
  x: Combatant,
  c: { key: string; value?: number; source?: string; gmOnly?: boolean; ends: ConditionInstance['ends'] },
): EngineEvent {
  let n = 1
  while (x.conditions.some((k) => k.id === `${c.key}#${n}`)) n++
  const condition: ConditionInstance = {
    id: `${c.key}#${n}`,
    key: c.key,
    ...(c.value !== undefined ? { value: c.value } : {}),
    ...(c.source !== undefined ? { source: c.source } : {}),
    ...(c.gmOnly ? { gmOnly: true } : {}),
    ends: c.ends,
    appliedRound: state.turn.round,
    appliedTurnOf: currentActor(state),
  }
  return { type: 'core.conditionAdded', combatantId: x.id, name: x.name, condition }
}

/** The event a system's rollInitiative returns. */
export function initiativeSetEvent(x: Combatant, value: number, modifier: number, dice: unknown[]): EngineEvent {
  return { type: 'core.initiativeSet', combatantId: x.id, name: x.name, value, modifier, dice }
}

// ---------------------------------------------------------------------------------------------------------
// evolve: core events

function moveInOrder(state: EncounterState, id: string): EncounterState {
  // take `id` out of the order and put it at the cursor, before the current actor (W7: the count changes)
  const t = state.turn
  const without = t.order.filter((o) => o !== id)
  const removedBefore = t.order.indexOf(id) >= 0 && t.order.indexOf(id) < t.index ? 1 : 0
  const at = Math.max(0, Math.min(without.length, t.index - removedBefore))
  const order = [...without.slice(0, at), id, ...without.slice(at)]
  const beforeId = without[at]
  const before = beforeId ? findCombatant(state, beforeId) : undefined
  const s2 = { ...state, turn: { ...t, order, index: at } }
  return updateCombatant(s2, id, (x) => ({
    ...x,
    initiative: { ...x.initiative, delayed: false, readied: null, ...(before && before.initiative.value !== null ? { value: before.initiative.value, modifier: x.initiative.modifier } : {}) },
  }))
}

function evolveCore(s: EncounterState, e: EngineEvent): EncounterState {
  const ev = e as EngineEvent & Record<string, any>
  switch (e.type) {
    case 'core.encounterCreated':
      return initialState(ev.params as CreateEncounterParams)
    case 'core.combatantAdded':
      return { ...s, combatants: [...s.combatants, ev.combatant as Combatant] }
    case 'core.combatantRemoved': {
      const t = s.turn
      const at = t.order.indexOf(ev.combatantId)
      const order = t.order.filter((o) => o !== ev.combatantId)
      const index = at >= 0 && at <= t.index ? t.index - 1 : t.index
      return { ...s, combatants: s.combatants.filter((x) => x.id !== ev.combatantId), turn: { ...t, order, index } }
    }
    case 'core.hiddenSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, hidden: ev.hidden }))
    case 'core.awareSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, aware: ev.aware }))
    case 'core.noteSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, notes: ev.notes }))
    case 'core.sideSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, side: ev.side }))
    case 'core.initiativeSet': {
      let s2 = updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, value: ev.value, modifier: ev.modifier ?? x.initiative.modifier } }))
      const inFight = s2.turn.phase === 'combat' || s2.turn.phase === 'surprise'
      const x = findCombatant(s2, ev.combatantId)
      if (inFight && x && !(s2.turn.phase === 'surprise' && !x.aware)) {
        // joining mid-fight (001): take a place in the existing order, the current turn stays current
        const t = s2.turn
        if (t.order.includes(x.id)) {
          if (t.order[t.index] === x.id) return s2
          const rest = t.order.filter((o) => o !== x.id)
          const removedBefore = t.order.indexOf(x.id) < t.index ? 1 : 0
          s2 = { ...s2, turn: { ...t, order: rest, index: t.index - removedBefore } }
        }
        const at = insertionIndex(s2, x)
        const t2 = s2.turn
        const order = [...t2.order.slice(0, at), x.id, ...t2.order.slice(at)]
        s2 = { ...s2, turn: { ...t2, order, index: at <= t2.index ? t2.index + 1 : t2.index } }
      }
      return s2
    }
    case 'core.combatStarted': {
      const tb = (ev.tiebreaks ?? {}) as Record<string, number>
      const combatants = s.combatants.map((x) => (tb[x.id] !== undefined ? { ...x, initiative: { ...x.initiative, tiebreak: tb[x.id] } } : x))
      const s2 = { ...s, combatants }
      if (ev.model === 'sides') {
        return { ...s2, system: { ...s2.system, firstSide: ev.firstSide }, turn: { phase: 'combat', round: 1, order: sidesOrder(combatants, ev.firstSide), index: -1 } }
      }
      if (ev.model === 'ticks') return { ...s2, turn: { phase: 'combat', round: 1, order: tickOrder(combatants), index: -1, tick: 0 } }
      const order = orderedIds(ev.surprise ? combatants.filter((x) => x.aware) : combatants)
      return { ...s2, turn: { phase: ev.surprise ? 'surprise' : 'combat', round: ev.surprise ? 0 : 1, order, index: -1 } }
    }
    case 'core.roundStarted':
      return { ...s, turn: { ...s.turn, phase: ev.phase, round: ev.round, order: ev.order, index: -1 } }
    case 'core.turnStarted': {
      const t = { ...s.turn, round: ev.round, index: ev.index }
      if (ev.side !== undefined) t.side = ev.side
      if (ev.order !== undefined) t.order = ev.order
      if (ev.tick !== undefined) t.tick = ev.tick
      return { ...s, turn: t }
    }
    case 'core.turnEnded':
      return s
    case 'core.ticksSpent':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, value: ev.tick } }))
    case 'core.delayed':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, delayed: true } }))
    case 'core.readied':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, readied: ev.trigger } }))
    case 'core.resumed':
    case 'core.readyTriggered':
      return moveInOrder(s, ev.combatantId)
    case 'core.conditionAdded':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, conditions: [...x.conditions, ev.condition] }))
    case 'core.conditionEnded':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, conditions: x.conditions.filter((k) => k.id !== ev.conditionId) }))
    case 'core.poolAdjusted':
      return { ...s, pools: { ...s.pools, [ev.pool]: ev.value } }
    case 'core.encounterEnded':
      return { ...s, turn: { ...s.turn, phase: 'ended' } }
    default:
      return s
  }
}

export type { DecideContext, Rng }
