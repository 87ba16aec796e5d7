/** Saga values to show on a live combatant's card (001): defenses and damage threshold at its condition step, speed. */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { DerivedValue } from '@shared/views/system-views'
import { combatantSummary } from '../mechanics/summary'

export function sagaDerived(state: EncounterState, c: Combatant): DerivedValue[] {
  const s = combatantSummary(state, c)
  const out: DerivedValue[] = [
    { label: 'saga.reflex', value: s.reflex },
    { label: 'saga.fortitude', value: s.fortitude },
    { label: 'saga.will', value: s.will },
    { label: 'saga.threshold', value: s.damageThreshold },
    { label: 'saga.speed', value: s.speed },
  ]
  if (s.ctPenalty !== 0) out.push({ label: 'saga.conditionTrack', value: s.ctPenalty, hint: `saga.track.s${s.ct}` })
  if (s.sr > 0) out.push({ label: 'saga.sr', value: s.sr })
  return out
}
