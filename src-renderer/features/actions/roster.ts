/**
 * The combatants an action form's pickers list, as `{ id, name }` in the encounter's order. The same array while
 * the ids and names are the same: a push that changed a combatant's HP or moved the turn gives the pickers the
 * list they already show, so they do not render again (issue 13: two pickers of 200 options on a big board).
 */
export interface RosterEntry {
  readonly id: string
  readonly name: string
}

export function rosterOf(combatants: ReadonlyArray<{ id: string; name: string }>, prev?: readonly RosterEntry[]): readonly RosterEntry[] {
  if (prev && prev.length === combatants.length && prev.every((r, i) => r.id === combatants[i].id && r.name === combatants[i].name)) return prev
  return combatants.map((c) => ({ id: c.id, name: c.name }))
}
