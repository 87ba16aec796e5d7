/**
 * Delta pushes (issue 13, push size and the GM board's next turn): a push of a big view (the GM view of a
 * 200-combatant encounter, the player board) is sent as the changes since the previous push of the same view to the
 * same window, not as the whole view again.
 *
 * - main: each window's subscription to a topic has an encoder (`createPushEncoder`, wired in by the transports:
 *   ws-session.ts, electron-ipc.ts). The first push of a view (by its key: the encounter id) goes whole, as a frame
 *   `{ full }`; each later one as `{ base, ops }`, the operations that turn the previous view into the new one.
 * - renderer: one decoder per topic (`createPushDecoder`, in src-renderer/bridge/call.ts) applies the operations to the view it
 *   holds, copying only the objects on the changed paths. Everything unchanged keeps its identity from one push to
 *   the next, so the store's reconcile and Vue skip it: the cost of a push follows what changed, not the view's size.
 * - A transport delivers messages in order, and a (re)subscription starts a new encoder, so the decoder always holds
 *   the `base` of a delta; if it does not (a message lost), it drops the delta and asks for a fresh subscription,
 *   whose first push is whole again. Main sends nothing on a subscription (a push comes with the next change only),
 *   so the window then asks main for that view again (ws-client.ts `onResubscribed`, bridge/call.ts `listen`).
 * A decoded view is equal to the JSON of the pushed one (keys whose value is undefined are absent).
 */
import type { PushTopic } from './contract'

/** a path into a view: object keys and array indexes */
export type PatchPath = Array<string | number>
/**
 * `['s', path, value]` set · `['d', path]` delete a key · `['l', path, n]` cut an array to n items ·
 * `['f', path, n]` drop an array's first n items (a window that moved on)
 */
export type PatchOp = ['s', PatchPath, unknown] | ['d', PatchPath] | ['l', PatchPath, number] | ['f', PatchPath, number]

export type PushFrame<T = unknown> =
  | { $push: 'full'; key: string; rev: number; full: T }
  | { $push: 'delta'; key: string; rev: number; base: number; ops: PatchOp[] }

/** the topics sent as deltas, and the key that names one view among a topic's pushes */
const DELTA_KEYS: Partial<Record<PushTopic, (payload: unknown) => string | undefined>> = {
  'encounter:changed': (p) => (p as { encounter?: { id?: unknown } } | null)?.encounter?.id as string | undefined,
  'player:view': () => 'board',
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null

/** deep equality over JSON values (an undefined key counts as absent) */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (!isObject(a) || !isObject(b)) return Number.isNaN(a) && Number.isNaN(b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown as unknown[]
    if (a.length !== bb.length) return false
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], bb[i])) return false
    return true
  }
  let n = 0
  for (const k in a) {
    if (a[k] === undefined) continue
    n++
    if (!sameJson(a[k], b[k])) return false
  }
  for (const k in b) if (b[k] !== undefined) n--
  return n === 0
}

/** how far a moved window is searched for the previous first item */
const MAX_SHIFT = 64

function diffInto(p: unknown, n: unknown, path: PatchPath, ops: PatchOp[]): void {
  if (p === n) return
  if (!isObject(p) || !isObject(n) || Array.isArray(p) !== Array.isArray(n)) {
    if (!sameJson(p, n)) ops.push(['s', path, n])
    return
  }
  if (Array.isArray(n)) {
    const pa = p as unknown as unknown[]
    // a window that moved on: the new first item is an item a little further in the old array
    let shift = 0
    if (n.length > 0 && pa.length > 1 && !sameJson(pa[0], n[0])) {
      for (let d = 1; d < Math.min(pa.length, MAX_SHIFT + 1); d++) {
        if (pa[d] === n[0] || sameJson(pa[d], n[0])) {
          shift = d
          break
        }
      }
    }
    if (shift) ops.push(['f', path, shift])
    const kept = pa.length - shift
    for (let i = 0; i < n.length; i++) {
      if (i < kept) diffInto(pa[i + shift], n[i], [...path, i], ops)
      else ops.push(['s', [...path, i], n[i]])
    }
    if (kept > n.length) ops.push(['l', path, n.length])
    return
  }
  const po = p as Record<string, unknown>
  for (const k in n) {
    const v = n[k]
    if (v === undefined) continue
    if (po[k] === undefined) ops.push(['s', [...path, k], v])
    else diffInto(po[k], v, [...path, k], ops)
  }
  for (const k in po) if (po[k] !== undefined && n[k] === undefined) ops.push(['d', [...path, k]])
}

