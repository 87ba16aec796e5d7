/** Storyteller command schemas (zod): the same objects over IPC, in the CLI and in worked examples. */
import { z } from 'zod'
import { schemasOnFirstUse } from '../../kit/built-once'
import { DAMAGE_TYPES, DEFENSES } from './schema'
import { INCREMENTS } from './mechanics/recovery'
import { SOCIAL_ROLLS } from './mechanics/social'

const id = z.string().min(1).max(200)
const base = { dice: z.array(z.union([z.number(), z.string()])).max(500).optional(), override: z.boolean().optional() }
const modifier = z.number().int().min(-20).max(20)
const speed = z.number().int().min(0).max(20)

export const storytellerCommandSchemas = schemasOnFirstUse({
  /** 004: accuracy vs the relevant DV, then damage vs soak + armor; the attacker moves its weapon's Speed */
  attack: () => z.object({
    type: z.literal('attack'), ...base, attackerId: id, targetId: id,
    /** weapon index in the stat block or its name (default: the first, or unarmed) */
    weapon: z.union([z.number().int().min(0), z.string().min(1)]).optional(),
    /** the defender's DV (default: its higher of Dodge and Parry) */
    defense: z.enum(DEFENSES).optional(),
    /** the GM's circumstantial dice on accuracy and on damage */
    modifier: modifier.optional(),
    damageModifier: modifier.optional(),
  }).strict(),
  /** damage marked on the track by hand (a fall, a trap) */
  damage: () => z.object({ type: z.literal('damage'), ...base, combatantId: id, amount: z.number().int().min(1).max(50), damageType: z.enum(DAMAGE_TYPES) }).strict(),
  /** damage removed by hand */
  heal: () => z.object({ type: z.literal('heal'), ...base, combatantId: id, amount: z.number().int().min(1).max(50), damageType: z.enum(DAMAGE_TYPES) }).strict(),
  /** 004 Social "Combat": Presence (an emotion) or Persuasion and the others (an action) vs the Mental DV (T7) */
  social: () => z.object({
    type: z.literal('social'), ...base, actorId: id, targetId: id,
    roll: z.enum(SOCIAL_ROLLS),
    /** the emotion or action the player declared */
    aim: z.string().max(300).optional(),
    modifier: modifier.optional(),
    /** ticks the roll takes in a fight (default: the settings' action Speed) */
    speed: speed.optional(),
  }).strict(),
  /** untended rest: 004's rates without medical care */
  rest: () => z.object({ type: z.literal('rest'), ...base, combatantId: id, increment: z.enum(INCREMENTS), count: z.number().int().min(1).max(365).optional() }).strict(),
  /** one increment under medical care: a Science: Medicine roll by a combatant or a flat pool (004, T6) */
  treat: () => z.object({
    type: z.literal('treat'), ...base, patientId: id,
    /** the medic, a combatant of the encounter */
    medicId: id.optional(),
    /** or a flat pool ("a medical droid worth 6 dice") with a name */
    medicDice: z.number().int().min(0).max(50).optional(),
    medicName: z.string().min(1).max(100).optional(),
    increment: z.enum(INCREMENTS),
    /** default T5: |the patient's current wound penalty| */
    difficulty: z.number().int().min(0).max(20).optional(),
    modifier: modifier.optional(),
    /** 004: an interruption negates the effort */
    interrupted: z.boolean().optional(),
  }).strict().refine((c) => (c.medicId === undefined) !== (c.medicDice === undefined), { message: 'give either medicId or medicDice', path: ['medicId'] }),
  /** any other action: the actor moves its Speed on the wheel (default: the settings' action Speed) */
  act: () => z.object({ type: z.literal('act'), ...base, combatantId: id, speed: speed.optional(), what: z.string().max(200).optional() }).strict(),
  /** wait, without acting, until a later tick */
  wait: () => z.object({ type: z.literal('wait'), ...base, combatantId: id, tick: z.number().int().min(0).max(100000) }).strict(),
} satisfies Record<string, () => z.ZodType>)

export type StorytellerCommand = { [K in keyof typeof storytellerCommandSchemas]: z.infer<(typeof storytellerCommandSchemas)[K]> }[keyof typeof storytellerCommandSchemas]
export type CommandOf<T extends StorytellerCommand['type']> = Extract<StorytellerCommand, { type: T }>
