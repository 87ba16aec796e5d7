/**
 * Pure Saga calculations shared by decide (with dice) and odds (exact distributions): attack bonus, the
 * target's Reflex at this moment, damage bonus, and the damage pipeline SR → DR → HP → threshold → 0 HP.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { findCombatant } from '../../../kit/state'
import { damageThreshold, mod, reflexBreakdown, REFLEX_SIZE, type SagaStatBlock, type Term, type Weapon } from '../schema'
import { clampCt, ctPenalty, isHelpless, sagaState, sagaStats, CT_MAX, type SagaState, type Status } from './state'

export type RangeBand = 'pointBlank' | 'short' | 'medium' | 'long'
/** 001: range penalty 0 / −2 / −5 / −10 */
export const RANGE_PENALTY: Record<RangeBand, number> = { pointBlank: 0, short: -2, medium: -5, long: -10 }

export interface AttackOptions {
  weapon?: string | number
  range?: RangeBand
  distance?: number
  cover?: 'none' | 'cover' | 'improved' | 'total'
  concealment?: 'none' | 'concealment' | 'total'
  flanking?: boolean
  charge?: boolean
  fightingDefensively?: boolean
  shootingIntoMelee?: boolean
  twoHanded?: boolean
  stun?: boolean
  autofire?: boolean
  braced?: boolean
  area?: boolean
  misc?: number
  /** 003 aim: two swift actions before a ranged attack ignore the target's cover bonuses (set from `saga.aiming`) */
  aimed?: boolean
  /** set by grab / disarm */
  special?: 'grab' | 'grapple' | 'disarm'
  twoHandedGrip?: boolean
}

/** 003 unarmed attack: 1d4 (Medium), 1d3 (Small or smaller), bludgeoning */
export function unarmed(sb: SagaStatBlock): Weapon {
  const small = ['fine', 'diminutive', 'tiny', 'small'].includes(sb.size)
  return { name: 'unarmed', damage: small ? '1d3' : '1d4', kind: 'melee', natural: true, damageType: 'bludgeoning' }
}

export function findWeapon(sb: SagaStatBlock, w: string | number | undefined): Weapon | null {
  if (w === undefined) return sb.weapons[0] ?? unarmed(sb)
  if (w === 'unarmed') return unarmed(sb)
  if (typeof w === 'number') return sb.weapons[w] ?? null
  return sb.weapons.find((x) => x.name === w) ?? sb.weapons.find((x) => x.name.toLowerCase() === w.toLowerCase()) ?? null
}

/** Band from a distance in squares (W8: the weapon's band ends are data); null = beyond long range. */
export function bandFor(weapon: Weapon, distance: number): RangeBand | null {
  if (!weapon.ranges) return 'pointBlank'
  const bands: RangeBand[] = ['pointBlank', 'short', 'medium', 'long']
  for (let i = 0; i < 4; i++) if (distance <= weapon.ranges[i]) return bands[i]
  return null
}

/**
 * 001: "When a vehicle is pushed down the condition track, all of the vehicle's occupants suffer the same penalties
 * as the vehicle itself until the vehicle is either disabled or repaired"; cumulative with their own track.
 */
export function vehiclePenalty(state: EncounterState, c: Combatant): number {
  const id = sagaState(c).vehicle
  if (!id) return 0
  const v = findCombatant(state, id)
  if (!v) return 0
  const vst = sagaState(v)
  return vst.ct > 0 && vst.ct < CT_MAX && vst.status === 'ok' ? ctPenalty(vst.ct) : 0
}

const hasCondition = (c: Combatant, key: string) => c.conditions.some((k) => k.key === key)

/** 003 Aim: the attacker aimed (two swift actions) and attacks with a ranged weapon. */
export const aimedNow = (attacker: Combatant, weapon: Weapon): boolean => weapon.kind === 'ranged' && hasCondition(attacker, 'saga.aiming')
const conditionSum = (c: Combatant, key: string) => c.conditions.filter((k) => k.key === key).reduce((s, k) => s + (k.value ?? 0), 0)

export interface Breakdown {
  total: number
  terms: Term[]
}
const total = (terms: Term[]): Breakdown => ({ total: terms.reduce((s, t) => s + t.value, 0), terms })

