import { describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { createWsBridge, REVOKED, type SocketLike } from '@shared/ipc/ws-client'
import { createPushEncoder } from '@shared/ipc/push-delta'
import { createWsBridge as createPageBridge } from '@renderer/bridge/ws-bridge'
import { connection, onReconnect, setConnection } from '@renderer/bridge/connection'
import { useBridge } from '@renderer/stores/connection'
import { useEncountersStore } from '@renderer/stores/encounters'
import { encounterState, gmView } from '../support/fixtures'

/** a socket the test opens and closes by hand */
function fakeSockets() {
  const made: Array<SocketLike & { readyState: number }> = []
  const connect = () => {
    const s = { readyState: 0, send: vi.fn(), close: vi.fn(), onopen: null, onclose: null, onerror: null, onmessage: null } as unknown as SocketLike & { readyState: number }
    made.push(s)
    return s
  }
  return { made, connect }
}

describe('a lost connection (issue 10: both windows notice, reconnect by themselves, re-show their view)', () => {
  it('reports lost → open, retries by itself, and runs the reconnect hooks once it is back', async () => {
    vi.useFakeTimers()
    const { made, connect } = fakeSockets()
    const reloads = vi.fn()
    const off = onReconnect(reloads)
    createWsBridge({ url: 'ws://x/ws?token=t', role: 'player', connect, retryMs: 1000, onStatus: setConnection })
    made[0].readyState = 1
    made[0].onopen!({})
    expect(connection.value).toBe('open')
    made[0].readyState = 3
    made[0].onclose!({ code: 1006 })
    expect(connection.value).toBe('lost')
    expect(reloads).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(made).toHaveLength(2)
    made[1].readyState = 1
    made[1].onopen!({})
    expect(connection.value).toBe('open')
    expect(reloads).toHaveBeenCalledTimes(1)
    off()
    vi.useRealTimers()
  })

  it('a replaced player link (close code 4401) is said as such and not retried', () => {
    vi.useFakeTimers()
    const { made, connect } = fakeSockets()
    createWsBridge({ url: 'ws://x/ws?token=old', role: 'player', connect, retryMs: 1000, onStatus: setConnection })
    made[0].readyState = 1
    made[0].onopen!({})
    made[0].onclose!({ code: REVOKED })
    expect(connection.value).toBe('revoked')
    vi.advanceTimersByTime(5000)
    expect(made).toHaveLength(1)
    setConnection('open')
    vi.useRealTimers()
  })
})

describe('a click while the connection drops (issue 27: a Redo clicked as every socket dropped did not land)', () => {
  const sentOn = (s: SocketLike) => (s.send as unknown as { mock: { calls: string[][] } }).mock.calls.map(([t]) => JSON.parse(t) as { id: number; channel?: string })

  it('a command never sent waits for the connection to come back and is sent once, then answered', async () => {
    vi.useFakeTimers()
    const { made, connect } = fakeSockets()
    const bridge = createWsBridge({ url: 'ws://x/ws?token=t', role: 'gm', connect, retryMs: 1000, onStatus: setConnection })
    made[0].readyState = 1
    made[0].onopen!({})
    // the socket is closing: the click is queued, not sent
    made[0].readyState = 2
    const answer = bridge.invoke('encounter:redo', { encounterId: 'e1' } as never)
    made[0].readyState = 3
    made[0].onclose!({ code: 1006 })
    vi.advanceTimersByTime(1000)
    made[1].readyState = 1
    made[1].onopen!({})
    const redo = sentOn(made[1]).filter((m) => m.channel === 'encounter:redo')
    expect(redo).toHaveLength(1)
    expect(sentOn(made[0]).filter((m) => m.channel === 'encounter:redo')).toHaveLength(0)
    made[1].onmessage!({ data: JSON.stringify({ id: redo[0].id, result: { ok: true, value: 'done' } }) })
    await expect(answer).resolves.toEqual({ ok: true, value: 'done' })
    vi.useRealTimers()
  })

  it('a command sent before the drop is never sent twice: it is answered as lost (main may have done it; the window asks again)', async () => {
    vi.useFakeTimers()
    const { made, connect } = fakeSockets()
    const bridge = createWsBridge({ url: 'ws://x/ws?token=t', role: 'gm', connect, retryMs: 1000, onStatus: setConnection })
    made[0].readyState = 1
    made[0].onopen!({})
    const answer = bridge.invoke('encounter:redo', { encounterId: 'e1' } as never)
    expect(sentOn(made[0]).filter((m) => m.channel === 'encounter:redo')).toHaveLength(1)
    made[0].readyState = 3
    made[0].onclose!({ code: 1006 })
    await expect(answer).resolves.toMatchObject({ ok: false, error: { code: 'io' } })
    vi.advanceTimersByTime(1000)
    made[1].readyState = 1
    made[1].onopen!({})
    expect(sentOn(made[1]).filter((m) => m.channel === 'encounter:redo')).toHaveLength(0)
    vi.useRealTimers()
  })
})

describe('a change main makes while a window reconnects (table-soak board stale turn)', () => {
  /**
   * A main that takes a window's messages one by one, in the order the window sent them, and answers each (a push
   * goes to the topics subscribed on this connection at that moment). `change` runs before message `at`: the soak's
   * crash step, where the console's Next turn (queued while it was disconnected) reached the restarted main between
   * the pop-out board's messages, which reconnected at the same moment.
   */
  function fakeMain() {
    let turn = 0
    const view = () => gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index: turn } }) })
    let subs = new Set<string>()
    const done = new WeakMap<SocketLike, number>()
    const tick = () => new Promise((r) => setTimeout(r, 0))
    const deliver = (s: SocketLike, m: unknown) => s.onmessage!({ data: JSON.stringify(m) })
    return {
      nextTurn(s: SocketLike) {
        turn++
        if (subs.has('encounter:changed')) deliver(s, { topic: 'encounter:changed', payload: view() })
      },
      /** a new process: no subscription of the old connection survives */
      restart: () => void (subs = new Set()),
      /** answers what `s` sent since the last call, a task per message; `change` before the message numbered `at` */
      async serve(s: SocketLike, change?: { at: number; run: () => void }) {
        const msgs = (s.send as unknown as { mock: { calls: string[][] } }).mock.calls.map(([t]) => JSON.parse(t) as { id: number; channel?: string; subscribe?: string })
        const from = done.get(s) ?? 0
        for (let i = from; i <= msgs.length; i++) {
          if (change && i - from === change.at) change.run()
          const m = msgs[i]
          if (!m) break
          if (m.subscribe) subs.add(m.subscribe)
          deliver(s, { id: m.id, result: m.channel === 'encounter:get' ? { ok: true, value: view() } : { ok: true, value: m.subscribe ? { topic: m.subscribe } : null } })
          await tick()
        }
        done.set(s, msgs.length)
        await tick()
      },
    }
  }

  it('reaches the board whichever of its messages main takes before the change: it subscribes again before it asks again', async () => {
    for (let at = 0; at <= 2; at++) {
      setActivePinia(createPinia())
      const { made, connect } = fakeSockets()
      const bridge = createWsBridge({ url: 'ws://x/ws?token=t', role: 'gm', connect, retryMs: 1, onStatus: setConnection })
      useBridge(bridge)
      const main = fakeMain()
      made[0].readyState = 1
      made[0].onopen!({})
      const store = useEncountersStore()
      // as the pop-out board (windows/board/BoardApp.vue): follows encounter:changed, asks again after a lost connection
      store.start()
      const off = onReconnect(() => void store.get('e1'))
      try {
        const loaded = store.get('e1')
        await main.serve(made[0])
        await loaded
        expect(store.views.e1.encounter.turn.index).toBe(0)
        // main crashes and a new one starts on the same port
        made[0].readyState = 3
        made[0].onclose!({ code: 1006 })
        main.restart()
        await new Promise((r) => setTimeout(r, 10))
        made[1].readyState = 1
        made[1].onopen!({})
        await main.serve(made[1], { at, run: () => main.nextTurn(made[1]) })
        expect(store.views.e1.encounter.turn.index, `the turn moved on before main took the board's message ${at} after reconnecting`).toBe(1)
      } finally {
        off()
        bridge.close()
      }
    }
  })
})

