/**
 * Initiative ordering shared by the models: ordered counts (ties by modifier, then a recorded random
 * tie-break, W7), sides taking turns, and the tick wheel (lowest tick acts first).
 */
import { SIDES, type Combatant, type EncounterState, type Side } from '@shared/domain/encounter'

/** Descending: value, modifier, tie-break; stable otherwise. */
export function compareOrdered(a: Combatant, b: Combatant): number {
  const av = a.initiative.value ?? -Infinity
  const bv = b.initiative.value ?? -Infinity
  if (av !== bv) return bv - av
  if (a.initiative.modifier !== b.initiative.modifier) return b.initiative.modifier - a.initiative.modifier
  return (b.initiative.tiebreak ?? 0) - (a.initiative.tiebreak ?? 0)
}

export function orderedIds(combatants: Combatant[]): string[] {
  return [...combatants].sort(compareOrdered).map((c) => c.id)
}

/** Groups of combatants that still tie on value and modifier (they need a tie-break roll). */
export function tiedGroups(combatants: Combatant[]): string[][] {
  const groups = new Map<string, string[]>()
  for (const c of combatants) {
    const k = `${c.initiative.value}|${c.initiative.modifier}`
    groups.set(k, [...(groups.get(k) ?? []), c.id])
  }
  return [...groups.values()].filter((g) => g.length > 1)
}

export function sideSequence(first: Side = 'party'): Side[] {
  return [first, ...SIDES.filter((s) => s !== first)]
}

export function sidesOrder(combatants: Combatant[], first: Side = 'party'): string[] {
  const seq = sideSequence(first)
  return [...combatants].sort((a, b) => seq.indexOf(a.side) - seq.indexOf(b.side) || compareOrdered(a, b)).map((c) => c.id)
}

/** Ticks: lowest tick first, ties by higher modifier. */
export function tickOrder(combatants: Combatant[]): string[] {
  return [...combatants]
    .sort((a, b) => (a.initiative.value ?? Infinity) - (b.initiative.value ?? Infinity) || b.initiative.modifier - a.initiative.modifier || (b.initiative.tiebreak ?? 0) - (a.initiative.tiebreak ?? 0))
    .map((c) => c.id)
}

/** Where a combatant joining mid-fight goes in an ordered list (after everyone who sorts before it). */
export function insertionIndex(state: EncounterState, joiner: Combatant): number {
  const byId = new Map(state.combatants.map((c) => [c.id, c]))
  const order = state.turn.order
  for (let i = 0; i < order.length; i++) {
    const other = byId.get(order[i])
    if (other && compareOrdered(joiner, other) < 0) return i
  }
  return order.length
}
