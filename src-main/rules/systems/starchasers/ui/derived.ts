/**
 * Starchasers values to show on a live combatant's card (000): the four defenses with the current conditions
 * (000:258-296), the attack pool of each weapon (000:828), movement (S21, halved by Hamstrung and Grappled, 000:584, 000:597),
 * passive Alertness (S21) and the Critical Strike threshold (S5). Allies show their card's fixed values (000:1423).
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { DerivedValue } from '@shared/views/system-views'
import { movementWithConditions } from '../mechanics/conditions'
import { critThreshold, defenses, effectiveAttributes, movementPoints, passiveAlertness, weaponPool } from '../mechanics/derived'
import { allyStats, conditionKeys, fighter, scState } from '../mechanics/state'

export function starchasersDerived(_state: EncounterState, c: Combatant): DerivedValue[] {
  const conds = conditionKeys(c)
  const ally = allyStats(c)
  if (ally) {
    return [
      { label: 'starchasers.defenseKind', value: ally.defaultDefense },
      { label: 'starchasers.defense.block', value: ally.block },
      { label: 'starchasers.defense.dodge', value: ally.dodge },
      { label: 'starchasers.defense.parry', value: ally.parry },
      { label: 'starchasers.movement', value: movementWithConditions(ally.movement, conds) },
    ]
  }
  const f = fighter(c)
  if (!f) return []
  const d = defenses(f, conds)
  const a = effectiveAttributes(f.attributes, conds)
  return [
    { label: 'starchasers.defense.armor', value: d.armor },
    { label: 'starchasers.defense.block', value: d.block },
    { label: 'starchasers.defense.dodge', value: d.dodge },
    { label: 'starchasers.defense.parry', value: d.parry },
    ...f.weapons.map((w) => ({ label: 'starchasers.attackDice', value: `${w.name}: ${weaponPool(f, w, conds)}` })),
    { label: 'starchasers.movement', value: movementWithConditions(movementPoints(a.agility, f.armor?.agilityPenalty ?? 0), conds) },
    // 000:380 the half Movement Points of Backstab, Ambush, Pistol Whip, Quickdraw, left this turn
    ...((scState(c).movementLeft ?? 0) > 0 ? [{ label: 'starchasers.movementLeft', value: scState(c).movementLeft!, hint: 'starchasers.movementLeftHint' }] : []),
    { label: 'starchasers.passiveAlertness', value: passiveAlertness(a.perception, f.skills.alertness) },
    { label: 'starchasers.critThreshold', value: critThreshold(f, conds), hint: 'starchasers.critThresholdHint' },
  ]
}
