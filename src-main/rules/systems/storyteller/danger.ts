/** The danger check's questions to Storyteller: who is out of the fight (T5: Incapacitated or dead), the default attack. */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
export { isOut as storytellerIsOut } from './mechanics/state'

/** an attack with the first weapon against the target's higher DV (004) */
export const storytellerDangerAttack = (_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand => ({ type: 'attack', attackerId: attacker.id, targetId: target.id })
