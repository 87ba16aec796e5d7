/** The danger check's questions to Saga: who is out of the fight, and the default attack (001). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { sagaState } from './mechanics/state'
import { conCheckDue } from './mechanics/decide/common'

/** 001: unconscious, disabled, dead or destroyed (any status but `ok`), or at 0 HP */
export function sagaIsOut(c: Combatant): boolean {
  const st = sagaState(c)
  return st.hp <= 0 || st.status !== 'ok'
}

/** a standard attack with the first weapon of the stat block (001 "Attack Roll") */
export const sagaDangerAttack = (_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand => ({ type: 'attack', attackerId: attacker.id, targetId: target.id, weapon: 0 })

/** Issue 10: an unconscious combatant whose Con check is due (001 "after 1 minute (10 rounds)") keeps its turn in
 * the order, so the check is asked for on it; the others out of the fight are passed over. */
export function sagaNeedsTurn(state: EncounterState, c: Combatant): boolean {
  const st = sagaState(c)
  return st.status === 'unconscious' && typeof st.conCheckRound === 'number' && conCheckDue(state, st)
}
