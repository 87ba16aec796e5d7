/**
 * A Starchasers character's own sheet on its player's phone (issue 29): Hit Points in full, Stress against its
 * capacity (000:988), Injuries, and a PC's Vitality (000:615) and Motivation (000:174) and the Focus tokens it holds
 * (S17); an ally has no Motivation (000:1413). What a player may ask to spend on its own: 1 Motivation to wake from
 * unconsciousness (000:596, the `wake` command). Motivation paid for a Reaction or a Special Move (000:360, 000:500)
 * is part of the attack or defense the GM enters, so it is not offered apart.
 */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { SpendOption } from '@shared/views/character-views'
import type { CharacterSheet, PlayerSpends } from '../../kit/system'
import { scState, scStats } from './mechanics/state'

/** 000:615: a PC has 6 Vitality */
const PC_VITALITY = 6

export function starchasersCharacterSheet(_state: EncounterState, c: Combatant): CharacterSheet {
  const st = scState(c)
  const pc = scStats(c).kind === 'pc'
  const resources: CharacterSheet['resources'] = [
    { key: 'starchasers.stress', value: st.stress, max: st.stressCapacity },
    { key: 'starchasers.injuries', value: st.injuries },
  ]
  if (pc) {
    resources.push({ key: 'starchasers.vitality', value: st.vitality, max: PC_VITALITY }, { key: 'starchasers.motivation', value: st.motivation })
    resources.push({ key: 'starchasers.character.focusTokens', value: st.focusTokens })
  }
  return { health: { current: st.hp, max: st.maxHp, label: 'starchasers.card.hitPoints' }, resources }
}

/** 000:596: unconscious (not at 0 HP, Dying or dead: `wake` refuses those) with a point of Motivation to spend */
function canWake(c: Combatant): boolean {
  const st = scState(c)
  return scStats(c).kind === 'pc' && st.unconscious && !st.dying && !st.dead && st.hp > 0 && st.motivation > 0
}

export const starchasersPlayerSpends: PlayerSpends = {
  options(_state, c): SpendOption[] {
    return canWake(c) ? [{ resource: 'motivation', label: 'starchasers.character.wake', left: scState(c).motivation }] : []
  },
  command(_state, c, resource): EngineCommand | null {
    return resource === 'motivation' && canWake(c) ? { type: 'wake', combatantId: c.id, by: 'motivation' } : null
  },
}