describe('a delta push the window cannot apply (push-delta.ts: dropped, the topic subscribed again)', () => {
  it("asks main for the view again after the new subscription: main sends nothing on subscribe, so the board kept the turn before the lost push until the next change", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setActivePinia(createPinia())
    const { made, connect } = fakeSockets()
    // as a page's own bridge (src-renderer/bridge/ws-bridge.ts: what browser mode's windows are given)
    const bridge = createPageBridge({ url: 'ws://x/ws?token=t', role: 'gm', connect, retryMs: 1, onStatus: setConnection })
    useBridge(bridge)
    const socket = made[0]
    socket.readyState = 1
    socket.onopen!({})
    // main, as ws-session.ts: an encoder per subscription (a new one starts whole); nothing is pushed on subscribe
    let turn = 0
    const view = () => gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index: turn } }) })
    let encode: ReturnType<typeof createPushEncoder> | null = null
    let done = 0
    const deliver = (m: unknown) => socket.onmessage!({ data: JSON.stringify(m) })
    const serve = async () => {
      for (;;) {
        const m = sentOn(socket)[done]
        if (!m) break
        done++
        if (m.subscribe) encode = createPushEncoder()
        if (m.unsubscribe) encode = null
        deliver({ id: m.id, result: m.channel === 'encounter:get' ? { ok: true, value: view() } : { ok: true, value: m.channel ? null : { topic: m.subscribe ?? m.unsubscribe } } })
        await new Promise((r) => setTimeout(r, 0))
      }
    }
    const sentOn = (s: SocketLike) => (s.send as unknown as { mock: { calls: string[][] } }).mock.calls.map(([t]) => JSON.parse(t) as { id: number; channel?: string; subscribe?: string; unsubscribe?: string })
    const nextTurn = (delivered: boolean) => {
      turn++
      const payload = encode!('encounter:changed', view())
      if (delivered) deliver({ topic: 'encounter:changed', payload })
    }
    const store = useEncountersStore()
    store.start()
    try {
      const loaded = store.get('e1')
      await serve()
      await loaded
      nextTurn(true) // whole: the subscription's first push
      nextTurn(true) // a delta
      expect(store.views.e1.encounter.turn.index).toBe(2)
      nextTurn(false) // lost on the way
      nextTurn(true) // its delta cannot apply: dropped
      expect(store.views.e1.encounter.turn.index).toBe(2)
      await serve()
      await new Promise((r) => setTimeout(r, 0))
      await serve()
      expect(store.views.e1.encounter.turn.index, 'the turn main is at, with no further change').toBe(4)
      const sent = sentOn(socket)
      const renewed = sent.findLastIndex((m) => m.subscribe === 'encounter:changed')
      expect(renewed, 'subscribed again').toBeGreaterThan(0)
      expect(sent.findLastIndex((m) => m.channel === 'encounter:get'), 'asked again after the new subscription').toBeGreaterThan(renewed)
      // the next change comes whole from the new subscription, and applies
      nextTurn(true)
      expect(store.views.e1.encounter.turn.index).toBe(5)
    } finally {
      bridge.close()
      warn.mockRestore()
    }
  })
})
