/** Saga condition keys (vocabulary `saga.*`) built on the core's condition events. */
import type { Combatant, ConditionInstance, EncounterState, EngineEvent } from '@shared/domain/encounter'
import { conditionAddedEvent, conditionEndedEvent as coreEnded } from '../../../kit/conditions'

export const SAGA_CONDITIONS = [
  'saga.flatFooted',
  'saga.charging',
  'saga.fightingDefensively',
  'saga.aidedAgainst',
  'saga.suppressed',
  'saga.grabbed',
  'saga.grappled',
  'saga.disarmed',
  'saga.extraAttacks',
  'saga.aiming',
] as const

export function conditionAddedEventFor(state: EncounterState, x: Combatant, key: string, ends: ConditionInstance['ends'], value?: number, source?: string): EngineEvent {
  return conditionAddedEvent(state, x, { key, ends, ...(value !== undefined ? { value } : {}), ...(source !== undefined ? { source } : {}) })
}

export const conditionEndedEvent = coreEnded
