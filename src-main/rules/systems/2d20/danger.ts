/** The danger check's questions to 2d20: who is out of the fight, and the default attack (002). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { isOut, tdStats } from './mechanics/state'

/** 002:176, J4: blacked out (5 of one affliction, or by choice), a monster past its Menace, a minion dispatched */
export const twoD20IsOut = (c: Combatant): boolean => isOut(c)

/** an attack with the first weapon (bare hands without one) */
export function twoD20DangerAttack(_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand {
  const w = tdStats(attacker).weapons[0]
  return { type: 'attack', attackerId: attacker.id, targetId: target.id, ...(w ? { weapon: w.name } : {}) }
}
