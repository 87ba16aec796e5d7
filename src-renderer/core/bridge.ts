/**
 * How the renderer reaches main: the GmBridge (src-renderer/bridge provides it as window.gm) is set once at
 * startup; tests set a fake. `call`/`listen` never throw: a broken bridge becomes a Result error.
 */
import type { GmBridge } from '@shared/ipc/bridge-api'
import type { Channel, PushContract, PushTopic, RequestOf, ResponseOf } from '@shared/ipc/contract'
import type { Result } from '@shared/result'

let current: GmBridge | null = null
export function setBridge(bridge: GmBridge): void {
  current = bridge
}
export function getBridge(): GmBridge {
  if (!current) throw new Error('bridge not set')
  return current
}

export async function call<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>> {
  try {
    return await getBridge().invoke(channel, request)
  } catch (e) {
    return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } }
  }
}

export function listen<T extends PushTopic>(topic: T, listener: (payload: PushContract[T]) => void): () => void {
  try {
    return getBridge().subscribe(topic, listener)
  } catch {
    return () => {}
  }
}
