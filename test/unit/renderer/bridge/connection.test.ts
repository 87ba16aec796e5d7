import { describe, expect, it, vi } from 'vitest'
import { createWsBridge, REVOKED, type SocketLike } from '@shared/ipc/ws-client'
import { connection, onReconnect, setConnection } from '@renderer/bridge/connection'

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
