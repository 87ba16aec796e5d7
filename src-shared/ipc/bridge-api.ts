/**
 * The bridge API the renderer sees as `window.gm`, identical in Electron (preload) and browser mode
 * (WebSocket client): a typed `invoke` that refuses channels outside the contract, one named method per
 * channel (`gm.api.campaign.list()` for `campaign:list`), and `subscribe` for pushes.
 */
import type { Channel, PushContract, PushTopic, RequestOf, ResponseOf, Role } from './contract'
// names only (no zod): the renderer's bridge builds on this module (issue 13)
import { CHANNEL_NAMES, isChannelName } from './names'
import { err, type Result } from '../result'

export type InvokeFn = <C extends Channel>(channel: C, request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>

type AreaOf<C extends string> = C extends `${infer A}:${string}` ? A : never
type Method<C extends Channel> = Record<never, never> extends RequestOf<C>
  ? (request?: RequestOf<C>) => Promise<Result<ResponseOf<C>>>
  : (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>

/** `campaign:rename` → `api.campaign.rename(request)` */
export type NamedApi = {
  [A in AreaOf<Channel>]: { [C in Channel as C extends `${A}:${infer M}` ? M : never]: Method<C> }
}

export interface GmBridge {
  invoke: InvokeFn
  /** one named method per contract channel */
  readonly api: NamedApi
  /** returns an unsubscribe function */
  subscribe<T extends PushTopic>(topic: T, listener: (payload: PushContract[T]) => void): () => void
  readonly role: Role
  readonly mode: 'electron' | 'browser'
}

/** Builds `api` from the contract's channel list over any transport's `invoke`. */
export function buildNamedApi(invoke: (channel: Channel, request: unknown) => Promise<Result<unknown>>): NamedApi {
  const api: Record<string, Record<string, (request?: unknown) => Promise<Result<unknown>>>> = {}
  for (const ch of CHANNEL_NAMES) {
    const at = ch.indexOf(':')
    const area = ch.slice(0, at)
    const method = ch.slice(at + 1)
    api[area] ??= {}
    api[area][method] = (request?: unknown) => invoke(ch, request ?? {})
  }
  return api as unknown as NamedApi
}

/** The refusal both transports give, before anything is sent, for a channel outside the contract. */
export const refuseUnknownChannel = (channel: unknown): Result<never> | null =>
  isChannelName(channel) ? null : err('unknown-channel', `unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`, 'channel')
