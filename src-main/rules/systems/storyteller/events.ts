/**
 * Storyteller events: past-tense facts carrying every die. Events that change combatants carry
 * `changes: [{ id, patch }]` (the new values of fields of `Combatant.state`), so evolve is a plain merge and replay
 * never recomputes a rule. Wheel moves carry the tick they lead to.
 */
import type { DieRoll } from '@shared/domain/encounter'
import type { DamageType, Defense } from './schema'
import type { Increment } from './mechanics/recovery'
import type { SocialDegree, SocialRoll } from './mechanics/social'
import type { StState } from './mechanics/state'

export interface Change { id: string; patch: Partial<StState> }

/** A pool as rolled: its make-up, every die and the result. */
export interface RolledPool {
  dice: number
  auto: number
  parts: Array<{ key: string; value: number }>
  rolls: DieRoll[]
  successes: number
  botch: boolean
}

export type Healed = Record<DamageType, number>

export type StorytellerEvent =
  | { type: 'storyteller.joinedBattle'; combatantId: string; name: string; pool: RolledPool; tick: number; late: boolean; changes: Change[] }
  | { type: 'storyteller.battleJoined'; highest: number; cap: number }
  | {
    type: 'storyteller.attacked'; attackerId: string; attackerName: string; targetId: string; targetName: string
    weapon: string; damageType: DamageType; defense: Defense; dv: number; accuracy: RolledPool; net: number; hit: boolean
    damage: (RolledPool & { soak: number; armor: number; net: number; dealt: number }) | null
    changes: Change[]
  }
  | { type: 'storyteller.damaged'; combatantId: string; name: string; amount: number; damageType: DamageType; upgraded: number; changes: Change[] }
  | { type: 'storyteller.healed'; combatantId: string; name: string; amount: number; damageType: DamageType; changes: Change[] }
  | { type: 'storyteller.incapacitated'; combatantId: string; name: string }
  | { type: 'storyteller.died'; combatantId: string; name: string }
  | {
    type: 'storyteller.socialRolled'; actorId: string; actorName: string; targetId: string; targetName: string
    roll: SocialRoll; aim: string; pool: RolledPool; dv: number; net: number; success: boolean; degree: SocialDegree
  }
  | { type: 'storyteller.rested'; combatantId: string; name: string; increment: Increment; count: number; healed: Healed; changes: Change[] }
  | {
    type: 'storyteller.treated'; patientId: string; patientName: string; medic: string; medicId?: string; increment: Increment
    difficulty: number; pool: RolledPool; net: number; tended: boolean; interrupted: boolean; damageType: DamageType; amount: number
    healed: Healed; changes: Change[]
  }
  | { type: 'storyteller.moved'; combatantId: string; name: string; speed: number; from: number; to: number; what: string }
  | { type: 'storyteller.waited'; combatantId: string; name: string; from: number; to: number }

export type StorytellerEventType = StorytellerEvent['type']
