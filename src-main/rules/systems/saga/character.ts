/**
 * A Saga character's own sheet on its player's phone (issue 29): hit points in full, Force Points, the condition
 * track step, the second winds left today; and what the player may ask to spend: a Force Point to avoid death
 * (001:94, 003:68, the only Force Point spend the seed has) and a second wind (001, W5). The engine has no Destiny
 * Points (001:42 names them only), so none are shown.
 */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { SpendOption } from '@shared/views/character-views'
import type { CharacterSheet, PlayerSpends } from '../../kit/system'
import { currentActor } from '../../kit/state'
import { CT_MAX, isOut, sagaState, sagaStats } from './mechanics/state'

/** W5: heroic characters catch one second wind a day (two with Extra Second Wind); others one with the feat */
export function secondWindsPerDay(c: Combatant): number {
  const sb = sagaStats(c)
  return sb.kind === 'heroic' ? (sb.extraSecondWind ? 2 : 1) : sb.extraSecondWind ? 1 : 0
}

export function sagaCharacterSheet(_state: EncounterState, c: Combatant): CharacterSheet {
  const st = sagaState(c)
  const resources: CharacterSheet['resources'] = [
    { key: 'saga.forcePoints', value: st.forcePoints },
    // W4: step 0 (normal) … 5 (helpless)
    { key: 'saga.conditionTrack', value: st.ct, max: CT_MAX },
  ]
  const perDay = secondWindsPerDay(c)
  if (perDay > 0) resources.push({ key: 'saga.secondWindsLeft', value: Math.max(0, perDay - st.secondWindToday), max: perDay })
  return { health: { current: st.hp, max: st.maxHp, label: 'saga.hp' }, resources }
}

const inCombat = (s: EncounterState): boolean => s.turn.phase === 'combat' || s.turn.phase === 'surprise'

/** 001:94: a killing blow a Force Point may still undo (the chance lapses when the turn ends) */
const canAvoidDeath = (c: Combatant): boolean => sagaState(c).deathAvoidable && sagaState(c).forcePoints > 0

/** W5: at half HP or below, one left today, none this encounter, conscious; a swift action, so on its own turn */
function canSecondWind(state: EncounterState, c: Combatant): boolean {
  const st = sagaState(c)
  const left = secondWindsPerDay(c) - st.secondWindToday
  return left > 0 && !st.secondWindThisEncounter && st.hp * 2 <= st.maxHp && !isOut(st) && (!inCombat(state) || currentActor(state) === c.id)
}

export const sagaPlayerSpends: PlayerSpends = {
  options(state, c): SpendOption[] {
    const st = sagaState(c)
    const out: SpendOption[] = []
    if (canAvoidDeath(c)) out.push({ resource: 'forcePoint', label: 'saga.character.avoidDeath', left: st.forcePoints })
    if (canSecondWind(state, c)) out.push({ resource: 'secondWind', label: 'saga.secondWind', left: secondWindsPerDay(c) - st.secondWindToday })
    return out
  },
  command(state, c, resource): EngineCommand | null {
    if (resource === 'forcePoint' && canAvoidDeath(c)) return { type: 'avoidDeath', combatantId: c.id }
    if (resource === 'secondWind' && canSecondWind(state, c)) return { type: 'secondWind', combatantId: c.id }
    return null
  },
}
