/**
 * Resolution of one Starchasers attack roll (000:150-184, 000:720-752), in the order of S4:
 * attacker rolls (Aim: Reroll(2), S17) → attacker spends Focus (token, then qualities) → soak removes Hits then
 * Crits (S19, 000:1204) → defender pool (Piercing removes Armor dice, S18) → defender rolls and spends Focus →
 * Evades cancel Hits, then Crits (000:170) → success iff a Hit or Crit survives (S3) → damage, Critical Strike
 * (Crits > Toughness + Resistance → d8 status, S5) and named-status qualities (Crits + N > Resistance).
 */
import { ok, type Result } from '@shared/result'
import type { AttackFace, DiceSource, DefenseFace } from './dice'
import { countAttack, countDefense, poolFloor, rerollPick } from './dice'
import type { DefenseKind, QualityMap, WeaponQuality } from '../schema'
import { STATUS_TABLE, NAMED_STATUS_QUALITIES, type StatusCondition } from './conditions'

/** Qualities that spend Focus results, in the default allocation order (damage first). */
export const FOCUS_QUALITIES: WeaponQuality[] = [
  'vicious', 'accurate', 'piercing', 'stunning', 'ionic', 'spreading', 'cleaving', 'impale', 'burning',
  'disarming', 'grappling', 'blinding', 'deafening', 'defensive',
]

/** Armor / shield qualities the defender's spare Focus can trigger (000:864-873, 000:919-928). */
export const DEFENDER_FOCUS_QUALITIES = ['reflective', 'fortifying', 'spiked', 'restorative', 'knockback'] as const
export type DefenderFocusQuality = (typeof DEFENDER_FOCUS_QUALITIES)[number]

export interface AttackInput {
  /** attack dice after every modifier (the floor of 1 is applied here) */
  pool: number
  qualities: QualityMap
  /** spend a Focus token: every Focus result counts as a Hit (000:164) */
  focusToken?: boolean
  /** Focus to spend per quality (each capped at its number); default: FOCUS_QUALITIES order */
  focusPlan?: Partial<Record<WeaponQuality, number>>
  /** Reroll(N) from Aim (S17); `rerollPick` are die indexes chosen by the player */
  reroll?: number
  rerollPick?: number[]
  /** Stun damage goes to Stress instead of HP (000:524) */
  stun?: boolean
  /** cover soak (partial 3, full 6, one less behind a creature: 000:1210-1226) */
  soak?: number
  defense: {
    kind: DefenseKind
    /** the defense value in dice before situational modifiers */
    dice: number
    /** extra defense dice: range (S13), aimed shot, weight, Frightened attacker ... (may be negative) */
    mods?: number
    focusToken?: boolean
    /** Defensive(N) / Protective(N): N Focus count as Evades (000:246) */
    focusAsEvades?: number
    /** Evades banked by a Defensive weapon quality earlier */
    bonusEvades?: number
    /** Fortifying / Reflective / Restorative / Spiked / Knockback (N) of the armor (and the shield when Blocking) */
    armorQualities?: Partial<Record<DefenderFocusQuality, number>>
    /** Focus to spend per armor quality (each capped at its number); default DEFENDER_FOCUS_QUALITIES order */
    focusPlan?: Partial<Record<DefenderFocusQuality, number>>
  }
  /** a Melee attack (Spiked only hurts Melee attackers, 000:873) */
  melee?: boolean
  /**
   * Hits and Crits already rolled and shared out (area attacks, Spread / Cleave / Impale hits on a second target):
   * the attacker does not roll; soak and the defense apply as usual.
   */
  preset?: { hits: number; crits: number }
  /** Toughness + Resistance (S5); Infinity for targets that never take status conditions (allies) */
  critThreshold: number
  /** Resistance for named-status qualities (000:747) */
  resistance: number
}

