/** Condition events with deterministic ids (pure; systems may use these). */
import type { Combatant, ConditionInstance, EncounterState } from '@shared/domain/encounter'
import type { CoreEvent, EventOf } from './events'
import { currentActor } from './state'

/** Build a `core.conditionAdded` event with a deterministic id. */
export function conditionAddedEvent(
  state: EncounterState,
  x: Combatant,
  c: { key: string; name?: string; value?: number; source?: string; gmOnly?: boolean; ends: ConditionInstance['ends'] },
): EventOf<CoreEvent, 'core.conditionAdded'> {
  let n = 1
  while (x.conditions.some((k) => k.id === `${c.key}#${n}`)) n++
  const condition: ConditionInstance = {
    id: `${c.key}#${n}`,
    key: c.key,
    ...(c.name ? { name: c.name } : {}),
    ...(c.value !== undefined ? { value: c.value } : {}),
    ...(c.source !== undefined ? { source: c.source } : {}),
    ...(c.gmOnly ? { gmOnly: true } : {}),
    ends: c.ends,
    appliedRound: state.turn.round,
    appliedTurnOf: currentActor(state),
  }
  return { type: 'core.conditionAdded', combatantId: x.id, name: x.name, condition }
}


export function conditionEndedEvent(x: Combatant, cond: ConditionInstance, reason: string): EventOf<CoreEvent, 'core.conditionEnded'> {
  return { type: 'core.conditionEnded', combatantId: x.id, name: x.name, conditionId: cond.id, key: cond.key, ...(cond.name ? { conditionName: cond.name } : {}), reason }
}
