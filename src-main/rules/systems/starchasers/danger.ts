/** The danger check's questions to Starchasers: who is out of the fight, and the default attack (000). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { scState } from './state'

/** 000:615-631: at 0 HP, unconscious, dying or dead */
export function starchasersIsOut(c: Combatant): boolean {
  const st = scState(c)
  return st.hp <= 0 || st.unconscious || st.dying || st.dead
}

/** an attack with the first weapon (an ally attacks with its strongest attack value: the diceless resolver, S16) */
export const starchasersDangerAttack = (_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand => ({ type: 'attack', attackerId: attacker.id, targetId: target.id, weapon: 0 })