/** the operations that turn `prev` into `next` (both JSON values; `[]` when they are equal) */
export function diffJson(prev: unknown, next: unknown): PatchOp[] {
  const ops: PatchOp[] = []
  diffInto(prev, next, [], ops)
  return ops
}

/**
 * `ops` applied to `root`, copy-on-write: the objects and arrays on the changed paths are copied (each once), the
 * rest is `root`'s own. `root` itself is never changed. A path that does not fit throws.
 */
export function applyOps<T>(root: T, ops: readonly PatchOp[]): T {
  if (ops.length === 0) return root
  const copied = new Set<unknown>()
  const own = <C>(c: C): C => {
    if (copied.has(c)) return c
    const copy = (Array.isArray(c) ? c.slice() : { ...(c as object) }) as C
    copied.add(copy)
    return copy
  }
  let top: unknown = root
  for (const op of ops) {
    const path = op[1]
    if (path.length === 0) {
      if (op[0] !== 's') throw new Error(`push delta: ${op[0]} at the root`)
      top = op[2]
      continue
    }
    top = own(top)
    let parent = top as Record<string | number, unknown>
    for (let i = 0; i < path.length - 1; i++) {
      const child = parent[path[i]]
      if (!isObject(child)) throw new Error(`push delta: no container at ${path.slice(0, i + 1).join('.')}`)
      const mine = own(child)
      parent[path[i]] = mine
      parent = mine as Record<string | number, unknown>
    }
    const last = path[path.length - 1]
    if (op[0] === 's') parent[last] = op[2]
    else if (op[0] === 'd') delete parent[last]
    else {
      const arr = parent[last]
      if (!Array.isArray(arr)) throw new Error(`push delta: no array at ${path.join('.')}`)
      const mine = own(arr)
      if (op[0] === 'l') mine.length = Math.min(mine.length, op[2])
      else mine.splice(0, op[2])
      parent[last] = mine
    }
  }
  return top as T
}

/** a diff of the same two views is made once for all the windows that receive it */
const diffs = new WeakMap<object, { next: unknown; ops: PatchOp[] }>()
function cachedDiff(prev: unknown, next: unknown): PatchOp[] {
  if (!isObject(prev)) return diffJson(prev, next)
  const hit = diffs.get(prev)
  if (hit && hit.next === next) return hit.ops
  const ops = diffJson(prev, next)
  diffs.set(prev, { next, ops })
  return ops
}

/** revs are unique across the process's encoders, so a delta of an old subscription never fits a new one's view */
let revs = 0

/** views held per subscription (the encounters a window follows); the oldest is forgotten past this */
const MAX_KEYS = 16

export interface PushEncoder {
  /** what to send for this push */
  (topic: PushTopic, payload: unknown): unknown
  /** the view `value` is, if it is the very view this encoder sent last for its key (an answer that repeats a push) */
  refFor(value: unknown): { key: string; rev: number } | undefined
}

/**
 * One window's encoder for one subscription: `encode(topic, payload)` is what to send. Other topics' payloads pass
 * unchanged. The views pushed must not be changed afterwards (main builds a new view for every push).
 */
