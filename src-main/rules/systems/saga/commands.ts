/** Saga command schemas (zod): the same objects over IPC, in the CLI and in scenarios. */
import { z } from 'zod'
import { builtOnce, schemasOnFirstUse } from '../../kit/built-once'

const id = z.string().min(1).max(200)
const base = {
  dice: z.array(z.union([z.number(), z.string()])).max(500).optional(),
  override: z.boolean().optional(),
}
export const RANGE_BANDS = ['pointBlank', 'short', 'medium', 'long'] as const

/** The situational modifiers of an attack (001 attack roll; 003 cover, concealment, flanking, prone, charge...). */
const situational = builtOnce(() => ({
  /** weapon name or index in the stat block; `unarmed` for a 1d4 (Medium) / 1d3 (Small) punch (003) */
  weapon: z.union([z.string().min(1).max(80), z.number().int().min(0)]).optional(),
  /** range band, or `distance` in squares against the weapon's `ranges` (W8) */
  range: z.enum(RANGE_BANDS).optional(),
  distance: z.number().int().min(0).max(100000).optional(),
  cover: z.enum(['none', 'cover', 'improved', 'total']).optional(),
  concealment: z.enum(['none', 'concealment', 'total']).optional(),
  flanking: z.boolean().optional(),
  charge: z.boolean().optional(),
  fightingDefensively: z.boolean().optional(),
  shootingIntoMelee: z.boolean().optional(),
  /** wield a melee weapon two-handed: double Str bonus to damage, not for light weapons (001) */
  twoHanded: z.boolean().optional(),
  stun: z.boolean().optional(),
  autofire: z.boolean().optional(),
  /** autofire-only weapon braced with two swift actions: −2 instead of −5 (003) */
  braced: z.boolean().optional(),
  area: z.boolean().optional(),
  /** an attack of opportunity (003: once per round, not while flat-footed) */
  aoo: z.boolean().optional(),
  /** a reaction to `trigger` (001: one reaction per trigger) */
  reaction: z.boolean().optional(),
  trigger: z.string().max(200).optional(),
  action: z.enum(['standard', 'fullRound', 'free']).optional(),
  misc: z.number().int().min(-100).max(100).optional(),
}))

const attack = () =>
  z
    .object({
      type: z.literal('attack'),
      ...base,
      attackerId: id,
      targetId: id.optional(),
      targets: z.array(id).min(1).max(50).optional(),
      /** 003 splash: the combatants next to the target (half damage on a hit, none on a miss) */
      splash: z.array(id).max(50).optional(),
      ...situational(),
    })
    .refine((c) => c.targetId !== undefined || c.targets !== undefined, { message: 'give targetId or targets', path: ['targetId'] })

