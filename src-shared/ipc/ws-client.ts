/**
 * Browser mode's GmBridge (transport-pure; src-renderer/bridge gives it the page's WebSocket): the same API as the Electron preload, over one WebSocket to `/ws?token=…`.
 * Requests wait for the connection; a lost connection is retried, re-subscribing the topics in use. A call that never
 * left this window (queued while the socket was connecting or closing) waits for the next connection and is sent
 * then, once (issue 27: a click as the Wi-Fi dropped was lost without a word); a call already sent is answered with
 * an `io` error, never sent twice (main may have done it: the window asks for its views again on reconnect). The server decides the role from the token; `role` here is informational.
 */
import { buildNamedApi, refuseUnknownChannel, type GmBridge, type InvokeFn } from './bridge-api'
import type { Channel, Role } from './contract'
import { isPushTopicName as isPushTopic, WS_PATH } from './names'
import type { WsServerMessage } from './ws-protocol'
import { createPushDecoder, resolveRef, type PushDecoder } from './push-delta'
import { err, type Result } from '../result'

/** The part of the DOM WebSocket the client uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(): void
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: unknown) => void) | null
  onerror: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
}

export interface WsBridgeOptions {
  url: string
  role: Role
  connect: (url: string) => SocketLike
  /** ms before a reconnect attempt */
  retryMs?: number
  /** `closed`: lost, retrying every `retryMs`; `revoked`: the server closed it for good (a replaced player link,
   *  close code 4401), no retry */
  onStatus?: (status: 'open' | 'closed' | 'revoked') => void
  /** a delta push of `topic` was dropped (its base not held) and the topic subscribed again: the view of `key` missed
   *  a change, and main sends nothing on a subscription, so the window asks for that view again (called after the
   *  new subscription went out, so a change main makes after the asking is pushed) */
  onResubscribed?: (topic: string, key: string) => void
}

const OPEN = 1
/** the server's close code for a revoked token (http-server.ts, a new player link) */
export const REVOKED = 4401

