/**
 * Issue 13, push size and the GM board's next turn: big views are pushed as deltas (src-shared/ipc/push-delta.ts).
 * A decoded view equals the JSON of the pushed one; what did not change keeps its identity.
 */
import { describe, expect, it, vi } from 'vitest'
import { applyOps, createPushDecoder, createPushEncoder, diffJson, isPushFrame, sameJson, type PushFrame } from '@shared/ipc/push-delta'

const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

/** a small seeded RNG (mulberry32) */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type J = null | boolean | number | string | J[] | { [k: string]: J }
function randomJson(r: () => number, depth: number): J {
  const x = r()
  if (depth <= 0 || x < 0.35) {
    const y = r()
    return y < 0.2 ? null : y < 0.4 ? r() < 0.5 : y < 0.7 ? Math.floor(r() * 100) : `s${Math.floor(r() * 10)}`
  }
  if (x < 0.65) return Array.from({ length: Math.floor(r() * 5) }, () => randomJson(r, depth - 1))
  return Object.fromEntries(Array.from({ length: Math.floor(r() * 5) }, (_, i) => [`k${Math.floor(r() * 6)}${i % 2}`, randomJson(r, depth - 1)]))
}
/** a copy of `v` with a few random changes; untouched subtrees are `v`'s own (as main's immutable state is) */
function mutate(r: () => number, v: J, depth: number): J {
  if (r() < 0.15 || depth <= 0) return r() < 0.5 ? v : randomJson(r, 2)
  if (Array.isArray(v)) {
    let out = v.map((c) => (r() < 0.3 ? mutate(r, c, depth - 1) : c))
    const y = r()
    if (y < 0.15) out = out.slice(1 + Math.floor(r() * 2)) // a window that moved on
    else if (y < 0.3) out = out.slice(0, Math.floor(r() * out.length))
    if (r() < 0.3) out.push(randomJson(r, 2))
    return out
  }
  if (v && typeof v === 'object') {
    const out: Record<string, J> = {}
    for (const [k, c] of Object.entries(v)) if (r() > 0.1) out[k] = r() < 0.3 ? mutate(r, c, depth - 1) : c
    if (r() < 0.3) out[`n${Math.floor(r() * 4)}`] = randomJson(r, 2)
    return out
  }
  return randomJson(r, 2)
}

describe('diff and apply (pure)', () => {
  it('applying the diff of two views gives the JSON of the second, for 2,000 random pairs (seed 13)', () => {
    const r = rng(13)
    for (let i = 0; i < 2000; i++) {
      const a = { root: randomJson(r, 4) }
      const b = mutate(r, a, 5)
      const before = JSON.stringify(a)
      const out = applyOps(a, diffJson(a, b))
      expect(json(out)).toEqual(json(b))
      // the held view is never changed
      expect(JSON.stringify(a)).toBe(before)
    }
  })

  it('unchanged parts keep their identity: a next turn copies only the objects on the changed path', () => {
    const combatants = Array.from({ length: 200 }, (_, i) => ({ id: `c${i}`, state: { hp: 10 } }))
    const prev = { encounter: { id: 'e', turn: { index: 3, order: combatants.map((c) => c.id) }, combatants }, derived: { c1: [{ v: 1 }] } }
    // main builds derived values afresh for every view: equal, not identical
    const next = { encounter: { ...prev.encounter, turn: { ...prev.encounter.turn, index: 4 } }, derived: json(prev.derived) }
    const ops = diffJson(prev, next)
    expect(ops).toEqual([['s', ['encounter', 'turn', 'index'], 4]])
    const out = applyOps(prev, ops)
    expect(out.encounter.turn.index).toBe(4)
    expect(out.encounter.combatants).toBe(prev.encounter.combatants)
    expect(out.encounter.turn.order).toBe(prev.encounter.turn.order)
    expect(out.derived).toBe(prev.derived)
    expect(out.encounter).not.toBe(prev.encounter)
  })

  it('a log window that moved on by one entry is sent as a shift and the new entry', () => {
    const entry = (seq: number) => ({ seq, key: 'log.core.turnStarted', params: { n: seq } })
    const prev = { log: Array.from({ length: 100 }, (_, i) => entry(i)) }
    const next = { log: Array.from({ length: 100 }, (_, i) => json(entry(i + 1))) }
    const ops = diffJson(prev, next)
    expect(ops).toEqual([['f', ['log'], 1], ['s', ['log', 99], entry(100)]])
    const out = applyOps(prev, ops)
    expect(out.log).toEqual(next.log)
    expect(out.log[0]).toBe(prev.log[1])
  })

  it('undefined keys count as absent; NaN equals NaN', () => {
    expect(diffJson({ a: 1, b: undefined }, { a: 1 })).toEqual([])
    expect(diffJson({ a: 1 }, { a: 1, b: undefined })).toEqual([])
    expect(diffJson({ a: 1, b: 2 }, { a: 1, b: undefined })).toEqual([['d', ['b']]])
    expect(sameJson({ x: NaN }, { x: NaN })).toBe(true)
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false)
  })

  it('a path that does not fit the held view throws (the decoder then starts over)', () => {
    expect(() => applyOps({ a: 1 }, [['s', ['a', 'b', 'c'], 1]])).toThrow(/no container at a$/)
    expect(() => applyOps({ a: {} }, [['f', ['a'], 1]])).toThrow(/no array at a/)
  })
})

