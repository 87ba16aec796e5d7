/**
 * `app:info`: the build's version and mode, the caller's role, the first-run sample campaign (given once), and, once,
 * to the first GM window after a restart, what main came back to (issue 27): a console window that has no place of
 * its own (the desktop app after a crash) comes back to that campaign, at the board of the encounter shown to players.
 */
import { ok } from '@shared/result'
import type { HandlerMap } from './handler-map'

export interface Resumed {
  campaignId: string
  /** the encounter on the player display, null: none */
  encounterId: string | null
}

export function appHandlers(info: { version: string; mode: 'electron' | 'browser'; firstRunCampaignId?: string | null; resumed?: () => Resumed | null }): HandlerMap {
  let firstRun = info.firstRunCampaignId ?? null
  let resumeGiven = false
  return {
    'app:info': async (_req, ctx) => {
      // handed out once, to the first GM window that asks (the console): a reload does not jump back to it
      const firstRunCampaignId = ctx.role === 'gm' ? firstRun : null
      if (ctx.role === 'gm') firstRun = null
      // like the first-run campaign, handed out once: the first console window after a restart comes back to the
      // fight; a console tab opened later, mid-session, starts at the campaign list as before
      const resumed = ctx.role === 'gm' && !resumeGiven ? (info.resumed?.() ?? null) : null
      if (ctx.role === 'gm') resumeGiven = true
      return ok({ version: info.version, mode: info.mode, role: ctx.role, firstRunCampaignId, resumed })
    },
  }
}