export function createWsBridge(opts: WsBridgeOptions): GmBridge & { close(): void } {
  const connect = opts.connect
  const pending = new Map<number, (r: Result<unknown>) => void>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  /** per topic: the views its deltas apply to (push-delta.ts); a lost delta renews the subscription (whole again) */
  const decoders = new Map<string, PushDecoder>()
  /** per topic subscribed again after a lost delta, until main answered the new subscription: the views asked for
   *  again (a delta of the old subscription still on its way is covered by the renewal under way) */
  const renewing = new Map<string, Set<string>>()
  const decoderOf = (topic: string): PushDecoder => {
    let d = decoders.get(topic)
    if (!d) {
      d = createPushDecoder((why, key) => {
        if (!listeners.has(topic)) return void decoders.delete(topic)
        let asked = renewing.get(topic)
        if (!asked) {
          console.warn(`gm: ${why}; subscribing ${topic} again`)
          const mine = (asked = new Set())
          renewing.set(topic, mine)
          transmit({ id: ++seq, unsubscribe: topic })
          void request({ subscribe: topic }).then(() => {
            if (renewing.get(topic) === mine) renewing.delete(topic)
          })
        }
        if (asked.has(key)) return
        asked.add(key)
        // the new subscription pushes the next change only: the change this delta carried is asked for again, after
        // the subscription (sent above) and after the delivery in progress
        queueMicrotask(() => {
          if (listeners.has(topic)) opts.onResubscribed?.(topic, key)
        })
      })
      decoders.set(topic, d)
    }
    return d
  }
  /** what waits for the socket to open; `call`: an invoke that outlives a lost connection (never sent) */
  let queue: Array<{ text: string; id: number; call: boolean }> = []
  let seq = 0
  let socket: SocketLike
  let closedForGood = false

  const send = (q: { text: string }) => socket.send(q.text)
  const transmit = (msg: Record<string, unknown> & { id: number }) => {
    const q = { text: JSON.stringify(msg), id: msg.id, call: 'channel' in msg }
    if (socket.readyState === OPEN) send(q)
    else queue.push(q)
  }

  const request = (msg: Record<string, unknown>): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      const id = ++seq
      pending.set(id, resolve)
      transmit({ id, ...msg })
    })

  const open = () => {
    socket = connect(opts.url)
    socket.onopen = () => {
      // what waited goes first: the subscriptions made again (and a call never sent), then the status, whose reconnect
      // hooks ask main again for the window's views. Main then pushes every change it makes after a subscription and
      // answers the asking after it, so the window ends on the newest view. The other way round, a change main made
      // between a window's asking and its subscribing was neither answered nor pushed: a pop-out board that reconnected
      // after a crash as the console's queued Next turn landed kept the old turn (table-soak board stale turn).
      const waiting = queue
      queue = []
      for (const q of waiting) send(q)
      opts.onStatus?.('open')
    }
    socket.onmessage = (ev) => {
      let msg: WsServerMessage
      try {
        msg = JSON.parse(String(ev.data)) as WsServerMessage
      } catch {
        return
      }
      if ('topic' in msg) {
        // decoded while main keeps the subscription, listened to or not (an answer may refer to the view)
        const set = listeners.get(msg.topic)
        const d = set ? decoderOf(msg.topic) : decoders.get(msg.topic)
        const payload = d ? d.decode(msg.payload) : undefined
        if (set && payload !== undefined) for (const l of set) l(payload)
      } else if (msg.id !== null) {
        const done = pending.get(msg.id)
        pending.delete(msg.id)
        // an answer that repeats a view just pushed comes as a reference to it (push-delta.ts)
        done?.(resolveRef(msg.result, (topic) => decoders.get(topic)))
      }
    }
    socket.onerror = () => undefined
    socket.onclose = (ev) => {
      const revoked = (ev as { code?: number } | null)?.code === REVOKED
      opts.onStatus?.(revoked ? 'revoked' : 'closed')
      if (revoked) closedForGood = true
      // never sent: an invoke waits for the next connection; subscriptions are made again below
      queue = closedForGood ? [] : queue.filter((q) => q.call)
      const waiting = new Set(queue.map((q) => q.id))
      for (const [id, done] of [...pending]) {
        if (waiting.has(id)) continue
        pending.delete(id)
        done(err('io', 'the connection to GM Console was lost'))
      }
      if (closedForGood) return
      decoders.clear()
      renewing.clear()
      setTimeout(() => {
        if (closedForGood) return
        open()
        for (const topic of listeners.keys()) transmit({ id: ++seq, subscribe: topic })
      }, opts.retryMs ?? 1000)
    }
  }
  open()

  const invokeAny = (channel: Channel, payload: unknown): Promise<Result<unknown>> =>
    Promise.resolve(refuseUnknownChannel(channel) ?? request({ channel, payload }))

  return {
    invoke: invokeAny as InvokeFn,
    api: buildNamedApi(invokeAny),
    subscribe(topic, listener) {
      if (!isPushTopic(topic)) {
        console.warn(`gm.subscribe: unknown topic ${String(topic)}`)
        return () => undefined
      }
      let set = listeners.get(topic)
      if (!set) {
        listeners.set(topic, (set = new Set()))
        void request({ subscribe: topic }).then((r) => {
          if (!r.ok) console.warn(`gm.subscribe ${topic}: ${r.error.message}`)
        })
      }
      const l = listener as (payload: unknown) => void
      set.add(l)
      return () => {
        set.delete(l)
        if (set.size === 0 && listeners.get(topic) === set) {
          listeners.delete(topic)
          // the view stays held until main has ended the subscription (an answer sent before may refer to it)
          const d = decoders.get(topic)
          void request({ unsubscribe: topic }).then(() => {
            if (!listeners.has(topic) && decoders.get(topic) === d) decoders.delete(topic)
          })
        }
      }
    },
    role: opts.role,
    mode: 'browser',
    close() {
      closedForGood = true
      socket.close()
    },
  }
}

/** The WebSocket URL and role for a page served in browser mode (`/?token=…`, `/player?token=…`, a phone's
 *  `/me?token=…`: issue 29). */
export function browserEndpoint(loc: { protocol: string; host: string; pathname: string; search: string }): { url: string; role: Role } | null {
  const token = new URLSearchParams(loc.search).get('token')
  if (!token) return null
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:'
  return { url: `${scheme}//${loc.host}${WS_PATH}?token=${encodeURIComponent(token)}`, role: loc.pathname.startsWith('/player') ? 'player' : loc.pathname.startsWith('/me') ? 'character' : 'gm' }
}
