/**
 * What the end-to-end tests use to talk to browser mode as a program would: a GM (or player) connection over the
 * WebSocket (`call(channel, payload)` → Result), and a small seeded PRNG so a failing run can be replayed with its
 * seed. Calls still open when the connection drops reject.
 */
import WebSocket from 'ws'

export type Result<T = unknown> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; field?: string; details?: Record<string, unknown> } }

/** mulberry32: a small seeded PRNG */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] }
}
export type Rng = ReturnType<typeof rng>

export class Gm {
  private pending = new Map<number, { resolve: (r: Result) => void; reject: (e: Error) => void }>()
  private n = 0
  private constructor(private ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { id?: number | null; result?: Result }
      if (typeof m.id === 'number' && m.result) {
        this.pending.get(m.id)?.resolve(m.result)
        this.pending.delete(m.id)
      }
    })
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('connection closed'))
      this.pending.clear()
    })
    ws.on('error', () => undefined)
  }
  /** connect with the token of a console or player URL (the role is the token's) */
  static connect(pageUrl: string): Promise<Gm> {
    const u = new URL(pageUrl)
    const ws = new WebSocket(`ws://${u.host}/ws?token=${u.searchParams.get('token')}`)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Gm(ws)))
      ws.once('error', reject)
    })
  }
  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }
  call<T>(channel: string, payload: unknown): Promise<Result<T>> {
    const id = ++this.n
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: Result) => void, reject })
      this.ws.send(JSON.stringify({ id, channel, payload }))
    })
  }
  async must<T>(channel: string, payload: unknown): Promise<T> {
    const r = await this.call<T>(channel, payload)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
    return r.value
  }
  close() {
    this.ws.terminate()
  }
}