/** The target's Reflex Defense right now, with every term (001 Reflex, 003 cover, W9 held objects). */
export function currentReflex(state: EncounterState, target: Combatant, opts: AttackOptions = {}): Breakdown {
  const sb = sagaStats(target)
  const st = sagaState(target)
  let terms: Term[]
  if (sb.kind === 'object' && sb.objectState === 'held' && sb.heldBy) {
    // W9 (003:153, literal): 10 + size + the wielder's Reflex without armor and natural armor bonuses
    const holder = findCombatant(state, sb.heldBy)
    const h = holder ? currentReflex(state, holder) : { total: 10, terms: [] }
    const strip = h.terms.filter((t) => t.term === 'armor' || t.term === 'natural').reduce((s, t) => s + t.value, 0)
    terms = [{ term: 'base', value: 10 }, { term: 'size', value: REFLEX_SIZE[sb.size] }, { term: 'wielder', value: h.total - strip }]
    return total(terms)
  }
  const b = reflexBreakdown(sb)
  terms = b.total !== b.terms.reduce((s, t) => s + t.value, 0) ? [{ term: 'published', value: b.total }] : [...b.terms]
  const dex = b.terms.find((t) => t.term === 'dex')?.value ?? 0
  if (sb.kind !== 'object' && isHelpless(st)) {
    // 001: helpless → Reflex as if Dex 0 (−5)
    terms.push({ term: 'helpless', value: -5 - dex })
  } else if (hasCondition(target, 'saga.flatFooted') && dex > 0) {
    // 001: flat-footed loses its Dex bonus (not a penalty)
    terms.push({ term: 'flatFooted', value: -dex })
  }
  if (st.ct > 0 && st.ct < CT_MAX) terms.push({ term: 'conditionTrack', value: ctPenalty(st.ct) })
  const inVehicle = vehiclePenalty(state, target)
  if (inVehicle) terms.push({ term: 'vehicleTrack', value: inVehicle })
  // 003 aim: the next ranged attack ignores all cover bonuses to Reflex
  if (opts.cover === 'cover' && !opts.aimed) terms.push({ term: 'cover', value: 5 })
  if (opts.cover === 'improved' && !opts.aimed) terms.push({ term: 'improvedCover', value: 10 })
  const charging = conditionSum(target, 'saga.charging')
  if (charging) terms.push({ term: 'charging', value: charging })
  const defensive = conditionSum(target, 'saga.fightingDefensively')
  if (defensive) terms.push({ term: 'fightingDefensively', value: defensive })
  if (opts.special === 'disarm') terms.push({ term: 'disarm', value: 10 })
  return total(terms)
}

/** 001: 1d20 + BAB + Str (melee) or Dex (ranged) + range penalty, with the situational modifiers of 003. */
export function attackBonus(state: EncounterState, attacker: Combatant, target: Combatant | null, weapon: Weapon, opts: AttackOptions = {}): Breakdown {
  const sb = sagaStats(attacker)
  const st = sagaState(attacker)
  const melee = weapon.kind === 'melee'
  const terms: Term[] = [{ term: 'bab', value: sb.bab }]
  terms.push(melee ? { term: 'str', value: mod(sb.abilities.str) } : { term: 'dex', value: mod(sb.abilities.dex) })
  if (weapon.attackBonus) terms.push({ term: 'weapon', value: weapon.attackBonus })
  if (!melee) {
    const band = opts.range ?? (opts.distance !== undefined ? (bandFor(weapon, opts.distance) ?? 'long') : 'pointBlank')
    if (RANGE_PENALTY[band]) terms.push({ term: `range.${band}`, value: RANGE_PENALTY[band] })
  }
  if (st.ct > 0 && st.ct < CT_MAX) terms.push({ term: 'conditionTrack', value: ctPenalty(st.ct) })
  const inVehicle = vehiclePenalty(state, attacker)
  if (inVehicle) terms.push({ term: 'vehicleTrack', value: inVehicle })
  if (melee && opts.flanking) terms.push({ term: 'flanking', value: 2 })
  if (melee && opts.charge) terms.push({ term: 'charge', value: 2 })
  if (opts.fightingDefensively) terms.push({ term: 'fightingDefensively', value: -5 })
  if (melee && st.prone) terms.push({ term: 'proneAttacker', value: -5 })
  if (target) {
    const tst = sagaState(target)
    if (tst.prone) terms.push({ term: 'proneTarget', value: melee ? 5 : -5 })
    if (melee && isHelpless(tst) && sagaStats(target).kind !== 'object') terms.push({ term: 'helplessTarget', value: 5 })
    const aided = target.conditions.filter((k) => k.key === 'saga.aidedAgainst' && k.source !== undefined && isAlly(state, k.source, attacker)).length
    if (aided) terms.push({ term: 'aid', value: 2 * aided })
  }
  // 003 Full attack: the penalties of extra attacks apply to every attack until the start of the next turn
  const extra = conditionSum(attacker, 'saga.extraAttacks')
  if (extra) terms.push({ term: 'extraAttacks', value: extra })
  const suppressed = attacker.conditions.filter((k) => k.key === 'saga.suppressed').length
  if (suppressed) terms.push({ term: 'suppressed', value: -2 * suppressed })
  if (hasCondition(attacker, 'saga.grabbed') && !weapon.light && !weapon.natural) terms.push({ term: 'grabbed', value: -2 })
  if (opts.concealment === 'concealment') terms.push({ term: 'concealment', value: -2 })
  if (opts.concealment === 'total') terms.push({ term: 'totalConcealment', value: -5 })
  if (!melee && opts.shootingIntoMelee && !sb.preciseShot) terms.push({ term: 'shootingIntoMelee', value: -5 })
  if (opts.autofire) terms.push({ term: 'autofire', value: opts.braced ? -2 : -5 })
  if (opts.special === 'grab') terms.push({ term: 'grab', value: -5 })
  if (opts.special === 'disarm') {
    if (opts.twoHandedGrip) terms.push({ term: 'twoHandedGrip', value: -5 })
    if (sb.improvedDisarm) terms.push({ term: 'improvedDisarm', value: 5 })
  }
  // 003 Careful Shot: +1 when the attacker aimed
  if (opts.aimed && sb.carefulShot) terms.push({ term: 'carefulShot', value: 1 })
  if (opts.misc) terms.push({ term: 'misc', value: opts.misc })
  return total(terms)
}

