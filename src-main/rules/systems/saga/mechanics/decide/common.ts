/**
 * What the Saga command handlers share: the batch, the action budget (001 actions in combat; 003 attacks of
 * opportunity and reactions), the Con-check timing of the unconscious (001) and the d20.
 */
import type { EncounterState, Combatant, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../../../kit/system'
import type { Refusal } from '../../../../kit/command'
import { Batch as CoreBatch } from '../../../../kit/batch'
import type { SystemEvent } from '../../../../kit/events'
import { rollDie } from '../../../../kit/dice'
import { checkRule, ruleRefuser } from '../../../../kit/rules'
import { refuse } from '../../../../kit/refuse'
import { log as sentences } from '../../i18n/en'
import { currentActor } from '../../../../kit/state'
import { evolveSaga } from '../../evolve'
import type { SagaCommand } from '../../commands'
import { sagaState, sagaStats, type Actions, type SagaState, type Status } from '../state'

/** A refused command. */
export type Fail = Refusal

export const inCombat = (s: EncounterState) => s.turn.phase === 'combat' || s.turn.phase === 'surprise'
/** 001: "After 1 minute (10 rounds), you make a DC 10 Constitution check"; a failed one: another every hour. */
export const CON_CHECK_WAIT = 10
export const CON_CHECK_RETRY = 600
/** When the next Con check may be made: `wait` rounds from now, at the initiative count (turn slot) of now (W7). */
export const conCheckAfter = (s: EncounterState, wait: number): Pick<SagaState, 'conCheckRound' | 'conCheckTurnOf'> =>
  inCombat(s) ? { conCheckRound: Math.max(1, s.turn.round) + wait, conCheckTurnOf: currentActor(s) ?? null } : { conCheckRound: null, conCheckTurnOf: null }
/** Falling unconscious now: the round and count of the first Con check (only counted in combat). */
export const knockedOut = (s: EncounterState, before: Status, after: Status): Pick<SagaState, 'conCheckRound' | 'conCheckTurnOf'> | Record<string, never> =>
  after === 'unconscious' && before !== 'unconscious' ? conCheckAfter(s, CON_CHECK_WAIT) : {}
/** 001:98 "When you fall unconscious, you fall prone" (a disabled droid too, 001:102). */
export const fallsProne = (before: Status, after: Status): Pick<SagaState, 'prone'> | Record<string, never> =>
  (after === 'unconscious' || after === 'disabled') && before !== after ? { prone: true } : {}
/** The slot in the turn order where the Con check falls due (0: the round's start when that combatant is gone). */
export const conCheckSlot = (s: EncounterState, st: SagaState): number => Math.max(0, st.conCheckTurnOf ? s.turn.order.indexOf(st.conCheckTurnOf) : 0)
/** 001 "after 1 minute (10 rounds)", counted like W7 durations: due at the initiative count where it happened, 10
 * rounds later (a knockout on a count after the victim's own keeps it waiting past its own turn in round r + 10). */
export function conCheckDue(s: EncounterState, st: SagaState): boolean {
  const due = st.conCheckRound
  if (typeof due !== 'number' || !inCombat(s)) return true
  if (s.turn.round !== due) return s.turn.round > due
  return conCheckSlot(s, st) <= s.turn.index
}

/** The Saga batch: the core's, with the full Saga evolve. Its handlers still build events as plain `EngineEvent`s
 * (helpers typed so), so it takes any system event; the log lines read them as the union of events.ts. */
export type Batch = CoreBatch<SystemEvent>
export const newBatch = (state: EncounterState): Batch => new CoreBatch<SystemEvent>(state, evolveSaga)

export function isFail(x: unknown): x is Fail {
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
export function useAction(b: Batch, cmd: SagaCommand, who: Combatant, kind: ActionKind | 'free', field: string, opts: { reaction?: boolean; aoo?: boolean; trigger?: string } = {}): Fail | null {
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

/** The dead and the destroyed are out of the fight for good (001:92, 001:105; 003:377 "no obstacle"): no attack
 * reaches them and damage does nothing more, so every way of attacking one is refused (2d20 refuses one out of the
 * fight the same way); the GM may override. `what`: the words after "and", e.g. "cannot be attacked". */
export function targetGone(cmd: SagaCommand, t: Combatant, field: string, fails: EngineEvent[], what: 'attack' | 'damage' = 'attack'): Fail | null {
  const status = sagaState(t).status
  const gone = status === 'dead' || status === 'destroyed'
  const said = what === 'damage' ? (status === 'destroyed' ? 'refusal.saga.destroyedNoDamage' : 'refusal.saga.deadNoDamage') : status === 'destroyed' ? 'refusal.saga.targetDestroyed' : 'refusal.saga.targetDead'
  return sagaRule(cmd, gone, 'rule.saga.targetDead', said, { name: t.name, status }, field, fails, status === 'destroyed' ? '001:105, 003:377' : '001:92, 003:377')
}

/** An overridable rule, refused in this system's own sentence (kit/rules.ts ruleRefuser). */
export const sagaRule = ruleRefuser(sentences)

/** The weapon an attacker does not have, by name or by number, in one sentence. */
export function noWeapon(who: Combatant, ref: unknown, field: string): Fail {
  return typeof ref === 'number'
    ? refuse('invalid', sentences, 'refusal.saga.noWeaponNumber', { name: who.name, n: ref + 1 }, { field })
    : refuse('invalid', sentences, 'refusal.saga.noWeapon', { name: who.name, weapon: String(ref) }, { field })
}

export function rollD20(ctx: DecideContext) {
  return rollDie(ctx.rng, 20)
}

