/**
 * The seed's default Special Moves (000:362-494) as data. Cost is 1 Resource (Motivation or Stress for PCs,
 * Stress for NPCs, 000:360). Bonus dice go to the attack pool; qualities are added to the weapon's.
 */
import type { DuelType, QualityMap } from '../schema'

export interface SpecialMove {
  id: string
  style: 'assassin' | 'brawler' | 'gunslinger' | 'heavy' | 'medic' | 'sniper'
  type: DuelType
  cost: number
  target: string
  bonusDice: number
  qualities: QualityMap
  /** extra rules the engine applies */
  stun?: boolean
  weaponDiceMultiplier?: number
  /** −N to every defense for the round (Backstab) */
  armorBreak?: number
  /** −N Armor Defense for the round (Piercing Shot) */
  armorPierce?: number
  halfMove?: boolean
  unbalancesSelf?: boolean
  requiresSpread?: boolean
  fullSpread?: boolean
  heals?: string
  perStealthToken?: number
  requires?: 'back' | 'unaware' | 'adjacent'
  meleeOverride?: { damage: number; qualities: QualityMap }
  forceDefense?: 'armor'
}

export const SPECIAL_MOVES: SpecialMove[] = [
  { id: 'ambush', style: 'assassin', type: 'quick', cost: 1, target: '1 unaware target', bonusDice: 0, qualities: {}, perStealthToken: 1, halfMove: true, requires: 'unaware' },
  // 000:382: the Back Attack +1 is added separately; Backstab adds +2 and −2 Armor Defense for the round
  { id: 'backstab', style: 'assassin', type: 'quick', cost: 1, target: '1 target facing away', bonusDice: 2, qualities: {}, armorBreak: 2, halfMove: true, requires: 'back' },
  // S22: 2× weapon damage doubles only the weapon's dice
  { id: 'haymaker', style: 'brawler', type: 'power', cost: 1, target: '1 adjacent target', bonusDice: 0, qualities: { daze: 2 }, weaponDiceMultiplier: 2, unbalancesSelf: true, requires: 'adjacent' },
  { id: 'wildSwing', style: 'brawler', type: 'power', cost: 1, target: 'up to 3 adjacent targets in a line or bracket', bonusDice: 3, qualities: {}, requires: 'adjacent' },
  { id: 'pistolWhip', style: 'gunslinger', type: 'quick', cost: 1, target: '1 adjacent target', bonusDice: 0, qualities: { stunning: 2 }, halfMove: true, meleeOverride: { damage: 3, qualities: { stunning: 2 } }, requires: 'adjacent' },
  { id: 'quickdraw', style: 'gunslinger', type: 'quick', cost: 1, target: '1 target in weapon range', bonusDice: 3, qualities: {}, halfMove: true },
  { id: 'rapidFire', style: 'heavy', type: 'power', cost: 1, target: 'up to 3 targets in a line or bracket', bonusDice: 2, qualities: {}, requiresSpread: true, fullSpread: true },
  { id: 'suppressiveFire', style: 'heavy', type: 'power', cost: 1, target: 'a 9-square line or 3x3 box', bonusDice: 0, qualities: {}, requiresSpread: true, fullSpread: true },
  // S13: "Pistol (Close)" read as Medium
  { id: 'stabilizingShot', style: 'medic', type: 'finesse', cost: 1, target: '1 target up to Medium range', bonusDice: 0, qualities: {}, heals: '1d4+1', forceDefense: 'armor' },
  { id: 'disablingShot', style: 'medic', type: 'finesse', cost: 1, target: '1 target in weapon range', bonusDice: 2, qualities: { stunner: 2, stunning: 2 }, stun: true },
  { id: 'piercingShot', style: 'sniper', type: 'finesse', cost: 1, target: '1 target in weapon range', bonusDice: 2, qualities: { piercing: 2 }, armorPierce: 2 },
  { id: 'cripplingShot', style: 'sniper', type: 'finesse', cost: 1, target: '1 target in weapon range', bonusDice: 1, qualities: { hamstring: 2, vicious: 1 } },
]

export const findMove = (id: string): SpecialMove | undefined => SPECIAL_MOVES.find((m) => m.id === id)

/** Merge qualities: the higher number wins. */
export function mergeQualities(a: QualityMap, b: QualityMap): QualityMap {
  const out: QualityMap = { ...a }
  for (const [k, v] of Object.entries(b) as Array<[keyof QualityMap, number]>) out[k] = Math.max(out[k] ?? 0, v)
  return out
}
