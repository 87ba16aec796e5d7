/**
 * The diceless ally resolver (000:1339-1413) and the ally card made from a player character (000:1415-1417).
 * No crits either way (000:1376); S16: each enemy quality adds floor(N/2); equal values deal 0; the ally uses the
 * highest defense it can legally use unless the GM picks one.
 */
import type { AllyStatBlock, DefenseKind, DuelType, PcStatBlock, QualityMap, Weapon } from '../schema'
import { defenses, passiveAlertness, resistanceOf, weaponPool } from './derived'

export type AllyBand = 'melee' | 'thrown' | 'ranged'

/** the band of an ally attack that reaches a target at this range band (000:1345-1349) */
export function allyBandFor(band: 'melee' | 'close' | 'medium' | 'long' | 'extreme'): AllyBand | null {
  if (band === 'melee') return 'melee'
  if (band === 'close') return 'thrown'
  if (band === 'medium') return 'ranged'
  return null
}

/** Ally → NPC: attack value minus the NPC's defense (its default or the GM's pick) when positive (000:1353). */
export function allyAttackDamage(attackValue: number, npcDefense: number): number {
  return Math.max(0, attackValue - npcDefense)
}

/** S16: the NPC's attack value = its attack dice pool + floor(N/2) for each quality (000:1370). */
export function npcAttackValue(dice: number, qualities: QualityMap): { value: number; qualityBonus: number } {
  let bonus = 0
  for (const n of Object.values(qualities)) bonus += Math.floor((n ?? 0) / 2)
  return { value: dice + bonus, qualityBonus: bonus }
}

export interface AllyDefenseChoice {
  defense: DefenseKind
  value: number
  /** why this defense: 'gmChoice', 'highestAvailable' */
  reason: 'gmChoice' | 'highestAvailable'
  /** defenses ruled out and why */
  unavailable: Partial<Record<DefenseKind, string>>
}

export interface AllyDefenseContext {
  attackBand: AllyBand
  conditions: readonly string[]
  surprised?: boolean
  /** the GM picks the defense */
  pick?: DefenseKind
}

/**
 * Which defense an ally uses against an NPC attack (000:1368): the highest it can currently perform.
 * Armor always; Block needs a Block value; Dodge not when Grappled/Prone-pinned; Parry only vs Melee unless
 * the ally can parry ranged; only Armor when surprised (000:1000).
 */
export function allyDefense(a: AllyStatBlock, ctx: AllyDefenseContext): AllyDefenseChoice {
  const unavailable: Partial<Record<DefenseKind, string>> = {}
  const values: Record<DefenseKind, number> = { armor: a.defaultDefense, block: a.block, dodge: a.dodge, parry: a.parry }
  if (ctx.surprised) { unavailable.block = 'surprised'; unavailable.dodge = 'surprised'; unavailable.parry = 'surprised' }
  if (ctx.conditions.includes('unconscious')) { unavailable.block = 'unconscious'; unavailable.dodge = 'unconscious'; unavailable.parry = 'unconscious' }
  if (a.block <= 0) unavailable.block ??= 'noShield'
  if (ctx.conditions.includes('grappled') || ctx.conditions.includes('pinned')) unavailable.dodge ??= 'grappled'
  if (a.parry <= 0) unavailable.parry ??= 'noParry'
  else if (ctx.attackBand !== 'melee' && !a.parryRanged) unavailable.parry ??= 'parryMeleeOnly'
  if (ctx.pick && !unavailable[ctx.pick]) return { defense: ctx.pick, value: values[ctx.pick], reason: 'gmChoice', unavailable }
  let best: DefenseKind = 'armor'
  for (const k of ['block', 'dodge', 'parry'] as const) if (!unavailable[k] && values[k] > values[best]) best = k
  return { defense: best, value: values[best], reason: 'highestAvailable', unavailable }
}

export interface NpcVsAlly {
  attackValue: number
  qualityBonus: number
  defense: AllyDefenseChoice
  damage: number
}

/** NPC → ally (000:1366): attack value minus the ally's defense, when positive; never a crit. */
export function npcAttacksAlly(dice: number, qualities: QualityMap, ally: AllyStatBlock, ctx: AllyDefenseContext): NpcVsAlly {
  const { value, qualityBonus } = npcAttackValue(dice, qualities)
  const defense = allyDefense(ally, ctx)
  return { attackValue: value, qualityBonus, defense, damage: Math.max(0, value - defense.value) }
}

/** 000:1384: an 8-hour rest clears all Stress, heals 8 HP and 1 Injury. */
export function allyRest(s: { hp: number; maxHp: number; stress: number; injuries: number }): { hp: number; stress: number; injuries: number } {
  return { hp: Math.min(s.maxHp, s.hp + 8), stress: 0, injuries: Math.max(0, s.injuries - 1) }
}

function strongest(pc: PcStatBlock, group: Weapon['group']): { value: number; duelType: DuelType } | null {
  let best: { value: number; duelType: DuelType } | null = null
  for (const w of pc.weapons) {
    if (w.group !== group) continue
    const v = weaponPool(pc, w)
    if (!best || v > best.value) best = { value: v, duelType: w.duelType }
  }
  return best
}

/**
 * An ally card for an absent player (000:1415-1417): attributes and defenses carried over; each band's attack is
 * the dice total of the PC's strongest weapon of that group.
 */
export function allyCardFromPc(pc: PcStatBlock): AllyStatBlock {
  const d = defenses(pc)
  const mp = Math.max(0, pc.attributes.agility - (pc.armor?.agilityPenalty ?? 0)) + 3
  return {
    kind: 'ally', name: pc.name, role: 'ally', size: pc.size, species: pc.species, attributes: { ...pc.attributes },
    movement: mp,
    melee: strongest(pc, 'melee'), thrown: strongest(pc, 'thrown'), ranged: strongest(pc, 'ranged'),
    defaultDefense: d.armor, block: d.block, dodge: d.dodge, parry: d.parry,
    acrobatics: pc.skills.acrobatics, athletics: pc.skills.athletics, resistance: resistanceOf(pc),
    emotionalControl: pc.skills.emotionalControl, hp: pc.hp, stressCapacity: pc.stressCapacity,
    injuriesSuffered: Math.max(0, 6 - pc.vitality),
    alertness: pc.skills.alertness, stealth: pc.skills.stealth, observation: pc.skills.observation,
    passiveAlertness: passiveAlertness(pc.attributes.perception, pc.skills.alertness),
    searching: pc.skills.searching, virtues: [], flaws: [], passiveAbility: null, specialAttacks: [],
    parryRanged: pc.parryRanged, fromPc: pc.name,
  }
}