describe('encoder and decoder', () => {
  const view = (id: string, index: number) => ({ encounter: { id, turn: { index } }, log: [{ seq: index }] })

  it('the first push of a view is whole, the next ones deltas from it; each encounter has its own', () => {
    const encode = createPushEncoder()
    const f1 = encode('encounter:changed', view('a', 1)) as PushFrame
    const f2 = encode('encounter:changed', view('a', 2)) as PushFrame
    const g1 = encode('encounter:changed', view('b', 1)) as PushFrame
    expect(f1).toMatchObject({ $push: 'full', key: 'a' })
    expect(f2).toMatchObject({ $push: 'delta', key: 'a', base: f1.rev })
    expect(g1).toMatchObject({ $push: 'full', key: 'b' })
    // other topics pass unchanged
    const other = { campaigns: [] }
    expect(encode('campaigns:changed', other)).toBe(other)
    expect(isPushFrame(other)).toBe(false)

    const lost = vi.fn()
    const decoder = createPushDecoder(lost)
    expect(decoder.decode(json(f1))).toEqual(view('a', 1))
    expect(decoder.decode(json(g1))).toEqual(view('b', 1))
    expect(decoder.decode(json(f2))).toEqual(view('a', 2))
    expect(decoder.decode(other)).toBe(other)
    expect(lost).not.toHaveBeenCalled()
  })

  it('a delta whose base is not held is dropped and reported; the next whole push starts over', () => {
    const encode = createPushEncoder()
    const f1 = encode('encounter:changed', view('a', 1))
    encode('encounter:changed', view('a', 2)) // lost on the way
    const f3 = encode('encounter:changed', view('a', 3))
    const lost = vi.fn()
    const decoder = createPushDecoder(lost)
    decoder.decode(f1)
    expect(decoder.decode(f3)).toBeUndefined()
    expect(lost).toHaveBeenCalledWith(expect.stringMatching(/push delta a: holds rev \d+, the delta is on rev \d+/), 'a')
    // a new subscription (a new encoder) starts whole again
    const again = createPushEncoder()
    expect(decoder.decode(again('encounter:changed', view('a', 4)))).toEqual(view('a', 4))
  })

  it("a new encoder's revs never match an old one's (an old subscription's delta cannot apply to a new view)", () => {
    const a = createPushEncoder()
    const b = createPushEncoder()
    const fa = a('player:view', { x: 1 }) as PushFrame
    const fb = b('player:view', { x: 1 }) as PushFrame
    expect(fa.rev).not.toBe(fb.rev)
  })
})
