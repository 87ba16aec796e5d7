/**
 * Saga commands → events, one handler per command type (typed from its schema in ../commands.ts). Every event
 * carries its dice and its results (`changes`), so evolve only applies them. The rules live by concern:
 * attack.ts (attacks, full attack, diceless allies, coup de grace), health.ts (track, healing, Con checks,
 * shields), maneuvers.ts (aid another, grab, grapple, disarm), common.ts (actions, timing).
 */
import type { Combatant } from '@shared/domain/encounter'
import { command, type CommandMap } from '../../../../kit/command'
import { checkRule } from '../../../../kit/rules'
import { currentActor } from '../../../../kit/state'
import type { EngineEvent } from '@shared/domain/encounter'
import { sagaCommandSchemas as S } from '../../commands'
import { conditionAddedEventFor } from '../conditions'
import { characterLevel } from '../../schema'
import { CT_MAX, isOut, sagaState, sagaStats } from '../state'
import { allyAttack, attack, coupDeGrace, dealDamage, fullAttack, threatens } from './attack'
import { conCheck, heal, moveTrack, recover, restoreShields, secondWind, trackMoveNoOp } from './health'
import { aidAnother, special } from './maneuvers'
import { fallsProne, inCombat, knockedOut, sagaRule, targetGone, useAction } from './common'
import { refuse } from '../../../../kit/refuse'
import { log as sentences } from '../../i18n/en'

export { freshActions, spendAction, newBatch, conCheckDue, CON_CHECK_RETRY, CON_CHECK_WAIT, type ActionKind } from './common'
export { threatens, DUAL_WEAPON_PENALTY } from './attack'

