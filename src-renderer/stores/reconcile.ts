/**
 * Structural sharing for view models pushed from main: returns a value deep-equal to `next` in which every object or
 * array that is deep-equal to the one at the same place in `prev` is `prev`'s own. Unchanged combatants keep their
 * identity from one push to the next, so Vue skips their components (a "next turn" with 200 combatants re-renders
 * two cards, not 200). `next` must be a fresh value (just parsed): it is reused as the result, its changed parts
 * pointing at `prev`'s unchanged children, so nothing is allocated.
 */
export function reconcile<T>(prev: unknown, next: T): T {
  if (prev === next || typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next
  if (Array.isArray(next)) {
    if (!Array.isArray(prev)) return next
    let same = prev.length === next.length
    for (let i = 0; i < next.length; i++) {
      const r = reconcile(prev[i], next[i])
      if (r !== prev[i]) same = false
      next[i] = r
    }
    return (same ? prev : next) as T
  }
  if (Array.isArray(prev)) return next
  const p = prev as Record<string, unknown>
  const n = next as Record<string, unknown>
  let same = true
  let count = 0
  for (const k in n) {
    count++
    const r = reconcile(p[k], n[k])
    if (r !== p[k] || !Object.hasOwn(p, k)) same = false
    n[k] = r
  }
  if (same) for (const _k in p) if (--count < 0) break
  return (same && count === 0 ? p : n) as T
}
