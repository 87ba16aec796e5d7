/**
 * The Dueling System (000:1238-1327). Power beats Finesse, Finesse beats Quick, Quick beats Power.
 * Block = Power, Dodge = Quick, Parry = Finesse; Armor Defense is untyped and always CLASHes (S14).
 * A defender who cannot perform the chosen defense is DOMINATEd (000:1273).
 */
import type { DefenseKind, DuelType } from '../schema'

export type DuelResult = 'dominate' | 'clash' | 'repel'

export const DEFENSE_TYPE: Record<Exclude<DefenseKind, 'armor'>, DuelType> = { block: 'power', dodge: 'quick', parry: 'finesse' }
const BEATS: Record<DuelType, DuelType> = { power: 'finesse', finesse: 'quick', quick: 'power' }

export function duelMatrix(attack: DuelType, defense: DefenseKind, defenseAvailable = true): DuelResult {
  if (!defenseAvailable) return 'dominate'
  if (defense === 'armor') return 'clash'
  const d = DEFENSE_TYPE[defense]
  if (BEATS[attack] === d) return 'dominate'
  if (attack === d) return 'clash'
  return 'repel'
}

/** The defense a defender uses for a duel type drawn from a Duel Die (Power → Block, Quick → Dodge, Finesse → Parry). */
export const defenseForType = (t: DuelType): DefenseKind => (t === 'power' ? 'block' : t === 'quick' ? 'dodge' : 'parry')

/** S1: the Duel Die is undefined; default faces are two of each type on a d6. */
export const DEFAULT_DUEL_DIE: DuelType[] = ['power', 'power', 'finesse', 'finesse', 'quick', 'quick']

/** A boss's Duel Die for its current phase (000:1327); the default die when it has none. */
export function duelDieFor(duelDice: ReadonlyArray<{ phase: number; faces: DuelType[] }>, phase: number): DuelType[] {
  const exact = duelDice.find((d) => d.phase === phase)
  if (exact) return exact.faces
  const earlier = [...duelDice].filter((d) => d.phase <= phase).sort((a, b) => b.phase - a.phase)[0]
  return earlier?.faces ?? DEFAULT_DUEL_DIE
}

/** The duel as the board draws it (EncounterState.system.duel). */
export interface DuelState {
  active: string
  fighters: string[]
  /** DOMINATE / CLASH / REPEL count so far */
  interactions: number
  /** the exchange number each outsider last jumped into (000:1315) */
  lastJumpIn: Record<string, number>
  phase: number
  history: Array<{ n: number; attacker: string; defender: string; attackType: DuelType; defense: DefenseKind; result: DuelResult; damage: number; nextActive: string }>
}

export function startDuel(fighters: string[], active: string): DuelState {
  return { active, fighters: [...fighters], interactions: 0, lastJumpIn: {}, phase: 1, history: [] }
}

/**
 * S15 Active Fighter flow: DOMINATE keeps the attacker active; REPEL makes the defender active; after a CLASH the
 * attacker stays active when ≥ 1 Hit or Crit went through, otherwise the defender becomes active.
 */
export function nextActive(result: DuelResult, attacker: string, defender: string, clashSucceeded: boolean): string {
  if (result === 'dominate') return attacker
  if (result === 'repel') return defender
  return clashSucceeded ? attacker : defender
}

/**
 * A character outside the duel may jump in every 3 interactions (000:1315): PCs pay 1 Motivation, allies 1 Stress
 * (000:1413). Returns the reason it is not allowed, or null.
 */
export function jumpInBlocked(d: DuelState, who: string): string | null {
  if (d.fighters.includes(who)) return null
  // lastJumpIn holds the number of the exchange it jumped into; the next try may be 3 exchanges later (1, 4, 7 ...)
  const last = d.lastJumpIn[who]
  if (last !== undefined && d.interactions + 1 - last < 3) return 'every3Interactions'
  return null
}

/**
 * S14: DOMINATE does "full damage": the attacker's whole attack pool, each die a Hit, no Crits; doubled when the
 * defender is Prone (000:598).
 */
export const dominateDamage = (attackPool: number, defenderProne: boolean): number => attackPool * (defenderProne ? 2 : 1)

/** Prone defender in a CLASH rolls ½ the dice (floor, min 1, S21); in a REPEL still rolls (000:598). */
export const proneClashDice = (dice: number): number => Math.max(1, Math.floor(dice / 2))
