/** The condition track and healing (001): moving the track, healing, recover, second wind, Con checks; shields (003). */
import type { Combatant, EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../../../kit/system'
import { checkRule } from '../../../../kit/rules'
import { characterLevel, mod } from '../../schema'
import { CT_MAX, ctPenalty, isOut, sagaState, sagaStats, type SagaState } from '../state'
import type { SagaCommand, SagaCommandOf } from '../../commands'
import { conCheckAfter, conCheckDue, CON_CHECK_RETRY, fallsProne, inCombat, knockedOut, rollD20, useAction, type Fail } from './common'
import type { Batch } from './common'
import { refuse } from '../../../../kit/refuse'
import { log as sentences } from '../../i18n/en'

// ---------------------------------------------------------------------------------------------- track and healing

/** A GM's move on the track that would change nothing (0 steps, or past an end of the track) is refused: no
 * event, nothing to undo. Adding a persistent condition is a change even without a step. */
export function trackMoveNoOp(t: Combatant, steps: number, persistent: boolean): Fail | null {
  const st = sagaState(t)
  if (persistent || Math.max(0, Math.min(CT_MAX, st.ct - steps)) !== st.ct) return null
  const said = steps === 0 ? 'refusal.saga.ctZero' : steps > 0 ? 'refusal.saga.normalState' : 'refusal.saga.ctBottom'
  return refuse('invalid', sentences, said, { name: t.name }, { field: 'steps' })
}

export function moveTrack(b: Batch, t: Combatant, steps: number, reason: string, persistent = false): void {
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
    changes: [{ id: t.id, patch: { ct, status, ...knockedOut(b.state, st.status, status), ...fallsProne(st.status, status), ...(persistent ? { persistent: st.persistent + 1 } : {}) } }],
  })
}

/** 001: healing an unconscious creature revives it with that many HP and +1 step. */
export function heal(b: Batch, cmd: SagaCommand, t: Combatant, amount: number, reason: string): Fail | null {
  const st = sagaState(t)
  const fails: EngineEvent[] = []
  const x = checkRule(cmd, st.status === 'dead' || st.status === 'destroyed', 'rule.saga.dead', `${t.name} is ${st.status}`, 'combatantId', fails, { name: t.name })
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

export function recover(b: Batch, cmd: SagaCommand, t: Combatant): Fail | null {
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
export function restoreShields(b: Batch, cmd: SagaCommandOf<'restoreShields'>, who: Combatant, device: Combatant, ctx: DecideContext): Fail | null {
  const max = sagaStats(device).sr ?? 0
  const dst = sagaState(device)
  if (max === 0) return refuse('invalid', sentences, 'refusal.saga.noShields', { name: device.name }, { field: 'targetId' })
  const fails: EngineEvent[] = []
  const x =
    checkRule(cmd, dst.sr >= max, 'rule.saga.shieldsFull', `${device.name}'s shields are at full strength`, 'targetId', fails, { name: device.name }) ??
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
export function secondWind(b: Batch, cmd: SagaCommand, t: Combatant): Fail | null {
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
export function conCheck(b: Batch, cmd: SagaCommand, t: Combatant, ctx: DecideContext): Fail | null {
  const st = sagaState(t)
  const sb = sagaStats(t)
  if (st.status !== 'unconscious') return refuse('rule', sentences, 'refusal.saga.notUnconscious', { name: t.name }, { field: 'combatantId', cite: '001:98' })
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
    // not a death a Force Point avoids: 001:94 is about an attack that kills
    patch = { status: 'dead', deathAvoidable: false }
  } else {
    outcome = 'persistent'
    // 001:99: a failed check makes the condition persistent until surgery or eight hours of rest
    const more = st.stunnedOut ? 0 : 1
    patch = { persistent: st.persistent + more, persistentRest: (st.persistentRest ?? 0) + more, ...conCheckAfter(b.state, CON_CHECK_RETRY) }
  }
  b.push({ type: 'saga.conCheck', combatantId: t.id, name: t.name, dice: [d], d20: d.value, modifier: conMod, total, dc: 10, outcome, changes: [{ id: t.id, patch }] })
  return null
}

