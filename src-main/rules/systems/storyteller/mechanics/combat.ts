/**
 * One attack, as 004 lists it:
 *   accuracy = Attribute + Skill + Weapon Accuracy (+ Epic autosuccesses); net = raw − the defender's relevant DV;
 *   a hit at net ≥ 0 (T3: and raw ≥ 1);
 *   damage (T4) = damage attribute (by weapon class) + weapon damage + net successes (+ Epic autosuccesses);
 *   net damage = raw − (soak + relevant armor); at ≥ 0 the attack does that much damage;
 *   then the attacker moves Speed ticks forward (wheel.ts).
 * Wound penalties (T5) reduce the attacker's accuracy pool (and, with the setting, the damage pool).
 */
import { epicAutosuccesses, makePool, type Pool, type PoolRoll } from './dice'
import { damageAttributeOf, type DamageType, type Defense, type StatBlock, type Weapon } from '../schema'
import type { StorytellerSettings } from './settings'

const epicOf = (sb: StatBlock, a: keyof StatBlock['attributes'], s: StorytellerSettings): number => epicAutosuccesses(sb.epic[a] ?? 0, s.epicTable)

export interface PoolMods {
  /** the GM's circumstantial dice (+ or −) */
  modifier?: number
  /** the roller's current wound penalty (≤ 0, T5) */
  woundPenalty?: number
}

/** Join Battle (Scion 1e: Wits + Awareness, the stat block may name another pair) with wound penalty and Epic autosuccesses. */
export function joinBattlePool(sb: StatBlock, s: StorytellerSettings, mods: PoolMods = {}): Pool {
  const { attribute, ability } = sb.joinBattle
  return makePool([
    { key: attribute, value: sb.attributes[attribute] },
    { key: ability, value: sb.abilities[ability] ?? 0 },
    { key: 'modifier', value: mods.modifier ?? 0 },
    { key: 'wound', value: mods.woundPenalty ?? 0 },
  ], epicOf(sb, attribute, s))
}

/** 004: the accuracy pool, Attribute + Skill + Weapon Accuracy, with the attribute's Epic autosuccesses. */
export function accuracyPool(sb: StatBlock, w: Weapon, s: StorytellerSettings, mods: PoolMods = {}): Pool {
  return makePool([
    { key: w.attribute, value: sb.attributes[w.attribute] },
    { key: w.ability, value: sb.abilities[w.ability] ?? 0 },
    { key: 'accuracy', value: w.accuracy },
    { key: 'modifier', value: mods.modifier ?? 0 },
    { key: 'wound', value: mods.woundPenalty ?? 0 },
  ], epicOf(sb, w.attribute, s))
}

/** 004 "the Defender's relevant DV": Dodge or Parry as chosen, by default the higher (decided in src-main/rules/systems/storyteller/README.md). */
export function relevantDv(sb: StatBlock, choice?: Defense): { defense: Defense; dv: number } {
  const defense: Defense = choice ?? (sb.dv.parry > sb.dv.dodge ? 'parry' : 'dodge')
  return { defense, dv: sb.dv[defense] }
}

export interface AttackOutcome {
  raw: number
  dv: number
  net: number
  hit: boolean
  botch: boolean
}

/** 004: a hit at net (raw − DV) ≥ 0; T3: and at least one raw success (setting `hitNeedsRawSuccess`). */
export const beatsDv = (raw: number, dv: number, needsRawSuccess: boolean): boolean => raw - dv >= 0 && (!needsRawSuccess || raw >= 1)

/** 004: net = raw − DV and whether it hits (`beatsDv`). */
export function resolveAccuracy(roll: Pick<PoolRoll, 'successes' | 'botch'>, dv: number, s: StorytellerSettings): AttackOutcome {
  return { raw: roll.successes, dv, net: roll.successes - dv, hit: beatsDv(roll.successes, dv, s.hitNeedsRawSuccess), botch: roll.botch }
}

/** T4: the damage pool, damage attribute + weapon damage + net successes, with that attribute's Epic autosuccesses. */
export function damagePool(sb: StatBlock, w: Weapon, net: number, s: StorytellerSettings, mods: PoolMods = {}): Pool {
  const a = damageAttributeOf(w)
  return makePool([
    { key: a, value: sb.attributes[a] },
    { key: 'damage', value: w.damage },
    { key: 'net', value: Math.max(0, net) },
    { key: 'modifier', value: mods.modifier ?? 0 },
    { key: 'wound', value: s.woundPenaltyOnDamage ? (mods.woundPenalty ?? 0) : 0 },
  ], epicOf(sb, a, s))
}

/** 004 "Defender's Soak + Defender's relevant Armor", by the attack's damage type (T5: data). */
export function soakAgainst(sb: StatBlock, type: DamageType): { soak: number; armor: number } {
  return { soak: sb.soak[type], armor: sb.armor?.[type] ?? 0 }
}

export interface DamageOutcome {
  raw: number
  soak: number
  armor: number
  net: number
  /** points marked on the health track: the net damage when ≥ 0, else 0 */
  dealt: number
}

/** 004: net damage = raw − (soak + armor); at ≥ 0 the attack does that amount (T4: subtracted from successes). */
export function resolveDamage(roll: Pick<PoolRoll, 'successes'>, soak: number, armor: number): DamageOutcome {
  const net = roll.successes - soak - armor
  return { raw: roll.successes, soak, armor, net, dealt: Math.max(0, net) }
}
