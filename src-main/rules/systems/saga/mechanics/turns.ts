/** Saga turns (001): initiative, and the turn hooks (flat-footed after a surprise round, the action budget, Con checks due). */
import { ok, type Result } from '@shared/result'
import type { Combatant, EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../../kit/system'
import { rollDie } from '../../../kit/dice'
import { findCombatant } from '../../../kit/state'
import { conditionAddedEventFor } from './conditions'
import { vehiclePenalty } from './rules'
import { CT_MAX, ctPenalty, sagaState } from './state'
import { conCheckDue, conCheckSlot, freshActions } from './decide/common'

/** 001 "Initiative Checks": 1d20 + Initiative modifier (W8: the modifier is data). */
export function sagaRollInitiative(state: EncounterState, c: Combatant, ctx: DecideContext): Result<EngineEvent[]> {
  const d = rollDie(ctx.rng, 20)
  // Initiative is a skill check: the condition-track penalty applies (001 table), a vehicle's too for its occupants
  const st = sagaState(c)
  const penalty = (st.ct > 0 && st.ct < CT_MAX ? ctPenalty(st.ct) : 0) + vehiclePenalty(state, c)
  const ev: EngineEvent = { type: 'core.initiativeSet', combatantId: c.id, name: c.name, value: d.value + c.initiative.modifier + penalty, modifier: c.initiative.modifier, dice: [d], ...(penalty ? { penalty } : {}) }
  return ok([ev])
}


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
  const events: EngineEvent[] = c ? [{ type: 'saga.turnBudget', combatantId: id, changes: [{ id, patch: { actions: null } }] }] : []
  // 001:94 "by immediately spending a Force Point": a death not avoided by the end of the turn stands
  for (const x of state.combatants) {
    const st = sagaState(x)
    if (st.deathAvoidable) events.push({ type: 'saga.deathStands', combatantId: x.id, name: x.name, status: st.status, changes: [{ id: x.id, patch: { deathAvoidable: false } }] })
  }
  return events
}
