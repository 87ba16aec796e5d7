/** Damage and healing by hand, untended rest and medical care (004 Recovery, T5, T6). */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { DecideContext } from '../../../../kit/system'
import { scoreOptions } from '../dice'
import { heal, medicineDifficulty } from '../health'
import type { CommandOf } from '../../commands'
import type { StorytellerEvent } from '../../events'
import { HOURS, healingValue, medicalIncrement, medicinePool, medicMayRoll, naturalRecovery, type CareStep } from '../recovery'
import { penaltyOf, settingsOf, stState, stStats, trackOf } from '../state'
import { harm, need, rollPool, storytellerRule } from './common'

export function decideDamage(state: EncounterState, cmd: CommandOf<'damage'>): Result<EngineEvent[]> {
  const c = need(state, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const h = harm(c.value, cmd.damageType, cmd.amount)
  const ev: StorytellerEvent = { type: 'storyteller.damaged', combatantId: c.value.id, name: c.value.name, amount: cmd.amount, damageType: cmd.damageType, upgraded: h.upgraded, changes: [{ id: c.value.id, patch: { wounds: h.wounds } }] }
  return ok([ev, ...h.after])
}

export function decideHeal(state: EncounterState, cmd: CommandOf<'heal'>): Result<EngineEvent[]> {
  const c = need(state, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const r = heal(stState(c.value).wounds, cmd.damageType, cmd.amount)
  const ev: StorytellerEvent = { type: 'storyteller.healed', combatantId: c.value.id, name: c.value.name, amount: r.healed, damageType: cmd.damageType, changes: [{ id: c.value.id, patch: { wounds: r.wounds } }] }
  return ok([ev])
}

/** 004 without medical care: bashing per day, lethal per week, aggravated never. */
export function decideRest(state: EncounterState, cmd: CommandOf<'rest'>): Result<EngineEvent[]> {
  const c = need(state, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const count = cmd.count ?? 1
  const r = naturalRecovery(stState(c.value).wounds, healingValue(stStats(c.value)), HOURS[cmd.increment] * count)
  const care: CareStep = { kind: 'rest', increment: cmd.increment }
  const ev: StorytellerEvent = { type: 'storyteller.rested', combatantId: c.value.id, name: c.value.name, increment: cmd.increment, count, healed: r.healed, changes: [{ id: c.value.id, patch: { wounds: r.wounds, care } }] }
  return ok([ev])
}

/** 004 medical care: one increment, a Science: Medicine roll vs the difficulty (T5 default), net ≥ 0 tends (T6). */
export function decideTreat(state: EncounterState, cmd: CommandOf<'treat'>, ctx: DecideContext): Result<EngineEvent[]> {
  const p = need(state, cmd.patientId, 'patientId')
  if (!p.ok) return p
  const patient = p.value
  const s = settingsOf(state)
  let medicKey: string
  let medicName: string
  let pool
  if (cmd.medicId !== undefined) {
    const m = need(state, cmd.medicId, 'medicId')
    if (!m.ok) return m
    medicKey = m.value.id
    medicName = m.value.name
    pool = medicinePool(stStats(m.value), { modifier: cmd.modifier, woundPenalty: penaltyOf(m.value) })
  } else {
    medicName = cmd.medicName ?? 'medic'
    medicKey = medicName
    pool = medicinePool({ dice: cmd.medicDice ?? 0 }, { modifier: cmd.modifier })
  }
  const events: EngineEvent[] = []
  // T6: the same medic waits one untended increment after a failed attempt
  const wait = medicMayRoll(stState(patient).care, medicKey, medicName)
  const refused = storytellerRule(cmd, !wait.ok, 'rule.storyteller.medicMustWait', 'refusal.storyteller.medicMustWait', { name: medicName }, 'medicId', events, 'T6')
  if (refused) return refused
  const difficulty = cmd.difficulty ?? medicineDifficulty(stState(patient).wounds, trackOf(patient))
  const roll = rollPool(pool, ctx.rng, scoreOptions(s))
  const interrupted = cmd.interrupted ?? false
  const o = medicalIncrement(stState(patient).wounds, healingValue(stStats(patient)), cmd.increment, roll, difficulty, interrupted)
  const care: CareStep = { kind: 'care', increment: cmd.increment, medicId: medicKey, tended: o.tended }
  events.push({
    type: 'storyteller.treated', patientId: patient.id, patientName: patient.name, medic: medicName, ...(cmd.medicId ? { medicId: cmd.medicId } : {}),
    increment: cmd.increment, difficulty, pool: roll, net: o.net, tended: o.tended, interrupted, damageType: o.type, amount: o.amount, healed: o.healed,
    changes: [{ id: patient.id, patch: { wounds: o.wounds, care } }],
  } satisfies StorytellerEvent)
  return ok(events)
}
