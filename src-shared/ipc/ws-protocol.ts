/**
 * Browser mode's WebSocket messages (JSON text frames). Client → server:
 *   `{ id, channel, payload }` invoke · `{ id, subscribe: topic }` · `{ id, unsubscribe: topic }`
 * Server → client: `{ id, result }` (a Result, for every request, also malformed ones: id null when unreadable)
 * and `{ topic, payload }` for pushes. The role is fixed by the token in the connection URL, never by a message.
 */
import { z } from 'zod'
import type { Result } from '../result'

const requestId = z.number().int().nonnegative()

export const wsInvokeMessage = z.object({ id: requestId, channel: z.string().max(200), payload: z.unknown() }).strict()
export const wsSubscribeMessage = z.object({ id: requestId, subscribe: z.string().max(200) }).strict()
export const wsUnsubscribeMessage = z.object({ id: requestId, unsubscribe: z.string().max(200) }).strict()
export type WsClientMessage = z.infer<typeof wsInvokeMessage> | z.infer<typeof wsSubscribeMessage> | z.infer<typeof wsUnsubscribeMessage>

/** The schema for a decoded message, chosen by its key so a bad field is named (not "no union member matched"). */
export function wsSchemaFor(data: unknown): z.ZodType<WsClientMessage> {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    if ('subscribe' in data) return wsSubscribeMessage
    if ('unsubscribe' in data) return wsUnsubscribeMessage
  }
  return wsInvokeMessage
}

export interface WsResultMessage { id: number | null; result: Result<unknown> }
export interface WsPushMessage { topic: string; payload: unknown }
export type WsServerMessage = WsResultMessage | WsPushMessage

/** the path of the WebSocket endpoint; the token goes in `?token=` */
export { WS_PATH } from './names'
