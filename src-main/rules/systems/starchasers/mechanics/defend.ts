/**
 * The defender's side of any dice attack on a fighter — single attacks, area shares, grenade blasts, falls — so
 * that shields and armor qualities work the same everywhere:
 * - Block with a shield: its bonus against the damage type (000:900-909);
 * - armor / shield qualities (000:869-873, 000:921-928): Defensive and Protective Focus as Evades, and the
 *   Reflective / Fortifying / Spiked / Restorative / Knockback Focus spends;
 * - energy shields (000:884-909, S18): Ionic drains shield HP, a Blocking attuned shield soaks the damage.
 */
import type { Combatant } from '@shared/domain/encounter'
import type { AttackOutcome, DefenderFocusQuality } from './attack'
import { defenseAvailability, defenses, isDroid, shieldBonusAgainst } from './derived'
import type { Batch } from '../evolve'
import { armorEffects, energyShield } from './focus-effects'
import { applyStatuses, harm } from './resolve-helpers'
import { conditionKeys, scState, shieldUp } from './state'
import type { DefenseKind, Fighter } from '../schema'

export function sumQualities(...maps: Array<Partial<Record<string, number>> | undefined>): Partial<Record<DefenderFocusQuality, number>> {
  const out: Partial<Record<DefenderFocusQuality, number>> = {}
  for (const m of maps) for (const k of ['reflective', 'fortifying', 'spiked', 'restorative', 'knockback'] as const) if (m?.[k]) out[k] = (out[k] ?? 0) + m[k]
  return out
}

export interface Guard {
  /** the defense's dice, with a Blocking shield's bonus changed for the damage type */
  value: number
  /** why the shield bonus changed (resists / weak / notAttuned), null when it did not */
  shieldWhy: string | null
  focusAsEvades: number
  armorQualities: Partial<Record<DefenderFocusQuality, number>>
}

/**
 * What the defender brings to the roll. `attacker: false` (a fall) drops the qualities that act on an attacker
 * (Reflective, Spiked, Knockback), so no Focus is spent on them.
 */
export function guardOf(target: Combatant, tf: Fighter, conds: string[], kind: DefenseKind, damageType: string, opts: { attacker?: boolean } = {}): Guard {
  const shield = kind === 'block' ? shieldBonusAgainst(tf, damageType) : null
  const value = defenses(tf, conds)[kind] + (shield && tf.shield ? shield.bonus - tf.shield.blockBonus : 0)
  const focusAsEvades = (tf.armor?.qualities.defensive ?? 0) + (tf.armor?.qualities.protective ?? 0) + (kind === 'block' ? (tf.shield?.qualities.protective ?? 0) : 0)
  const armorQualities = sumQualities(tf.armor?.qualities, kind === 'block' && shieldUp(target) ? tf.shield?.qualities : undefined)
  if (opts.attacker === false) { delete armorQualities.reflective; delete armorQualities.spiked; delete armorQualities.knockback }
  return { value, shieldWhy: shield?.why ?? null, focusAsEvades, armorQualities }
}

/**
 * The hit lands: the energy shield first (Ionic, soak when Blocking), then the damage and Stress (Ionic is Stress on
 * a droid, 000:736) and the statuses, then the armor's reactions (Reflective / Spiked hurt the attacker, Restorative
 * heals, Knockback pushes). Returns the damage that reached the wearer.
 */
export function landHit(b: Batch, attacker: Combatant | null, target: Combatant, tf: Fighter, o: AttackOutcome, opts: { blocked: boolean; damageType: string; source: string }): number {
  const ionic = o.effects.ionic ?? 0
  const damage = energyShield(b, target, { damage: o.success ? o.damage : 0, ionic, blocked: opts.blocked, damageType: opts.damageType })
  if (o.success) {
    harm(b, target.id, damage, o.stress + (isDroid(tf) ? ionic : 0), opts.source)
    applyStatuses(b, target.id, o.statuses)
  }
  armorEffects(b, attacker, target, o)
  return damage
}

/**
 * The defense the target uses against an area share or a blast: its current one, or Armor when that one is not
 * possible now (000:1000 surprised, a downed energy shield, Dodge / Parry limits), as for single attacks.
 */
export function areaDefense(b: Batch, target: Combatant, tf: Fighter, group: 'melee' | 'thrown' | 'ranged', surprised: boolean): DefenseKind {
  const want = scState(target).defense
  const avail = defenseAvailability(tf, { attackGroup: group, conditions: conditionKeys(target), surprised, grappling: scState(target).grappling !== null, shieldDown: !shieldUp(target) })
  return avail[want] ? 'armor' : want
}
