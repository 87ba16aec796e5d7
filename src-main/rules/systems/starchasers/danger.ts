/** The danger check's questions to Starchasers: who is out of the fight, and the default attack (000). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { conditionKeys, scState } from './state'
import { REVIVAL_ROUNDS } from './harm'
import { isPc } from './resolve-helpers'

/** 000:615-631: at 0 HP, unconscious, dying or dead */
export function starchasersIsOut(c: Combatant): boolean {
  const st = scState(c)
  return st.hp <= 0 || st.unconscious || st.dying || st.dead
}

/** an attack with the first weapon (an ally attacks with its strongest attack value: the diceless resolver, S16) */
export const starchasersDangerAttack = (_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand => ({ type: 'attack', attackerId: attacker.id, targetId: target.id, weapon: 0 })

/** Issue 10: out of the fight, but its turn still runs a rule: the Dying clock and a PC's revival window tick on
 * its turns (S10), Burning and Wounded harm at its turn's start (000:739, 000:587). The others are passed over. */
export function starchasersNeedsTurn(_state: EncounterState, c: Combatant): boolean {
  const st = scState(c)
  if (st.dying && st.dyingRounds !== null) return true
  if (st.dead) return st.deadRounds !== null && st.deadRounds <= REVIVAL_ROUNDS && isPc(c)
  return st.burning > 0 || conditionKeys(c).includes('wounded')
}
