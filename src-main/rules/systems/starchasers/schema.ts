/**
 * Starchasers stat blocks (seed 000): player characters, NPCs (Extra / Elite / Boss) and allies
 * (Ally / Companion / Pet, every field of the seed's "Ally Stats" table, 000:1423-1464).
 */
import { z } from 'zod'
import { builtOnce, onFirstUse } from '../../kit/built-once'

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
export const FEATURES = ['packTactics', 'opportunisticAttacks', 'quickdraw'] as const
export const PHYSICAL: Array<keyof Attributes> = ['strength', 'toughness', 'agility', 'deftness']
export const MENTAL: Array<keyof Attributes> = ['intelligence', 'perception', 'charisma', 'confidence']

/**
 * Bounds of the free-text and list fields (issue 27, defect 8: every field is checked at save). The seed sets none:
 * a name fits a card's line, a text a paragraph, a list far more than any published block holds.
 */
export const LIMITS = { name: 120, word: 60, text: 2000, list: 30, weapons: 30, durationRounds: 100, energyHp: 999 } as const

/** The stat blocks' zod schemas, built when Starchasers first validates one (rules/kit/built-once.ts). */
function build() {
  const name = z.string().min(1).max(LIMITS.name)
  const text = z.string().max(LIMITS.text).default('')
  /** a list of words: proficiencies, damage types, virtues (000 names them freely) */
  const words = z.array(z.string().max(LIMITS.word)).max(LIMITS.list).default([])
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
    name,
    techLevel: z.enum(['primitive', 'modern', 'highTech']).default('modern'),
    /** Melee / Thrown / Ranged group; `kind` refines Ranged into pistol or rifle (S13) */
    group: z.enum(WEAPON_GROUPS),
    kind: z.enum(['blade', 'thrown', 'pistol', 'rifle', 'grenade', 'launcher', 'unarmed']).optional(),
    /** proficiency that gives the attribute bonus, e.g. "Pistols" */
    proficiency: z.string().min(1).max(LIMITS.word),
    /** attribute added when proficient (000:828); Thrown may use Strength or Deftness */
    attribute: z.enum(['strength', 'deftness', 'agility']),
    damage: z.number().int().min(0).max(30),
    weight: z.enum(WEIGHTS).default('light'),
    qualities: qualityMap.default({}),
    /** 000:716 "the damage type of the weapon", 000:978 "a variety of thematic damage types": a word, not a closed set */
    damageType: z.string().max(LIMITS.word).default('physical'),
    stun: z.boolean().default(false),
    duelType: duelType,
  }).strict()

  const armor = z.object({
    name,
    deflection: z.number().int().min(0).max(20),
    resistanceBonus: z.number().int().min(0).max(10).default(0),
    agilityPenalty: z.number().int().min(0).max(10).default(0),
    weight: z.enum(WEIGHTS).default('light'),
    qualities: armorQualityMap.default({}),
  }).strict()

  const shield = z.object({
    name,
    kind: z.enum(['physical', 'energy', 'psychic']).default('physical'),
    blockBonus: z.number().int().min(0).max(20),
    /** damage types (000:900-901) */
    resistances: words,
    weaknesses: words,
    /** Energy shields: rounds of protection (000:897, no bound given: at most 100 rounds, longer than any fight); S18: shield HP stored as data, at most a character's (hp ≤ 999) */
    durationRounds: z.number().int().min(0).max(LIMITS.durationRounds).optional(),
    energyHp: z.number().int().min(0).max(LIMITS.energyHp).optional(),
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
    name,
    cost: z.number().int().min(0).max(10).default(1),
    duelType: duelType.optional(),
    bonusDice: z.number().int().min(-10).max(20).default(0),
    qualities: qualityMap.default({}),
    text,
  }).strict()

  const common = {
    name,
    species: z.string().max(LIMITS.word).default(''),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    attributes,
    skills: skills.default({ alertness: 0, athletics: 0, acrobatics: 0, stealth: 0, observation: 0, searching: 0, firstAid: 0, medicine: 0, emotionalControl: 0 }),
    hp: z.number().int().min(1).max(999),
    stressCapacity: z.number().int().min(1).max(99),
    /** base Resistance before armor (Resistance + armor bonus is used) */
    resistance: z.number().int().min(0).max(20),
    proficiencies: words,
    weapons: z.array(weapon).max(LIMITS.weapons).default([]),
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
    features: z.array(z.enum(FEATURES)).max(FEATURES.length).default([]),
  }

  const pcStatBlock = z.object({
    kind: z.literal('pc'),
    ...common,
    vitality: z.number().int().min(0).max(6).default(6),
    motivation: z.number().int().min(0).max(99).default(0),
    specialMoves: z.array(z.string().max(LIMITS.name)).max(LIMITS.list).default([]),
  }).strict()

  const npcStatBlock = z.object({
    kind: z.literal('npc'),
    tier: z.enum(['extra', 'elite', 'boss']),
    ...common,
    abilities: z.array(ability).max(LIMITS.list).default([]),
    /** a boss's Duel Die per phase (000:1327 "Bosses can have multiple phases"; S1: faces undefined, so they are data) */
    duelDice: z.array(z.object({ phase: z.number().int().min(1).max(10), faces: z.array(duelType).min(1).max(20) }).strict()).max(10).default([]),
  }).strict()

  const allyAttack = z.object({ value: z.number().int().min(0).max(60), duelType }).strict()
  const allySpecial = z.object({
    name,
    band: z.enum(['melee', 'thrown', 'ranged']),
    value: z.number().int().min(0).max(60),
    duelType,
    stressCost: z.number().int().min(0).max(10).default(1),
    usesPerBattle: z.number().int().min(1).max(10).default(1),
    text,
  }).strict()
  const allyPassive = z.object({
    name,
    stressCost: z.number().int().min(0).max(10).default(1),
    usesPerBattle: z.number().int().min(1).max(10).default(1),
    text,
  }).strict()

  /** Every statistic of the Ally Stats table (000:1425-1464). */
  const allyStatBlock = z.object({
    kind: z.literal('ally'),
    name,
    role: z.enum(['ally', 'companion', 'pet']),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    species: z.string().max(LIMITS.word).default(''),
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
    virtues: words,
    flaws: words,
    passiveAbility: allyPassive.nullable().default(null),
    specialAttacks: z.array(allySpecial).max(4).default([]),
    /** Parry usable against Thrown/Ranged attacks; has a shield to Block */
    parryRanged: z.boolean().default(false),
    /** the PC this card stands in for (000:1415) */
    fromPc: z.string().max(200).optional(),
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
