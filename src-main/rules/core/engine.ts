/**
 * The decider: `decide(state, command, ctx) → Result<Event[]>` and `evolve(state, event) → state`.
 * Generic commands (combatants, initiative, turns, conditions, pools, notes, hide/reveal) are handled here;
 * everything else goes to the encounter's RuleSystem. Events carry every die, so replay never re-rolls.
 * Undo/redo is a cursor over EventRecord batches (see history.ts).
 */
import { err, ok, type Result } from '@shared/result'
import type { Combatant, ConditionInstance, EncounterState, EngineCommand, EngineEvent, InitiativeSlot, Side } from '@shared/domain/encounter'
import type { z } from 'zod'
import { getSystem } from '../index'
import { coreCommandSchemas, isCoreCommand } from './commands'
import { orderedIds, sideSequence, sidesOrder, tickOrder, tiedGroups } from './initiative'
import { evolveCore } from './evolve-core'
import { Batch, evolverFor } from './batch'
import { isRefusal } from './command'
import { commandDice, type Rng } from './rng'
import { checkRule } from './rules'
import { markHiddenEvents } from './hidden'
import { currentActor, findCombatant } from './state'
import type { DecideContext, RuleSystem } from './system'

export { initialState, evolveCore, type CreateEncounterParams } from './evolve-core'
export { conditionAddedEvent, conditionEndedEvent } from './conditions'
import { conditionAddedEvent } from './conditions'
import { firstIssue } from '@shared/zod-issue'

/** Turn a zod failure into an `invalid` error naming the field. */
export function zodError(e: z.ZodError, prefix = ''): { ok: false; error: import('@shared/result').AppError } {
  const { field, message } = firstIssue(e, prefix)
  return err('invalid', `${field || 'command'}: ${message}`, field || undefined)
}

/** Validate a command against the core or the system schema. */
export function validateCommand(system: RuleSystem, command: unknown): Result<EngineCommand> {
  if (typeof command !== 'object' || command === null || Array.isArray(command)) return err('invalid', 'a command must be an object', '')
  const type = (command as { type?: unknown }).type
  if (typeof type !== 'string') return err('invalid', 'command.type must be a string', 'type')
  const schema = isCoreCommand(type) ? coreCommandSchemas[type] : Object.hasOwn(system.commands, type) ? system.commands[type].schema : undefined
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
  if (state.turn.phase === 'ended' && cmd.type === 'endEncounter') return err('rule', 'the encounter has already ended', 'type')
  const dice = cmd.dice && cmd.dice.length > 0 ? commandDice(cmd.dice, ctx.rng) : null
  const dctx: DecideContext = dice ? { rng: dice, now: ctx.now } : ctx
  const result = isCoreCommand(cmd.type) ? decideCore(sys.value, state, cmd, dctx) : decideSystem(sys.value, state, cmd, dctx)
  if (!result.ok) return result
  if (dice?.error) return err('invalid', dice.error.message, `dice.${dice.error.index}`)
  return ok(markHiddenEvents(state, result.value))
}

export function evolve(state: EncounterState, event: EngineEvent): EncounterState {
  if (event.type.startsWith('core.')) return evolveCore(state, event)
  const sys = getSystem(state.systemId)
  return sys.ok ? evolverOf(sys.value)(state, event) : state
}

const evolvers = new WeakMap<RuleSystem, ReturnType<typeof evolverFor>>()
function evolverOf(sys: RuleSystem) {
  let e = evolvers.get(sys)
  if (!e) evolvers.set(sys, (e = evolverFor(sys.id, sys.evolve)))
  return e
}

/** A system command: its handler puts the events on a batch of the engine. */
function decideSystem(sys: RuleSystem, state: EncounterState, cmd: EngineCommand, ctx: DecideContext): Result<EngineEvent[]> {
  const def = sys.commands[cmd.type]
  const b = new Batch(state, evolve)
  const out = def.handle(b, cmd, ctx)
  return isRefusal(out) ? out : ok(b.events)
}

// ---------------------------------------------------------------------------------------------------------
// decide: core commands


const notFound = (id: string, field: string) => err('not-found', `no combatant with id "${id}"`, field)

function slug(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'combatant'
}

