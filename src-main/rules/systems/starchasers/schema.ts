/**
 * Starchasers stat blocks (seed 000): player characters, NPCs (Extra / Elite / Boss) and allies
 * (Ally / Companion / Pet, every field of the seed's "Ally Stats" table, 000:1423-1464).
 */
import { z } from 'zod'
import { builtOnce, onFirstUse } from '../../core/built-once'

export const DUEL_TYPES = ['power', 'finesse', 'quick'] as const
export type DuelType = (typeof DUEL_TYPES)[number]
export const duelType = z.enum(DUEL_TYPES)

export const RANGE_BANDS = ['melee', 'close', 'medium', 'long', 'extreme'] as const
export type RangeBand = (typeof RANGE_BANDS)[number]
export const rangeBand = z.enum(RANGE_BANDS)

export const DEFENSES = ['armor', 'block', 'dodge', 'parry'] as const
export type DefenseKind = (typeof DEFENSES)[number]
export const defenseKind = z.enum(DEFENSES)

/** Focus-triggered weapon qualities (000:728-742) and the named-status qualities (000:747-752). */
export const WEAPON_QUALITIES = [
  'accurate', 'cleaving', 'impale', 'defensive', 'disarming', 'piercing', 'spreading', 'stunning', 'ionic',
  'vicious', 'targeting', 'burning', 'grappling', 'blinding', 'deafening',
  'stunner', 'hamstring', 'weakening', 'daze', 'shocking', 'wounding',
  'burst', 'splash', 'arc', 'slowLoading', 'autofire',
] as const
export type WeaponQuality = (typeof WEAPON_QUALITIES)[number]
export const ARMOR_QUALITIES = ['augmenting', 'fortifying', 'protective', 'reflective', 'restorative', 'spiked', 'knockback', 'defensive'] as const
export const WEAPON_GROUPS = ['melee', 'thrown', 'ranged'] as const
export const WEIGHTS = ['light', 'medium', 'heavy'] as const
export const PHYSICAL: Array<keyof Attributes> = ['strength', 'toughness', 'agility', 'deftness']
export const MENTAL: Array<keyof Attributes> = ['intelligence', 'perception', 'charisma', 'confidence']

