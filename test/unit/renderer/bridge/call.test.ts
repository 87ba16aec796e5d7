/**
 * Issue 13: in Electron the preload hands big views on as delta frames; the renderer's bridge decodes them once per
 * topic, in the page, so unchanged parts keep their identity (push-delta.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPushEncoder } from '@shared/ipc/push-delta'
import { call, listen, setBridge } from '../../../../src-renderer/bridge/call'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { usePlayerStore } from '@renderer/stores/player'
import { fakeBridge, okR } from '../support/fake-bridge'
import { playerView } from '../support/fixtures'

const view = (index: number, hp = 10) => ({
  encounter: { id: 'e1', turn: { index }, combatants: [{ id: 'a', state: { hp } }, { id: 'b', state: { hp: 7 } }] },
  log: [{ seq: index }],
})
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

describe('renderer bridge: delta frames', () => {
  afterEach(() => vi.restoreAllMocks())

  it('decodes each frame once for all listeners of a topic; unchanged combatants keep their identity', () => {
    const bridge = fakeBridge()
    setBridge(bridge)
    const a: any[] = []
    const b: any[] = []
    const offA = listen('encounter:changed', (v) => a.push(v))
    listen('encounter:changed', (v) => b.push(v))
    expect(bridge.listeners('encounter:changed')).toBe(1)
    const encode = createPushEncoder()
    // frames cross the preload as copies (structured clone): JSON here
    bridge.push('encounter:changed', json(encode('encounter:changed', view(0))))
    bridge.push('encounter:changed', json(encode('encounter:changed', view(1))))
    bridge.push('encounter:changed', json(encode('encounter:changed', view(2, 4))))
    expect(json(a)).toEqual([view(0), view(1), view(2, 4)])
    expect(b).toEqual(a)
    expect(a[1]).toBe(b[1])
    expect(a[1].encounter.combatants).toBe(a[0].encounter.combatants)
    expect(a[2].encounter.combatants[1]).toBe(a[0].encounter.combatants[1])
    expect(a[2].encounter.combatants[0]).not.toBe(a[0].encounter.combatants[0])
    offA()
    expect(bridge.listeners('encounter:changed')).toBe(1)
  })

  it("an answer that refers to the view just pushed resolves to that view; one this window does not hold is an io error", async () => {
    const bridge = fakeBridge()
    setBridge(bridge)
    const got: unknown[] = []
    listen('encounter:changed', (v) => got.push(v))
    const encode = createPushEncoder()
    const pushed = view(5)
    bridge.push('encounter:changed', json(encode('encounter:changed', pushed)))
    const ref = encode.refFor(pushed)!
    bridge.handle('encounter:command', { ok: true, value: { $push: 'ref', topic: 'encounter:changed', ...ref } })
    const r = await call('encounter:command', { encounterId: 'e1', command: { type: 'nextTurn' } })
    expect(r.ok && r.value).toBe(got[0])
    bridge.handle('encounter:command', { ok: true, value: { $push: 'ref', topic: 'encounter:changed', key: 'e1', rev: ref.rev + 99 } })
    expect(await call('encounter:command', { encounterId: 'e1', command: { type: 'nextTurn' } })).toMatchObject({ ok: false, error: { code: 'io' } })
  })

  it('a plain payload (a test, another topic) passes unchanged', () => {
    const bridge = fakeBridge()
    setBridge(bridge)
    const got: unknown[] = []
    listen('encounter:changed', (v) => got.push(v))
    const plain = view(3)
    bridge.push('encounter:changed', plain)
    expect(got[0]).toBe(plain)
  })

  it('a delta that cannot apply is dropped and the topic subscribed again (whose first push is whole)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const bridge = fakeBridge()
    const subscribe = vi.spyOn(bridge, 'subscribe')
    setBridge(bridge)
    const got: unknown[] = []
    listen('encounter:changed', (v) => got.push(v))
    const encode = createPushEncoder()
    encode('encounter:changed', view(0)) // never arrives
    bridge.push('encounter:changed', encode('encounter:changed', view(1)))
    expect(got).toEqual([])
    await Promise.resolve()
    expect(subscribe).toHaveBeenCalledTimes(2)
    expect(bridge.listeners('encounter:changed')).toBe(1)
    bridge.push('encounter:changed', createPushEncoder()('encounter:changed', view(2)))
    expect(got).toEqual([view(2)])
  })

  it('a dropped delta: the view that missed the change is asked for again, after the new subscription (main pushes nothing on subscribe)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const bridge = fakeBridge()
    const order: string[] = []
    const subscribe = bridge.subscribe.bind(bridge)
    vi.spyOn(bridge, 'subscribe').mockImplementation((topic, l) => {
      order.push(`subscribe ${topic}`)
      return subscribe(topic, l)
    })
    setBridge(bridge)
    const missed: string[] = []
    listen('encounter:changed', () => undefined, (key) => {
      order.push(`ask ${key}`)
      missed.push(key)
    })
    const encode = createPushEncoder()
    bridge.push('encounter:changed', json(encode('encounter:changed', view(0))))
    encode('encounter:changed', view(1)) // never arrives
    bridge.push('encounter:changed', json(encode('encounter:changed', view(2))))
    await Promise.resolve()
    expect(missed).toEqual(['e1'])
    expect(order).toEqual(['subscribe encounter:changed', 'subscribe encounter:changed', 'ask e1'])
  })

  it("the player board (TV, phone) asks for its view again after a dropped delta: it showed the round before until the next change", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setActivePinia(createPinia())
    let round = 1
    const board = () => playerView({ encounter: { ...playerView().encounter!, round } })
    const bridge = fakeBridge().handle('player:view', () => okR(board()))
    setBridge(bridge)
    const store = usePlayerStore()
    store.start()
    await store.load()
    const encode = createPushEncoder()
    bridge.push('player:view', json(encode('player:view', board())))
    round = 2
    encode('player:view', board()) // never arrives
    round = 3
    bridge.push('player:view', json(encode('player:view', board())))
    await flushPromises()
    expect(bridge.callsTo('player:view')).toHaveLength(2)
    expect(store.view?.encounter?.round).toBe(3)
    store.stop()
  })

  it('the last listener leaving ends the subscription; a new bridge starts afresh', () => {
    const bridge = fakeBridge()
    setBridge(bridge)
    const off = listen('player:view', () => undefined)
    expect(bridge.listeners('player:view')).toBe(1)
    off()
    expect(bridge.listeners('player:view')).toBe(0)
    listen('player:view', () => undefined)
    const next = fakeBridge()
    setBridge(next)
    expect(bridge.listeners('player:view')).toBe(0)
  })
})