export const sagaCommands = {
  attack: command(S.attack, (b, cmd, ctx) => {
    const attacker = b.need(cmd.attackerId, 'attackerId')
    if (!attacker.ok) return attacker
    const ids = cmd.targets ?? (cmd.targetId !== undefined ? [cmd.targetId] : [])
    const targets: Combatant[] = []
    for (const [i, id] of ids.entries()) {
      const t = b.need(id, cmd.targets ? `targets.${i}` : 'targetId')
      if (!t.ok) return t
      targets.push(t.value)
    }
    // 003 splash: the targets next to the primary one (the GM lists them: the board has no squares)
    for (const [i, id] of (cmd.splash ?? []).entries()) {
      const t = b.need(id, `splash.${i}`)
      if (!t.ok) return t
      if (!targets.some((x) => x.id === t.value.id)) targets.push(t.value)
    }
    return attack(b, cmd, attacker.value, targets, ctx)
  }),
  /** GM-entered damage through SR, DR, the damage threshold and 0 HP */
  applyDamage: command(S.applyDamage, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    const fails: EngineEvent[] = []
    const gone = targetGone(cmd, t.value, 'combatantId', fails, 'damage')
    if (gone) return gone
    fails.forEach((e) => b.push(e))
    dealDamage(b, t.value, cmd.amount, cmd.mode ?? 'normal', cmd.damageType, { source: 'gm' })
  }),
  heal: command(S.heal, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    return t.ok ? heal(b, cmd, t.value, cmd.amount, 'heal') : t
  }),
  moveConditionTrack: command(S.moveConditionTrack, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    const noOp = trackMoveNoOp(t.value, cmd.steps, cmd.persistent === true)
    if (noOp) return noOp
    moveTrack(b, t.value, cmd.steps, 'gm', cmd.persistent === true)
  }),
  setPersistent: command(S.setPersistent, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    // the GM's count: the ones rest ends (001:99) are at most that many
    const persistentRest = Math.min(sagaState(t.value).persistentRest ?? 0, cmd.count)
    b.push({ type: 'saga.persistentSet', combatantId: t.value.id, name: t.value.name, count: cmd.count, changes: [{ id: t.value.id, patch: { persistent: cmd.count, persistentRest } }] })
  }),
  recover: command(S.recover, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    return t.ok ? recover(b, cmd, t.value) : t
  }),
  secondWind: command(S.secondWind, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    return t.ok ? secondWind(b, cmd, t.value) : t
  }),
  conCheck: command(S.conCheck, (b, cmd, ctx) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    return t.ok ? conCheck(b, cmd, t.value, ctx) : t
  }),
  avoidDeath: command(S.avoidDeath, (b, cmd) => {
    const r = b.need(cmd.combatantId, 'combatantId')
    if (!r.ok) return r
    const t = r.value
    const st = sagaState(t)
    if (!st.deathAvoidable) return refuse('rule', sentences, 'refusal.saga.noDeathToAvoid', { name: t.name }, { field: 'combatantId', cite: '001:94' })
    // 001: spend a Force Point: stay at 0 HP, −5 steps, unconscious (a droid: disabled)
    const status = sagaStats(t).kind === 'droid' ? 'disabled' : 'unconscious'
    b.push({ type: 'saga.forcePointSpent', combatantId: t.id, name: t.name, reason: 'avoidDeath', changes: [{ id: t.id, patch: { forcePoints: st.forcePoints - 1, status, ct: CT_MAX, hp: 0, deathAvoidable: false, ...knockedOut(b.state, 'dead', status), ...fallsProne(st.status, status) } }] })
  }),
  naturalHealing: command(S.naturalHealing, (b, cmd) => {
    const r = b.need(cmd.combatantId, 'combatantId')
    if (!r.ok) return r
    const t = r.value
    const st = sagaState(t)
    const sb = sagaStats(t)
    const fails: EngineEvent[] = []
    const living = sb.kind === 'heroic' || sb.kind === 'nonheroic'
    // 001:99: eight consecutive hours of rest end the persistent conditions of failed Con checks; the others (poison,
    // disease) only when their cause is treated (001:130)
    const restEnds = Math.min(st.persistent, st.persistentRest ?? 0)
    const stays = st.persistent - restEnds
    const x =
      checkRule(cmd, !living || st.status === 'dead', 'rule.saga.notLiving', `${t.name} cannot heal naturally.`, 'combatantId', fails, { name: t.name }) ??
      sagaRule(cmd, restEnds === 0 && stays > 0, 'rule.saga.persistent', 'refusal.saga.persistent', { name: t.name }, 'combatantId', fails, '001:99, 001:130') ??
      checkRule(cmd, restEnds === 0 && st.naturalHealToday, 'rule.saga.onceADay', `${t.name} already healed naturally in the last 24 hours.`, 'combatantId', fails, { name: t.name })
    if (x) return x
    fails.forEach((e) => b.push(e))
    if (restEnds > 0) {
      // while the condition was persistent the rest heals nothing (001:108) and moves no step (001:133): it ends it
      b.push({ type: 'saga.naturalHealing', combatantId: t.id, name: t.name, amount: 0, hp: st.hp, endedPersistent: restEnds, changes: [{ id: t.id, patch: { persistent: st.persistent - restEnds, persistentRest: 0 } }] })
      return
    }
    // 001 Natural Healing: 8 hours of rest → + character level HP; resting also clears the condition track
    const amount = characterLevel(sb)
    const hp = Math.min(st.maxHp, st.hp + amount)
    b.push({ type: 'saga.naturalHealing', combatantId: t.id, name: t.name, amount: hp - st.hp, hp, changes: [{ id: t.id, patch: { hp, ct: st.persistent > 0 ? st.ct : 0, naturalHealToday: true, status: st.status === 'unconscious' ? 'ok' : st.status } }] })
  }),
  newDay: command(S.newDay, (b) => {
    b.push({ type: 'saga.newDay', changes: b.state.combatants.map((c) => ({ id: c.id, patch: { secondWindToday: 0, naturalHealToday: false } })) })
  }),
  useAction: command(S.useAction, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    const r = useAction(b, cmd, t.value, cmd.action, 'action')
    if (r) return r
    b.push({ type: 'saga.actionTaken', combatantId: t.value.id, name: t.value.name, action: cmd.action, what: cmd.what ?? '' })
  }),
  move: command(S.move, (b, cmd) => {
    const r = b.need(cmd.combatantId, 'combatantId')
    if (!r.ok) return r
    const t = r.value
    const provokers = cmd.provokesFrom ?? []
    for (const [i, id] of provokers.entries()) {
      const p = b.need(id, `provokesFrom.${i}`)
      if (!p.ok) return p
    }
    const grabbed = t.conditions.some((k) => k.key === 'saga.grabbed' || k.key === 'saga.grappled')
    const fails: EngineEvent[] = []
    const x = checkRule(cmd, grabbed, 'rule.saga.grabbedCannotMove', `${t.name} is grabbed and cannot move`, 'combatantId', fails, { name: t.name })
    if (x) return x
    fails.forEach((e) => b.push(e))
    const used = useAction(b, cmd, t, 'move', 'combatantId')
    if (used) return used
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
  }),
  setProne: command(S.setProne, (b, cmd) => {
    const r = b.need(cmd.combatantId, 'combatantId')
    if (!r.ok) return r
    const t = r.value
    // 003: standing up is a move action, dropping prone a swift action (tracked on the combatant's turn)
    if (inCombat(b.state) && currentActor(b.state) === t.id) {
      const used = useAction(b, cmd, t, cmd.prone ? 'swift' : 'move', 'combatantId')
      if (used) return used
    }
    b.push({ type: 'saga.proneSet', combatantId: t.id, name: t.name, prone: cmd.prone, changes: [{ id: t.id, patch: { prone: cmd.prone } }] })
  }),
  aidAnother: command(S.aidAnother, (b, cmd, ctx) => {
    const helper = b.need(cmd.helperId, 'helperId')
    if (!helper.ok) return helper
    const enemy = b.need(cmd.targetId, 'targetId')
    if (!enemy.ok) return enemy
    return aidAnother(b, cmd, helper.value, enemy.value, ctx)
  }),
  grab: command(S.grab, (b, cmd, ctx) => pair(b, cmd.attackerId, cmd.targetId, (a, t) => special(b, cmd, a, t, ctx))),
  grapple: command(S.grapple, (b, cmd, ctx) => pair(b, cmd.attackerId, cmd.targetId, (a, t) => special(b, cmd, a, t, ctx))),
  /** 003: standard action, +2 dodge to Reflex until the next turn (+5 when not attacking at all) */
  fightDefensively: command(S.fightDefensively, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    const used = useAction(b, cmd, t.value, 'standard', 'combatantId')
    if (used) return used
    b.push(conditionAddedEventFor(b.state, b.current(t.value.id), 'saga.fightingDefensively', { at: 'turnStart', combatantId: t.value.id }, cmd.noAttack ? 5 : 2))
  }),
  coupDeGrace: command(S.coupDeGrace, (b, cmd, ctx) => pair(b, cmd.attackerId, cmd.targetId, (a, t) => coupDeGrace(b, cmd, a, t, ctx))),
  aim: command(S.aim, (b, cmd) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    // 003: two swift actions in the same round (the second takes the move or standard action's place if needed)
    const used = useAction(b, cmd, t.value, 'swift', 'combatantId') ?? useAction(b, cmd, b.current(t.value.id), 'swift', 'combatantId')
    if (used) return used
    b.push(conditionAddedEventFor(b.state, b.current(t.value.id), 'saga.aiming', { at: 'turnEnd', combatantId: t.value.id }))
  }),
  restoreShields: command(S.restoreShields, (b, cmd, ctx) => {
    const t = b.need(cmd.combatantId, 'combatantId')
    if (!t.ok) return t
    const dev = b.need(cmd.targetId ?? cmd.combatantId, 'targetId')
    if (!dev.ok) return dev
    return restoreShields(b, cmd, t.value, dev.value, ctx)
  }),
  board: command(S.board, (b, cmd) => {
    const r = b.need(cmd.combatantId, 'combatantId')
    if (!r.ok) return r
    const t = r.value
    const from = sagaState(t).vehicle ?? null
    if (cmd.vehicleId === null) {
      if (!from) return refuse('rule', sentences, 'refusal.saga.notInVehicle', { name: t.name }, { field: 'vehicleId' })
      b.push({ type: 'saga.boarded', combatantId: t.id, name: t.name, vehicle: null, vehicleName: b.get(from)?.name ?? from, left: from, changes: [{ id: t.id, patch: { vehicle: null } }] })
      return
    }
    const rv = b.need(cmd.vehicleId, 'vehicleId')
    if (!rv.ok) return rv
    const v = rv.value
    if (sagaStats(v).kind !== 'vehicle') return refuse('invalid', sentences, 'refusal.saga.notAVehicle', { name: v.name }, { field: 'vehicleId' })
    if (v.id === t.id) return refuse('invalid', sentences, 'refusal.saga.boardItself', { name: v.name }, { field: 'vehicleId' })
    b.push({ type: 'saga.boarded', combatantId: t.id, name: t.name, vehicle: v.id, vehicleName: v.name, changes: [{ id: t.id, patch: { vehicle: v.id } }] })
  }),
  allyAttack: command(S.allyAttack, (b, cmd) => pair(b, cmd.attackerId, cmd.targetId, (a, t) => allyAttack(b, cmd, a, t))),
  fullAttack: command(S.fullAttack, (b, cmd, ctx) => {
    const a = b.need(cmd.attackerId, 'attackerId')
    return a.ok ? fullAttack(b, cmd, a.value, ctx) : a
  }),
  disarm: command(S.disarm, (b, cmd, ctx) => pair(b, cmd.attackerId, cmd.targetId, (a, t) => special(b, cmd, a, t, ctx))),
} satisfies CommandMap

/** An attacker and a target, both found (else the refusal names the field). */
function pair<R>(b: Parameters<typeof useAction>[0], attackerId: string, targetId: string, then: (a: Combatant, t: Combatant) => R) {
  const a = b.need(attackerId, 'attackerId')
  if (!a.ok) return a
  const t = b.need(targetId, 'targetId')
  if (!t.ok) return t
  return then(a.value, t.value)
}
