/**
 * What a Storyteller event means for the export summary: attacker and target of attacks and social rolls, the damage
 * each `storyteller.attacked` (or damage by hand) marked on the track, knock-outs (Incapacitated or dead, T5) and
 * notable rolls: botches (T1).
 */
import type { EngineEvent } from '@shared/domain/encounter'
import type { SystemEventFacts } from '../../../kit/system'
import type { StorytellerEvent } from '../events'

type StorytellerFacts = SystemEventFacts

export function storytellerFacts(event: EngineEvent): StorytellerFacts | null {
  const e = event as StorytellerEvent
  switch (e.type) {
    case 'storyteller.attacked': {
      const f: StorytellerFacts = { actorId: e.attackerId, targetId: e.targetId }
      if (e.damage && e.damage.dealt > 0) f.damage = { sourceId: e.attackerId, targetId: e.targetId, amount: e.damage.dealt }
      if (e.accuracy.botch) f.notable = ['botch']
      return f
    }
    case 'storyteller.damaged':
      return { targetId: e.combatantId, damage: { sourceId: null, targetId: e.combatantId, amount: e.amount } }
    case 'storyteller.incapacitated':
    case 'storyteller.died':
      return { targetId: e.combatantId, knockout: { targetId: e.combatantId } }
    case 'storyteller.socialRolled':
      return { actorId: e.actorId, targetId: e.targetId, ...(e.pool.botch ? { notable: ['botch'] } : {}) }
    case 'storyteller.joinedBattle':
      return e.pool.botch ? { actorId: e.combatantId, notable: ['botch'] } : null
    default:
      return null
  }
}
