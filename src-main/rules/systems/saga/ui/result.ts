/**
 * The Saga result card of one command batch (issue 10): the attack roll, d20 + bonus against Reflex (001 attack
 * roll; a natural 20 hits and threatens a critical, a natural 1 misses), the damage roll, and what the damage did:
 * the hit points lost, the damage threshold crossed (−1 step on the condition track, 001 damage threshold), the
 * condition track step, unconscious, disabled, dead or destroyed (001 0 hit points). Pure: reads the events only.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'
import type { ResultEffect, ResultOutcome, ResultRoll, SystemResult } from '@shared/views/result-views'
import { diceOf } from '../../../kit/result-dice'

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})
const OUT = ['unconscious', 'disabled', 'dead', 'destroyed'] as const

function attackRolls(e: Record<string, unknown>): ResultRoll[] {
  const dice = diceOf(e).map((d) => (d.die === 'd20' && (d.value === 20 || d.value === 1) ? { ...d, strong: true } : d))
  const targets = Array.isArray(e.targets) ? e.targets.map(rec) : []
  return targets.map((t) => {
    const outcome: ResultOutcome = e.natural1 === true ? 'fumble' : t.hit !== true ? 'miss' : e.crit === true ? 'crit' : 'hit'
    const d20 = num(e.d20)
    const bonus = num(t.bonus)
    return {
      label: { key: 'result.attackOn', params: { attacker: str(e.attackerName), target: str(t.name), weapon: str(e.weapon) } },
      dice,
      ...(num(t.total) !== undefined ? { total: num(t.total) } : {}),
      ...(num(t.reflex) !== undefined ? { against: { label: { key: 'saga.reflex' }, value: num(t.reflex)! } } : {}),
      outcome,
      ...(d20 !== undefined && bonus !== undefined ? { notes: [{ key: 'result.d20Plus', params: { d20, bonus: bonus >= 0 ? `+ ${bonus}` : `− ${-bonus}` } }] } : {}),
    }
  })
}

function damageEffects(e: Record<string, unknown>): ResultEffect[] {
  const id = str(e.targetId)
  const name = str(e.targetName)
  const out: ResultEffect[] = []
  const loss = num(e.hpLoss) ?? 0
  if (e.hit === false || e.outcome === 'noEffect' || loss <= 0) out.push({ key: 'result.noDamage', params: { name }, tone: 'miss', combatantId: id })
  else out.push({ key: 'result.hpLoss', params: { name, amount: loss, from: num(e.hpBefore) ?? 0, to: num(e.hpAfter) ?? 0 }, tone: 'damage', combatantId: id })
  const dealt = num(e.dealt) ?? 0
  const threshold = num(e.threshold)
  const ctBefore = num(e.ctBefore) ?? 0
  const ctAfter = num(e.ctAfter) ?? ctBefore
  const status = str(e.status)
  const dropped = (OUT as readonly string[]).includes(status) && status !== str(e.statusBefore)
  if (threshold !== undefined && dealt >= threshold && loss > 0) out.push({ key: 'result.threshold', params: { name, dealt, threshold }, tone: 'threshold', combatantId: id })
  if (ctAfter > ctBefore && !dropped) out.push({ key: 'result.ctStep', params: { name, steps: ctAfter - ctBefore, step: ctAfter }, tone: 'condition', combatantId: id })
  if (dropped) out.push({ key: `result.status.${status}`, params: { name }, tone: status === 'dead' || status === 'destroyed' ? 'dead' : 'down', combatantId: id })
  return out
}

export function sagaResult(events: EngineEvent[], _state: EncounterState): SystemResult | null {
  const rolls: ResultRoll[] = []
  const effects: ResultEffect[] = []
  for (const ev of events) {
    const e = ev as Record<string, unknown>
    switch (ev.type) {
      case 'saga.attackRolled':
      case 'saga.grappleAttackRolled':
        rolls.push(...attackRolls(e))
        break
      case 'saga.damageRolled':
        rolls.push({
          label: { key: e.crit === true ? 'result.damageRollCrit' : 'result.damageRoll' },
          dice: diceOf(e),
          ...(num(e.total) !== undefined ? { total: num(e.total) } : {}),
          ...(num(e.bonus) ? { notes: [{ key: 'result.rolledPlus', params: { rolled: num(e.rolled) ?? 0, bonus: num(e.bonus)! } }] } : {}),
        })
        break
      case 'saga.damageDealt':
        effects.push(...damageEffects(e))
        break
      case 'saga.conditionTrackMoved': {
        const to = num(e.to) ?? 0
        const from = num(e.from) ?? 0
        if (to !== from) effects.push({ key: to > from ? 'result.ctStep' : 'result.ctUp', params: { name: str(e.name), steps: Math.abs(to - from), step: to }, tone: to > from ? 'condition' : 'heal', combatantId: str(e.combatantId) })
        break
      }
      case 'saga.healed':
      case 'saga.secondWind':
        effects.push({ key: 'result.heal', params: { name: str(e.name), amount: num(e.amount) ?? 0, hp: num(e.hp) ?? 0 }, tone: 'heal', combatantId: str(e.combatantId) })
        break
    }
  }
  return rolls.length || effects.length ? { rolls, effects } : null
}

/** the result card's and the odds panel's Saga words (merged into the Saga ui catalog) */
export const sagaResultCatalog = {
  en: {
    'odds.saga.hit': 'Chance to hit',
    'odds.saga.hitHint': 'Chance that d20 + attack bonus meets the target’s Reflex (a natural 20 always hits, a natural 1 always misses)',
    'odds.saga.crit': 'Critical hit (natural 20)',
    'odds.saga.critHint': 'Chance of a natural 20: an automatic hit whose damage is doubled (001)',
  },
  pl: {
    'odds.saga.hit': 'Szansa trafienia',
    'odds.saga.hitHint': 'Szansa, że k20 + premia do ataku osiągnie Refleks celu (naturalne 20 zawsze trafia, naturalne 1 zawsze chybia)',
    'odds.saga.crit': 'Trafienie krytyczne (naturalne 20)',
    'odds.saga.critHint': 'Szansa naturalnej 20: automatyczne trafienie z podwojonymi obrażeniami (001)',
  },
}
