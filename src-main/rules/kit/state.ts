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
 * Merge into a combatant's system state. `inPlace` (issue 13: the danger check's fights; an option passed down, never a
 * module-level switch, issue 28): the combatant's own state object is changed where it is instead of copied, which only
 * a caller owning every object of the state may ask for (batch.ts `evolverFor` with `inPlace`, see there).
 */
export function patchCombatantState(s: EncounterState, id: string, patch: Record<string, unknown>, inPlace = false): EncounterState {
  if (inPlace) {
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
