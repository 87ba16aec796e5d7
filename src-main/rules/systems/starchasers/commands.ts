/** Starchasers command schemas (zod): the same objects over IPC, in the CLI and in scenarios. */
import { z } from 'zod'
import { builtOnce, schemasOnFirstUse } from '../../kit/built-once'
import { defenseKind, duelType, rangeBand, WEAPON_QUALITIES } from './schema'

const id = z.string().min(1).max(200)
const base = { dice: z.array(z.union([z.number(), z.string()])).max(500).optional(), override: z.boolean().optional() }
const pay = z.enum(['motivation', 'stress'])
const square = z.object({ x: z.number().int(), y: z.number().int() }).strict()

const attackOptions = builtOnce(() => ({
  /** weapon index in the stat block, or its name (default: the first) */
  weapon: z.union([z.number().int().min(0), z.string()]).optional(),
  /** a Special Move id (moves.ts) or an NPC ability name */
  move: z.string().optional(),
  /** PCs pay a Special Move with Motivation (default) or Stress (000:360) */
  pay: pay.optional(),
  band: rangeBand.optional(),
  cover: z.enum(['none', 'partial', 'full']).optional(),
  coverIsCreature: z.boolean().optional(),
  aimedShot: z.union([z.enum(['easy', 'intermediate', 'challenging', 'hard']), z.number().int().min(0).max(10)]).optional(),
  backAttack: z.boolean().optional(),
  highGround: z.boolean().optional(),
  flankers: z.number().int().min(0).max(8).optional(),
  targetFlankedByAlly: z.boolean().optional(),
  useFocusToken: z.boolean().optional(),
  focusPlan: z.partialRecord(z.enum(WEAPON_QUALITIES), z.number().int().min(0).max(10)).optional(),
  rerollPick: z.array(z.number().int().min(0)).max(2).optional(),
  stun: z.boolean().optional(),
  stealthTokens: z.number().int().min(0).max(20).optional(),
  /** 000:936 the Disarm action: an aimed shot at the weapon hand (+3 defense dice); a success disarms */
  disarm: z.boolean().optional(),
  /** the weapon a Disarm (or Disarming Focus) knocks away; default the target's first weapon in hand */
  disarmWeapon: z.string().optional(),
  /** the defender's spare Focus on its armor / shield qualities (000:866), e.g. { reflective: 1, restorative: 1 } */
  defenderFocusPlan: z.partialRecord(z.enum(['reflective', 'fortifying', 'spiked', 'restorative', 'knockback']), z.number().int().min(0).max(10)).optional(),
  /** neighbours that take the Spread / Cleave / Impale hits (each defends normally, 000:1086-1102) */
  spreadTo: z.array(id).max(10).optional(),
}))

