/**
 * Saga commands → events. Every event carries its dice and its results (`changes`), so evolve only applies them.
 */
import { err, ok, type AppError, type Result } from '@shared/result'
import type { Combatant, EncounterState, EngineCommand, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../core/system'
import { parseDiceCached, rollDie, rollExpr } from '../../core/dice'
import { checkRule } from '../../core/rules'
import { evolveSaga } from './evolve'
import { Batch } from '../../core/batch'
import { currentActor, findCombatant } from '../../core/state'
import { conditionAddedEventFor, conditionEndedEvent } from './conditions'
import { aimedNow, attackBonus, bandFor, currentReflex, damageBonus, damagePatch, findWeapon, resolveDamage, type AttackOptions, type DamageMode, type DamageOutcome } from './rules'
import { characterLevel, GRAPPLE_SIZE, mod, type Weapon } from './stats'
import { averageOfTerms } from '../../diceless'
import { sagaTakeTen, type SagaDefense } from './diceless'
import { combatantSummary } from './summary'
import { CT_MAX, ctPenalty, isOut, sagaState, sagaStats, type Actions, type SagaState, type Status } from './state'

type Cmd = EngineCommand & Record<string, any>
type Fail = { ok: false; error: AppError }

const inCombat = (s: EncounterState) => s.turn.phase === 'combat' || s.turn.phase === 'surprise'
/** 001: "After 1 minute (10 rounds), you make a DC 10 Constitution check"; a failed one: another every hour. */
export const CON_CHECK_WAIT = 10
export const CON_CHECK_RETRY = 600
/** When the next Con check may be made: `wait` rounds from now, at the initiative count (turn slot) of now (W7). */
const conCheckAfter = (s: EncounterState, wait: number): Pick<SagaState, 'conCheckRound' | 'conCheckTurnOf'> =>
  inCombat(s) ? { conCheckRound: Math.max(1, s.turn.round) + wait, conCheckTurnOf: currentActor(s) ?? null } : { conCheckRound: null, conCheckTurnOf: null }
/** Falling unconscious now: the round and count of the first Con check (only counted in combat). */
const knockedOut = (s: EncounterState, before: Status, after: Status): Pick<SagaState, 'conCheckRound' | 'conCheckTurnOf'> | Record<string, never> =>
  after === 'unconscious' && before !== 'unconscious' ? conCheckAfter(s, CON_CHECK_WAIT) : {}
/** The slot in the turn order where the Con check falls due (0: the round's start when that combatant is gone). */
const conCheckSlot = (s: EncounterState, st: SagaState): number => Math.max(0, st.conCheckTurnOf ? s.turn.order.indexOf(st.conCheckTurnOf) : 0)
/** 001 "after 1 minute (10 rounds)", counted like W7 durations: due at the initiative count where it happened, 10
 * rounds later (a knockout on a count after the victim's own keeps it waiting past its own turn in round r + 10). */
export function conCheckDue(s: EncounterState, st: SagaState): boolean {
  const due = st.conCheckRound
  if (typeof due !== 'number' || !inCombat(s)) return true
  if (s.turn.round !== due) return s.turn.round > due
  return conCheckSlot(s, st) <= s.turn.index
}

/** The Saga batch: the core's, with the full Saga evolve. */
export const newBatch = (state: EncounterState): Batch => new Batch(state, evolveSaga)

function isFail(x: unknown): x is Fail {
  return typeof x === 'object' && x !== null && (x as Fail).ok === false
}

// ---------------------------------------------------------------------------------------------- actions

export type ActionKind = 'standard' | 'move' | 'swift' | 'fullRound'

/** 001: a move or swift action may replace a standard, a swift may replace a move; full-round uses all three. */
export function spendAction(a: Actions, kind: ActionKind): Actions | null {
  const next = { ...a, used: [...a.used, kind] }
  if (kind === 'fullRound') {
    if (a.single) return null // 001: no full-round actions in the surprise round
    if (a.standard < 1 || a.move < 1 || a.swift < 1) return null
    return { ...next, standard: 0, move: 0, swift: 0 }
  }
  const order: Array<'standard' | 'move' | 'swift'> = kind === 'standard' ? ['standard'] : kind === 'move' ? ['move', 'standard'] : ['swift', 'move', 'standard']
  const slot = order.find((k) => a[k] > 0)
  if (!slot) return null
  if (a.single) return { ...next, standard: 0, move: 0, swift: 0 }
  return { ...next, [slot]: a[slot] - 1 }
}

export const freshActions = (surprise: boolean): Actions => ({ standard: 1, move: 1, swift: 1, used: [], ...(surprise ? { single: true } : {}) })

/**
 * Check the turn and spend an action. Outside combat nothing is tracked. Out of turn needs a reaction or an
 * attack of opportunity, or a GM override.
 */
function useAction(b: Batch, cmd: Cmd, who: Combatant, kind: ActionKind | 'free', field: string, opts: { reaction?: boolean; aoo?: boolean; trigger?: string } = {}): Fail | null {
  const s = b.state
  if (!inCombat(s)) return null
  const st = sagaState(who)
  const overrideEvents: EngineEvent[] = []
  const cur = currentActor(s)
  if (opts.aoo) {
    const used = st.aooRound === s.turn.round && !sagaStats(who).combatReflexes
    const r1 = checkRule(cmd, used, 'rule.saga.aooUsed', `${who.name} already made an attack of opportunity this round`, field, overrideEvents, { name: who.name })
    if (r1) return r1
    const ff = who.conditions.some((k) => k.key === 'saga.flatFooted') && !sagaStats(who).combatReflexes
    const r2 = checkRule(cmd, ff, 'rule.saga.flatFootedAoo', `${who.name} is flat-footed and cannot make attacks of opportunity`, field, overrideEvents, { name: who.name })
    if (r2) return r2
    overrideEvents.forEach((e) => b.push(e))
    b.push({ type: 'saga.actionUsed', combatantId: who.id, action: 'aoo', changes: [{ id: who.id, patch: { aooRound: s.turn.round } }] })
    return null
  }
  if (opts.reaction) {
    const trigger = opts.trigger ?? `turn:${s.turn.round}:${s.turn.index}`
    const r = checkRule(cmd, st.reactions.includes(trigger), 'rule.saga.reactionUsed', `${who.name} already reacted to this`, field, overrideEvents, { name: who.name })
    if (r) return r
    overrideEvents.forEach((e) => b.push(e))
    b.push({ type: 'saga.actionUsed', combatantId: who.id, action: 'reaction', changes: [{ id: who.id, patch: { reactions: [...st.reactions, trigger] } }] })
    return null
  }
  const r = checkRule(cmd, cur !== who.id, 'rule.saga.notYourTurn', `it is not ${who.name}'s turn (use a reaction or an attack of opportunity, or override)`, field, overrideEvents, { name: who.name })
  if (r) return r
  if (kind === 'free' || cur !== who.id) {
    overrideEvents.forEach((e) => b.push(e))
    return null
  }
  const a = st.actions ?? freshActions(s.turn.phase === 'surprise')
  const next = spendAction(a, kind)
  const r2 = checkRule(cmd, next === null, 'rule.saga.noAction', `${who.name} has no ${kind} action left this turn`, field, overrideEvents, { name: who.name, action: kind })
  if (r2) return r2
  overrideEvents.forEach((e) => b.push(e))
  b.push({ type: 'saga.actionUsed', combatantId: who.id, action: kind, changes: [{ id: who.id, patch: { actions: next ?? a } }] })
  return null
}

// ---------------------------------------------------------------------------------------------- hooks

export function sagaOnCombatStart(state: EncounterState): EngineEvent[] {
  const events: EngineEvent[] = []
  const surprise = state.turn.phase === 'surprise'
  for (const c of state.combatants) {
    events.push({ type: 'saga.encounterReset', combatantId: c.id, changes: [{ id: c.id, patch: { secondWindThisEncounter: false, aooRound: null, reactions: [] } }] })
    // 001: after a surprise round start, everyone is flat-footed until they act (their first turn)
    if (surprise) events.push(conditionAddedEventFor(state, c, 'saga.flatFooted', { at: 'turnStart', combatantId: c.id }))
  }
  return events
}

export function sagaOnTurnStart(state: EncounterState, id: string): EngineEvent[] {
  const c = findCombatant(state, id)
  if (!c) return []
  const events: EngineEvent[] = [{ type: 'saga.turnBudget', combatantId: id, changes: [{ id, patch: { actions: freshActions(state.turn.phase === 'surprise'), reactions: [] } }] }]
  // 001: the unconscious make their Con check once the wait is over: remind the GM at the count where it falls due
  // and again on their own turns after that
  for (const u of state.combatants) {
    const st = sagaState(u)
    if (st.status !== 'unconscious' || typeof st.conCheckRound !== 'number' || !conCheckDue(state, st)) continue
    const exact = state.turn.round === st.conCheckRound && state.turn.index === conCheckSlot(state, st)
    if (exact || u.id === id) events.push({ type: 'saga.conCheckDue', combatantId: u.id, name: u.name, round: state.turn.round })
  }
  return events
}

export function sagaOnTurnEnd(state: EncounterState, id: string): EngineEvent[] {
  const c = findCombatant(state, id)
  return c ? [{ type: 'saga.turnBudget', combatantId: id, changes: [{ id, patch: { actions: null } }] }] : []
}

// ---------------------------------------------------------------------------------------------- decide

export function sagaDecide(state: EncounterState, command: EngineCommand, ctx: DecideContext): Result<EngineEvent[]> | null {
  const b = newBatch(state)
  const cmd = command as Cmd
  const need = (id: string, field: string): Combatant | Fail => { const r = b.need(id, field); return r.ok ? r.value : r }
  let r: Fail | null = null
  switch (cmd.type) {
    case 'attack': {
      const attacker = need(cmd.attacker, 'attacker')
      if (isFail(attacker)) return attacker
      const ids: string[] = cmd.targets ?? [cmd.target]
      const targets: Combatant[] = []
      for (const [i, id] of ids.entries()) {
        const t = need(id, cmd.targets ? `targets.${i}` : 'target')
        if (isFail(t)) return t
        targets.push(t)
      }
      // 003 splash: the targets next to the primary one (the GM lists them: the board has no squares)
      for (const [i, id] of ((cmd.splash ?? []) as string[]).entries()) {
        const t = need(id, `splash.${i}`)
        if (isFail(t)) return t
        if (!targets.some((x) => x.id === t.id)) targets.push(t)
      }
      r = attack(b, cmd, attacker, targets, ctx)
      break
    }
    case 'applyDamage': {
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      dealDamage(b, t, cmd.amount, (cmd.mode ?? 'normal') as DamageMode, cmd.damageType, { source: 'gm' })
      break
    }
    case 'heal': {
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      r = heal(b, cmd, t, cmd.amount, 'heal')
      break
    }
    case 'moveConditionTrack': {
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      moveTrack(b, t, cmd.steps, 'gm', cmd.persistent === true)
      break
    }
    case 'setPersistent': {
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      b.push({ type: 'saga.persistentSet', combatantId: t.id, name: t.name, count: cmd.count, changes: [{ id: t.id, patch: { persistent: cmd.count } }] })
      break
    }
    case 'recover': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      r = recover(b, cmd, t)
      break
    }
    case 'secondWind': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      r = secondWind(b, cmd, t)
      break
    }
    case 'conCheck': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      r = conCheck(b, cmd, t, ctx)
      break
    }
    case 'avoidDeath': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      const st = sagaState(t)
      if (!st.deathAvoidable) return err('rule', `${t.name} has no death to avoid (or no Force Point)`, 'combatantId')
      // 001: spend a Force Point: stay at 0 HP, −5 steps, unconscious (a droid: disabled)
      const status = sagaStats(t).kind === 'droid' ? 'disabled' : 'unconscious'
      b.push({ type: 'saga.forcePointSpent', combatantId: t.id, name: t.name, reason: 'avoidDeath', changes: [{ id: t.id, patch: { forcePoints: st.forcePoints - 1, status, ct: CT_MAX, hp: 0, deathAvoidable: false, ...knockedOut(b.state, 'dead', status) } }] })
      break
    }
    case 'naturalHealing': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      const st = sagaState(t)
      const sb = sagaStats(t)
      const fails: EngineEvent[] = []
      const living = sb.kind === 'heroic' || sb.kind === 'nonheroic'
      const x = checkRule(cmd, !living || st.status === 'dead', 'rule.saga.notLiving', `${t.name} cannot heal naturally`, 'combatantId', fails, { name: t.name })
        ?? checkRule(cmd, st.persistent > 0, 'rule.saga.persistent', `${t.name} has a persistent condition`, 'combatantId', fails, { name: t.name })
        ?? checkRule(cmd, st.naturalHealToday, 'rule.saga.onceADay', `${t.name} already healed naturally in the last 24 hours`, 'combatantId', fails, { name: t.name })
      if (x) return x
      fails.forEach((e) => b.push(e))
      // 001 Natural Healing: 8 hours of rest → + character level HP; resting also clears the condition track
      const amount = characterLevel(sb)
      const hp = Math.min(st.maxHp, st.hp + amount)
      b.push({ type: 'saga.naturalHealing', combatantId: t.id, name: t.name, amount: hp - st.hp, hp, changes: [{ id: t.id, patch: { hp, ct: st.persistent > 0 ? st.ct : 0, naturalHealToday: true, status: st.status === 'unconscious' ? 'ok' : st.status } }] })
      break
    }
    case 'newDay':
      b.push({ type: 'saga.newDay', changes: b.state.combatants.map((c) => ({ id: c.id, patch: { secondWindToday: 0, naturalHealToday: false } })) })
      break
    case 'useAction': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      r = useAction(b, cmd, t, cmd.action, 'action')
      if (!r) b.push({ type: 'saga.actionTaken', combatantId: t.id, name: t.name, action: cmd.action, what: cmd.what ?? '' })
      break
    }
    case 'move': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      const provokers: string[] = cmd.provokesFrom ?? []
      for (const [i, id] of provokers.entries()) {
        const p = need(id, `provokesFrom.${i}`)
        if (isFail(p)) return p
      }
      const grabbed = t.conditions.some((k) => k.key === 'saga.grabbed' || k.key === 'saga.grappled')
      const fails: EngineEvent[] = []
      const x = checkRule(cmd, grabbed, 'rule.saga.grabbedCannotMove', `${t.name} is grabbed and cannot move`, 'combatantId', fails, { name: t.name })
      if (x) return x
      fails.forEach((e) => b.push(e))
      r = useAction(b, cmd, t, 'move', 'combatantId')
      if (r) break
      // 003: leaving a threatened square provokes; the GM decides who takes the attack of opportunity
      // 003: only the armed threaten (a melee or natural weapon, a pistol or rifle; unarmed with Martial Arts I);
      // the board has no squares, so who is adjacent (or within reach) is the GM's list
      const notThreatening = provokers.filter((id) => !threatens(sagaStats(b.current(id))))
      const eligible = cmd.withdraw === true ? [] : provokers.filter((id) => {
        const p = b.current(id)
        const pst = sagaState(p)
        return !notThreatening.includes(id) && !isOut(pst) && (pst.aooRound !== b.state.turn.round || sagaStats(p).combatReflexes) && (!p.conditions.some((k) => k.key === 'saga.flatFooted') || sagaStats(p).combatReflexes)
      })
      b.push({ type: 'saga.moved', combatantId: t.id, name: t.name, squares: cmd.squares ?? null, aooOffered: eligible, aooNames: eligible.map((id) => b.current(id).name).join(', '), ...(notThreatening.length ? { notThreatening } : {}), ...(cmd.withdraw ? { withdraw: true } : {}) })
      break
    }
    case 'setProne': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      // 003: standing up is a move action, dropping prone a swift action (tracked on the combatant's turn)
      if (inCombat(b.state) && currentActor(b.state) === t.id) {
        r = useAction(b, cmd, t, cmd.prone ? 'swift' : 'move', 'combatantId')
        if (r) break
      }
      b.push({ type: 'saga.proneSet', combatantId: t.id, name: t.name, prone: cmd.prone, changes: [{ id: t.id, patch: { prone: cmd.prone } }] })
      break
    }
    case 'aidAnother': {
      const helper = need(cmd.helper, 'helper')
      if (isFail(helper)) return helper
      const enemy = need(cmd.target, 'target')
      if (isFail(enemy)) return enemy
      r = aidAnother(b, cmd, helper, enemy, ctx)
      break
    }
    case 'fightDefensively': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      r = useAction(b, cmd, t, 'standard', 'combatantId')
      if (r) break
      b.push(conditionAddedEventFor(b.state, b.current(t.id), 'saga.fightingDefensively', { at: 'turnStart', combatantId: t.id }, cmd.noAttack ? 5 : 2))
      break
    }
    case 'coupDeGrace': {
      const a = need(cmd.attacker, 'attacker')
      if (isFail(a)) return a
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      r = coupDeGrace(b, cmd, a, t, ctx)
      break
    }
    case 'restoreShields': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      const dev = need(cmd.target ?? cmd.combatantId, 'target')
      if (isFail(dev)) return dev
      r = restoreShields(b, cmd, t, dev, ctx)
      break
    }
    case 'aim': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      // 003: two swift actions in the same round (the second takes the move or standard action's place if needed)
      r = useAction(b, cmd, t, 'swift', 'combatantId') ?? useAction(b, cmd, b.current(t.id), 'swift', 'combatantId')
      if (r) break
      b.push(conditionAddedEventFor(b.state, b.current(t.id), 'saga.aiming', { at: 'turnEnd', combatantId: t.id }))
      break
    }
    case 'board': {
      const t = need(cmd.combatantId, 'combatantId')
      if (isFail(t)) return t
      const from = sagaState(t).vehicle ?? null
      if (cmd.vehicle === null) {
        if (!from) return err('rule', `${t.name} is not in a vehicle`, 'vehicle')
        b.push({ type: 'saga.boarded', combatantId: t.id, name: t.name, vehicle: null, vehicleName: b.get(from)?.name ?? from, left: from, changes: [{ id: t.id, patch: { vehicle: null } }] })
        break
      }
      const v = need(cmd.vehicle, 'vehicle')
      if (isFail(v)) return v
      if (sagaStats(v).kind !== 'vehicle') return err('invalid', `${v.name} is not a vehicle`, 'vehicle')
      if (v.id === t.id) return err('invalid', 'a vehicle cannot board itself', 'vehicle')
      b.push({ type: 'saga.boarded', combatantId: t.id, name: t.name, vehicle: v.id, vehicleName: v.name, changes: [{ id: t.id, patch: { vehicle: v.id } }] })
      break
    }
    case 'fullAttack': {
      const a = need(cmd.attacker, 'attacker')
      if (isFail(a)) return a
      r = fullAttack(b, cmd, a, ctx)
      break
    }
    case 'allyAttack': {
      const a = need(cmd.attacker, 'attacker')
      if (isFail(a)) return a
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      r = allyAttack(b, cmd, a, t)
      break
    }
    case 'grab':
    case 'grapple':
    case 'disarm': {
      const a = need(cmd.attacker, 'attacker')
      if (isFail(a)) return a
      const t = need(cmd.target, 'target')
      if (isFail(t)) return t
      r = special(b, cmd, a, t, ctx)
      break
    }
    default:
      return null
  }
  if (r) return r
  return ok(b.events)
}

