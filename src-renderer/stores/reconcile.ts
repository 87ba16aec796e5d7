/**
 * Structural sharing for view models pushed from main: returns `next`, but every object or array that is deep-equal
 * to the one at the same place in `prev` is `prev`'s own. Unchanged combatants keep their identity from one push to
 * the next, so Vue skips their components (a "next turn" with 200 combatants re-renders two cards, not 200).
 */
export function reconcile<T>(prev: unknown, next: T): T {
  if (prev === next || typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next
    let same = prev.length === next.length
    const out = next.map((v, i) => {
      const r = reconcile(prev[i], v)
      if (r !== prev[i]) same = false
      return r
    })
    return (same ? prev : out) as T
  }
  if (Array.isArray(prev)) return next
  const p = prev as Record<string, unknown>
  const n = next as Record<string, unknown>
  const keys = Object.keys(n)
  let same = keys.length === Object.keys(p).length
  const out: Record<string, unknown> = {}
  for (const k of keys) {
    const r = reconcile(p[k], n[k])
    out[k] = r
    if (r !== p[k] || !Object.hasOwn(p, k)) same = false
  }
  return (same ? p : out) as T
}
