/** `app:info`: the build's version and mode, the caller's role, and the first-run sample campaign (given once). */
import { ok } from '@shared/result'
import type { HandlerMap } from './handler-map'

export function appHandlers(info: { version: string; mode: 'electron' | 'browser'; firstRunCampaignId?: string | null }): HandlerMap {
  let firstRun = info.firstRunCampaignId ?? null
  return {
    'app:info': async (_req, ctx) => {
      // handed out once, to the first GM window that asks (the console): a reload does not jump back to it
      const firstRunCampaignId = ctx.role === 'gm' ? firstRun : null
      if (ctx.role === 'gm') firstRun = null
      return ok({ version: info.version, mode: info.mode, role: ctx.role, firstRunCampaignId })
    },
  }
}
