/** A fake GmBridge for component tests: scripted handlers per channel, recorded calls, manual pushes. */
import type { GmBridge } from '@shared/ipc/bridge-api'
import type { Role } from '@shared/ipc/contract'
import type { Result } from '@shared/result'

type Handler = (request: any) => Result<unknown> | Promise<Result<unknown>>

export interface FakeBridge extends GmBridge {
  calls: Array<{ channel: string; request: any }>
  handle(channel: string, handler: Handler | Result<unknown>): FakeBridge
  push(topic: string, payload: unknown): void
  listeners(topic: string): number
  /** the scripted handlers (to copy onto another fake) */
  handlers(): Array<[string, Handler]>
  callsTo(channel: string): any[]
}

export function fakeBridge(role: Role = 'gm'): FakeBridge {
  const handlers = new Map<string, Handler>()
  const subs = new Map<string, Set<(p: unknown) => void>>()
  const calls: FakeBridge['calls'] = []
  const bridge: FakeBridge = {
    role,
    mode: 'browser',
    calls,
    async invoke(channel: string, request: unknown) {
      calls.push({ channel, request })
      const h = handlers.get(channel)
      if (!h) return { ok: false, error: { code: 'unknown-channel', message: `no fake for ${channel}` } }
      return h(request)
    },
    subscribe(topic: string, listener: (p: any) => void) {
      if (!subs.has(topic)) subs.set(topic, new Set())
      subs.get(topic)!.add(listener)
      return () => subs.get(topic)?.delete(listener)
    },
    handle(channel, handler) {
      handlers.set(channel, typeof handler === 'function' ? handler : () => handler)
      return bridge
    },
    push(topic, payload) {
      for (const l of subs.get(topic) ?? []) l(payload)
    },
    listeners: (topic) => subs.get(topic)?.size ?? 0,
    handlers: () => [...handlers.entries()],
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.request),
  } as FakeBridge
  return bridge
}

export const okR = <T>(value: T): Result<T> => ({ ok: true, value })
export const errR = (code: string, message: string, field?: string): Result<never> => ({ ok: false, error: { code: code as never, message, ...(field ? { field } : {}) } })
