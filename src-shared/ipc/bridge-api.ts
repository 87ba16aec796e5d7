/**
 * The bridge API the renderer sees as `window.gm`, identical in Electron (preload) and browser mode
 * (WebSocket client). One generic typed invoke over the contract, plus subscribe for pushes.
 */
import type { Channel, PushContract, PushTopic, RequestOf, ResponseOf, Role } from './contract'
import type { Result } from '../result'

export interface GmBridge {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>>
  /** returns an unsubscribe function */
  subscribe<T extends PushTopic>(topic: T, listener: (payload: PushContract[T]) => void): () => void
  readonly role: Role
  readonly mode: 'electron' | 'browser'
}
