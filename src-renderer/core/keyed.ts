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
 * `get(key)`: the item of the list `source` gives with that key (undefined when none), tracking that key only: a
 * new list in which one item is a new object wakes the readers of that item alone. Items are compared by identity;
 * a list with the same keys in the same order (every push but one that adds, removes or reorders) is compared
 * item by item, without building anything.
 */
export function keyedList<T>(source: () => readonly T[], keyOf: (item: T) => string): (key: string) => T | undefined {
  let list = source()
  const indexOf = (l: readonly T[]) => new Map(l.map((x, i) => [keyOf(x), i] as const))
  let index = indexOf(list)
  const refs = new Map<string, ShallowRef<T | undefined>>()
  watch(source, (next, prev) => {
    list = next
    let sameKeys = next.length === prev.length
    for (let i = 0; sameKeys && i < next.length; i++) sameKeys = next[i] === prev[i] || keyOf(next[i]) === keyOf(prev[i])
    if (sameKeys) {
      for (let i = 0; i < next.length; i++) {
        if (next[i] === prev[i]) continue
        const ref = refs.get(keyOf(next[i]))
        if (ref) ref.value = next[i]
      }
      return
    }
    index = indexOf(next)
    for (const [k, ref] of refs) {
      const i = index.get(k)
      ref.value = i === undefined ? undefined : next[i]
    }
  }, { flush: 'sync' })
  return (key) => {
    let ref = refs.get(key)
    if (!ref) {
      const i = index.get(key)
      refs.set(key, (ref = shallowRef(i === undefined ? undefined : list[i])))
    }
    return ref.value
  }
}

/** `get(key)`: the record's value for that key (as keyedList, for a record such as the GM view's `derived`) */
export function keyedRecord<T>(source: () => Readonly<Record<string, T>> | undefined): (key: string) => T | undefined {
  let now = source()
  const refs = new Map<string, ShallowRef<T | undefined>>()
  watch(source, (next) => {
    now = next
    for (const [k, ref] of refs) ref.value = next?.[k]
  }, { flush: 'sync' })
  return (key) => {
    let ref = refs.get(key)
    if (!ref) refs.set(key, (ref = shallowRef(now?.[key])))
    return ref.value
  }
}
