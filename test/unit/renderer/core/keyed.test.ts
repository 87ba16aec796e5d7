/**
 * The board's per-card marks (board-marks.ts, issue 13): a mark that moves from one card to another wakes those two
 * cards only, not every card on the board.
 */
import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, shallowRef, watchEffect } from 'vue'
import { keyedFlag, keyedList, keyedMembers, keyedRecord } from '@renderer/core/keyed'

/** 100 readers, one per id, each counting how often it ran; their last answers */
function readers(is: (id: string) => boolean) {
  const runs = new Map<string, number>()
  const seen = new Map<string, boolean>()
  for (let i = 0; i < 100; i++) {
    const id = `c${i}`
    watchEffect(() => {
      seen.set(id, is(id))
      runs.set(id, (runs.get(id) ?? 0) + 1)
    }, { flush: 'sync' })
  }
  const woken = () => [...runs].filter(([, n]) => n > 1).map(([id]) => id).sort()
  const reset = () => { for (const id of runs.keys()) runs.set(id, 1) }
  const on = () => [...seen].filter(([, v]) => v).map(([id]) => id).sort()
  return { woken, reset, on }
}

describe('board marks by card', () => {
  it('a new turn wakes the card it left and the card it reached, no other', async () => {
    const scope = effectScope()
    await scope.run(async () => {
      const current = shallowRef<string | null>('c3')
      const r = readers(keyedFlag(() => current.value))
      expect(r.on()).toEqual(['c3'])
      current.value = 'c4'
      await nextTick()
      expect(r.woken()).toEqual(['c3', 'c4'])
      expect(r.on()).toEqual(['c4'])
      r.reset()
      // nobody's turn (combat ended), then someone's again
      current.value = null
      expect(r.woken()).toEqual(['c4'])
      expect(r.on()).toEqual([])
      r.reset()
      current.value = 'c99'
      expect(r.woken()).toEqual(['c99'])
      expect(r.on()).toEqual(['c99'])
      // a reader that asks later gets the value as it is now
      const is = keyedFlag(() => current.value)
      expect([is('c99'), is('c4')]).toEqual([true, false])
    })
    scope.stop()
  })

  it('a change of who is out wakes the cards that went out or came back, no other', () => {
    const scope = effectScope()
    scope.run(() => {
      const out = shallowRef<ReadonlySet<string>>(new Set(['c1', 'c2']))
      const r = readers(keyedMembers(() => out.value))
      expect(r.on()).toEqual(['c1', 'c2'])
      // a new set every push, with one more out and one back
      out.value = new Set(['c2', 'c7'])
      expect(r.woken()).toEqual(['c1', 'c7'])
      expect(r.on()).toEqual(['c2', 'c7'])
      r.reset()
      out.value = new Set(['c2', 'c7'])
      expect(r.woken()).toEqual([])
    })
    scope.stop()
  })

  it('a push that changed one combatant wakes the readers of that combatant, no other', () => {
    const scope = effectScope()
    scope.run(() => {
      const list = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, hp: 10 }))
      const view = shallowRef(list(100))
      const get = keyedList(() => view.value, (c) => c.id)
      const r = readers((id) => (get(id)?.hp ?? 0) > 0)
      // the next push: a new list, the same objects but one
      const next = view.value.slice()
      next[5] = { id: 'c5', hp: 0 }
      view.value = next
      expect(r.woken()).toEqual(['c5'])
      expect(get('c5')).toBe(next[5])
      r.reset()
      // one gone, then one new and the order changed
      view.value = next.filter((c) => c.id !== 'c9')
      expect(r.woken()).toEqual(['c9'])
      expect(get('c9')).toBeUndefined()
      r.reset()
      const back = [{ id: 'c9', hp: 4 }, ...view.value.slice().reverse()]
      view.value = back
      expect(r.woken()).toEqual(['c9'])
      expect(get('c9')).toBe(back[0])
      expect(get('c0')).toBe(back[back.length - 1])
    })
    scope.stop()
  })

  it('a record (the derived values) wakes the readers of the keys whose value changed', () => {
    const scope = effectScope()
    scope.run(() => {
      const rec = shallowRef<Record<string, number[]> | undefined>(undefined)
      const get = keyedRecord(() => rec.value)
      const r = readers((id) => (get(id)?.[0] ?? 0) > 0)
      const first = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`c${i}`, [1]]))
      rec.value = first
      expect(r.woken().length).toBe(100)
      r.reset()
      rec.value = { ...first, c7: [0] }
      expect(r.woken()).toEqual(['c7'])
    })
    scope.stop()
  })
})
