/**
 * Recovery (004 "Recovery"): every damage type heals (Stamina + Enhanced Stamina) points per increment —
 *   without medical care: bashing per day, lethal per week, aggravated never;
 *   with medical care:    bashing per hour, lethal per day, aggravated per week.
 * Medical care: a Science: Medicine roll against a difficulty (T5: |current wound penalty| by default, a GM input);
 * its net successes add to the healing value; T6: net ≥ 0 is care, net < 0 (or an interruption) leaves the patient
 * untended for that increment. The same medic waits one untended increment after a failed attempt (T6), a different
 * medic need not.
 */
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as sentences } from '../i18n/en'
import { makePool, type Pool, type PoolRoll } from './dice'
import { heal, type Wounds } from './health'
import type { DamageType, StatBlock } from '../schema'

export const INCREMENTS = ['hour', 'day', 'week'] as const
export type Increment = (typeof INCREMENTS)[number]
export const HOURS: Record<Increment, number> = { hour: 1, day: 24, week: 168 }

/** 004: the increment per which each type heals, without and with medical care. */
export const UNTENDED_RATE: Record<DamageType, Increment | null> = { bashing: 'day', lethal: 'week', aggravated: null }
export const TENDED_RATE: Record<DamageType, Increment> = { bashing: 'hour', lethal: 'day', aggravated: 'week' }
/** the damage type a medical increment tends (the one whose tended rate is that increment) */
export const TENDED_TYPE: Record<Increment, DamageType> = { hour: 'bashing', day: 'lethal', week: 'aggravated' }

/** 004 "(Stamina + Enhanced Stamina)": Enhanced Stamina is the Epic Stamina rating. */
export const healingValue = (sb: StatBlock): number => sb.attributes.stamina + (sb.epic.stamina ?? 0)

export type Healed = Record<DamageType, number>
const none = (): Healed => ({ bashing: 0, lethal: 0, aggravated: 0 })

/** Untended rest for `hours`: each type heals the value once per full increment of its untended rate. */
export function naturalRecovery(w: Wounds, value: number, hours: number): { wounds: Wounds; healed: Healed } {
  let wounds = w
  const healed = none()
  for (const t of ['bashing', 'lethal', 'aggravated'] as const) {
    const rate = UNTENDED_RATE[t]
    if (!rate) continue // 004: aggravated damage does not heal without medical care
    const r = heal(wounds, t, value * Math.floor(hours / HOURS[rate]))
    wounds = r.wounds
    healed[t] = r.healed
  }
  return { wounds, healed }
}

/** The Science: Medicine pool: Intelligence + Medicine (Scion 1e) with wound penalty and modifier, or a flat pool (a medical droid "worth 6 dice"). */
export function medicinePool(medic: StatBlock | { dice: number }, mods: { modifier?: number; woundPenalty?: number } = {}): Pool {
  const base = 'dice' in medic ? [{ key: 'dice', value: medic.dice }] : [{ key: 'intelligence', value: medic.attributes.intelligence }, { key: 'medicine', value: medic.abilities.medicine ?? 0 }]
  return makePool([...base, { key: 'modifier', value: mods.modifier ?? 0 }, { key: 'wound', value: mods.woundPenalty ?? 0 }])
}

export interface CareOutcome {
  increment: Increment
  difficulty: number
  raw: number
  net: number
  /** T6: net ≥ 0 and not interrupted */
  tended: boolean
  /** the type tended this increment (bashing per hour, lethal per day, aggravated per week) */
  type: DamageType
  /** healing value + net successes, when tended */
  amount: number
  wounds: Wounds
  healed: Healed
}

/**
 * One increment under medical care. Tended: the increment's type heals value + net; the other types heal as
 * untended over the same time. Not tended (net < 0, T6, or interrupted): the whole increment is untended rest.
 */
export function medicalIncrement(w: Wounds, value: number, increment: Increment, roll: Pick<PoolRoll, 'successes'>, difficulty: number, interrupted = false): CareOutcome {
  const net = roll.successes - difficulty
  const tended = !interrupted && net >= 0
  const type = TENDED_TYPE[increment]
  if (!tended) {
    const r = naturalRecovery(w, value, HOURS[increment])
    return { increment, difficulty, raw: roll.successes, net, tended, type, amount: 0, wounds: r.wounds, healed: r.healed }
  }
  const amount = value + net
  const care = heal(w, type, amount)
  // the other types heal untended over the same hours
  const rest = naturalRecovery({ ...care.wounds, [type]: 0 }, value, HOURS[increment])
  const wounds = { ...rest.wounds, [type]: care.wounds[type] }
  return { increment, difficulty, raw: roll.successes, net, tended, type, amount, wounds, healed: { ...rest.healed, [type]: care.healed } }
}

/** One step of a patient's recovery timeline: an increment of rest, or of care by a medic (tended or not). */
export type CareStep = { kind: 'rest'; increment: Increment } | { kind: 'care'; increment: Increment; medicId: string; tended: boolean }

/** T6: after a failed attempt the same medic must let one untended increment pass; another medic need not. */
export function medicMayRoll(previous: CareStep | null | undefined, medicId: string, medicName = medicId): Result<true> {
  if (previous?.kind === 'care' && !previous.tended && previous.medicId === medicId) {
    return refuse('rule', sentences, 'refusal.storyteller.medicMustWait', { name: medicName }, { field: 'medicId', cite: 'T6', details: { overridable: true, rule: 'rule.storyteller.medicMustWait' } })
  }
  return ok(true)
}
