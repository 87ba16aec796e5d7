import { describe, expect, it, vi } from 'vitest'
import { createWsBridge, REVOKED, type SocketLike } from '@shared/ipc/ws-client'
import { connection, onReconnect, setConnection } from '@renderer/core/connection'

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