/** The aid came from someone on the attacker's side (003: the next ally who attacks that opponent). */
function isAlly(state: EncounterState, helperId: string, attacker: Combatant): boolean {
  const h = findCombatant(state, helperId)
  return !!h && (h.id === attacker.id || h.side === attacker.side || (['party', 'allies'].includes(h.side) && ['party', 'allies'].includes(attacker.side)))
}

/** 001: damage bonus = ½ heroic level + Str (melee or thrown; ×2 two-handed, not light) + weapon bonus. */
export function damageBonus(attacker: Combatant, weapon: Weapon, opts: AttackOptions = {}): Breakdown {
  const sb = sagaStats(attacker)
  const terms: Term[] = []
  const half = Math.floor(sb.heroicLevel / 2)
  if (half) terms.push({ term: 'halfHeroicLevel', value: half })
  if (weapon.kind === 'melee' || weapon.thrown) {
    const str = mod(sb.abilities.str)
    const two = (opts.twoHanded || weapon.twoHanded) && !weapon.light && weapon.kind === 'melee' && str > 0
    if (str) terms.push({ term: two ? 'strTwoHanded' : 'str', value: two ? 2 * str : str })
  }
  if (weapon.damageBonus) terms.push({ term: 'weapon', value: weapon.damageBonus })
  return total(terms)
}

export type DamageMode = 'normal' | 'stun' | 'ion'

export interface DamageOutcome {
  /** damage before mitigation (after crit doubling and the minimum of 1) */
  raw: number
  mode: DamageMode
  srBefore: number
  srAfter: number
  dr: number
  /** damage after SR and DR: what the threshold is compared with (W2) */
  dealt: number
  hpLoss: number
  hpBefore: number
  hpAfter: number
  threshold: number
  ctBefore: number
  ctAfter: number
  statusBefore: Status
  status: Status
  /** what happened, for the log: noEffect, hit, threshold, unconscious, disabled, dead, destroyed */
  outcome: 'noEffect' | 'hit' | 'threshold' | 'unconscious' | 'disabled' | 'dead' | 'destroyed'
  deathAvoidable: boolean
  stunnedOut: boolean
}

const isLivingKind = (sb: SagaStatBlock) => sb.kind === 'heroic' || sb.kind === 'nonheroic'

/**
 * The damage pipeline (001 Damage Threshold, 0 HP, Death; 003 SR, DR, ion, stun; W2 order, W3 rounding, W4 floor).
 * `amount` is the raw damage of one attack against one target.
 */
