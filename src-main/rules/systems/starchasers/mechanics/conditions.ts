/**
 * Conditions (000:562-631) and the situational modifiers that change dice pools (000:1028-1066, S13, S21).
 * Condition keys on a combatant are `starchasers.<key>`; the helpers here take bare keys.
 */
import type { DefenseKind, RangeBand, Weapon } from '../schema'

/** The d8 Status Condition table (000:579-587). */
export const STATUS_TABLE = ['insensate', 'incommunicado', 'stunned', 'hamstrung', 'weakened', 'dazed', 'shocked', 'wounded'] as const
export type StatusCondition = (typeof STATUS_TABLE)[number]
export const BATTLE_CONDITIONS = ['unconscious', 'grappled', 'prone', 'unbalanced'] as const
export const MORALE_CONDITIONS = ['frightened', 'enraged', 'bribed', 'charmed'] as const
export const ALL_CONDITIONS = [...STATUS_TABLE, ...BATTLE_CONDITIONS, ...MORALE_CONDITIONS, 'dying', 'dead', 'pinned', 'armorBreak', 'armorPierced'] as const

/** Named-status weapon qualities: Crits + N > Resistance inflicts the status (000:747-752, S5). */
export const NAMED_STATUS_QUALITIES: Array<[ 'stunner' | 'hamstring' | 'weakening' | 'daze' | 'shocking' | 'wounding', StatusCondition]> = [
  ['stunner', 'stunned'], ['hamstring', 'hamstrung'], ['weakening', 'weakened'], ['daze', 'dazed'], ['shocking', 'shocked'], ['wounding', 'wounded'],
]

/** Injury symptom table (000:625-631): a 6 is rerolled. */
export const SYMPTOMS = ['fatigue', 'abnormalTemperature', 'troubleBreathing', 'dizzy', 'pain'] as const

export type AttackGroup = 'melee' | 'thrown' | 'ranged'

/** The attack group of a weapon: melee, thrown (incl. grenades), ranged (pistols, rifles, launchers). */
export function attackGroup(w: Pick<Weapon, 'group'>): AttackGroup {
  return w.group
}

/**
 * S13 range legality and extra defense dice. Melee weapons: Melee band only. Thrown: +2 at Medium, +4 at Long,
 * illegal at Extreme (000:196). Pistols: up to Medium; rifles: up to Long, Extreme +2 (000:216). Ranged into
 * Melee +2 (000:218). Targeting(N) removes one range die per point. Returns null when the band is illegal.
 */
export function rangeDice(w: Pick<Weapon, 'group' | 'kind' | 'qualities'>, band: RangeBand): number | null {
  let dice: number | null
  if (w.group === 'melee') dice = band === 'melee' ? 0 : null
  else if (w.group === 'thrown') dice = band === 'melee' || band === 'close' ? 0 : band === 'medium' ? 2 : band === 'long' ? 4 : null
  else {
    const rifle = w.kind !== 'pistol'
    if (band === 'melee') dice = 2
    else if (band === 'close' || band === 'medium') dice = 0
    else if (band === 'long') dice = rifle ? 0 : null
    else dice = rifle ? 2 : null
  }
  if (dice === null) return null
  return Math.max(0, dice - (w.qualities.targeting ?? 0))
}

/** Cover soak (000:1210-1226): partial 3, full 6, one less when the cover is a creature. Ranged/Thrown only. */
export function coverSoak(cover: 'none' | 'partial' | 'full', behindCreature: boolean, group: AttackGroup): number {
  if (cover === 'none' || group === 'melee') return 0
  return (cover === 'partial' ? 3 : 6) - (behindCreature ? 1 : 0)
}

/** Aimed shot difficulty → defender's extra dice (000:308-312; Disarm = 3, 000:936). */
export const AIMED_SHOT = { easy: 1, intermediate: 2, challenging: 3, hard: 4 } as const

export interface AttackSituation {
  group: AttackGroup
  backAttack?: boolean
  highGround?: boolean
  surprise?: boolean
  /** target is flanked by an ally of the attacker (Pack Tactics, 000:1058) */
  targetFlankedByAlly?: boolean
  features?: readonly string[]
  bonusDice?: number
}