export interface AttackOutcome {
  pool: number
  attackFaces: AttackFace[]
  rerolled: number[]
  focusSpent: Partial<Record<WeaponQuality | 'token', number>>
  /** Hits and Crits after Focus conversion and before soak */
  hits: number
  crits: number
  soaked: { hits: number; crits: number }
  defensePool: number
  defenseFaces: DefenseFace[]
  evades: number
  piercingExcess: number
  /** uncanceled */
  netHits: number
  netCrits: number
  success: boolean
  /** lethal damage (HP) and Stress from this attack */
  damage: number
  stress: number
  /** Focus effects for the GM/board: spread and cleave hits, impale, burning next round, disarm ... */
  effects: Partial<Record<WeaponQuality, number>>
  criticalStrike: boolean
  /** the defender's Focus spent on armor qualities, and what they did */
  defenderFocus: Partial<Record<DefenderFocusQuality, number>>
  /** Hits turned back at the attacker (Reflective) and Hits of the spikes (Spiked): damage to the attacker */
  reflected: number
  spikes: number
  /** HP the wearer heals (Restorative) and squares the attacker is pushed back (Knockback) */
  restored: number
  knockback: number
  /** statuses inflicted: the d8 roll (when a Critical Strike) and named qualities */
  statuses: Array<{ status: StatusCondition; source: 'criticalStrike' | WeaponQuality; roll?: number }>
}

export function resolveAttack(input: AttackInput, dice: DiceSource): Result<AttackOutcome> {
  const pool = input.preset ? 0 : poolFloor(input.pool)
  const rolled = dice.attack(pool)
  if (!rolled.ok) return rolled
  const faces = [...rolled.value]
  const q = input.qualities
  const focusUseful = !!input.focusToken || FOCUS_QUALITIES.some((k) => (q[k] ?? 0) > 0)
  const rerolled: number[] = []
  if (input.reroll && !input.preset) {
    const pick = (input.rerollPick ?? rerollPick(faces, input.reroll, focusUseful)).slice(0, input.reroll)
    for (const i of pick) {
      if (i < 0 || i >= faces.length) continue
      const r = dice.attack(1)
      if (!r.ok) return r
      faces[i] = r.value[0]
      rerolled.push(i)
    }
  }
  const c = countAttack(faces)
  let hits = c.hit + (input.preset?.hits ?? 0)
  let crits = c.crit + (input.preset?.crits ?? 0)
  let focus = c.focus
  const focusSpent: AttackOutcome['focusSpent'] = {}
  const effects: AttackOutcome['effects'] = {}
  if (input.focusToken && focus > 0) {
    focusSpent.token = focus
    hits += focus
    focus = 0
  }
  const order = input.focusPlan ? (Object.keys(input.focusPlan) as WeaponQuality[]) : FOCUS_QUALITIES
  for (const k of order) {
    const cap = q[k] ?? 0
    if (cap <= 0 || focus <= 0) continue
    const want = input.focusPlan ? Math.min(input.focusPlan[k] ?? 0, cap) : cap
    const n = Math.min(want, focus)
    if (n <= 0) continue
    focus -= n
    focusSpent[k] = n
    if (k === 'accurate') hits += n
    else if (k === 'vicious') crits += n
    else effects[k] = n
  }
  // soak: Hits first, then Crits (S19)
  const soak = Math.max(0, input.soak ?? 0)
  const soakHits = Math.min(soak, hits)
  const soakCrits = Math.min(soak - soakHits, crits)
  const afterSoakHits = hits - soakHits
  const afterSoakCrits = crits - soakCrits
  // defender pool; Piercing removes Armor-Defense dice, excess is +1 damage each (S18)
  const d = input.defense
  let base = d.dice
  let piercingExcess = 0
  const piercing = effects.piercing ?? 0
  if (piercing > 0) {
    if (d.kind === 'armor') {
      const removed = Math.min(piercing, base)
      base -= removed
      piercingExcess = piercing - removed
    }
  }
  const defensePool = poolFloor(base + (d.mods ?? 0))
  const drolled = dice.defense(defensePool)
  if (!drolled.ok) return drolled
  const dc = countDefense(drolled.value)
  let evades = dc.evade + (d.bonusEvades ?? 0)
  const focusEvades = d.focusToken ? dc.focus : Math.min(dc.focus, d.focusAsEvades ?? 0)
  evades += focusEvades
  // Evades cancel Hits first, then Crits (000:170)
  let netHits = Math.max(0, afterSoakHits - evades)
  const left = Math.max(0, evades - afterSoakHits)
  const netCrits = Math.max(0, afterSoakCrits - left)
  // the defender's spare Focus on armor / shield qualities (000:866: up to each number, the defender chooses)
  const defenderFocus = spendDefenderFocus(dc.focus - focusEvades, d, { netHits, netCrits, melee: !!input.melee })
  const reflected = Math.min(defenderFocus.reflective ?? 0, netHits)
  netHits -= reflected
  const fortify = defenderFocus.fortifying ?? 0
  const success = netHits + netCrits > 0
  const raw = success ? netHits + 2 * netCrits + piercingExcess : 0
  let damage = 0
  let stress = 0
  if (input.stun) stress += raw
  else damage += raw
  if (success && effects.stunning) stress += effects.stunning
  const statuses: AttackOutcome['statuses'] = []
  const criticalStrike = success && netCrits > input.critThreshold + fortify
  if (criticalStrike) {
    const r = dice.dN(8)
    if (!r.ok) return r
    statuses.push({ status: STATUS_TABLE[r.value - 1], source: 'criticalStrike', roll: r.value })
  }
  if (success && Number.isFinite(input.critThreshold)) {
    for (const [quality, status] of NAMED_STATUS_QUALITIES) {
      const n = q[quality] ?? 0
      if (n > 0 && netCrits + n > input.resistance + fortify && !statuses.some((s) => s.status === status)) statuses.push({ status, source: quality })
    }
  }
  // Shocked: the same amount of Stun Damage as well (000:586)
  if (statuses.some((s) => s.status === 'shocked')) stress += damage
  return ok({
    pool, attackFaces: faces, rerolled, focusSpent, hits, crits, soaked: { hits: soakHits, crits: soakCrits },
    defensePool, defenseFaces: drolled.value, evades, piercingExcess, netHits, netCrits, success, damage, stress,
    effects, criticalStrike, statuses, defenderFocus, reflected, spikes: defenderFocus.spiked ?? 0,
    restored: defenderFocus.restorative ?? 0, knockback: defenderFocus.knockback ?? 0,
  })
}

