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
  off: () => void
  decoder: PushDecoder
}
const topics = new Map<PushTopic, TopicFeed>()

function feed(topic: PushTopic): TopicFeed {
  const bridge = getBridge()
  const listeners = new Set<(payload: never) => void>()
  const deliver = (raw: unknown) => {
    const payload = decoder.decode(raw)
    if (payload !== undefined) for (const l of [...listeners]) l(payload as never)
  }
  const decoder = createPushDecoder((why) => {
    // a lost delta: subscribe again; the new subscription's first push is whole
    console.warn(`gm: ${why}; subscribing ${topic} again`)
    f.off()
    f.off = () => undefined
    // after the delivery in progress (a transport may still be walking its listeners)
    queueMicrotask(() => {
      if (topics.get(topic) === f) f.off = bridge.subscribe(topic, deliver)
    })
  })
  const f: TopicFeed = { listeners, off: bridge.subscribe(topic, deliver), decoder }
  return f
}

export function listen<T extends PushTopic>(topic: T, listener: (payload: PushContract[T]) => void): () => void {
  try {
    let f = topics.get(topic)
    if (!f) topics.set(topic, (f = feed(topic)))
    const feedOf = f
    feedOf.listeners.add(listener)
    return () => {
      feedOf.listeners.delete(listener)
      if (feedOf.listeners.size === 0 && topics.get(topic) === feedOf) {
        topics.delete(topic)
        feedOf.off()
      }
    }
  } catch {
    return () => {}
  }
}
