/**
 * Browser mode's WebSocket messages (JSON text frames). Client → server:
 *   `{ id, channel, payload }` invoke · `{ id, subscribe: topic }` · `{ id, unsubscribe: topic }`
 * Server → client: `{ id, result }` (a Result, for every request, also malformed ones: id null when unreadable)
 * and `{ topic, payload }` for pushes. The role is fixed by the token in the connection URL, never by a message.
 */
import { z } from 'zod'
import type { Result } from '../result'

const requestId = z.number().int().nonnegative()

export const wsClientMessage = z.union([
  z.object({ id: requestId, channel: z.string(), payload: z.unknown() }).strict(),
  z.object({ id: requestId, subscribe: z.string() }).strict(),
  z.object({ id: requestId, unsubscribe: z.string() }).strict(),
])
export type WsClientMessage = z.infer<typeof wsClientMessage>

export interface WsResultMessage { id: number | null; result: Result<unknown> }
export interface WsPushMessage { topic: string; payload: unknown }
export type WsServerMessage = WsResultMessage | WsPushMessage

/** the path of the WebSocket endpoint; the token goes in `?token=` */
export const WS_PATH = '/ws'
