/**
 * The numbers players see on mooks (issue 10). Numbered combatants of one stat block ("Trooper 1, 2, 3") are
 * numbered again among the ones players can see, so a hidden one leaves no gap: with Trooper 2 hidden, players see
 * Trooper 1 and Trooper 2. The visible ones are ranked by when they last became visible (joined visible, or were
 * revealed), ties by their own number: a combatant revealed later gets the next visible number and the ones
 * players already know keep theirs (until one of them is hidden again: then the numbers close up, no gap).
 * Without the event records (a bare state) the rank follows the own numbers.
 * A renumbered combatant also gets a player id that tells no gap (`trooper-v2` instead of `trooper-3`).
 */
import type { Combatant, EncounterState, EventRecord } from '@shared/domain/encounter'
import { recordsOfTypes } from '../rules/kit/history'

export interface VisibleNumber {
  number: number
  /** the id players see */
  id: string
  /** the name players see */
  name: string
}

const groupOf = (c: Combatant): string => c.templateId ?? c.name.replace(/ \d+$/, '')

/** when each combatant last became visible (seq of the event), from the active records */
export function visibleSince(records: readonly EventRecord[]): Map<string, number> {
  const since = new Map<string, number>()
  // only these two kinds matter: a live encounter's index gives them without reading the whole history
  for (const r of recordsOfTypes(records, ['core.combatantAdded', 'core.hiddenSet'])) {
    if (r.status !== 'active') continue
    const e = r.event as Record<string, unknown>
    if (e.type === 'core.combatantAdded') {
      const c = e.combatant as Partial<Combatant> | undefined
      if (c && typeof c.id === 'string' && c.hidden !== true) since.set(c.id, r.seq)
    } else if (e.type === 'core.hiddenSet' && typeof e.combatantId === 'string') {
      if (e.hidden === false) since.set(e.combatantId, r.seq)
      else since.delete(e.combatantId)
    }
  }
  return since
}

/** the player-facing number, id and name of every visible numbered combatant */
export function visibleNumbers(state: EncounterState, records?: readonly EventRecord[]): Map<string, VisibleNumber> {
  const since = records ? visibleSince(records) : new Map<string, number>()
  const groups = new Map<string, Combatant[]>()
  for (const c of state.combatants) {
    if (c.hidden || c.number === undefined) continue
    const g = groups.get(groupOf(c))
    if (g) g.push(c)
    else groups.set(groupOf(c), [c])
  }
  const out = new Map<string, VisibleNumber>()
  for (const members of groups.values()) {
    const key = (c: Combatant) => since.get(c.id) ?? 0
    members.sort((a, b) => key(a) - key(b) || (a.number ?? 0) - (b.number ?? 0))
    members.forEach((c, i) => {
      const n = i + 1
      const base = c.name.endsWith(` ${c.number}`) ? c.name.slice(0, -` ${c.number}`.length) : c.name
      const id = n === c.number ? c.id : `${c.id.replace(new RegExp(`-${c.number}$`), '')}-v${n}`
      out.set(c.id, { number: n, id, name: `${base} ${n}` })
    })
  }
  return out
}
