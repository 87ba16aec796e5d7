/** Derived values of a Starchasers fighter (PC or NPC), with the seed's formulas. */
import type { Attributes, DefenseKind, Fighter, Weapon } from '../schema'
import { MENTAL, PHYSICAL } from '../schema'

/** Status conditions that change attributes: Weakened (physical −1), Dazed (mental −1) (000:585-586). */
export function effectiveAttributes(a: Attributes, conditions: readonly string[]): Attributes {
  const out = { ...a }
  if (conditions.includes('weakened')) for (const k of PHYSICAL) out[k] = Math.max(0, out[k] - 1)
  if (conditions.includes('dazed')) for (const k of MENTAL) out[k] = Math.max(0, out[k] - 1)
  return out
}

/** S21: Movement Points = Agility + 3 (table 000:123-128), minus the armor agility penalty (000:260). */
export function movementPoints(agility: number, armorPenalty = 0): number {
  return Math.max(0, Math.max(0, agility - armorPenalty) + 3)
}

/** S21: Passive Alertness = floor((Perception + Alertness) / 2). */
export const passiveAlertness = (perception: number, alertness: number): number => Math.floor((perception + alertness) / 2)

export interface Defenses { armor: number; block: number; dodge: number; parry: number }

/**
 * 000:258 Armor Defense = deflection + species/talents; 000:280 Block = Toughness + Strength + shield;
 * 000:288 Dodge = Agility + Perception − armor penalty; 000:296 Parry = Deftness + Agility + bonus − armor penalty.
 * Block needs a shield and Parry a melee weapon or bracers: 0 when unavailable.
 */
export function defenses(f: Fighter, conditions: readonly string[] = []): Defenses {
  const a = effectiveAttributes(f.attributes, conditions)
  const pen = f.armor?.agilityPenalty ?? 0
  return {
    armor: (f.armor?.deflection ?? 0) + f.armorDefenseBonus,
    block: f.shield ? a.toughness + a.strength + f.shield.blockBonus : 0,
    dodge: Math.max(0, a.agility + a.perception - pen),
    parry: f.canParry ? Math.max(0, a.deftness + a.agility + f.parryBonus - pen) : 0,
  }
}

/**
 * The shield's Block bonus against a damage type (000:900-909): a physical shield doubles it against the types it
 * resists and halves it (floor) against its weaknesses; an energy or psychic shield only works against the types
 * it is attuned to (its `resistances`; no list = attuned to everything).
 */
export function shieldBonusAgainst(f: Fighter, damageType: string): { bonus: number; why: string | null } {
  const s = f.shield
  if (!s) return { bonus: 0, why: null }
  const t = damageType.toLowerCase()
  const has = (list: string[]) => list.some((x) => x.toLowerCase() === t)
  if (s.kind !== 'physical') return s.resistances.length === 0 || has(s.resistances) ? { bonus: s.blockBonus, why: null } : { bonus: 0, why: 'notAttuned' }
  if (has(s.resistances)) return { bonus: s.blockBonus * 2, why: 'superEffective' }
  if (has(s.weaknesses)) return { bonus: Math.floor(s.blockBonus / 2), why: 'weak' }
  return { bonus: s.blockBonus, why: null }
}

/** Droids take Ionic Focus as Stress (000:736). */
export const isDroid = (f: Fighter): boolean => /droid/i.test(f.species)

/** Resistance used for status checks: base + armor bonus. */
export const resistanceOf = (f: Fighter): number => f.resistance + (f.armor?.resistanceBonus ?? 0)

/** S5: the random d8 Critical Strike threshold, Toughness + Resistance. */
export const critThreshold = (f: Fighter, conditions: readonly string[] = []): number =>
  effectiveAttributes(f.attributes, conditions).toughness + resistanceOf(f)

/** Attack dice of a weapon (000:154, 000:828): damage + attribute when proficient. */
export function weaponPool(f: Fighter, w: Weapon, conditions: readonly string[] = []): number {
  const a = effectiveAttributes(f.attributes, conditions)
  return w.damage + (f.proficiencies.includes(w.proficiency) ? a[w.attribute] : 0)
}

/** Initiative pool (000:15): Perception + Alertness + bonuses (Quickdraw +2, 000:428). */
export function initiativePool(f: Fighter, conditions: readonly string[] = []): number {
  const a = effectiveAttributes(f.attributes, conditions)
  return Math.max(1, a.perception + f.skills.alertness + f.initiativeBonus + (f.features.includes('quickdraw') ? 2 : 0))
}

/** Weight levels above the wielder's Strength (000:775-785): 0 ok, 1 → +2 dice difficulty, 2 → +4. */
export function weightExcess(strength: number, weight: 'light' | 'medium' | 'heavy'): number {
  const need = weight === 'light' ? 1 : weight === 'medium' ? 2 : 3
  return Math.max(0, need - strength)
}

/** Which defenses a defender can perform right now, and why not. */
export function defenseAvailability(
  f: Fighter,
  opts: { attackGroup: 'melee' | 'thrown' | 'ranged'; conditions: readonly string[]; surprised?: boolean; grappling?: boolean; shieldDown?: boolean },
): Record<DefenseKind, string | null> {
  const c = opts.conditions
  const out: Record<DefenseKind, string | null> = { armor: null, block: null, dodge: null, parry: null }
  if (opts.surprised) return { armor: null, block: 'surprised', dodge: 'surprised', parry: 'surprised' }
  if (c.includes('unconscious')) return { armor: null, block: 'unconscious', dodge: 'unconscious', parry: 'unconscious' }
  if (!f.shield) out.block = 'noShield'
  else if (opts.shieldDown) out.block = 'shieldDown' // an energy shield out of rounds or HP (000:897)
  if (c.includes('grappled') || opts.grappling) out.dodge = 'grappled'
  if (!f.canParry) out.parry = 'noParryWeapon'
  else if (opts.attackGroup !== 'melee' && !f.parryRanged) out.parry = 'parryMeleeOnly'
  return out
}
