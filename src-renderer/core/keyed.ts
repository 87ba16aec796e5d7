/**
 * Reactive lookups by key (issue 13, the GM board at 200 combatants): a reader that asks about one key tracks that
 * key alone, so a change wakes the readers of the keys it changed, not every reader of the whole value. One flag
 * (or value) per key, made when the key is first asked about; the watches that keep them end with the component
 * (or effect scope) whose setup made them.
 */
import { shallowRef, watch, type ShallowRef } from 'vue'

/** one reactive flag per key, made when a key is first asked about */
function flags(initial: (key: string) => boolean) {
  const all = new Map<string, ShallowRef<boolean>>()
  return {
    read(key: string): boolean {
      let f = all.get(key)
      if (!f) all.set(key, (f = shallowRef(initial(key))))
      return f.value
    },
    set(key: string, on: boolean): void {
      const f = all.get(key)
      if (f) f.value = on
    },
  }
}

/**
 * `is(key)`: whether `source` is that key now, tracking that key's flag only; a change of the source flips the flags
 * of the key it left and the key it took. Call in a component's setup (the watch ends with it).
 */
export function keyedFlag(source: () => string | null): (key: string) => boolean {
  let now = source()
  const f = flags((key) => key === now)
  watch(source, (next, before) => {
    now = next
    if (before !== null) f.set(before, false)
    if (next !== null) f.set(next, true)
  }, { flush: 'sync' })
  return f.read
}

/** `has(key)`: whether the set `source` gives holds the key, tracking that key's flag only (as keyedFlag) */
export function keyedMembers(source: () => ReadonlySet<string>): (key: string) => boolean {
  let now = source()
  const f = flags((key) => now.has(key))
  watch(source, (next, before) => {
    now = next
    for (const k of before) if (!next.has(k)) f.set(k, false)
    for (const k of next) if (!before.has(k)) f.set(k, true)
  }, { flush: 'sync' })
  return f.read
}

/**
 * `get(key)`: the value `source` holds for that key (undefined when none), tracking that key only: a new map in
 * which one value is a new object wakes the readers of that key alone. Values are compared by identity.
 */
export function keyedValues<T>(source: () => ReadonlyMap<string, T>): (key: string) => T | undefined {
  let now = source()
  const all = new Map<string, ShallowRef<T | undefined>>()
  watch(source, (next) => {
    now = next
    for (const [k, ref] of all) ref.value = next.get(k)
  }, { flush: 'sync' })
  return (key) => {
    let ref = all.get(key)
    if (!ref) all.set(key, (ref = shallowRef(now.get(key))))
    return ref.value
  }
}
