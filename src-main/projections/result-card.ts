/**
 * The result card of the GM view (issue 10): what the newest command batch rolled and what it did. The system's
 * `result` builder reads its own events (Saga: d20 vs Reflex, damage vs threshold; Starchasers: Hits and Crits
 * cancelled by Evades); a system without one (or a batch it has nothing to say about) gets the generic card:
 * every event's dice under its log line, and the damage and knock-outs its `facts` name. A batch that rolled
 * nothing and hurt no one (next turn, a note) has no card, so the card stays until the next action.
 */
import type { EncounterState, EventRecord, LogEntry } from '@shared/domain/encounter'
import type { ResultCardView, ResultEffect, ResultRoll, SystemResult } from '@shared/views/result-views'
import type { RuleSystem } from '../rules/core/system'
import { diceOf } from '../rules/core/result-dice'

type Describe = (record: EventRecord) => LogEntry | null

/** the generic card: each event's dice under its log line, the facts' damage and knock-outs */
export function genericResult(records: readonly EventRecord[], system: RuleSystem | null, state: EncounterState, describe: Describe): SystemResult {
  const name = (id: string) => state.combatants.find((c) => c.id === id)?.name ?? id
  const rolls: ResultRoll[] = []
  const effects: ResultEffect[] = []
  for (const r of records) {
    const dice = diceOf(r.event)
    if (dice.length) {
      const line = describe(r)
      const total = typeof r.event.total === 'number' ? r.event.total : typeof r.event.value === 'number' ? r.event.value : undefined
      rolls.push({ label: line ? { key: line.key, params: line.params, log: true } : { key: 'result.roll' }, dice, ...(total !== undefined ? { total } : {}) })
    }
    const facts = system?.facts(r.event)
    if (facts?.damage) effects.push({ key: 'result.damage', params: { name: name(facts.damage.targetId), amount: facts.damage.amount }, tone: 'damage', combatantId: facts.damage.targetId })
    if (facts?.knockout) effects.push({ key: 'result.out', params: { name: name(facts.knockout.targetId) }, tone: 'down', combatantId: facts.knockout.targetId })
  }
  return { rolls, effects }
}

/**
 * The card of the newest batch, or null: when the newest record is undone or discarded, or its batch rolled no
 * dice and did no damage. `describe` turns a record into its log line (the headline: the batch's first line that
 * is not a turn or round marker).
 */
export function resultCard(records: readonly EventRecord[], system: RuleSystem | null, state: EncounterState, describe: Describe): ResultCardView | null {
  const last = records[records.length - 1]
  if (!last || last.status !== 'active') return null
  const batch: EventRecord[] = []
  for (let i = records.length - 1; i >= 0 && records[i].batch === last.batch; i--) batch.unshift(records[i])
  const events = batch.map((r) => r.event)
  const own = system?.result?.(events, state) ?? null
  const body = own && (own.rolls.length || own.effects.length) ? own : genericResult(batch, system, state, describe)
  if (!body.rolls.length && !body.effects.length) return null
  // initiative rolled for several: one title for them all (the first roll's line would stand above that same roll)
  const rolledInitiative = body.rolls.length > 1 && batch.every((r) => r.event.type === 'core.initiativeSet' || !diceOf(r.event).length)
  if (rolledInitiative) return { batch: last.batch, title: { key: 'result.initiativeFor', params: { n: body.rolls.length } }, ...body }
  const headline = batch.find((r) => !/^core\.(turn|round|combat)/.test(r.event.type) && !r.event.type.endsWith('.turnStarted') && describe(r))
  const line = headline ? describe(headline) : null
  return { batch: last.batch, title: line ? { key: line.key, params: line.params, log: true } : null, ...body }
}