/** Attack pool modifiers from position, features and the attacker's conditions. */
export function attackPoolMods(s: AttackSituation, attackerConditions: readonly string[]): { mods: number; reasons: string[] } {
  let mods = 0
  const reasons: string[] = []
  const add = (n: number, why: string) => { if (n) { mods += n; reasons.push(why) } }
  if (s.backAttack) add(1, 'backAttack') // 000:1038
  if (s.highGround) add(2, 'highGround') // 000:1062
  const f = s.features ?? []
  if (f.includes('opportunisticAttacks') && (s.backAttack || s.highGround || s.surprise)) add(2, 'opportunisticAttacks') // 000:1066
  if (f.includes('packTactics') && s.targetFlankedByAlly) add(2, 'packTactics')
  if (attackerConditions.includes('insensate')) add(s.group === 'melee' ? -2 : -5, 'insensate') // 000:580
  add(s.bonusDice ?? 0, 'bonusDice')
  return { mods, reasons }
}

export interface DefenseSituation {
  group: AttackGroup
  /** number of attackers flanking the defender in melee (000:1052) */
  flankers?: number
  /** all defenses reduced by Backstab this round (000:382) */
  armorBreak?: number
  /** Armor Defense only, reduced by Piercing Shot this round (000:483) */
  armorPierced?: number
}

/**
 * The defense pool before range and other attacker-side dice: conditions and position.
 * Prone (000:598, S21): Armor ×2 vs Thrown/Ranged, ½ vs Melee (floor, min 1). Insensate −5 Dodge/Parry, −2 Block.
 * Flanking: −1 Dodge per flanker after the first. The floor of 1 is applied by the roll.
 */
export function defenseDice(kind: DefenseKind, value: number, s: DefenseSituation, conditions: readonly string[]): { dice: number; reasons: string[] } {
  let dice = value
  const reasons: string[] = []
  if (s.armorBreak) { dice -= s.armorBreak; reasons.push('armorBreak') }
  if (s.armorPierced && kind === 'armor') { dice -= s.armorPierced; reasons.push('armorPierced') }
  if (kind === 'armor' && conditions.includes('prone')) {
    dice = s.group === 'melee' ? Math.max(1, Math.floor(dice / 2)) : dice * 2
    reasons.push(s.group === 'melee' ? 'proneHalved' : 'proneDoubled')
  }
  if (conditions.includes('insensate')) {
    if (kind === 'dodge' || kind === 'parry') { dice -= 5; reasons.push('insensate') }
    if (kind === 'block') { dice -= 2; reasons.push('insensate') }
  }
  if (kind === 'dodge' && (s.flankers ?? 0) > 1) { dice -= (s.flankers ?? 0) - 1; reasons.push('flanked') }
  return { dice, reasons }
}

/** Frightened: difficulties are +2 for actions other than fleeing (000:608). */
export const frightenedDifficulty = (attackerConditions: readonly string[]): number => (attackerConditions.includes('frightened') ? 2 : 0)

/** Hamstrung halves movement (000:584), Grappled halves it (000:597). */
export function movementWithConditions(mp: number, conditions: readonly string[]): number {
  let m = mp
  if (conditions.includes('hamstrung')) m = Math.floor(m / 2)
  if (conditions.includes('grappled')) m = Math.floor(m / 2)
  if (conditions.includes('pinned')) m = 0
  return m
}

/** Actions this turn: 2 standard, minus those lost at the start of the turn (Stunned, 000:582: once per Stunned). */
export const actionsThisTurn = (actionsLost = 0): number => Math.max(0, 2 - actionsLost)

/** Movement actions to traverse range bands (000:61-66): best case, worst case. */
const MOVE_TABLE: Array<Array<[number, number]>> = [
  [[0, 0], [1, 1], [2, 2], [3, 3], [5, Infinity]],
  [[1, 1], [0, 2], [1, 1], [2, 2], [4, Infinity]],
  [[2, 2], [1, 1], [0, 4], [1, 1], [2, Infinity]],
  [[3, 3], [2, 2], [1, 1], [0, 6], [1, Infinity]],
  [[5, Infinity], [4, Infinity], [2, Infinity], [1, Infinity], [0, 8]],
]
const BAND_INDEX: Record<RangeBand, number> = { melee: 0, close: 1, medium: 2, long: 3, extreme: 4 }
export function movementActions(from: RangeBand, to: RangeBand): { min: number; max: number } {
  const [min, max] = MOVE_TABLE[BAND_INDEX[from]][BAND_INDEX[to]]
  return { min, max }
}

/** Range band of a distance in squares (000:33-51). */
export function bandOfSquares(squares: number): RangeBand {
  if (squares <= 2) return 'melee'
  if (squares <= 7) return 'close'
  if (squares <= 12) return 'medium'
  if (squares <= 24) return 'long'
  return 'extreme'
}
