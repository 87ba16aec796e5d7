/**
 * A Storyteller character's own sheet on its player's phone (issue 29): the health track in full (its boxes left of
 * all, T5), the wound penalty of its highest filled level (T5) and its damage by type (004: bashing, lethal,
 * aggravated). The tick it acts on is the wheel's (the projection reads it from the strategy's `tickOf`).
 * No `playerSpends`: the engine tracks no Willpower (seed 004 names none), so a player has nothing to spend here.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { CharacterSheet } from '../../kit/system'
import { boxes, filled, woundPenalty } from './mechanics/health'
import { stState, trackOf } from './mechanics/state'

export function storytellerCharacterSheet(_state: EncounterState, c: Combatant): CharacterSheet {
  const w = stState(c).wounds
  const track = trackOf(c)
  return {
    health: { current: Math.max(0, boxes(track) - filled(w)), max: boxes(track), label: 'storyteller.health' },
    resources: [
      { key: 'storyteller.woundPenalty', value: woundPenalty(w, track) },
      { key: 'storyteller.character.bashing', value: w.bashing },
      { key: 'storyteller.character.lethal', value: w.lethal },
      { key: 'storyteller.character.aggravated', value: w.aggravated },
    ],
  }
}