// ---------------------------------------------------------------------------------------------- attack

function rollD20(ctx: DecideContext) {
  return rollDie(ctx.rng, 20)
}

/** Roll weapon damage + bonus, minimum 1 (W2), doubled on a crit (W1, not for area attacks). */
function rollDamage(ctx: DecideContext, attacker: Combatant, weapon: Weapon, opts: AttackOptions, crit: boolean, field = 'weapon'): Result<{ dice: unknown[]; rolled: number; bonus: number; total: number; crit: boolean }> {
  const notation = opts.stun && typeof weapon.stun === 'string' ? weapon.stun : weapon.damage
  const p = parseDiceCached(notation, field)
  if (!p.ok) return p
  const r = rollExpr(p.value, ctx.rng)
  const bonus = damageBonus(attacker, weapon, opts).total
  const base = Math.max(1, r.total + bonus)
  const doubled = crit && !opts.area && !opts.autofire
  return ok({ dice: r.dice, rolled: r.total, bonus, total: doubled ? base * 2 : base, crit: doubled })
}

function attack(b: Batch, cmd: Cmd, attacker: Combatant, targets: Combatant[], ctx: DecideContext): Fail | null {
  const sb = sagaStats(attacker)
  const weapon = findWeapon(sb, cmd.weapon)
  if (!weapon) return err('invalid', `${attacker.name} has no weapon "${String(cmd.weapon)}"`, 'weapon')
  const opts: AttackOptions = {
    weapon: cmd.weapon,
    range: cmd.range,
    distance: cmd.distance,
    cover: cmd.cover,
    concealment: cmd.concealment,
    flanking: cmd.flanking,
    charge: cmd.charge,
    fightingDefensively: cmd.fightingDefensively,
    shootingIntoMelee: cmd.shootingIntoMelee,
    twoHanded: cmd.twoHanded,
    stun: cmd.stun ?? weapon.stunOnly,
    autofire: cmd.autofire ?? weapon.autofireOnly,
    braced: cmd.braced,
    area: cmd.area ?? (weapon.area || cmd.autofire || weapon.autofireOnly || (cmd.splash?.length ?? 0) > 0),
    misc: cmd.misc,
    aimed: aimedNow(attacker, weapon),
  }
  const fails: EngineEvent[] = []
  const multi = targets.length > 1
  let x =
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act (${sagaState(attacker).status})`, 'attacker', fails, { name: attacker.name }) ??
    checkRule(cmd, multi && !opts.area, 'rule.saga.singleTarget', 'only area and autofire attacks can target several combatants', 'targets', fails) ??
    checkRule(cmd, opts.cover === 'total', 'rule.saga.totalCover', 'the target has total cover and cannot be attacked (003)', 'cover', fails) ??
    checkRule(cmd, opts.autofire === true && !weapon.autofire && !weapon.autofireOnly, 'rule.saga.noAutofire', `${weapon.name} has no autofire setting`, 'autofire', fails, { weapon: weapon.name }) ??
    checkRule(cmd, opts.stun === true && !weapon.stun && !weapon.stunOnly, 'rule.saga.noStun', `${weapon.name} has no stun setting`, 'stun', fails, { weapon: weapon.name })
  if (x) return x
  if (weapon.kind === 'ranged' && cmd.distance !== undefined) {
    // W8 bands from data; 003: a blaster's stun setting reaches 6 squares
    const band = bandFor(weapon, cmd.distance)
    x = checkRule(cmd, band === null || (opts.stun === true && cmd.distance > 6), 'rule.saga.outOfRange', `the target is out of range of ${weapon.name}`, 'distance', fails, { weapon: weapon.name })
    if (x) return x
  }
  fails.forEach((e) => b.push(e))
  const action = cmd.action ?? 'standard'
  const af = useAction(b, cmd, attacker, action, 'attacker', { aoo: cmd.aoo, reaction: cmd.reaction, trigger: cmd.trigger })
  if (af) return af
  const attackerNow = b.current(attacker.id)
  const d20 = rollD20(ctx)
  const nat20 = d20.value === 20
  const nat1 = d20.value === 1
  const results = targets.map((t0) => {
    const t = b.current(t0.id)
    const bonus = attackBonus(b.state, attackerNow, multi ? null : t, weapon, opts)
    const reflex = currentReflex(b.state, t, opts)
    const total = d20.value + bonus.total
    // 001: natural 20 always hits (critical), natural 1 always misses
    const hit = nat20 || (!nat1 && total >= reflex.total)
    // W9: the held-object Reflex is the literal 003 reading; flag it so the GM can check it
    const flags = reflex.terms.some((x) => x.term === 'wielder') ? { flags: ['W9'] } : {}
    return { id: t.id, name: t.name, total, bonus: bonus.total, bonusTerms: bonus.terms, reflex: reflex.total, reflexTerms: reflex.terms, hit, ...flags }
  })
  const crit = nat20 && !opts.area
  b.push({
    type: 'saga.attackRolled',
    attackerId: attacker.id,
    attackerName: attacker.name,
    weapon: weapon.name,
    d20: d20.value,
    dice: [d20],
    natural20: nat20,
    natural1: nat1,
    crit,
    area: opts.area === true,
    autofire: opts.autofire === true,
    mode: opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal',
    targets: results,
  })
  // used-up one-shot modifiers: aid against these targets, the attacker's suppression (003 Aid Another)
  for (const t0 of targets) {
    const t = b.current(t0.id)
    for (const k of t.conditions) if (k.key === 'saga.aidedAgainst') b.push(conditionEndedEvent(t, k, 'used'))
  }
  for (const k of b.current(attacker.id).conditions) if (k.key === 'saga.suppressed' || (opts.aimed && k.key === 'saga.aiming')) b.push(conditionEndedEvent(b.current(attacker.id), k, 'used'))
  // 003: charge −2 Reflex and fighting defensively +2 until the start of the attacker's next turn
  if (opts.charge && weapon.kind === 'melee') b.push(conditionAddedEventFor(b.state, b.current(attacker.id), 'saga.charging', { at: 'turnStart', combatantId: attacker.id }, -2))
  if (opts.fightingDefensively) b.push(conditionAddedEventFor(b.state, b.current(attacker.id), 'saga.fightingDefensively', { at: 'turnStart', combatantId: attacker.id }, 2))
  const anyHit = results.some((t) => t.hit)
  if (!opts.area && !anyHit) return null
  const dmg = rollDamage(ctx, attacker, weapon, opts, crit)
  if (!dmg.ok) return dmg
  b.push({ type: 'saga.damageRolled', attackerId: attacker.id, dice: dmg.value.dice, rolled: dmg.value.rolled, bonus: dmg.value.bonus, total: dmg.value.total, crit: dmg.value.crit })
  const mode: DamageMode = opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal'
  const splash = new Set<string>(((cmd.splash ?? []) as string[]).filter((id) => !(cmd.targets ?? [cmd.target]).includes(id)))
  for (const res of results) {
    const t = b.current(res.id)
    let amount = dmg.value.total
    if (opts.area) {
      // 003 area attacks: hit = full, miss = half; Evasion: hit = half, miss = none
      // 003 splash: the targets next to the primary one take half on a hit and nothing on a miss (Evasion: half again)
      const evasion = sagaStats(t).evasion === true
      const adjacent = splash.has(t.id)
      const onHit = adjacent ? Math.floor(amount / 2) : amount
      const onMiss = adjacent ? 0 : Math.floor(amount / 2)
      amount = res.hit ? (evasion ? Math.floor(onHit / 2) : onHit) : evasion ? 0 : onMiss
      if (amount === 0) continue
    } else if (!res.hit) continue
    dealDamage(b, t, amount, mode, weapon.damageType, { source: attacker.id, sourceName: attacker.name, hit: res.hit })
  }
  return null
}

function dealDamage(b: Batch, t: Combatant, amount: number, mode: DamageMode, damageType: string | undefined, meta: Record<string, unknown>): void {
  const o = resolveDamage(sagaStats(t), sagaState(t), amount, mode, damageType)
  b.push({ type: 'saga.damageDealt', targetId: t.id, targetName: t.name, ...meta, ...o, changes: [{ id: t.id, patch: { ...damagePatch(o), ...knockedOut(b.state, o.statusBefore, o.status) } }] })
}

// ---------------------------------------------------------------------------------------------- full attack, threat

/** 003: a character threatens only when armed with a melee, natural or ranged weapon (area weapons such as
 * grenades do not), or unarmed with Martial Arts I. */
export const threatens = (sb: ReturnType<typeof sagaStats>): boolean => sb.martialArts === true || sb.weapons.some((w) => !w.area)

/** 003 Dual Weapon Mastery I, II, III reduce the −10; all three cancel it. The seed gives no steps in between:
 * −5 and −2 are the defaults (the core rulebook's). */
export const DUAL_WEAPON_PENALTY = [-10, -5, -2, 0] as const

/** 003 Full attack: a full-round action; every attack is rolled in the order given, each against its target. */
function fullAttack(b: Batch, cmd: Cmd, attacker: Combatant, ctx: DecideContext): Fail | null {
  const sb = sagaStats(attacker)
  const attacks = cmd.attacks as Array<{ target: string; weapon?: string | number }>
  for (const [i, a] of attacks.entries()) {
    const t = b.need(a.target, `attacks.${i}.target`)
    if (isFail(t)) return t
    if (!findWeapon(sb, a.weapon)) return err('invalid', `${attacker.name} has no weapon "${String(a.weapon)}"`, `attacks.${i}.weapon`)
  }
  const dual = cmd.twoWeapons === true || cmd.doubleWeapon === true
  const allowed = 1 + (dual ? 1 : 0) + (cmd.doubleAttack ? 1 : 0) + (cmd.tripleAttack ? 1 : 0)
  const fails: EngineEvent[] = []
  const x =
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act (${sagaState(attacker).status})`, 'attacker', fails, { name: attacker.name }) ??
    checkRule(cmd, cmd.doubleAttack === true && !sb.doubleAttack, 'rule.saga.noFeat', `${attacker.name} does not have Double Attack`, 'doubleAttack', fails, { name: attacker.name, feat: 'Double Attack' }) ??
    checkRule(cmd, cmd.tripleAttack === true && (!sb.tripleAttack || cmd.doubleAttack !== true), 'rule.saga.noFeat', `${attacker.name} needs Triple Attack (on top of Double Attack)`, 'tripleAttack', fails, { name: attacker.name, feat: 'Triple Attack' }) ??
    checkRule(cmd, attacks.length > allowed, 'rule.saga.tooManyAttacks', `${attacker.name} may make ${allowed} attack(s) in this full attack`, 'attacks', fails, { name: attacker.name, count: allowed })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, attacker, 'fullRound', 'attacker')
  if (r) return r
  const terms: Array<{ term: string; value: number }> = []
  if (dual) terms.push({ term: cmd.doubleWeapon ? 'doubleWeapon' : 'twoWeapons', value: DUAL_WEAPON_PENALTY[sb.dualWeaponMastery ?? 0] })
  if (dual && cmd.proficient === false) terms.push({ term: 'notProficient', value: -5 })
  if (cmd.doubleAttack) terms.push({ term: 'doubleAttack', value: -5 })
  if (cmd.tripleAttack) terms.push({ term: 'tripleAttack', value: -5 })
  const penalty = terms.reduce((sum, t) => sum + t.value, 0)
  b.push({ type: 'saga.fullAttack', attackerId: attacker.id, name: attacker.name, count: attacks.length, penalty, terms })
  // 003: "all penalties of an extra attack apply to every attack the character makes before the start of its next turn"
  if (penalty !== 0) b.push(conditionAddedEventFor(b.state, b.current(attacker.id), 'saga.extraAttacks', { at: 'turnStart', combatantId: attacker.id }, penalty))
  const shared = { range: cmd.range, distance: cmd.distance, cover: cmd.cover, concealment: cmd.concealment, flanking: cmd.flanking, shootingIntoMelee: cmd.shootingIntoMelee, misc: cmd.misc, override: cmd.override }
  for (const a of attacks) {
    const one: Cmd = { type: 'attack', attacker: attacker.id, target: a.target, weapon: a.weapon, action: 'free', ...shared }
    const failed = attack(b, one, b.current(attacker.id), [b.current(a.target)], ctx)
    if (failed) return failed
  }
  return null
}