export function createPushEncoder(): PushEncoder {
  const last = new Map<string, { rev: number; value: unknown }>()
  const encode = (topic: PushTopic, payload: unknown): unknown => {
    const key = DELTA_KEYS[topic]?.(payload)
    if (typeof key !== 'string') return payload
    const prev = last.get(key)
    const rev = ++revs
    last.delete(key)
    last.set(key, { rev, value: payload })
    if (last.size > MAX_KEYS) last.delete(last.keys().next().value as string)
    if (!prev) return { $push: 'full', key, rev, full: payload } satisfies PushFrame
    return { $push: 'delta', key, rev, base: prev.rev, ops: cachedDiff(prev.value, payload) } satisfies PushFrame
  }
  const refFor = (value: unknown) => {
    if (!isObject(value)) return undefined
    for (const [key, held] of last) if (held.value === value) return { key, rev: held.rev }
    return undefined
  }
  return Object.assign(encode, { refFor })
}

/**
 * An answer that is a view the window was just pushed (a command answers with the view it also pushed): sent as a
 * reference to that push, `{ $push: 'ref', topic, key, rev }`, which the window resolves from the view it holds. A
 * 200-combatant console then parses and compares the view once per command, not twice.
 */
export interface PushRef {
  $push: 'ref'
  topic: PushTopic
  key: string
  rev: number
}
export const isPushRef = (x: unknown): x is PushRef => isObject(x) && x.$push === 'ref' && typeof x.topic === 'string' && typeof x.key === 'string' && typeof x.rev === 'number'

/** `result` with its value sent by reference when it is the view one of `encoders` (this window's) pushed last */
export function answerByRef<R extends { ok: boolean; value?: unknown }>(result: R, encoders: ReadonlyMap<PushTopic, PushEncoder>): R | { ok: true; value: PushRef } {
  if (!result.ok || !isObject(result.value)) return result
  for (const [topic, enc] of encoders) {
    const ref = enc.refFor(result.value)
    if (ref) return { ok: true, value: { $push: 'ref', topic, ...ref } }
  }
  return result
}

export const isPushFrame = (x: unknown): x is PushFrame =>
  isObject(x) && (x.$push === 'full' || x.$push === 'delta') && typeof x.key === 'string' && typeof x.rev === 'number'

export interface PushDecoder {
  /** the view a message carries (a payload that is not a frame passes as it is); undefined: a delta that cannot be
   *  applied (its base is not held), dropped, and `onLost` was called */
  decode(message: unknown): unknown
  /** the view held for `key` if it is the one of push `rev` */
  held(key: string, rev: number): unknown
}

/** `onLost(why, key)`: the view of `key` missed a change (a delta dropped); the window must ask main for it again */
export function createPushDecoder(onLost: (why: string, key: string) => void): PushDecoder {
  const held = new Map<string, { rev: number; value: unknown }>()
  return {
    decode(message) {
      if (!isPushFrame(message)) return message
      if (message.$push === 'full') {
        held.delete(message.key)
        held.set(message.key, { rev: message.rev, value: message.full })
        if (held.size > MAX_KEYS) held.delete(held.keys().next().value as string)
        return message.full
      }
      const h = held.get(message.key)
      if (!h || h.rev !== message.base) {
        held.delete(message.key)
        onLost(`push delta ${message.key}: holds ${h ? `rev ${h.rev}` : 'nothing'}, the delta is on rev ${message.base}`, message.key)
        return undefined
      }
      let value: unknown
      try {
        value = applyOps(h.value, message.ops)
      } catch (e) {
        held.delete(message.key)
        onLost(e instanceof Error ? e.message : String(e), message.key)
        return undefined
      }
      h.rev = message.rev
      h.value = value
      return value
    },
    held(key, rev) {
      const h = held.get(key)
      return h && h.rev === rev ? h.value : undefined
    },
  }
}

/** an answer whose value is a reference to a push, resolved from the window's decoders (else an `io` error) */
export function resolveRef<R extends { ok: boolean; value?: unknown }>(result: R, decoderOf: (topic: string) => PushDecoder | undefined): R | { ok: false; error: { code: 'io'; message: string } } {
  if (!result.ok || !isPushRef(result.value)) return result
  const ref = result.value
  const value = decoderOf(ref.topic)?.held(ref.key, ref.rev)
  if (value === undefined) return { ok: false, error: { code: 'io', message: `the answer is the ${ref.topic} view this window was pushed, which it no longer holds; it shows again on the next change` } }
  return { ...result, value }
}
