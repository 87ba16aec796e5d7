/**
 * Composition root shared by Electron (src-main/index.ts) and browser mode (src-main/server/serve.ts): creates
 * the store and the services, merges their handler maps into one dispatch and owns the push hub.
 *
 * To add an area: create its service below and add its handler map to the `mergeHandlers(...)` call.
 */
import { ok } from '@shared/result'
import { createDispatch, type Dispatch } from '../ipc/dispatch'
import { mergeHandlers, type HandlerMap } from '../ipc/handlers'
import type { Logger } from '../ipc/log'
import { createPushHub, type PushHub } from '../ipc/push-hub'
import { createSystemHandlers } from '../ipc/system-handlers'
import { createCampaignService, type CampaignStoreForService } from '../services/campaign-service'
import { createPlayServices, isPlayStore } from '../services/play-services'
import { createPlayerBoard, type PlayerBoard } from './player-board'
import { createShellHandlers, type WindowShell } from './shell'
import { createExportHandlers } from '../export/export-service'

export interface CoreOptions {
  mode: 'electron' | 'browser'
  version: string
  log: Logger
  campaignStore: CampaignStoreForService
  /** extra handler maps (tests, or areas wired outside this file) */
  extraHandlers?: HandlerMap[]
  /** the sample campaign the store seeded on this first start (`app:info` hands it once to the console to open) */
  firstRunCampaignId?: string | null
}

export interface Core {
  dispatch: Dispatch
  hub: PushHub
  board: PlayerBoard
  attachShell(shell: WindowShell): void
  shell(): WindowShell | null
}

export function createCore(opts: CoreOptions): Core {
  const { log, mode, version } = opts
  const hub = createPushHub(log)
  const board = createPlayerBoard(hub)
  let shell: WindowShell | null = null
  let firstRun = opts.firstRunCampaignId ?? null
  const campaigns = createCampaignService({ store: opts.campaignStore, hub, board, shell: () => shell })

  const appHandlers: HandlerMap = {
    'app:info': async (_req, ctx) => {
      // handed out once, to the first GM window that asks (the console): a reload does not jump back to it
      const firstRunCampaignId = ctx.role === 'gm' ? firstRun : null
      if (ctx.role === 'gm') firstRun = null
      return ok({ version, mode, role: ctx.role, firstRunCampaignId })
    },
  }

  // library, prep, encounters, sessions, replay (src-main/services/play-services.ts); needs the full store
  const play = isPlayStore(opts.campaignStore)
    ? createPlayServices({ store: opts.campaignStore, publish: (t, p) => hub.publish(t, p), showOnBoard: (e) => board.setEncounter(e) })
    : null

  const campaignHandlers = play ? play.withRestoreOnOpen(campaigns.handlers) : campaigns.handlers
  const handlers = mergeHandlers(appHandlers, board.handlers, campaignHandlers, createShellHandlers(() => shell), ...(play ? [play.handlers] : []), createExportHandlers(opts.campaignStore, () => shell), createSystemHandlers(), ...(opts.extraHandlers ?? []))
  return {
    dispatch: createDispatch(handlers, log),
    hub,
    board,
    attachShell: (s) => void (shell = s),
    shell: () => shell,
  }
}