/**
 * 000:869-873, 000:928: Reflective turns uncanceled Hits back at the attacker, Fortifying raises Resistance for
 * this attack's status checks, Spiked gives Melee attackers Hits, Restorative heals the wearer 1 HP, Knockback
 * pushes the attacker 1 square — one Focus each, up to the quality's number. Without a plan a point is spent only
 * where it does something (Reflective on surviving Hits, Fortifying against surviving Crits, Spiked on Melee).
 */
function spendDefenderFocus(focus: number, d: AttackInput['defense'], s: { netHits: number; netCrits: number; melee: boolean }): Partial<Record<DefenderFocusQuality, number>> {
  const q = d.armorQualities ?? {}
  const out: Partial<Record<DefenderFocusQuality, number>> = {}
  const order = d.focusPlan ? (Object.keys(d.focusPlan) as DefenderFocusQuality[]) : DEFENDER_FOCUS_QUALITIES
  for (const k of order) {
    if (focus <= 0) break
    let cap = Math.min(q[k] ?? 0, d.focusPlan ? (d.focusPlan[k] ?? 0) : Infinity)
    if (k === 'spiked' && !s.melee) cap = 0
    if (!d.focusPlan && k === 'reflective') cap = Math.min(cap, s.netHits)
    if (!d.focusPlan && k === 'fortifying' && s.netCrits === 0) cap = 0
    const n = Math.min(cap, focus)
    if (n <= 0) continue
    out[k] = n
    focus -= n
  }
  return out
}