function decideCore(sys: RuleSystem, state: EncounterState, cmd: EngineCommand, ctx: DecideContext): Result<EngineEvent[]> {
  const em = new Batch(state, evolve)
  const c = cmd as EngineCommand & Record<string, any>
  switch (cmd.type) {
    case 'addCombatant': {
      const r = addCombatants(sys, em, c, ctx)
      if (!r.ok) return r
      break
    }
    case 'removeCombatant': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      // removing the combatant whose turn it is: its turn ends and the next one starts
      const wasCurrent = currentActor(em.state) === x.id && sys.initiativeModel === 'ordered'
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
      const x = findCombatant(em.state, c.combatantId)
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
      const x = findCombatant(em.state, id)
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
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      const waiting = cmd.type === 'resume' ? x.initiative.delayed === true : typeof x.initiative.readied === 'string'
      if (!waiting) return err('rule', cmd.type === 'resume' ? `${x.name} is not delaying` : `${x.name} has no readied action`, 'combatantId')
      if (em.state.turn.phase !== 'combat' && em.state.turn.phase !== 'surprise') return err('rule', 'combat has not started', 'type')
      em.push({ type: cmd.type === 'resume' ? 'core.resumed' : 'core.readyTriggered', combatantId: x.id, name: x.name, before: currentActor(em.state) })
      beginTurn(sys, em, x.id, ctx)
      break
    }
    case 'addCondition': {
      const x = findCombatant(em.state, c.combatantId)
      if (!x) return notFound(c.combatantId, 'combatantId')
      em.push(conditionAddedEvent(em.state, x, { key: c.key, value: c.value, source: c.source, gmOnly: c.gmOnly, ends: c.ends ?? { at: 'manual' } }))
      break
    }
    case 'removeCondition': {
      const x = findCombatant(em.state, c.combatantId)
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

function addCombatants(sys: RuleSystem, em: Batch, c: Record<string, any>, ctx: DecideContext): Result<void> {
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

function rollInitiativeFor(sys: RuleSystem, em: Batch, ids: string[], group: boolean, ctx: DecideContext): Result<void> {
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

function startCombat(sys: RuleSystem, em: Batch, firstSide: Side, ctx: DecideContext): Result<void> {
  const missing = em.state.combatants.filter((x) => x.initiative.value === null).map((x) => x.id)
  const r = rollInitiativeFor(sys, em, missing, false, ctx)
  if (!r.ok) return r
  const tiebreaks: Record<string, number> = {}
  // W7: ties by modifier, then a random tie-break that is recorded and kept
  for (const g of tiedGroups(em.state.combatants)) for (const id of g) tiebreaks[id] = ctx.rng.int(1, 20)
  const aware = em.state.combatants.filter((x) => x.aware)
  // 001 Step 1: a surprise round happens when some, but not all, are aware
  const surprise = sys.initiativeModel === 'ordered' && aware.length > 0 && aware.length < em.state.combatants.length
  // headline: undo/redo name this step "combat begins", not the first initiative roll of the batch
  em.push({ type: 'core.combatStarted', surprise, model: sys.initiativeModel, firstSide, tiebreaks, headline: true })
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
function expireConditions(em: Batch, when: 'turnStart' | 'turnEnd', actorIds: string[], probe: EncounterState = em.state): void {
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

function endTurn(sys: RuleSystem, em: Batch, ctx: DecideContext): void {
  const actors = actorsOfTurn(em.state, sys.initiativeModel)
  if (actors.length === 0) return
  for (const id of actors) if (sys.onTurnEnd) em.push(...sys.onTurnEnd(em.state, id, ctx))
  expireConditions(em, 'turnEnd', actors)
  em.push({ type: 'core.turnEnded', round: em.state.turn.round, ...(sys.initiativeModel === 'sides' ? { side: em.state.turn.side } : { combatantId: actors[0] }) })
}

function startNextTurn(sys: RuleSystem, em: Batch, ctx: DecideContext): void {
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
    return !x || x.initiative.delayed === true
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

function beginTurnAt(sys: RuleSystem, em: Batch, index: number, ctx: DecideContext): void {
  const id = em.state.turn.order[index]
  const x = findCombatant(em.state, id)
  if (!x) return
  // a readied action not triggered before the combatant's next turn is lost
  if (typeof x.initiative.readied === 'string' && em.state.turn.order[em.state.turn.index] !== id) em.push({ type: 'core.readyExpired', combatantId: id, name: x.name })
  const ev: EngineEvent = { type: 'core.turnStarted', combatantId: id, name: x.name, round: em.state.turn.round, index, phase: em.state.turn.phase }
  expireConditions(em, 'turnStart', [id], evolve(em.state, ev))
  em.push(ev)
  if (sys.onTurnStart) em.push(...sys.onTurnStart(em.state, id, ctx))
}

/** A delaying/readied combatant steps in now: its turn starts at the cursor (events already placed it there). */
function beginTurn(sys: RuleSystem, em: Batch, id: string, ctx: DecideContext): void {
  const index = em.state.turn.order.indexOf(id)
  if (index >= 0) beginTurnAt(sys, em, index, ctx)
}

/** The event a system's rollInitiative returns. */
export function initiativeSetEvent(x: Combatant, value: number, modifier: number, dice: unknown[]): EngineEvent {
  return { type: 'core.initiativeSet', combatantId: x.id, name: x.name, value, modifier, dice }
}

export type { DecideContext, Rng }
