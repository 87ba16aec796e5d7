/**
 * 2d20 events (seed 002; J1–J7): one member per event type, with the fields the log lines, the facts and evolve
 * read. Handlers write them onto a `Batch<TwoD20Event>` (decide/common.ts), so what they write is checked against
 * this union. Events that change combatants carry `changes` (kit/patch.ts); system-wide fields ride in `system`.
 */
import type { Changes, EventOf, OpenEventUnion } from '../../kit/events'
import type { TdState } from './mechanics/state'

interface About { combatantId: string; name: string }
/** one side of an opposed roll, as the log shows it */
interface RolledSide { difficulty: number; successes: number; success: boolean; momentum: number; complications: number }
/** stress by track (injury, fear, confusion) */
type ByTrack = Partial<Record<'injury' | 'fear' | 'confusion', number>>
type Wire = Changes<TdState> & { system?: Record<string, unknown> }

export interface TwoD20EventMap {
  '2d20.tested': About & Wire & { attributes: readonly string[]; difficulty: number; successes: number; success: boolean; momentum: number; complications: number }
  '2d20.attacked': Wire & {
    attackerId: string; attackerName: string; targetId: string; targetName: string; weapon: string
    attack: RolledSide; defense: RolledSide; winner: 'attacker' | 'defender' | 'none'; draw: boolean; threatPaid: boolean; momentum: number
    combat?: { damage: number; effects: number }; byTrack?: ByTrack; dispatchedIds: string[]; counterstrike: boolean
  }
  '2d20.afflicted': About & { affliction: string; reason: string; total: number }
  '2d20.statusChanged': About & { status: string }
  '2d20.spent': Wire & { by: string; byName: string; spend: string; pool: string; cost: number; characterId?: string; characterName?: string; track?: string }
  '2d20.acted': About & Wire & { action: string; what: string }
  '2d20.complicationsToThreat': About & { count: number; threat: number }
  '2d20.recovered': Wire & {
    testerId: string; testerName: string; patientId: string; patientName: string; track: string; mode: string; who: string
    attributes: readonly string[]; difficulty: number; successes: number; success: boolean; complications: number; stressRemoved: number; afflictionsRemoved: number
  }
  '2d20.harmed': About & Wire & { source: string; track?: string; combatDice?: number; byTrack?: ByTrack; amount?: number }
  '2d20.blasted': About & Wire & { by: string; successes: number; evaded: boolean; byTrack?: ByTrack }
  '2d20.seized': About & Wire & { displacedId: string; displacedName: string }
  '2d20.budgetReset': About & Wire
  /** the GM's + or − on a character's Luck or saved Momentum (`adjust`) */
  '2d20.adjusted': About & Wire & { pool: 'luck' | 'momentum'; delta: number; value: number }
  /** whether players see the Threat (`playerDisplay`), kept in `system.showThreat` */
  '2d20.displaySet': Wire & { showThreat: boolean }
}

export type TwoD20Event = OpenEventUnion<TwoD20EventMap>
export type TwoD20EventOf<T extends TwoD20Event['type']> = EventOf<TwoD20Event, T>
