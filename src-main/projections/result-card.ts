/**
 * The result card of the GM view (issue 10): what the newest command batch rolled and what it did. The system's
 * `result` builder reads its own events (Saga: d20 vs Reflex, damage vs threshold; Starchasers: Hits and Crits
 * cancelled by Evades); a system without one (or a batch it has nothing to say about) gets the generic card:
 * every event's dice under its log line, and the damage and knock-outs its `facts` name. A batch that rolled
 * nothing and hurt no one (next turn, a note) has no card of its own: the card stays on the newest result still in
 * force until the next result (issue 27: a Next turn no longer blanks it), and names the turn change since it.
 */
import type { EncounterState, EventRecord, LogEntry } from '@shared/domain/encounter'
import type { ResultCardView, ResultEffect, ResultRoll, SystemResult } from '@shared/views/result-views'
import type { RuleSystem } from '../rules/kit/system'
import { diceOf } from '../rules/kit/result-dice'

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

/** how many batches back the card looks for the newest result (turn changes and notes in between) */
const LOOK_BACK = 200

const isTurnMarker = (type: string) => /^core\.(turn|round|combat)/.test(type) || type.endsWith('.turnStarted')

/** the body of one batch: the system's own card, else the generic one (empty when it rolled nothing and hurt no one) */
function bodyOf(batch: readonly EventRecord[], system: RuleSystem | null, state: EncounterState, describe: Describe): SystemResult {
  const own = system?.result?.(batch.map((r) => r.event), state) ?? null
  return own && (own.rolls.length || own.effects.length) ? own : genericResult(batch, system, state, describe)
}

/**
 * The card of the newest result still in force, or null when there is none: batches undone or discarded are
 * passed over, and so are batches that rolled no dice and did no damage (a next turn, a note). When the turn has
 * moved on since the result, `since` is the newest turn line after it (issue 27). `describe` turns a record into
 * its log line (the headline: the batch's first line that is not a turn or round marker).
 */
export function resultCard(records: readonly EventRecord[], system: RuleSystem | null, state: EncounterState, describe: Describe): ResultCardView | null {
  let since: EventRecord | null = null
  let end = records.length
  for (let seen = 0; end > 0 && seen < LOOK_BACK; seen++) {
    const last = records[end - 1]
    let start = end - 1
    while (start > 0 && records[start - 1].batch === last.batch) start--
    const batch = records.slice(start, end)
    end = start
    if (last.status !== 'active') continue
    const body = bodyOf(batch, system, state, describe)
    if (body.rolls.length || body.effects.length) return cardOf(batch, body, since, describe)
    since ??= [...batch].reverse().find((r) => isTurnMarker(r.event.type) && describe(r)) ?? null
  }
  return null
}

function cardOf(batch: readonly EventRecord[], body: SystemResult, sinceRecord: EventRecord | null, describe: Describe): ResultCardView {
  const batchNo = batch[batch.length - 1].batch
  const sinceLine = sinceRecord ? describe(sinceRecord) : null
  const since = sinceLine ? { since: { key: sinceLine.key, params: sinceLine.params, log: true } } : {}
  // initiative rolled for several: one title for them all (the first roll's line would stand above that same roll);
  // a batch that set no initiative is none, whatever its events carry (Storyteller's pools are no `dice` list)
  const rolledInitiative = body.rolls.length > 1 && batch.some((r) => r.event.type === 'core.initiativeSet') && batch.every((r) => r.event.type === 'core.initiativeSet' || !diceOf(r.event).length)
  if (rolledInitiative) return { batch: batchNo, title: { key: 'result.initiativeFor', params: { n: body.rolls.length } }, ...body, ...since }
  const headline = batch.find((r) => !isTurnMarker(r.event.type) && describe(r))
  const line = headline ? describe(headline) : null
  return { batch: batchNo, title: line ? { key: line.key, params: line.params, log: true } : null, ...body, ...since }
}