/** The stat blocks' zod schemas, built when Starchasers first validates one (rules/core/built-once.ts). */
function build() {
  const qualityMap = z.partialRecord(z.enum(WEAPON_QUALITIES), z.number().int().min(1).max(10))

  const armorQualityMap = z.partialRecord(z.enum(ARMOR_QUALITIES), z.number().int().min(1).max(10))

  const attributes = z.object({
    strength: z.number().int().min(0).max(10),
    toughness: z.number().int().min(0).max(10),
    agility: z.number().int().min(0).max(10),
    deftness: z.number().int().min(0).max(10),
    intelligence: z.number().int().min(0).max(10),
    perception: z.number().int().min(0).max(10),
    charisma: z.number().int().min(0).max(10),
    confidence: z.number().int().min(0).max(10),
  }).strict()

  const weapon = z.object({
    name: z.string().min(1),
    techLevel: z.enum(['primitive', 'modern', 'highTech']).default('modern'),
    /** Melee / Thrown / Ranged group; `kind` refines Ranged into pistol or rifle (S13) */
    group: z.enum(WEAPON_GROUPS),
    kind: z.enum(['blade', 'thrown', 'pistol', 'rifle', 'grenade', 'launcher', 'unarmed']).optional(),
    /** proficiency that gives the attribute bonus, e.g. "Pistols" */
    proficiency: z.string().min(1),
    /** attribute added when proficient (000:828); Thrown may use Strength or Deftness */
    attribute: z.enum(['strength', 'deftness', 'agility']),
    damage: z.number().int().min(0).max(30),
    weight: z.enum(WEIGHTS).default('light'),
    qualities: qualityMap.default({}),
    damageType: z.string().default('physical'),
    stun: z.boolean().default(false),
    duelType: duelType,
  }).strict()

  const armor = z.object({
    name: z.string().min(1),
    deflection: z.number().int().min(0).max(20),
    resistanceBonus: z.number().int().min(0).max(10).default(0),
    agilityPenalty: z.number().int().min(0).max(10).default(0),
    weight: z.enum(WEIGHTS).default('light'),
    qualities: armorQualityMap.default({}),
  }).strict()

  const shield = z.object({
    name: z.string().min(1),
    kind: z.enum(['physical', 'energy', 'psychic']).default('physical'),
    blockBonus: z.number().int().min(0).max(20),
    resistances: z.array(z.string()).default([]),
    weaknesses: z.array(z.string()).default([]),
    /** Energy shields: rounds of protection (000:897); S18: shield HP stored as data */
    durationRounds: z.number().int().min(0).optional(),
    energyHp: z.number().int().min(0).optional(),
    qualities: armorQualityMap.default({}),
  }).strict()

  const skills = z.object({
    alertness: z.number().int().min(0).max(10).default(0),
    athletics: z.number().int().min(0).max(10).default(0),
    acrobatics: z.number().int().min(0).max(10).default(0),
    stealth: z.number().int().min(0).max(10).default(0),
    observation: z.number().int().min(0).max(10).default(0),
    searching: z.number().int().min(0).max(10).default(0),
    firstAid: z.number().int().min(0).max(10).default(0),
    medicine: z.number().int().min(0).max(10).default(0),
    emotionalControl: z.number().int().min(0).max(10).default(0),
  }).strict()

  /** A Stress-powered ability (NPC) or a special move; attack bonus and qualities are data. */
  const ability = z.object({
    name: z.string().min(1),
    cost: z.number().int().min(0).max(10).default(1),
    duelType: duelType.optional(),
    bonusDice: z.number().int().min(-10).max(20).default(0),
    qualities: qualityMap.default({}),
    text: z.string().default(''),
  }).strict()

  const common = {
    name: z.string().min(1).max(120),
    species: z.string().default(''),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    attributes,
    skills: skills.default({ alertness: 0, athletics: 0, acrobatics: 0, stealth: 0, observation: 0, searching: 0, firstAid: 0, medicine: 0, emotionalControl: 0 }),
    hp: z.number().int().min(1).max(999),
    stressCapacity: z.number().int().min(1).max(99),
    /** base Resistance before armor (Resistance + armor bonus is used) */
    resistance: z.number().int().min(0).max(20),
    proficiencies: z.array(z.string()).default([]),
    weapons: z.array(weapon).default([]),
    armor: armor.optional(),
    shield: shield.optional(),
    /** species / talent bonuses */
    armorDefenseBonus: z.number().int().min(0).max(10).default(0),
    parryBonus: z.number().int().min(0).max(10).default(0),
    /** may Parry Thrown and Ranged attacks (Martial Artist, Lightsaber Duelist, 000:294) */
    parryRanged: z.boolean().default(false),
    /** has a melee weapon or bracers to parry with */
    canParry: z.boolean().default(true),
    defaultDefense: defenseKind.default('dodge'),
    initiativeBonus: z.number().int().min(0).max(10).default(0),
    features: z.array(z.enum(['packTactics', 'opportunisticAttacks', 'quickdraw'])).default([]),
  }

  const pcStatBlock = z.object({
    kind: z.literal('pc'),
    ...common,
    vitality: z.number().int().min(0).max(6).default(6),
    motivation: z.number().int().min(0).max(99).default(0),
    specialMoves: z.array(z.string()).default([]),
  }).strict()

  const npcStatBlock = z.object({
    kind: z.literal('npc'),
    tier: z.enum(['extra', 'elite', 'boss']),
    ...common,
    abilities: z.array(ability).default([]),
    /** a boss's Duel Die per phase (S1: faces undefined, so they are data) */
    duelDice: z.array(z.object({ phase: z.number().int().min(1), faces: z.array(duelType).min(1).max(20) }).strict()).default([]),
  }).strict()

  const allyAttack = z.object({ value: z.number().int().min(0).max(60), duelType }).strict()
  const allySpecial = z.object({
    name: z.string().min(1),
    band: z.enum(['melee', 'thrown', 'ranged']),
    value: z.number().int().min(0).max(60),
    duelType,
    stressCost: z.number().int().min(0).max(10).default(1),
    usesPerBattle: z.number().int().min(1).max(10).default(1),
    text: z.string().default(''),
  }).strict()
  const allyPassive = z.object({
    name: z.string().min(1),
    stressCost: z.number().int().min(0).max(10).default(1),
    usesPerBattle: z.number().int().min(1).max(10).default(1),
    text: z.string().default(''),
  }).strict()

  /** Every statistic of the Ally Stats table (000:1425-1464). */
  const allyStatBlock = z.object({
    kind: z.literal('ally'),
    name: z.string().min(1).max(120),
    role: z.enum(['ally', 'companion', 'pet']),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    species: z.string().default(''),
    attributes,
    movement: z.number().int().min(0).max(30),
    melee: allyAttack.nullable(),
    thrown: allyAttack.nullable(),
    ranged: allyAttack.nullable(),
    defaultDefense: z.number().int().min(0).max(40),
    block: z.number().int().min(0).max(40),
    dodge: z.number().int().min(0).max(40),
    parry: z.number().int().min(0).max(40),
    acrobatics: z.number().int().min(0).max(10).default(0),
    athletics: z.number().int().min(0).max(10).default(0),
    resistance: z.number().int().min(0).max(20),
    emotionalControl: z.number().int().min(0).max(10).default(0),
    hp: z.number().int().min(1).max(999),
    stressCapacity: z.number().int().min(1).max(99),
    injuriesSuffered: z.number().int().min(0).max(7).default(0),
    alertness: z.number().int().min(0).max(10).default(0),
    stealth: z.number().int().min(0).max(10).default(0),
    observation: z.number().int().min(0).max(10).default(0),
    /** derived: floor((Perception + Alertness)/2) (S21); validated on parse */
    passiveAlertness: z.number().int().min(0).max(20).optional(),
    searching: z.number().int().min(0).max(10).default(0),
    virtues: z.array(z.string()).default([]),
    flaws: z.array(z.string()).default([]),
    passiveAbility: allyPassive.nullable().default(null),
    specialAttacks: z.array(allySpecial).max(4).default([]),
    /** Parry usable against Thrown/Ranged attacks; has a shield to Block */
    parryRanged: z.boolean().default(false),
    /** the PC this card stands in for (000:1415) */
    fromPc: z.string().optional(),
  }).strict()

  const statBlock = z.discriminatedUnion('kind', [pcStatBlock, npcStatBlock, allyStatBlock])
  return { qualityMap, attributes, weapon, armor, shield, skills, pcStatBlock, npcStatBlock, allyStatBlock, statBlock }
}
type Built = ReturnType<typeof build>
const schemas = builtOnce(build)

export const statBlock = onFirstUse(() => schemas().statBlock)
export const allyStatBlock = onFirstUse(() => schemas().allyStatBlock)
export type QualityMap = z.infer<Built['qualityMap']>
export type Weight = (typeof WEIGHTS)[number]
export type Attributes = z.infer<Built['attributes']>
export type Weapon = z.infer<Built['weapon']>
export type Armor = z.infer<Built['armor']>
export type Shield = z.infer<Built['shield']>
export type Skills = z.infer<Built['skills']>
export type PcStatBlock = z.infer<Built['pcStatBlock']>
export type NpcStatBlock = z.infer<Built['npcStatBlock']>
export type AllyStatBlock = z.infer<Built['allyStatBlock']>
export type StatBlock = z.infer<Built['statBlock']>
export type Fighter = PcStatBlock | NpcStatBlock