export function resolveDamage(sb: SagaStatBlock, st: SagaState, amount: number, mode: DamageMode = 'normal', damageType?: string): DamageOutcome {
  const threshold = damageThreshold(sb).total
  const living = isLivingKind(sb)
  const out: DamageOutcome = {
    raw: amount,
    mode,
    srBefore: st.sr,
    srAfter: st.sr,
    dr: 0,
    dealt: 0,
    hpLoss: 0,
    hpBefore: st.hp,
    hpAfter: st.hp,
    threshold,
    ctBefore: st.ct,
    ctAfter: st.ct,
    statusBefore: st.status,
    status: st.status,
    outcome: 'noEffect',
    deathAvoidable: false,
    stunnedOut: st.stunnedOut,
  }
  // 003: only creatures take stun damage; the dead and destroyed take nothing more (and a Force Point may still
  // avoid the death that was just dealt, 001:94)
  if (st.status === 'dead' || st.status === 'destroyed') {
    out.deathAvoidable = st.deathAvoidable
    return out
  }
  if (mode === 'stun' && !living) return out
  let d = amount
  // W2: SR first; SR drops by 5 when the damage strictly exceeds it
  if (st.sr > 0) {
    out.srAfter = d > st.sr ? Math.max(0, st.sr - 5) : st.sr
    d = Math.max(0, d - st.sr)
  }
  // 003: DR, bypassed by listed damage types; lightsabers ignore DR
  if (sb.dr && sb.dr.value > 0 && damageType !== 'lightsaber' && !(damageType && sb.dr.bypass.includes(damageType))) {
    out.dr = Math.min(d, sb.dr.value)
    d -= out.dr
  }
  out.dealt = d
  // W3: stun and ion deal half (rounded down) to HP
  out.hpLoss = mode === 'normal' ? d : Math.floor(d / 2)
  out.hpAfter = Math.max(0, st.hp - out.hpLoss) // W4
  const reachesDT = d >= threshold
  const ionAffects = !living || sb.cyborg === true
  let ct = st.ct
  let status: Status = st.status
  out.outcome = d > 0 ? 'hit' : 'noEffect'
  if (mode === 'stun') {
    if (out.hpAfter === 0) {
      ct = CT_MAX
      status = 'unconscious'
      out.stunnedOut = true
      out.outcome = 'unconscious'
    } else if (reachesDT) {
      ct += 2 // W3: −2 replaces the −1 threshold step
      out.outcome = 'threshold'
    }
  } else if (mode === 'ion') {
    if (ionAffects) {
      if (out.hpAfter === 0) {
        ct = CT_MAX
        status = living ? 'unconscious' : 'disabled'
        out.outcome = living ? 'unconscious' : 'disabled'
      } else if (reachesDT) {
        ct += 2
        out.outcome = 'threshold'
      }
    }
  } else if (living) {
    if (st.status === 'unconscious' && reachesDT) {
      // 001: an unconscious creature hit for damage ≥ DT dies
      status = 'dead'
      out.outcome = 'dead'
    } else if (out.hpAfter === 0 && out.hpLoss > 0) {
      if (reachesDT) {
        status = 'dead'
        out.outcome = 'dead'
      } else {
        status = 'unconscious'
        out.outcome = 'unconscious'
      }
      ct = CT_MAX
    } else if (reachesDT) {
      ct += 1
      out.outcome = 'threshold'
    }
  } else {
    // 001: droids, objects, vehicles are disabled at 0 HP, destroyed when the damage also reaches DT
    if (out.hpAfter === 0 && out.hpLoss > 0) {
      status = reachesDT ? 'destroyed' : 'disabled'
      out.outcome = status
      ct = CT_MAX
    } else if (reachesDT) {
      ct += 1
      out.outcome = 'threshold'
    }
  }
  ct = clampCt(ct)
  // 001: pushed to the last step → unconscious (creatures) or disabled (droids, objects, vehicles)
  if (ct >= CT_MAX && status === 'ok') {
    status = living ? 'unconscious' : 'disabled'
    if (out.outcome === 'threshold' || out.outcome === 'hit') out.outcome = status
  }
  out.ctAfter = ct
  out.status = status
  // 001: a Force Point avoids death (a droid: disabled instead of destroyed)
  out.deathAvoidable = (status === 'dead' || (status === 'destroyed' && sb.kind === 'droid')) && st.forcePoints > 0
  return out
}

/** The state patch a damage outcome writes. */
export const damagePatch = (o: DamageOutcome): Partial<SagaState> => ({
  hp: o.hpAfter,
  sr: o.srAfter,
  ct: o.ctAfter,
  status: o.status,
  stunnedOut: o.stunnedOut,
  deathAvoidable: o.deathAvoidable,
  ...(o.status !== 'ok' && o.statusBefore === 'ok' && (o.status === 'unconscious' || o.status === 'disabled') ? { prone: true } : {}),
})