export const sagaCommandSchemas = schemasOnFirstUse({
  attack,
  /** GM-entered damage through SR, DR, the damage threshold and 0 HP */
  applyDamage: () => z.object({
    type: z.literal('applyDamage'),
    ...base,
    combatantId: id,
    amount: z.number().int().min(0).max(100000),
    mode: z.enum(['normal', 'stun', 'ion']).optional(),
    damageType: z.string().max(40).optional(),
  }),
  heal: () => z.object({ type: z.literal('heal'), ...base, combatantId: id, amount: z.number().int().min(1).max(100000) }),
  moveConditionTrack: () => z.object({ type: z.literal('moveConditionTrack'), ...base, combatantId: id, steps: z.number().int().min(-5).max(5), persistent: z.boolean().optional() }),
  setPersistent: () => z.object({ type: z.literal('setPersistent'), ...base, combatantId: id, count: z.number().int().min(0).max(20) }),
  recover: () => z.object({ type: z.literal('recover'), ...base, combatantId: id }),
  secondWind: () => z.object({ type: z.literal('secondWind'), ...base, combatantId: id }),
  conCheck: () => z.object({ type: z.literal('conCheck'), ...base, combatantId: id }),
  avoidDeath: () => z.object({ type: z.literal('avoidDeath'), ...base, combatantId: id }),
  naturalHealing: () => z.object({ type: z.literal('naturalHealing'), ...base, combatantId: id }),
  newDay: () => z.object({ type: z.literal('newDay'), ...base }),
  useAction: () => z.object({ type: z.literal('useAction'), ...base, combatantId: id, action: z.enum(['standard', 'move', 'swift', 'fullRound']), what: z.string().max(200).optional() }),
  /** `withdraw`: a withdraw action provokes no attacks of opportunity (003) */
  move: () => z.object({ type: z.literal('move'), ...base, combatantId: id, provokesFrom: z.array(id).max(50).optional(), squares: z.number().int().min(0).max(10000).optional(), withdraw: z.boolean().optional() }),
  setProne: () => z.object({ type: z.literal('setProne'), ...base, combatantId: id, prone: z.boolean() }),
  aidAnother: () => z.object({ type: z.literal('aidAnother'), ...base, helperId: id, targetId: id, mode: z.enum(['aid', 'suppress']), weapon: situational().weapon }),
  grab: () => z.object({ type: z.literal('grab'), ...base, attackerId: id, targetId: id }),
  grapple: () => z.object({ type: z.literal('grapple'), ...base, attackerId: id, targetId: id }),
  /** 003: standard action, +2 dodge to Reflex until the next turn (+5 when not attacking at all) */
  fightDefensively: () => z.object({ type: z.literal('fightDefensively'), ...base, combatantId: id, noAttack: z.boolean().optional() }),
  /** 003 Coup de grace: full-round, a helpless target, an automatic critical; the target dies (droids: destroyed) */
  coupDeGrace: () => z.object({ type: z.literal('coupDeGrace'), ...base, attackerId: id, targetId: id, weapon: situational().weapon }),
  /** 003 Aim: two swift actions in the same round; the next ranged attack ignores cover bonuses (lost at turn end) */
  aim: () => z.object({ type: z.literal('aim'), ...base, combatantId: id }),
  /**
   * 003 Shield damage: three swift actions (same or consecutive rounds), then a DC 20 Mechanics check (a droid's own
   * shields: Endurance); success: SR +5, up to its normal maximum. `bonus`: the skill modifier (W8: skills are data).
   */
  restoreShields: () => z.object({ type: z.literal('restoreShields'), ...base, combatantId: id, targetId: id.optional(), bonus: z.number().int().min(-50).max(100).optional() }),
  /** 001: board a vehicle (its occupants share its condition-track penalties) or leave it (`vehicleId: null`) */
  board: () => z.object({ type: z.literal('board'), ...base, combatantId: id, vehicleId: id.nullable() }),
  /**
   * Beyond the seed: the diceless ally mode. Take 10 on the attack (10 + attack bonus) against the target's
   * defense; damage = the average of the dice + bonuses, rounded down. When the target is an ally (or a PC), the
   * ally uses its best applicable defense (`against`: the defenses the attack may target; a weapon: Reflex).
   */
  allyAttack: () => z.object({
    type: z.literal('allyAttack'),
    ...base,
    attackerId: id,
    targetId: id,
    mode: z.enum(['diceless']).optional(),
    against: z.array(z.enum(['reflex', 'fortitude', 'will'])).min(1).max(3).optional(),
    weapon: situational().weapon,
    range: situational().range,
    distance: situational().distance,
    cover: situational().cover,
    concealment: situational().concealment,
    flanking: situational().flanking,
    charge: situational().charge,
    shootingIntoMelee: situational().shootingIntoMelee,
    twoHanded: situational().twoHanded,
    stun: situational().stun,
    action: situational().action,
    misc: situational().misc,
  }),
  /**
   * 003 Full attack (full-round action): one extra attack with two weapons or a double weapon (−10 to all attacks,
   * −5 more when not proficient; Dual Weapon Mastery reduces it), one with Double Attack (−5), one more with Triple
   * Attack (−5 more). The penalties last until the start of the attacker's next turn.
   */
  fullAttack: () => z.object({
    type: z.literal('fullAttack'),
    ...base,
    attackerId: id,
    attacks: z.array(z.object({ targetId: id, weapon: situational().weapon })).min(1).max(4),
    twoWeapons: z.boolean().optional(),
    doubleWeapon: z.boolean().optional(),
    doubleAttack: z.boolean().optional(),
    tripleAttack: z.boolean().optional(),
    /** proficient with the weapons held (default true); not: −5 more (003) */
    proficient: z.boolean().optional(),
    range: situational().range,
    distance: situational().distance,
    cover: situational().cover,
    concealment: situational().concealment,
    flanking: situational().flanking,
    shootingIntoMelee: situational().shootingIntoMelee,
    misc: situational().misc,
  }),
  disarm: () => z.object({ type: z.literal('disarm'), ...base, attackerId: id, targetId: id, weapon: situational().weapon, twoHandedGrip: z.boolean().optional() }),
} satisfies Record<string, () => z.ZodType>)

export type SagaCommandType = keyof typeof sagaCommandSchemas
/** One Saga command, typed from its schema. */
export type SagaCommandOf<K extends SagaCommandType> = z.output<(typeof sagaCommandSchemas)[K]>
export type SagaCommand = { [K in SagaCommandType]: SagaCommandOf<K> }[SagaCommandType]

/** Logged Saga commands of version 1 named the combatants `attacker` / `target` / `helper` / `vehicle`. */
export const SAGA_V1_FIELDS: Partial<Record<SagaCommandType, Record<string, string>>> = {
  attack: { attacker: 'attackerId', target: 'targetId' },
  applyDamage: { target: 'combatantId' },
  heal: { target: 'combatantId' },
  moveConditionTrack: { target: 'combatantId' },
  setPersistent: { target: 'combatantId' },
  aidAnother: { helper: 'helperId', target: 'targetId' },
  grab: { attacker: 'attackerId', target: 'targetId' },
  grapple: { attacker: 'attackerId', target: 'targetId' },
  coupDeGrace: { attacker: 'attackerId', target: 'targetId' },
  restoreShields: { target: 'targetId' },
  board: { vehicle: 'vehicleId' },
  allyAttack: { attacker: 'attackerId', target: 'targetId' },
  fullAttack: { attacker: 'attackerId' },
  disarm: { attacker: 'attackerId', target: 'targetId' },
}