// ---------------------------------------------------------------------------------------------- diceless ally mode

/** An ally in the diceless sense: an ally stat block, or anyone on the allies' side. PCs roll. */
const isDicelessAlly = (c: Combatant) => c.role === 'ally' || c.side === 'allies'

/**
 * Beyond the seed: diceless allies in Saga, take-10 style (src-main/rules/diceless). The attacker takes 10
 * (10 + its attack bonus with every 001/003 modifier) against the target's defense; damage is the average of the
 * dice + the damage bonus, rounded down, through the same SR → DR → HP → threshold pipeline (W2). An NPC attacking
 * an ally takes 10 too, against the ally's best applicable defense. No critical hits: a take 10 is never a natural 20.
 */
function allyAttack(b: Batch, cmd: Cmd, attacker: Combatant, target: Combatant): Fail | null {
  const weapon = findWeapon(sagaStats(attacker), cmd.weapon)
  if (!weapon) return err('invalid', `${attacker.name} has no weapon "${String(cmd.weapon)}"`, 'weapon')
  const opts: AttackOptions = {
    weapon: cmd.weapon,
    range: cmd.range,
    distance: cmd.distance,
    cover: cmd.cover,
    concealment: cmd.concealment,
    flanking: cmd.flanking,
    charge: cmd.charge,
    shootingIntoMelee: cmd.shootingIntoMelee,
    twoHanded: cmd.twoHanded,
    stun: cmd.stun ?? weapon.stunOnly,
    misc: cmd.misc,
  }
  const fails: EngineEvent[] = []
  let x =
    checkRule(cmd, !isDicelessAlly(attacker) && !isDicelessAlly(target), 'rule.saga.notAlly', `the diceless mode is for allies: neither ${attacker.name} nor ${target.name} is one`, 'attacker', fails, { name: attacker.name, target: target.name }) ??
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act (${sagaState(attacker).status})`, 'attacker', fails, { name: attacker.name }) ??
    checkRule(cmd, opts.cover === 'total', 'rule.saga.totalCover', 'the target has total cover and cannot be attacked (003)', 'cover', fails) ??
    checkRule(cmd, opts.stun === true && !weapon.stun && !weapon.stunOnly, 'rule.saga.noStun', `${weapon.name} has no stun setting`, 'stun', fails, { weapon: weapon.name })
  if (x) return x
  if (weapon.kind === 'ranged' && cmd.distance !== undefined) {
    const band = bandFor(weapon, cmd.distance)
    x = checkRule(cmd, band === null || (opts.stun === true && cmd.distance > 6), 'rule.saga.outOfRange', `the target is out of range of ${weapon.name}`, 'distance', fails, { weapon: weapon.name })
    if (x) return x
  }
  const notation = opts.stun && typeof weapon.stun === 'string' ? weapon.stun : weapon.damage
  const parsed = parseDiceCached(notation, 'weapon')
  if (!parsed.ok) return parsed
  fails.forEach((e) => b.push(e))
  const af = useAction(b, cmd, attacker, cmd.action ?? 'standard', 'attacker')
  if (af) return af
  const a = b.current(attacker.id)
  const t = b.current(target.id)
  const bonus = attackBonus(b.state, a, t, weapon, opts)
  const reflex = currentReflex(b.state, t, opts)
  const summary = combatantSummary(b.state, t)
  const value = (d: SagaDefense) => (d === 'reflex' ? reflex.total : d === 'fortitude' ? summary.fortitude : summary.will)
  const against: SagaDefense[] = cmd.against ?? ['reflex']
  const targetIsAlly = isDicelessAlly(t) && !isDicelessAlly(a)
  const dmgBonus = damageBonus(a, weapon, opts)
  const res = sagaTakeTen(bonus.total, against.map((d) => ({ defense: d, value: value(d) })), targetIsAlly, averageOfTerms(parsed.value.terms) + dmgBonus.total)
  const mode: DamageMode = opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal'
  b.push({
    type: 'saga.dicelessAttack',
    attackerId: a.id,
    attackerName: a.name,
    targetId: t.id,
    targetName: t.name,
    weapon: weapon.name,
    mode,
    direction: targetIsAlly ? 'againstAlly' : 'byAlly',
    attackValue: res.attackValue,
    bonusTerms: bonus.terms,
    defense: res.defense,
    defenseValue: res.defenseValue,
    ...(res.defense === 'reflex' ? { defenseTerms: reflex.terms } : {}),
    choice: res.choice,
    considered: res.considered,
    hit: res.hit,
    damageNotation: notation,
    damageAverage: res.average,
    damageBonus: dmgBonus.total,
    damage: res.damage,
  })
  // the one-shot modifiers are used, as by a rolled attack (003 Aid Another); charge −2 Reflex (003)
  for (const k of b.current(t.id).conditions) if (k.key === 'saga.aidedAgainst') b.push(conditionEndedEvent(b.current(t.id), k, 'used'))
  for (const k of b.current(a.id).conditions) if (k.key === 'saga.suppressed') b.push(conditionEndedEvent(b.current(a.id), k, 'used'))
  if (opts.charge && weapon.kind === 'melee') b.push(conditionAddedEventFor(b.state, b.current(a.id), 'saga.charging', { at: 'turnStart', combatantId: a.id }, -2))
  if (res.hit) dealDamage(b, b.current(t.id), res.damage, mode, weapon.damageType, { source: a.id, sourceName: a.name, hit: true, diceless: true })
  return null
}

// ---------------------------------------------------------------------------------------------- track and healing

function moveTrack(b: Batch, t: Combatant, steps: number, reason: string, persistent = false): void {
  const st = sagaState(t)
  const sb = sagaStats(t)
  const ct = Math.max(0, Math.min(CT_MAX, st.ct - steps)) // steps: −1 = one step down the track
  const living = sb.kind === 'heroic' || sb.kind === 'nonheroic'
  let status = st.status
  if (ct >= CT_MAX && status === 'ok') status = living ? 'unconscious' : 'disabled'
  if (ct < CT_MAX && (status === 'unconscious' || status === 'disabled') && st.hp > 0) status = 'ok'
  b.push({
    type: 'saga.conditionTrackMoved',
    combatantId: t.id,
    name: t.name,
    steps,
    from: st.ct,
    to: ct,
    reason,
    changes: [{ id: t.id, patch: { ct, status, ...knockedOut(b.state, st.status, status), ...(persistent ? { persistent: st.persistent + 1 } : {}) } }],
  })
}

/** 001: healing an unconscious creature revives it with that many HP and +1 step. */
function heal(b: Batch, cmd: Cmd, t: Combatant, amount: number, reason: string): Fail | null {
  const st = sagaState(t)
  const fails: EngineEvent[] = []
  const x = checkRule(cmd, st.status === 'dead' || st.status === 'destroyed', 'rule.saga.dead', `${t.name} is ${st.status}`, 'target', fails, { name: t.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const revive = st.status === 'unconscious' || st.status === 'disabled'
  const hp = revive ? Math.min(st.maxHp, amount) : Math.min(st.maxHp, st.hp + amount)
  const patch: Partial<SagaState> = revive ? { hp, status: 'ok', ct: Math.max(0, st.ct - 1), prone: true, stunnedOut: false, deathAvoidable: false, conCheckRound: null, conCheckTurnOf: null } : { hp }
  b.push({ type: 'saga.healed', combatantId: t.id, name: t.name, amount: revive ? hp : hp - st.hp, hp, revived: revive, reason, changes: [{ id: t.id, patch }] })
  return null
}

/** 001 Recover: three swift actions (same or consecutive rounds) move +1 step; not with a persistent condition. */
/** 001/003: three swift actions "in a single round, or spread across consecutive rounds": in combat, a gap of a
 * round or more starts the count again. Returns the swift actions counted so far (before this one). */
function swiftStreak(s: EncounterState, count: number, lastRound: number | null | undefined): number {
  if (!inCombat(s) || lastRound === null || lastRound === undefined) return count
  return s.turn.round > lastRound + 1 ? 0 : count
}

function recover(b: Batch, cmd: Cmd, t: Combatant): Fail | null {
  const st = sagaState(t)
  const fails: EngineEvent[] = []
  const x =
    checkRule(cmd, st.persistent > 0, 'rule.saga.persistent', `${t.name} has a persistent condition and cannot recover`, 'combatantId', fails, { name: t.name }) ??
    checkRule(cmd, st.ct === 0, 'rule.saga.normalState', `${t.name} is already in the normal state`, 'combatantId', fails, { name: t.name }) ??
    checkRule(cmd, isOut(st), 'rule.saga.helpless', `${t.name} is ${st.status}`, 'combatantId', fails, { name: t.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, t, 'swift', 'combatantId')
  if (r) return r
  const count = swiftStreak(b.state, st.recover, st.recoverRound) + 1
  const recoverRound = inCombat(b.state) ? b.state.turn.round : null
  if (count < 3) {
    b.push({ type: 'saga.recoverProgress', combatantId: t.id, name: t.name, count, changes: [{ id: t.id, patch: { recover: count, recoverRound } }] })
  } else {
    b.push({ type: 'saga.recovered', combatantId: t.id, name: t.name, from: st.ct, to: st.ct - 1, changes: [{ id: t.id, patch: { recover: 0, ct: st.ct - 1, recoverRound: null } }] })
  }
  return null
}

/** 003: three swift actions, then DC 20 Mechanics (a droid's own shields: Endurance): SR +5 up to the maximum. */
function restoreShields(b: Batch, cmd: Cmd, who: Combatant, device: Combatant, ctx: DecideContext): Fail | null {
  const max = sagaStats(device).sr ?? 0
  const dst = sagaState(device)
  if (max === 0) return err('invalid', `${device.name} has no shields`, 'target')
  const fails: EngineEvent[] = []
  const x =
    checkRule(cmd, dst.sr >= max, 'rule.saga.shieldsFull', `${device.name}'s shields are at full strength`, 'target', fails, { name: device.name }) ??
    checkRule(cmd, isOut(sagaState(who)), 'rule.saga.attackerOut', `${who.name} cannot act`, 'combatantId', fails, { name: who.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, who, 'swift', 'combatantId')
  if (r) return r
  const wst = sagaState(b.current(who.id))
  const count = swiftStreak(b.state, wst.shieldActions ?? 0, wst.shieldRound) + 1
  if (count < 3) {
    b.push({ type: 'saga.shieldProgress', combatantId: who.id, name: who.name, count, changes: [{ id: who.id, patch: { shieldActions: count, shieldRound: inCombat(b.state) ? b.state.turn.round : null } }] })
    return null
  }
  const d = rollD20(ctx)
  const st = sagaState(b.current(who.id))
  const penalty = st.ct > 0 && st.ct < CT_MAX ? ctPenalty(st.ct) : 0 // a skill check: the track penalty applies (001)
  const total = d.value + (cmd.bonus ?? 0) + penalty
  const success = total >= 20
  const sr = success ? Math.min(max, dst.sr + 5) : dst.sr
  const changes = [{ id: who.id, patch: { shieldActions: 0, shieldRound: null } }, { id: device.id, patch: { sr } }]
  b.push({ type: 'saga.shieldsRestored', combatantId: who.id, name: who.name, targetId: device.id, targetName: device.name, dice: [d], d20: d.value, total, dc: 20, success, sr, skill: sagaStats(device).kind === 'droid' && device.id === who.id ? 'endurance' : 'mechanics', changes })
  return null
}

/** 001 / W5 Second Wind: swift; HP ≤ half; heals max(⌊max/4⌋, Con score); once a day, never twice an encounter. */
function secondWind(b: Batch, cmd: Cmd, t: Combatant): Fail | null {
  const st = sagaState(t)
  const sb = sagaStats(t)
  const perDay = sb.kind === 'heroic' ? (sb.extraSecondWind ? 2 : 1) : sb.extraSecondWind ? 1 : 0
  const fails: EngineEvent[] = []
  const x =
    checkRule(cmd, perDay === 0, 'rule.saga.notHeroic', `${t.name} is not heroic and cannot catch a second wind`, 'combatantId', fails, { name: t.name }) ??
    checkRule(cmd, st.hp * 2 > st.maxHp, 'rule.saga.notBloodied', `${t.name} is above half hit points`, 'combatantId', fails, { name: t.name }) ??
    checkRule(cmd, st.secondWindToday >= perDay, 'rule.saga.secondWindDay', `${t.name} has no second wind left today`, 'combatantId', fails, { name: t.name }) ??
    checkRule(cmd, st.secondWindThisEncounter, 'rule.saga.secondWindEncounter', `${t.name} already caught a second wind this encounter`, 'combatantId', fails, { name: t.name }) ??
    checkRule(cmd, isOut(st), 'rule.saga.helpless', `${t.name} is ${st.status}`, 'combatantId', fails, { name: t.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, t, 'swift', 'combatantId')
  if (r) return r
  const healed = Math.max(Math.floor(st.maxHp / 4), sb.abilities.con ?? 0)
  const hp = Math.min(st.maxHp, st.hp + healed)
  b.push({ type: 'saga.secondWind', combatantId: t.id, name: t.name, amount: hp - st.hp, hp, changes: [{ id: t.id, patch: { hp, secondWindToday: st.secondWindToday + 1, secondWindThisEncounter: true } }] })
  return null
}

/** 001 Falling Unconscious: DC 10 Con check; success +1 step, conscious, + character level HP; failure →
 * persistent; natural 1 or failing by 5+ → death, except when knocked out by stun (003). */
function conCheck(b: Batch, cmd: Cmd, t: Combatant, ctx: DecideContext): Fail | null {
  const st = sagaState(t)
  const sb = sagaStats(t)
  if (st.status !== 'unconscious') return err('rule', `${t.name} is not unconscious`, 'combatantId')
  // 001: the first check comes after 1 minute (10 rounds), a failed one is retried every hour; counted in combat
  const due = st.conCheckRound ?? null
  const fails: EngineEvent[] = []
  const early = !conCheckDue(b.state, st)
  const count = st.conCheckTurnOf ? ` (${b.get(st.conCheckTurnOf)?.name ?? st.conCheckTurnOf}'s count)` : ''
  const x = checkRule(cmd, early, 'rule.saga.conCheckTooSoon', `${t.name} cannot make the Constitution check before round ${due}${count}`, 'combatantId', fails, { name: t.name, round: due ?? 0 })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const d = rollD20(ctx)
  const conMod = mod(sb.abilities.con)
  const total = d.value + conMod
  const success = d.value !== 1 && total >= 10
  const deadly = !success && (d.value === 1 || total <= 5) && !st.stunnedOut
  let patch: Partial<SagaState>
  let outcome: string
  if (success) {
    outcome = 'awake'
    patch = { status: 'ok', ct: Math.max(0, st.ct - 1), hp: Math.min(st.maxHp, st.hp + characterLevel(sb)), stunnedOut: false, prone: true, conCheckRound: null, conCheckTurnOf: null }
  } else if (deadly) {
    outcome = 'dead'
    patch = { status: 'dead', deathAvoidable: st.forcePoints > 0 }
  } else {
    outcome = 'persistent'
    patch = { persistent: st.persistent + (st.stunnedOut ? 0 : 1), ...conCheckAfter(b.state, CON_CHECK_RETRY) }
  }
  b.push({ type: 'saga.conCheck', combatantId: t.id, name: t.name, dice: [d], d20: d.value, modifier: conMod, total, dc: 10, outcome, changes: [{ id: t.id, patch }] })
  return null
}

/** 003 Coup de grace: full-round action against a helpless creature or droid (not a vehicle or object); an
 * automatic critical hit (double damage); a target brought to 0 HP, or already unconscious or disabled, dies. */
function coupDeGrace(b: Batch, cmd: Cmd, attacker: Combatant, target: Combatant, ctx: DecideContext): Fail | null {
  const tsb = sagaStats(target)
  const tst = sagaState(target)
  const weapon = findWeapon(sagaStats(attacker), cmd.weapon)
  if (!weapon) return err('invalid', `${attacker.name} has no weapon "${String(cmd.weapon)}"`, 'weapon')
  const fails: EngineEvent[] = []
  const x =
    checkRule(cmd, tsb.kind === 'vehicle' || tsb.kind === 'object', 'rule.saga.coupDeGraceObject', 'no coup de grace against vehicles or objects', 'target', fails, { name: target.name }) ??
    checkRule(cmd, !isHelplessNow(tst), 'rule.saga.notHelpless', `${target.name} is not helpless`, 'target', fails, { name: target.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, attacker, 'fullRound', 'attacker')
  if (r) return r
  const dmg = rollDamage(ctx, attacker, weapon, {}, true)
  if (!dmg.ok) return dmg
  b.push({ type: 'saga.damageRolled', attackerId: attacker.id, dice: dmg.value.dice, rolled: dmg.value.rolled, bonus: dmg.value.bonus, total: dmg.value.total, crit: true, coupDeGrace: true })
  const before = sagaState(b.current(target.id))
  const o = resolveDamage(tsb, before, dmg.value.total, 'normal', weapon.damageType)
  const lethal = o.hpAfter === 0 || before.status === 'unconscious' || before.status === 'disabled'
  const living = tsb.kind === 'heroic' || tsb.kind === 'nonheroic'
  const status: Status = lethal ? (living ? 'dead' : 'destroyed') : o.status
  const out: DamageOutcome = { ...o, status, ctAfter: lethal ? CT_MAX : o.ctAfter, outcome: lethal ? (living ? 'dead' : 'destroyed') : o.outcome, deathAvoidable: false }
  b.push({ type: 'saga.damageDealt', targetId: target.id, targetName: target.name, source: attacker.id, sourceName: attacker.name, coupDeGrace: true, ...out, changes: [{ id: target.id, patch: damagePatch(out) }] })
  return null
}

const isHelplessNow = (st: SagaState) => st.status === 'unconscious' || st.status === 'disabled' || st.ct >= CT_MAX

// ---------------------------------------------------------------------------------------------- aid, grab, grapple, disarm

/** 003 Aid Another: attack vs Reflex 10; aid gives the next ally attacking that foe +2, suppress gives the foe −2. */
function aidAnother(b: Batch, cmd: Cmd, helper: Combatant, enemy: Combatant, ctx: DecideContext): Fail | null {
  const weapon = findWeapon(sagaStats(helper), cmd.weapon)
  if (!weapon) return err('invalid', `${helper.name} has no weapon "${String(cmd.weapon)}"`, 'weapon')
  const r = useAction(b, cmd, helper, 'standard', 'helper')
  if (r) return r
  const d = rollD20(ctx)
  const bonus = attackBonus(b.state, b.current(helper.id), null, weapon, {})
  const total = d.value + bonus.total
  const success = d.value === 20 || (d.value !== 1 && total >= 10)
  b.push({ type: 'saga.aidRolled', helperId: helper.id, name: helper.name, targetId: enemy.id, targetName: enemy.name, mode: cmd.mode, dice: [d], d20: d.value, total, success })
  if (success) {
    if (cmd.mode === 'aid') b.push(conditionAddedEventFor(b.state, b.current(enemy.id), 'saga.aidedAgainst', { at: 'turnStart', combatantId: helper.id }, 2, helper.id))
    else b.push(conditionAddedEventFor(b.state, b.current(enemy.id), 'saga.suppressed', { at: 'turnStart', combatantId: helper.id }, -2, helper.id))
  }
  return null
}

function special(b: Batch, cmd: Cmd, attacker: Combatant, target: Combatant, ctx: DecideContext): Fail | null {
  const sb = sagaStats(attacker)
  const fails: EngineEvent[] = []
  const x = checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act`, 'attacker', fails, { name: attacker.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, attacker, 'standard', 'attacker')
  if (r) return r
  const weapon = cmd.type === 'disarm' ? findWeapon(sb, cmd.weapon) : findWeapon(sb, 'unarmed')
  if (!weapon) return err('invalid', `${attacker.name} has no weapon "${String(cmd.weapon)}"`, 'weapon')
  const opts: AttackOptions = { special: cmd.type as 'grab' | 'grapple' | 'disarm', twoHandedGrip: cmd.twoHandedGrip }
  const d = rollD20(ctx)
  const bonus = attackBonus(b.state, b.current(attacker.id), b.current(target.id), weapon, opts)
  const reflex = currentReflex(b.state, b.current(target.id), opts)
  const total = d.value + bonus.total
  const hit = d.value === 20 || (d.value !== 1 && total >= reflex.total)
  const base = { attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name, dice: [d], d20: d.value, total, reflex: reflex.total, bonusTerms: bonus.terms, reflexTerms: reflex.terms, hit }
  if (cmd.type === 'grab') {
    // W10: grab −5, no damage; the grabbed creature takes −2 on attacks (not natural or light weapons) and cannot move
    b.push({ type: 'saga.grabRolled', ...base })
    if (hit) b.push(conditionAddedEventFor(b.state, b.current(target.id), 'saga.grabbed', { at: 'manual' }, -2, attacker.id))
  } else if (cmd.type === 'grapple') {
    // W10 / 003: on a hit, opposed 1d20 + BAB + max(Str, Dex) + grapple size modifier; ties go to the attacker
    b.push({ type: 'saga.grappleAttackRolled', ...base })
    if (hit) {
      const check = (c: Combatant) => {
        const s = sagaStats(c)
        const dd = rollD20(ctx)
        return { die: dd, total: dd.value + s.bab + Math.max(mod(s.abilities.str), mod(s.abilities.dex)) + GRAPPLE_SIZE[s.size] }
      }
      const mine = check(attacker)
      const theirs = check(target)
      const won = mine.total >= theirs.total
      b.push({ type: 'saga.grappleChecked', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name, dice: [mine.die, theirs.die], attackerTotal: mine.total, targetTotal: theirs.total, won })
      if (won) b.push(conditionAddedEventFor(b.state, b.current(target.id), 'saga.grappled', { at: 'manual' }, -2, attacker.id))
    }
  } else {
    // 003 Disarm: melee attack vs Reflex +10; −5 if the weapon is held in two hands; a miss allows a free attack back
    b.push({ type: 'saga.disarmRolled', ...base, freeAttack: !hit && !sb.improvedDisarm })
    if (hit) b.push(conditionAddedEventFor(b.state, b.current(target.id), 'saga.disarmed', { at: 'manual' }, undefined, attacker.id))
  }
  return null
}
