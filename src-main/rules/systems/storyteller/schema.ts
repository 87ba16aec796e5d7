/**
 * Storyteller stat blocks (seed 004, Scion 1e base per RULES-DEFAULTS): the nine attributes with their Epic
 * ratings, the abilities the seed names (Presence, Persuasion, Politics, Command, Animal Ken, Science: Medicine)
 * plus the usual Scion ones, Dodge / Parry / Mental DV, soak and armor by damage type, the health track (T5) and
 * weapons with accuracy, damage, Speed and damage type. Every value the seed leaves undefined is data (T5).
 */
import { z } from 'zod'

export const ATTRIBUTES = ['strength', 'dexterity', 'stamina', 'charisma', 'manipulation', 'appearance', 'perception', 'intelligence', 'wits'] as const
export type Attribute = (typeof ATTRIBUTES)[number]
export const attribute = z.enum(ATTRIBUTES)

/** `medicine` is the seed's "Science: Medicine". */
export const ABILITIES = [
  'academics', 'animalKen', 'athletics', 'awareness', 'brawl', 'command', 'control', 'empathy', 'fortitude',
  'integrity', 'investigation', 'larceny', 'marksmanship', 'medicine', 'melee', 'occult', 'persuasion', 'politics',
  'presence', 'stealth', 'survival', 'thrown',
] as const
export type Ability = (typeof ABILITIES)[number]
export const ability = z.enum(ABILITIES)

export const DAMAGE_TYPES = ['bashing', 'lethal', 'aggravated'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]
export const damageType = z.enum(DAMAGE_TYPES)

/**
 * 004: the damage attribute by weapon class — impact melee and thrown (fists, knives, clubs, rocks, tentacles):
 * Strength; ranged (blasters, bowcasters): Wits; lightsabers and lightwhips: Perception; Force attacks: Charisma.
 */
export const WEAPON_CLASSES = ['impact', 'ranged', 'lightsaber', 'force'] as const
export type WeaponClass = (typeof WEAPON_CLASSES)[number]
export const DAMAGE_ATTRIBUTE: Record<WeaponClass, Attribute> = { impact: 'strength', ranged: 'wits', lightsaber: 'perception', force: 'charisma' }

export const DEFENSES = ['dodge', 'parry'] as const
export type Defense = (typeof DEFENSES)[number]

const rating = z.number().int().min(0).max(10)
const dv = z.number().int().min(0).max(30)
const byType = z.object({ bashing: dv.default(0), lethal: dv.default(0), aggravated: dv.default(0) }).strict()
export type ByDamageType = z.output<typeof byType>

export const attributes = z.object(Object.fromEntries(ATTRIBUTES.map((a) => [a, rating.default(1)])) as Record<Attribute, z.ZodDefault<typeof rating>>).strict()
export type Attributes = z.output<typeof attributes>

/** a name fits a card's line (issue 27: every field bounded; the seed sets no length) */
const name = z.string().min(1).max(120)

export const weapon = z.object({
  name,
  class: z.enum(WEAPON_CLASSES),
  /** the accuracy roll: Attribute + Skill + Weapon Accuracy (004) */
  attribute: attribute.default('dexterity'),
  ability: ability,
  accuracy: z.number().int().min(-5).max(10),
  /** the weapon's damage rating (T4: dice added to the damage attribute) */
  damage: z.number().int().min(0).max(20),
  /** ticks the attacker moves forward on the wheel (004 "Attack Speed") */
  speed: z.number().int().min(1).max(20),
  damageType: damageType,
  /** replaces the class's damage attribute (a house rule); omitted: 004's table */
  damageAttribute: attribute.optional(),
}).strict()
export type Weapon = z.output<typeof weapon>

export const armor = z.object({
  name,
  /** 004 "Defender's relevant Armor": by the attack's damage type */
  bashing: dv.default(0),
  lethal: dv.default(0),
  aggravated: dv.default(0),
}).strict()
export type Armor = z.output<typeof armor>

export const statBlock = z.object({
  kind: z.enum(['pc', 'npc', 'ally']),
  name,
  attributes,
  /** Epic attributes (T2 autosuccesses); Epic Stamina is the seed's "Enhanced Stamina" */
  epic: z.partialRecord(attribute, rating).default({}),
  abilities: z.partialRecord(ability, rating).default({}),
  /** T5: DV formulas are undefined, so the DVs are data */
  dv: z.object({ dodge: dv, parry: dv, mental: dv }).strict(),
  /** natural soak by damage type (T5: data) */
  soak: byType.default({ bashing: 0, lethal: 0, aggravated: 0 }),
  armor: armor.optional(),
  /** the penalties of the health levels before Incapacitated; omitted: the Scion 1e track (T5) */
  health: z.array(z.number().int().min(-10).max(0)).min(1).max(30).optional(),
  weapons: z.array(weapon).max(20).default([]),
  /** the Join Battle pool (Scion 1e: Wits + Awareness) */
  joinBattle: z.object({ attribute: attribute, ability: ability }).strict().default({ attribute: 'wits', ability: 'awareness' }),
  notes: z.string().max(4000).default(''),
}).strict()
export type StatBlock = z.output<typeof statBlock>
export type StatBlockInput = z.input<typeof statBlock>

export const damageAttributeOf = (w: Weapon): Attribute => w.damageAttribute ?? DAMAGE_ATTRIBUTE[w.class]
