/**
 * Starchasers events. Every system event that changes combatants carries `patches` (combatant id → the new
 * values of its state fields) and, for duels, `duel` (the new duel state or null), so evolve is a plain merge and
 * replay never recomputes a rule.
 */
import type { Combatant, ConditionInstance, EncounterState, EngineEvent } from '@shared/domain/encounter'
import { updateCombatant } from '../../core/state'
import type { ScState } from './state'

export type Patches = Record<string, Partial<ScState>>

export function starchasersEvolve(state: EncounterState, event: EngineEvent): EncounterState {
  if (!event.type.startsWith('starchasers.')) return state
  let s = state
  const patches = event.patches as Patches | undefined
  if (patches) for (const [id, p] of Object.entries(patches)) s = updateCombatant(s, id, (c) => ({ ...c, state: { ...c.state, ...p } }))
  if ('duel' in event) s = { ...s, system: { ...s.system, duel: event.duel ?? null } }
  if (event.type === 'starchasers.allyCardMade') {
    const e = event as EngineEvent & { combatantId: string; stats: Record<string, unknown> }
    s = updateCombatant(s, e.combatantId, (c) => ({ ...c, role: 'ally', stats: e.stats }))
  }
  if (event.type === 'starchasers.moved' && typeof event.band === 'string') {
    const e = event as EngineEvent & { combatantId: string; band: string }
    s = updateCombatant(s, e.combatantId, (c) => ({ ...c, position: { ...(c.position ?? {}), band: e.band } }))
  }
  return s
}

/** Local mirror of the core's condition events, so a batch sees its own earlier events. */
function evolveCondition(s: EncounterState, e: EngineEvent): EncounterState {
  if (e.type === 'core.conditionAdded') return updateCombatant(s, e.combatantId as string, (x) => ({ ...x, conditions: [...x.conditions, e.condition as ConditionInstance] }))
  if (e.type === 'core.conditionEnded') return updateCombatant(s, e.combatantId as string, (x) => ({ ...x, conditions: x.conditions.filter((k) => k.id !== e.conditionId) }))
  return s
}

/** Collects the events of one command and keeps the state they lead to. */
export class Batch {
  events: EngineEvent[] = []
  constructor(public state: EncounterState) {}
  push(...events: EngineEvent[]): void {
    for (const e of events) {
      this.events.push(e)
      this.state = e.type.startsWith('core.') ? evolveCondition(this.state, e) : starchasersEvolve(this.state, e)
    }
  }
  get(id: string): Combatant | undefined { return this.state.combatants.find((c) => c.id === id) }

  /** add `starchasers.<key>` unless the combatant already has it (statuses do not stack) */
  addCondition(c: Combatant, key: string, ends: ConditionInstance['ends'] = { at: 'manual' }, value?: number, source?: string): void {
    const cur = this.get(c.id) ?? c
    const full = `starchasers.${key}`
    if (cur.conditions.some((k) => k.key === full && (key !== 'disarmed' || k.source === source)) && key !== 'armorBreak' && key !== 'armorPierced') return
    let n = 1
    while (cur.conditions.some((k) => k.id === `${full}#${n}`)) n++
    const t = this.state.turn
    const actor = (t.phase === 'combat' || t.phase === 'surprise') && t.index >= 0 ? (t.order[t.index] ?? null) : null
    const condition: ConditionInstance = { id: `${full}#${n}`, key: full, ...(value !== undefined ? { value } : {}), ...(source ? { source } : {}), ends, appliedRound: t.round, appliedTurnOf: actor }
    this.push({ type: 'core.conditionAdded', combatantId: c.id, name: c.name, condition })
  }

  removeCondition(c: Combatant, key: string, reason = 'removed'): void {
    const cur = this.get(c.id) ?? c
    for (const k of cur.conditions.filter((x) => x.key === `starchasers.${key}`)) {
      this.push({ type: 'core.conditionEnded', combatantId: c.id, name: c.name, conditionId: k.id, key: k.key, reason })
    }
  }
}
