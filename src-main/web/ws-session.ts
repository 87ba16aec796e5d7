/**
 * One browser-mode WebSocket connection: the role was fixed by the token at upgrade time; every message is
 * validated (shape, then dispatch's channel/role/payload checks) and answered with a Result.
 * Limits per connection: a message rate (token bucket; over it a message is answered with a `forbidden` error
 * and not run, the connection stays) and a message size per role (the player display sends only small messages:
 * a bigger one is answered with `invalid`, the connection stays). Above the server's hard cap (`maxPayload`) the
 * ws library closes the connection with 1009.
 */
import type { WebSocket } from 'ws'
import type { PushTopic, Role } from '@shared/ipc/contract'
import { wsSchemaFor, type WsServerMessage } from '@shared/ipc/ws-protocol'
import { err, type Result } from '@shared/result'
import { invalidFromZod, type Dispatch } from '../ipc/dispatch'
import type { Logger } from '../ipc/log'
import type { CallContext } from '../ipc/handlers'
import type { PushHub } from '../ipc/push-hub'
import { answerByRef, createPushEncoder, type PushEncoder } from '@shared/ipc/push-delta'

export interface WsSessionDeps {
  dispatch: Dispatch
  hub: PushHub
  log: Logger
}

/**
 * Answers one raw text frame; exported for tests. `encoders`: the connection's push encoders by topic (push-delta.ts),
 * so an answer that repeats the view just pushed goes as a reference to it.
 */
export async function handleWsMessage(
  raw: string,
  role: Role,
  socketId: string,
  deps: WsSessionDeps,
  send: (m: WsServerMessage) => void,
  encoders: Map<PushTopic, PushEncoder> = new Map(),
  link?: CallContext['link'],
): Promise<void> {
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
    result = answerByRef(await deps.dispatch(msg.channel, msg.payload, { role, callerId: socketId, ...(link ? { link } : {}) }), encoders)
  } else if ('subscribe' in msg) {
    // a subscription's big views go as deltas from its previous push (push-delta.ts); a new subscription starts whole
    const encode = createPushEncoder()
    const sub = deps.hub.subscribe({ id: socketId, role, ...(link ? { scope: link.id } : {}), send: (topic, payload) => send({ topic, payload: encode(topic, payload) }) }, msg.subscribe)
    if (sub.ok) encoders.set(sub.value.topic, encode)
    result = sub
  } else {
    const unsub = deps.hub.unsubscribe(socketId, msg.unsubscribe)
    if (unsub.ok) encoders.delete(unsub.value.topic)
    result = unsub
  }
  send({ id: msg.id, result })
}

export interface WsLimits {
  /** messages per second, sustained */
  ratePerSecond: number
  /** messages allowed at once above the rate */
  burst: number
  /** the largest text message in bytes */
  maxMessageBytes: number
}

/** generous for the console (bulk edits, imports); tight for the player display, which only subscribes and reads */
export const DEFAULT_WS_LIMITS: Readonly<Record<Role, WsLimits>> = {
  gm: { ratePerSecond: 200, burst: 400, maxMessageBytes: 32 * 1024 * 1024 },
  player: { ratePerSecond: 20, burst: 40, maxMessageBytes: 64 * 1024 },
  // a phone reads its views and sends a request now and then
  character: { ratePerSecond: 20, burst: 40, maxMessageBytes: 64 * 1024 },
}

/** A token bucket: `take()` is false when the connection is over its rate. */
export function rateLimiter(limits: Pick<WsLimits, 'ratePerSecond' | 'burst'>, now: () => number = Date.now) {
  let tokens = limits.burst
  let last = now()
  return {
    take(): boolean {
      const t = now()
      tokens = Math.min(limits.burst, tokens + ((t - last) / 1000) * limits.ratePerSecond)
      last = t
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}

/** the request id of a message we will not parse further (to answer it), else null */
const idOf = (raw: string): number | null => {
  const m = /^\s*\{\s*"id"\s*:\s*(\d{1,15})\s*[,}]/.exec(raw.slice(0, 64))
  return m ? Number(m[1]) : null
}

export function attachWsSession(ws: WebSocket, role: Role, socketId: string, deps: WsSessionDeps, limits: WsLimits = DEFAULT_WS_LIMITS[role], link?: CallContext['link']): void {
  const send = (m: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m))
  }
  const rate = rateLimiter(limits)
  const encoders = new Map<PushTopic, PushEncoder>()
  let refused = 0
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      send({ id: null, result: err('invalid', 'binary frames are not accepted', 'message') })
      return
    }
    const raw = data.toString()
    if (!rate.take()) {
      // log once per burst of refusals, not per message
      if (refused++ % 100 === 0) deps.log.warn(`ws: ${socketId} (${role}) is over ${limits.ratePerSecond} messages/s; refusing (${refused} so far)`)
      send({ id: idOf(raw), result: err('forbidden', `too many messages: at most ${limits.ratePerSecond} per second on one connection (burst ${limits.burst}); this one was not run`, 'message', { limit: 'rate' }) })
      return
    }
    const bytes = Buffer.byteLength(raw)
    if (bytes > limits.maxMessageBytes) {
      send({ id: idOf(raw), result: err('invalid', `message of ${bytes} bytes is over the ${limits.maxMessageBytes}-byte limit of the ${role} connection`, 'message', { limit: 'size' }) })
      return
    }
    void handleWsMessage(raw, role, socketId, deps, send, encoders, link).catch((e) => deps.log.error(`ws: ${String(e)}`))
  })
  ws.on('close', () => deps.hub.remove(socketId))
  ws.on('error', () => deps.hub.remove(socketId))
}
