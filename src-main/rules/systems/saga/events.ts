/**
 * Saga events (seeds 001/003; W1–W11): one member per event type, with the fields the log lines, the facts and the
 * upcast read. Handlers write them onto a `Batch<SagaEvent>` (decide/common.ts), so what they write is checked
 * against this union. Events that change combatants carry `changes` (kit/patch.ts): Saga needs no evolve beyond it.
 */
import type { Changes, EventOf, OpenEventUnion } from '../../kit/events'
import type { SagaState } from './mechanics/state'
import type { Term } from './schema'

interface About { combatantId: string; name: string }
/** One target's line of a saga.attackRolled event. */
export interface SagaAttackTarget {
  id: string
  name: string
  total: number
  bonus: number
  bonusTerms: Term[]
  reflex: number
  reflexTerms: Term[]
  hit: boolean
  /** W9: the held-object Reflex is the literal 003 reading */
  flags?: string[]
}

interface Attack { attackerId: string; attackerName: string; targetId: string; targetName: string }
type Wire = Changes<SagaState>

export interface SagaEventMap {
  'saga.attackRolled': Wire & { attackerId: string; attackerName: string; weapon: string; d20: number; natural1: boolean; crit: boolean; area?: boolean; targets: SagaAttackTarget[] }
  'saga.damageRolled': Wire & { crit: boolean; total: number; rolled: number; bonus: number }
  'saga.damageDealt': Wire & { targetId: string; targetName: string; outcome: string; dealt: number; hpLoss: number; hpAfter: number; ctAfter: number; mode: string; deathAvoidable?: boolean; forcePoints?: number }
  'saga.actionTaken': About & Wire & { action: string; what?: string }
  'saga.actionUsed': Wire & { combatantId: string }
  'saga.turnBudget': Wire & { combatantId: string }
  'saga.persistentSet': About & Wire & { count: number }
  'saga.conditionTrackMoved': About & Wire & { steps: number; to: number }
  'saga.forcePointSpent': About & Wire
  'saga.naturalHealing': About & Wire & { amount: number; hp: number; endedPersistent?: number }
  /** 001:94: the Force Point was not spent before the turn ended: the death stands */
  'saga.deathStands': About & Wire & { status: string }
  'saga.newDay': Wire
  'saga.encounterReset': Wire
  'saga.moved': About & Wire & { aooOffered: string[]; aooNames: string }
  'saga.proneSet': About & Wire & { prone: boolean }
  'saga.aidRolled': About & Wire & { targetName: string; mode: string; success: boolean; total: number }
  'saga.grabRolled': Attack & Wire & { hit: boolean; total: number }
  'saga.grappleAttackRolled': Attack & Wire & { hit: boolean; total: number }
  'saga.grappleChecked': Attack & Wire & { won: boolean; attackerTotal: number; targetTotal: number }
  'saga.disarmRolled': Attack & Wire & { hit: boolean; freeAttack?: boolean; total: number }
  'saga.healed': About & Wire & { revived?: boolean; amount: number; hp: number }
  'saga.recoverProgress': About & Wire & { count: number }
  'saga.recovered': About & Wire & { to: number }
  'saga.secondWind': About & Wire & { amount: number; hp: number }
  'saga.dicelessAttack': Attack & Wire & { weapon: string; choice?: string; hit: boolean; attackValue: number; defense: string; defenseValue: number; damage: number; considered: unknown[] }
  'saga.shieldProgress': About & Wire & { count: number }
  'saga.shieldsRestored': About & Wire & { targetName: string; success: boolean; total: number; sr: number }
  'saga.boarded': About & Wire & { vehicle: string | null; vehicleName: string }
  'saga.fullAttack': About & Wire & { count: number; penalty: number }
  'saga.conCheckDue': About & Wire
  'saga.conCheck': About & Wire & { outcome: string; total: number; d20: number }
}

export type SagaEvent = OpenEventUnion<SagaEventMap>
export type SagaEventOf<T extends SagaEvent['type']> = EventOf<SagaEvent, T>
