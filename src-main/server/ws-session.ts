/**
 * One browser-mode WebSocket connection: the role was fixed by the token at upgrade time; every message is
 * validated (shape, then dispatch's channel/role/payload checks) and answered with a Result.
 */
import type { WebSocket } from 'ws'
import type { Role } from '@shared/ipc/contract'
import { wsSchemaFor, type WsServerMessage } from '@shared/ipc/ws-protocol'
import { err, type Result } from '@shared/result'
import { invalidFromZod, type Dispatch } from '../ipc/dispatch'
import type { Logger } from '../ipc/log'
import type { PushHub } from '../ipc/push-hub'

export interface WsSessionDeps {
  dispatch: Dispatch
  hub: PushHub
  log: Logger
}

/** Answers one raw text frame; exported for tests. */
export async function handleWsMessage(raw: string, role: Role, socketId: string, deps: WsSessionDeps, send: (m: WsServerMessage) => void): Promise<void> {
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    send({ id: null, result: err('invalid', 'message is not JSON', 'message') })
    return
  }
  const parsed = wsSchemaFor(data).safeParse(data)
  if (!parsed.success) {
    const id = typeof (data as { id?: unknown })?.id === 'number' ? (data as { id: number }).id : null
    send({ id, result: invalidFromZod(parsed.error) })
    return
  }
  const msg = parsed.data
  let result: Result<unknown>
  if ('channel' in msg) {
    result = await deps.dispatch(msg.channel, msg.payload, { role, callerId: socketId })
  } else if ('subscribe' in msg) {
    result = deps.hub.subscribe({ id: socketId, role, send: (topic, payload) => send({ topic, payload }) }, msg.subscribe)
  } else {
    result = deps.hub.unsubscribe(socketId, msg.unsubscribe)
  }
  send({ id: msg.id, result })
}

export function attachWsSession(ws: WebSocket, role: Role, socketId: string, deps: WsSessionDeps): void {
  const send = (m: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m))
  }
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      send({ id: null, result: err('invalid', 'binary frames are not accepted', 'message') })
      return
    }
    void handleWsMessage(data.toString(), role, socketId, deps, send).catch((e) => deps.log.error(`ws: ${String(e)}`))
  })
  ws.on('close', () => deps.hub.remove(socketId))
  ws.on('error', () => deps.hub.remove(socketId))
}
