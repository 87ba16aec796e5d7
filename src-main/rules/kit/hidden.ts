/**
 * GM-only marking of events about hidden combatants (DESIGN §5: names of hidden or unrevealed combatants never
 * reach a player). Decide stamps `gmOnly: true` on every event that names a combatant hidden *at the time of the
 * event*, so the log entry stays GM-only after a later reveal, and the player-safe export leaves it out.
 * The id fields are the ones the export's own scan reads (src-main/export/normalize.ts `involvedIds`), plus the
 * lists a log line names (`aooOffered`), and names in a rule override's params. Lists that only order everyone (`order`, `tiebreaks`, `changes`) are not
 * read: a round's turn order names nobody in the log.
 */
import type { EncounterState, EngineEvent } from '@shared/domain/encounter'

const ID_FIELDS = ['combatantId', 'targetId', 'attackerId', 'defenderId', 'helperId', 'actorId', 'sourceId', 'source', 'helper', 'attacker', 'target', 'allyId'] as const
const LIST_FIELDS = ['targets', 'targetIds', 'combatantIds', 'aooOffered', 'fighters'] as const

/** The combatants an event names (ids). */
export function namedCombatantIds(event: EngineEvent): string[] {
  const ids: string[] = []
  for (const k of ID_FIELDS) {
    const v = event[k]
    if (typeof v === 'string') ids.push(v)
  }
  for (const k of LIST_FIELDS) {
    const v = event[k]
    if (!Array.isArray(v)) continue
    for (const x of v) {
      if (typeof x === 'string') ids.push(x)
      else if (typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string') ids.push((x as { id: string }).id)
    }
  }
  const c = event.combatant
  if (typeof c === 'object' && c !== null && typeof (c as { id?: unknown }).id === 'string') ids.push((c as { id: string }).id)
  return ids
}

/** Does a name field of the event (top level or `params`, e.g. a rule override's `{ name }`, a list of names
 * joined by ", ") carry one of these names? */
function namesAny(event: EngineEvent, names: Set<string>): boolean {
  const test = (v: unknown) => typeof v === 'string' && (names.has(v) || (v.includes(', ') && v.split(', ').some((n) => names.has(n))))
  for (const v of Object.values(event)) if (test(v)) return true
  const p = event.params
  if (typeof p === 'object' && p !== null) for (const v of Object.values(p)) if (test(v)) return true
  return false
}

/**
 * Stamp `gmOnly: true` on the events of one batch that name a hidden combatant. Hidden status only changes through
 * `core.combatantAdded` and `core.hiddenSet`, so it is tracked along the batch without replaying the state. A reveal
 * (`hiddenSet` to false) is itself public; hiding is GM-only. Returns the same array (events are fresh objects).
 */
export function markHiddenEvents(state: EncounterState, events: EngineEvent[]): EngineEvent[] {
  let hidden: Set<string> | null = null
  const nameOf = new Map<string, string>()
  for (const x of state.combatants) {
    nameOf.set(x.id, x.name)
    if (x.hidden) (hidden ??= new Set()).add(x.id)
  }
  for (const e of events) {
    if (e.type === 'core.combatantAdded') {
      const c = e.combatant as { id: string; name: string; hidden?: boolean }
      nameOf.set(c.id, c.name)
      if (c.hidden === true) (hidden ??= new Set()).add(c.id)
    }
    if (e.type === 'core.hiddenSet') {
      const id = e.combatantId as string
      if (e.hidden === true) (hidden ??= new Set()).add(id)
      else hidden?.delete(id)
      if (e.hidden === true) e.gmOnly = true
      continue
    }
    if (hidden === null || hidden.size === 0) continue
    const set = hidden
    if (namedCombatantIds(e).some((id) => set.has(id))) e.gmOnly = true
    else if (namesAny(e, new Set([...set].map((id) => nameOf.get(id) ?? id)))) e.gmOnly = true
  }
  return events
}
