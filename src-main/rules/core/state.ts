/** Small immutable helpers over EncounterState used by the core and the systems. */
import type { Combatant, EncounterState } from '@shared/domain/encounter'

export const findCombatant = (s: EncounterState, id: string): Combatant | undefined => s.combatants.find((c) => c.id === id)

export function updateCombatant(s: EncounterState, id: string, f: (c: Combatant) => Combatant): EncounterState {
  let changed = false
  const combatants = s.combatants.map((c) => {
    if (c.id !== id) return c
    changed = true
    return f(c)
  })
  return changed ? withField(s, 'combatants', combatants) : s
}

/** A copy of `o` with one field set. Copied, then set: V8 builds a literal with a spread followed by more fields
 * (`{ ...o, k: v }`) on a slow path once the objects come from earlier copies, as states do (issue 13). */
export function withField<T extends object, K extends keyof T>(o: T, k: K, v: T[K]): T {
  const x = { ...o }
  x[k] = v
  return x
}

/** Merge into a combatant's system state. */
export const patchCombatantState = (s: EncounterState, id: string, patch: Record<string, unknown>): EncounterState =>
  updateCombatant(s, id, (c) => withField(c, 'state', Object.assign({}, c.state, patch)))

/** The id of the combatant whose turn it is (ordered/ticks), or null. */
export function currentActor(s: EncounterState): string | null {
  const t = s.turn
  if (t.phase !== 'combat' && t.phase !== 'surprise') return null
  return t.index >= 0 && t.index < t.order.length ? t.order[t.index] : null
}
