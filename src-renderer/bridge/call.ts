/**
 * How the renderer reaches main: the GmBridge (src-renderer/bridge provides it as window.gm) is set once at
 * startup; tests set a fake. `call`/`listen` never throw: a broken bridge becomes a Result error.
 */
import type { GmBridge } from '@shared/ipc/bridge-api'
import type { Channel, PushContract, PushTopic, RequestOf, ResponseOf } from '@shared/ipc/contract'
import type { Result } from '@shared/result'
import { createPushDecoder, resolveRef, type PushDecoder } from '@shared/ipc/push-delta'

let current: GmBridge | null = null
export function setBridge(bridge: GmBridge): void {
  for (const t of topics.values()) t.off()
  topics.clear()
  current = bridge
}
export function getBridge(): GmBridge {
  if (!current) throw new Error('bridge not set')
  return current
}

export async function call<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>> {
  try {
    // an answer that repeats a view just pushed comes as a reference to it (Electron; push-delta.ts)
    return resolveRef(await getBridge().invoke(channel, request), (topic) => topics.get(topic as PushTopic)?.decoder) as Result<ResponseOf<C>>
  } catch (e) {
    return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } }
  }
}

/**
 * One subscription per topic, shared by the topic's listeners: the Electron preload hands big views on as delta
 * frames (push-delta.ts), decoded here, in the page, so a view's unchanged parts keep their identity from one push to
 * the next (browser mode's ws-client decodes them itself; a decoded payload passes here unchanged).
 */
interface TopicFeed {
  listeners: Set<(payload: never) => void>
  /** what asks main again for a view that missed a change (a dropped delta), per listener that gave one */
  missed: Map<(payload: never) => void, (key: string) => void>
  off: () => void
  decoder: PushDecoder
}
const topics = new Map<PushTopic, TopicFeed>()

function feed(topic: PushTopic): TopicFeed {
  const bridge = getBridge()
  const listeners = new Set<(payload: never) => void>()
  const missed = new Map<(payload: never) => void, (key: string) => void>()
  const deliver = (raw: unknown) => {
    const payload = decoder.decode(raw)
    if (payload !== undefined) for (const l of [...listeners]) l(payload as never)
  }
  const decoder = createPushDecoder((why, key) => {
    // a lost delta: subscribe again; the new subscription's first push is whole
    console.warn(`gm: ${why}; subscribing ${topic} again`)
    f.off()
    f.off = () => undefined
    // after the delivery in progress (a transport may still be walking its listeners)
    queueMicrotask(() => {
      if (topics.get(topic) !== f) return
      f.off = bridge.subscribe(topic, deliver)
      // main sends nothing on a subscription: the view that missed a change is asked for again, after it
      resubscribed(topic, key)
    })
  })
  const f: TopicFeed = { listeners, missed, off: bridge.subscribe(topic, deliver), decoder }
  return f
}

/**
 * `listener` gets the topic's pushes until the returned function is called. `missed(key)`: a push of the view `key`
 * was lost (a delta dropped, push-delta.ts) and the topic subscribed again, which brings the next change only: ask
 * main for that view again (as after a lost connection).
 */
export function listen<T extends PushTopic>(topic: T, listener: (payload: PushContract[T]) => void, missed?: (key: string) => void): () => void {
  try {
    let f = topics.get(topic)
    if (!f) topics.set(topic, (f = feed(topic)))
    const feedOf = f
    feedOf.listeners.add(listener)
    if (missed) feedOf.missed.set(listener, missed)
    return () => {
      feedOf.listeners.delete(listener)
      feedOf.missed.delete(listener)
      if (feedOf.listeners.size === 0 && topics.get(topic) === feedOf) {
        topics.delete(topic)
        feedOf.off()
      }
    }
  } catch {
    return () => {}
  }
}

/**
 * The view `key` of `topic` missed a change and the topic was subscribed again (a delta the transport could not apply:
 * browser mode's ws-client reports it here, src-renderer/bridge/ws-bridge.ts; Electron's is decoded above): its
 * listeners ask main for it again.
 */
export function resubscribed(topic: string, key: string): void {
  const f = topics.get(topic as PushTopic)
  if (f) for (const ask of [...f.missed.values()]) ask(key)
}
