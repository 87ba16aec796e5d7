/**
 * What the GM console shows for a Saga combatant right now: defenses with the condition-track penalty (001),
 * damage threshold, speed (half at step 4), the actions left this turn, and the flags that change attacks.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { currentReflex, vehiclePenalty } from './rules'
import { damageThreshold, fortitudeBreakdown, mod, willBreakdown } from '../schema'
import { CT_MAX, ctPenalty, isHelpless, sagaState, sagaStats, speedAt, type Actions } from './state'

export interface SagaSummary {
  reflex: number
  fortitude: number
  will: number
  damageThreshold: number
  speed: number
  /** penalty to defenses, attacks, ability and skill checks from the condition track */
  ctPenalty: number
  ct: number
  helpless: boolean
  flatFooted: boolean
  actions: Actions | null
  hp: number
  maxHp: number
  sr: number
  status: string
}

export function combatantSummary(state: EncounterState, c: Combatant): SagaSummary {
  const sb = sagaStats(c)
  const st = sagaState(c)
  // 001: the own track, plus the vehicle's track for its occupants
  const pen = (st.ct > 0 && st.ct < CT_MAX ? ctPenalty(st.ct) : 0) + vehiclePenalty(state, c)
  const wis0 = st.status === 'unconscious' ? -5 - mod(sb.abilities.wis) : 0 // 001: unconscious → effective Wis 0 (−5)
  return {
    reflex: currentReflex(state, c).total,
    fortitude: fortitudeBreakdown(sb).total + pen,
    will: willBreakdown(sb).total + pen + wis0,
    damageThreshold: damageThreshold(sb).total,
    speed: speedAt(sb.speed, st.ct),
    ctPenalty: pen,
    ct: st.ct,
    helpless: isHelpless(st),
    flatFooted: c.conditions.some((k) => k.key === 'saga.flatFooted'),
    actions: st.actions,
    hp: st.hp,
    maxHp: st.maxHp,
    sr: st.sr,
    status: st.status,
  }
}
