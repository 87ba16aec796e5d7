/** Small immutable helpers over EncounterState used by the core and the systems. */
import type { Combatant, EncounterState } from '@shared/domain/encounter'

export const findCombatant = (s: EncounterState, id: string): Combatant | undefined => s.combatants.find((c) => c.id === id)

export function updateCombatant(s: EncounterState, id: string, f: (c: Combatant) => Combatant): EncounterState {
  const list = s.combatants
  for (let i = 0; i < list.length; i++) {
    if (list[i].id !== id) continue
    const combatants = list.slice()
    combatants[i] = f(list[i])
    // ids are unique (the engine refuses a second one), so the first match is the only one
    return withField(s, 'combatants', combatants)
  }
  return s
}

/** A copy of `o` with one field set. Copied, then set: V8 builds a literal with a spread followed by more fields
 * (`{ ...o, k: v }`) on a slow path once the objects come from earlier copies, as states do (issue 13). */
export function withField<T extends object, K extends keyof T>(o: T, k: K, v: T[K]): T {
  const x = { ...o }
  x[k] = v
  return x
}

/**
 * Fight-private states (issue 13: the danger check's fights). While `inPlace.on`, a state patch (below) and a turn's
 * start (evolve-core.ts) change the state's own objects instead of copying them: the same rules and the same events,
 * without copying a combatant, the list and the state for each of a fight's 300 events (about a sixth of a fight's
 * cost). It is on only while the engine's own batch of a command evolves an event, and only when its caller owns
 * every object of the state (`Engine.step` with `inPlace`: danger-simulate.ts, on its copy of the plan's start state).
 * Never in play (history, undo, the views and the log keep earlier states), never while a rule decides, never for a
 * system's own batch or a probe. A test fights every system's sample plans both ways and compares them state by state.
 */
export const inPlace = { on: false }

/** Merge into a combatant's system state. */
export function patchCombatantState(s: EncounterState, id: string, patch: Record<string, unknown>): EncounterState {
  if (inPlace.on) {
    const c = findCombatant(s, id)
    if (c) Object.assign(c.state, patch)
    return s
  }
  return updateCombatant(s, id, (c) => {
    // copied, then set (see withField): this runs for every system event of every command
    const state: Record<string, unknown> = { ...c.state }
    for (const k of Object.keys(patch)) state[k] = patch[k]
    return withField(c, 'state', state)
  })
}

/** The id of the combatant whose turn it is (ordered/ticks), or null. */
export function currentActor(s: EncounterState): string | null {
  const t = s.turn
  if (t.phase !== 'combat' && t.phase !== 'surprise') return null
  return t.index >= 0 && t.index < t.order.length ? t.order[t.index] : null
}
