/**
 * The Storyteller stat block editor's model (pure, never mutates): the names the form lists (the nine attributes in
 * the book's three columns, the abilities the seed names, weapon classes and damage types, 004), and the values it
 * shows live: soak plus armor by damage type (T4), the health track with its boxes (T5), the Join Battle pool and
 * each weapon's accuracy and damage pools (004: Attribute + Ability + Accuracy; damage attribute + Damage).
 * The rules themselves stay in main (src-main/rules/systems/storyteller/).
 */
import { SCION_TRACK } from './health-boxes'

export const ATTRIBUTE_COLUMNS = [
  ['strength', 'dexterity', 'stamina'],
  ['charisma', 'manipulation', 'appearance'],
  ['perception', 'intelligence', 'wits'],
] as const
export const ATTRIBUTES = ATTRIBUTE_COLUMNS.flat()
export const ABILITIES = [
  'academics', 'animalKen', 'athletics', 'awareness', 'brawl', 'command', 'control', 'empathy', 'fortitude',
  'integrity', 'investigation', 'larceny', 'marksmanship', 'medicine', 'melee', 'occult', 'persuasion', 'politics',
  'presence', 'stealth', 'survival', 'thrown',
] as const
export const DAMAGE_TYPES = ['bashing', 'lethal', 'aggravated'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]
export const WEAPON_CLASSES = ['impact', 'ranged', 'lightsaber', 'force'] as const
/** 004: the damage attribute by weapon class (impact: Strength, ranged: Wits, lightsaber: Perception, Force: Charisma) */
export const DAMAGE_ATTRIBUTE: Record<string, string> = { impact: 'strength', ranged: 'wits', lightsaber: 'perception', force: 'charisma' }

type Data = Record<string, unknown>
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
/** an attribute absent from the block counts its schema default, 1 */
const attr = (d: Data, a: string): number => (typeof obj(d.attributes)[a] === 'number' ? num(obj(d.attributes)[a]) : 1)
const ability = (d: Data, a: string): number => num(obj(d.abilities)[a])

/** T4: what stands against damage of each type: natural soak plus the armor's rating */
export const totalSoak = (d: Data, t: DamageType): number => num(obj(d.soak)[t]) + num(obj(d.armor)[t])

/** T5: the health levels before Incapacitated (the block's, else the Scion 1e track) and whether they are the block's own */
export function healthTrack(d: Data): { levels: number[]; custom: boolean } {
  return Array.isArray(d.health) ? { levels: (d.health as unknown[]).map(num), custom: true } : { levels: [...SCION_TRACK], custom: false }
}

/** the block with its own health track (starting from the Scion one), or back to the default (omitted) */
export function setCustomHealth(d: Data, on: boolean): Data {
  if (on) return { ...d, health: healthTrack(d).levels }
  const { health: _h, ...rest } = d
  return rest
}

/** the Join Battle pool (Scion 1e: Wits + Awareness, the block's choice) */
export function joinBattlePool(d: Data): { attribute: string; ability: string; dice: number } {
  const jb = obj(d.joinBattle)
  const a = typeof jb.attribute === 'string' ? jb.attribute : 'wits'
  const b = typeof jb.ability === 'string' ? jb.ability : 'awareness'
  return { attribute: a, ability: b, dice: attr(d, a) + ability(d, b) }
}

/** 004: a weapon's accuracy pool (Attribute + Ability + Accuracy) and damage pool (damage attribute + Damage) */
export function weaponPools(d: Data, w: Record<string, unknown>): { accuracy: number; damage: number; damageAttribute: string } {
  const a = typeof w.attribute === 'string' ? w.attribute : 'dexterity'
  const dmgAttr = typeof w.damageAttribute === 'string' ? w.damageAttribute : (DAMAGE_ATTRIBUTE[String(w.class)] ?? 'strength')
  return {
    accuracy: attr(d, a) + (typeof w.ability === 'string' ? ability(d, w.ability) : 0) + num(w.accuracy),
    damage: attr(d, dmgAttr) + num(w.damage),
    damageAttribute: dmgAttr,
  }
}

/** a new weapon for the list (valid for the schema) */
export const newWeapon = (name: string): Record<string, unknown> => ({ name, class: 'impact', attribute: 'dexterity', ability: 'melee', accuracy: 0, damage: 2, speed: 5, damageType: 'bashing' })
