/**
 * Transport-independent request handling, the same for Electron IPC and the browser-mode WebSocket:
 * channel known? → caller's role allowed? → payload valid (zod)? → handler. Every outcome is a Result;
 * nothing is thrown to the caller, and refusals (unknown channel, wrong role) are logged.
 */
import type { z } from 'zod'
import { invokeContract, isChannel, type Channel } from '@shared/ipc/contract'
import { err, type Result } from '@shared/result'
import type { CallContext, Handler, HandlerMap } from './handlers'
import type { Logger } from './log'
import { firstIssue } from '@shared/zod-issue'

export type Dispatch = (channel: unknown, payload: unknown, ctx: CallContext) => Promise<Result<unknown>>

/** The first zod issue as an `invalid` Result naming the field. */
export function invalidFromZod(error: z.ZodError): Result<never> {
  if (!error.issues.length) return err('invalid', 'invalid payload', 'payload')
  const first = firstIssue(error)
  const field = first.field || 'payload'
  return err('invalid', `${field}: ${first.message}`, field, { issue: first.issue })
}

const clip = (s: unknown): string => JSON.stringify(String(s)).slice(0, 80)

export function createDispatch(handlers: HandlerMap, log: Logger): Dispatch {
  return async (channel, payload, ctx) => {
    if (!isChannel(channel)) {
      log.warn(`ipc: refused unknown channel ${clip(channel)} from ${ctx.role} ${ctx.callerId}`)
      return err('unknown-channel', `unknown channel ${clip(channel)}`, 'channel')
    }
    const def = invokeContract[channel]
    if (!def.roles.includes(ctx.role)) {
      log.warn(`ipc: refused ${channel} for role ${ctx.role} (${ctx.callerId})`)
      return err('forbidden', `${channel} is not allowed for the ${ctx.role} window`, 'channel')
    }
    const parsed = (def.request as z.ZodType).safeParse(payload === undefined ? {} : payload)
    if (!parsed.success) return invalidFromZod(parsed.error)
    const handler = handlers[channel] as Handler<Channel> | undefined
    if (!handler) {
      log.error(`ipc: no handler for ${channel}`)
      return err('internal', `${channel} is not served by this build`)
    }
    try {
      const result = await handler(parsed.data as never, ctx)
      if (!result || typeof result !== 'object' || typeof (result as { ok?: unknown }).ok !== 'boolean') {
        log.error(`ipc: handler for ${channel} returned a non-Result`)
        return err('internal', `${channel} failed`)
      }
      return result
    } catch (e) {
      log.error(`ipc: handler for ${channel} threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      return err('internal', `${channel} failed: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
}