export const starchasersCommandSchemas = schemasOnFirstUse({
  /** a dice attack (PC/NPC), a diceless ally attack, or an NPC attack on an ally (routed by role) */
  attack: () => z.object({
    type: z.literal('attack'), ...base, attackerId: id, targetId: id,
    /** the defense the target uses (default: its current default; allies: the highest available) */
    defense: defenseKind.optional(),
    /** spend the defender's Focus token (default: yes when it has one) */
    defenderFocusToken: z.boolean().optional(),
    /** ally special attack name */
    special: z.string().optional(),
    ...attackOptions(),
  }).strict(),
  /** one roll split over everyone in a box / line / bracket / cone, or a burst with its half-damage ring */
  areaAttack: () => z.object({
    type: z.literal('areaAttack'), ...base, attackerId: id,
    weapon: z.union([z.number().int().min(0), z.string()]).optional(), move: z.string().optional(), pay: pay.optional(),
    area: z.discriminatedUnion('shape', [
      z.object({ shape: z.literal('box'), width: z.number().int().min(1).max(10), height: z.number().int().min(1).max(10) }).strict(),
      z.object({ shape: z.literal('line'), spread: z.number().int().min(1).max(7) }).strict(),
      z.object({ shape: z.literal('bracket'), spread: z.number().int().min(1).max(5) }).strict(),
      z.object({ shape: z.literal('cone'), length: z.number().int().min(1).max(10) }).strict(),
      z.object({ shape: z.literal('burst'), radius: z.number().int().min(1).max(10) }).strict(),
    ]),
    origin: square, facing: z.enum(['n', 'e', 's', 'w']).optional(), band: rangeBand.optional(),
    cover: z.enum(['none', 'partial', 'full']).optional(), highGround: z.boolean().optional(), useFocusToken: z.boolean().optional(),
    /** without squares on the combatants: who is inside (and in which burst zone) */
    targets: z.array(z.object({ id, zone: z.enum(['full', 'half']).optional() }).strict()).optional(),
    /** how the attacker shares the Hits (must add up to them), default round-robin */
    allocation: z.array(z.number().int().min(0)).optional(),
  }).strict(),
  /** up to five Free Actions a turn (000:25) */
  freeAction: () => z.object({ type: z.literal('freeAction'), ...base, combatantId: id, what: z.string().max(200).optional() }).strict(),
  /** 000:621 the GM rolls 1 symptom (d6, 6 rerolled) per Injury */
  symptoms: () => z.object({ type: z.literal('symptoms'), ...base, combatantId: id }).strict(),
  concentrate: () => z.object({ type: z.literal('concentrate'), ...base, combatantId: id }).strict(),
  aim: () => z.object({ type: z.literal('aim'), ...base, combatantId: id }).strict(),
  changeDefense: () => z.object({ type: z.literal('changeDefense'), ...base, combatantId: id, defense: defenseKind, reaction: pay.optional() }).strict(),
  /** a Movement Action (both Actions with `extra`, 000:140); `standUp` spends it to stand from Prone (000:598) */
  move: () => z.object({ type: z.literal('move'), ...base, combatantId: id, band: rangeBand.optional(), extra: z.boolean().optional(), square: square.optional(), standUp: z.boolean().optional(),
    /** a Movement Action as a Reaction (000:500-502): PCs pay 1 Motivation or 1 Stress, Elites and Bosses 1 Stress */
    reaction: pay.optional(),
    /** the half Movement Points a Backstab, Ambush, Pistol Whip or Quickdraw gave (000:380): no Action; `squares` of it */
    bonus: z.boolean().optional(), squares: z.number().int().min(1).max(99).optional() }).strict(),
  /** 000:330-342 Hiding: Agility + Stealth against the closest opponent's Passive Alertness; uncanceled Hits (Crits 2) are Stealth tokens */
  hide: () => z.object({ type: z.literal('hide'), ...base, combatantId: id, againstId: id.optional(), difficulty: z.number().int().min(0).max(20).optional() }).strict(),
  /** 000:344-350 Quick Searching: Perception + Searching; costs 2 Stealth tokens while in Stealth */
  search: () => z.object({ type: z.literal('search'), ...base, combatantId: id, difficulty: z.number().int().min(0).max(20).optional() }).strict(),
  /** 000:884 an energy shield's battery replaced: full rounds and shield HP again (an Action) */
  rechargeShield: () => z.object({ type: z.literal('rechargeShield'), ...base, combatantId: id }).strict(),
  /** an Unbalanced character rolls Acrobatics against its Unwieldiness (difficulty) or falls Prone (000:599) */
  steady: () => z.object({ type: z.literal('steady'), ...base, combatantId: id, difficulty: z.number().int().min(0).max(10).optional() }).strict(),
  /** an unconscious character wakes: 1 Motivation (000:596) or roused by another's action */
  wake: () => z.object({ type: z.literal('wake'), ...base, combatantId: id, by: z.enum(['motivation', 'roused']).optional() }).strict(),
  /** GM-entered damage: lethal (HP), stun (Stress) or an Injury */
  damage: () => z.object({ type: z.literal('damage'), ...base, combatantId: id, amount: z.number().int().min(0).max(999), kind: z.enum(['lethal', 'stun', 'injury']).optional() }).strict(),
  heal: () => z.object({
    type: z.literal('heal'), ...base, combatantId: id, healerId: id.optional(),
    method: z.enum(['firstAid', 'medicine', 'medicineChallenge', 'bacta', 'stabilizingShot', 'bactaTank', 'rest', 'hp', 'revive']),
    size: z.enum(['tiny', 'small', 'medium', 'large']).optional(),
    hours: z.number().min(0).max(10000).optional(),
    minutes: z.number().min(0).max(100000).optional(),
    amount: z.number().int().min(0).max(999).optional(),
  }).strict(),
  throwGrenade: () => z.object({
    type: z.literal('throwGrenade'), ...base, attackerId: id, weapon: z.union([z.number().int().min(0), z.string()]).optional(),
    from: square, target: square, launcher: z.boolean().optional(),
    /** without squares on the combatants, the GM lists who is in the full and half zones after the landing */
    targets: z.array(z.object({ id, zone: z.enum(['full', 'half']) }).strict()).optional(),
  }).strict(),
  fall: () => z.object({ type: z.literal('fall'), ...base, combatantId: id, meters: z.number().min(0).max(10000), gravityCap: z.number().int().min(1).max(30).optional() }).strict(),
  hazard: () => z.object({ type: z.literal('hazard'), ...base, combatantId: id, hazard: z.enum(['cold', 'heat', 'toxin', 'radiation', 'vacuum']), hour: z.number().int().min(1).max(1000).optional() }).strict(),
  grapple: () => z.object({ type: z.literal('grapple'), ...base, attackerId: id, targetId: id, body: z.enum(['upper', 'lower']).optional() }).strict(),
  grappleAttack: () => z.object({ type: z.literal('grappleAttack'), ...base, attackerId: id, kind: z.enum(['pin', 'trip', 'throw']), body: z.enum(['upper', 'lower']).optional() }).strict(),
  breakFree: () => z.object({ type: z.literal('breakFree'), ...base, combatantId: id, body: z.enum(['upper', 'lower']).optional() }).strict(),
  /** an ally's passive ability: Stress and a use per battle */
  allyPassive: () => z.object({ type: z.literal('allyPassive'), ...base, allyId: id }).strict(),
  /** turn a PC into an ally card for an absent player (000:1415) */
  allyCard: () => z.object({ type: z.literal('allyCard'), ...base, combatantId: id }).strict(),
  duelStart: () => z.object({ type: z.literal('duelStart'), ...base, fighters: z.array(id).min(2).max(8), activeId: id }).strict(),
  duelExchange: () => z.object({
    type: z.literal('duelExchange'), ...base,
    /** default: the Active Fighter */
    attackerId: id.optional(),
    defenderId: id,
    attackType: duelType.optional(),
    defense: defenseKind.optional(),
    /** the attacker (or defender) jumps in from outside: PC 1 Motivation, ally 1 Stress (000:1315, 000:1413) */
    jumpIn: id.optional(),
    grapple: z.boolean().optional(),
    ...attackOptions(),
  }).strict(),
  duelPhase: () => z.object({ type: z.literal('duelPhase'), ...base, phase: z.number().int().min(1).max(10) }).strict(),
  duelEnd: () => z.object({ type: z.literal('duelEnd'), ...base }).strict(),
} satisfies Record<string, () => z.ZodType>)

export type StarchasersCommandType = keyof typeof starchasersCommandSchemas
/** A validated Starchasers command of this type (the handler's input, typed from its schema). */
export type StarchasersCommand<T extends StarchasersCommandType> = z.output<(typeof starchasersCommandSchemas)[T]>
