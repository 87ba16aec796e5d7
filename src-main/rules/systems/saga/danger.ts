/** The danger check's questions to Saga: who is out of the fight, and the default attack (001). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { sagaState } from './state'

/** 001: unconscious, disabled, dead or destroyed (any status but `ok`), or at 0 HP */
export function sagaIsOut(c: Combatant): boolean {
  const st = sagaState(c)
  return st.hp <= 0 || st.status !== 'ok'
}

/** a standard attack with the first weapon of the stat block (001 "Attack Roll") */
export const sagaDangerAttack = (_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand => ({ type: 'attack', attackerId: attacker.id, targetId: target.id, weapon: 0 })
