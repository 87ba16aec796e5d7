/**
 * Composition root shared by Electron (src-main/index.ts) and browser mode (src-main/server/serve.ts): opens the
 * campaign store in the data folder (`createCore`: the entry points never import the store), builds the
 * services over it, adapts the IPC push hub and the shell to the services' ports
 * (src-main/services/ports.ts), and merges the handler maps of src-main/ipc/handlers into one dispatch.
 *
 * To add an area: create its service below, write its handler map in src-main/ipc/handlers/<area>.ts and add it
 * to the `mergeHandlers(...)` call.
 */
import { existsSync } from 'node:fs'
import { createCampaignStore } from '../campaign/campaign-store'
import { createDispatch, type Dispatch } from '../ipc/dispatch'
import {
  appHandlers,
  campaignHandlers,
  dangerHandlers,
  encounterHandlers,
  exportHandlers,
  libraryHandlers,
  mergeHandlers,
  phoneHandlers,
  playerHandlers,
  replayHandlers,
  sessionHandlers,
  systemHandlers,
  tableHandlers,
  windowHandlers,
  type HandlerMap,
} from '../ipc/handlers'
import type { Logger } from '../ipc/log'
import { createPushHub, type PushHub } from '../ipc/push-hub'
import { createCampaignService, toOverview, type CampaignStoreForService } from '../services/campaigns/campaign-service'
import type { CampaignFile } from '@shared/domain/campaign'
import { createExportService, exportDeps } from '../services/sessions/export-service'
import { createPlayServices } from '../services/play-services'
import { createSystemService } from '../services/campaigns/system-service'
import { createPlayerBoard, type PlayerBoard } from '../services/play/player-board'
export { PLAYER_SETTLE_MS } from '../services/play/player-board'
import type { Publish } from '../services/ports'
import { campaignPort, isPlayStore } from '../services/store-adapter'
import type { WindowShell } from './shell'
import { memoryPlayerLinks, openPlayerLinks, type PlayerLinkStore } from '../campaign/player-links'
import type { Phones } from '../services/table/links-service'
import { wirePhones } from './phones'
// where the campaigns live (the entry points choose the folder, the wiring opens the store in it)
export { defaultDataDir, electronDataDir } from '../campaign/paths'

export interface WireCoreOptions {
  mode: 'electron' | 'browser'
  version: string
  log: Logger
  campaignStore: CampaignStoreForService
  /** extra handler maps (tests, or areas wired outside this file) */
  extraHandlers?: HandlerMap[]
  /** the services' clock, an ISO time (a session is titled with its day); default the system's */
  now?: () => string
  /** the sample campaign the store seeded on this first start (`app:info` hands it once to the console to open) */
  firstRunCampaignId?: string | null
  /** the player display's pushes wait this long for the next change (player-board.ts PLAYER_SETTLE_MS); default 0 */
  playerSettleMs?: number
  /** the built danger-check worker, out/main/danger-worker.js (the entry points pass it; danger-threads.ts) */
  dangerWorker?: string
  /** how long the danger check's idle threads stay (danger-pool.ts DANGER_IDLE_MS by default) */
  dangerIdleMs?: number
  /** the players' phone links (issue 29); default: in memory */
  playerLinks?: PlayerLinkStore
}

export interface Core {
  dispatch: Dispatch
  hub: PushHub
  board: PlayerBoard
  attachShell(shell: WindowShell): void
  shell(): WindowShell | null
  /** the tokens of the players' phone links (the server resolves a phone's token with it) */
  linkTokens: Pick<PlayerLinkStore, 'byToken' | 'wasRevoked'>
  /** the server phones connect to (web/core-server.ts, in both modes), once it listens */
  attachPhones(phones: Phones): void
  /** phones connected or left (the console's counts follow) */
  phonesChanged(): void
  /**
   * At start, before any window connects (issue 27): open again the campaign opened last (by `lastOpened`), which
   * puts it on the player board and rebuilds its live encounters, with the one its log last showed to players. A
   * restart or a crash then changes nothing a player page or a pop-out board sees. Nothing when no campaign was ever
   * opened; never fails (a damaged campaign stays closed).
   */
  resume(): Promise<void>
}

/**
 * The core over a campaign store it is given: the services, the push hub, the handler maps in one dispatch. The entry
 * points call `createCore` below, which creates the store; tests and benches hand a store of their own here.
 */
export function wireCore(opts: WireCoreOptions): Core {
  const { log, mode, version } = opts
  const hub = createPushHub(log)
  // the services' Publish port is the hub's publish; the shell port is whichever shell is attached now
  const publish: Publish = (topic, payload) => hub.publish(topic, payload)
  let shell: WindowShell | null = null
  const getShell = () => shell
  // every push of the player board also gives each connected phone its own character's view (issue 29)
  let pushPhones: () => void = () => undefined
  const board = createPlayerBoard(publish, { settleMs: opts.playerSettleMs, onSend: () => pushPhones() })

  // library, prep, encounters, sessions, replay and export need the full store (small test stores may lack it)
  const store = opts.campaignStore
  // every change to a campaign's file pushes its overview, so the Overview's counters stay current (issue 10)
  const onCampaignChanged = (id: string, data: CampaignFile) => {
    forgetPhones(id)
    publish('campaign:changed', toOverview(id, data))
  }
  // the phones' table facts (names, settings) are read again after a change to the campaign
  let forgetPhones: (campaignId: string) => void = () => undefined
  // the campaigns an encounter unknown here may belong to: the one on the player board, then the others, last opened first
  const campaignIds = async (): Promise<string[]> => {
    const list = await store.list()
    const ids = list.ok ? list.value.filter((c) => !c.problem).map((c) => c.id) : []
    const onBoard = board.campaignId()
    return onBoard ? [onBoard, ...ids.filter((id) => id !== onBoard)] : ids
  }
  const play = isPlayStore(store)
    ? createPlayServices({ store, publish, showOnBoard: (e) => board.setEncounter(e), campaigns: campaignIds, onCampaignChanged, now: opts.now, dangerWorker: opts.dangerWorker, dangerIdleMs: opts.dangerIdleMs })
    : null
  const exporter = isPlayStore(store) ? createExportService(exportDeps(campaignPort(store), getShell)) : null
  // opening a campaign also rebuilds its live encounters from the open session's log
  const campaigns = createCampaignService({
    store, publish, board, shell: getShell,
    afterOpen: play ? (id) => play.encounters.restore(id) : undefined,
    afterPlayerDisplay: play
      ? (id) => {
          forgetPhones(id)
          return play.encounters.playerDisplayChanged(id)
        }
      : undefined,
  })

  const phones = play && isPlayStore(store) ? wirePhones({ hub, publish, board, store: campaignPort(store), encounters: play.encounters, links: opts.playerLinks ?? memoryPlayerLinks(), now: opts.now }) : null
  if (phones) {
    pushPhones = () => {
      phones.requests.expire()
      void phones.views.pushAll().catch((e) => log.warn(`phones: ${String(e)}`))
    }
    forgetPhones = phones.forget
  }

  /** the campaign `resume()` came back to at start (the first console window is told, app:info) */
  let resumedId: string | null = null
  const handlers = mergeHandlers(
    appHandlers({ version, mode, firstRunCampaignId: opts.firstRunCampaignId, resumed: () => {
      const campaignId = resumedId ? board.campaignId() : null
      return campaignId ? { campaignId, encounterId: board.view().encounter?.id ?? null } : null
    } }),
    playerHandlers(board),
    campaignHandlers(campaigns),
    tableHandlers(campaigns),
    windowHandlers(getShell),
    systemHandlers(createSystemService()),
    ...(play
      ? [libraryHandlers(play.library, { onPrep: (campaignId, planId) => void play.danger.warm(campaignId, planId) }), encounterHandlers(play.encounters), dangerHandlers(play.danger), sessionHandlers(play.sessions), replayHandlers(play.replay)]
      : []),
    ...(exporter ? [exportHandlers(exporter)] : []),
    ...(phones ? [phoneHandlers(phones.links, phones.requests, phones.views)] : []),
    ...(opts.extraHandlers ?? []),
  )
  return {
    dispatch: createDispatch(handlers, log),
    hub,
    board,
    attachShell: (s) => void (shell = s),
    shell: getShell,
    linkTokens: phones?.store ?? memoryPlayerLinks(),
    attachPhones: (p) => phones?.attach(p),
    phonesChanged: () => phones?.links.changed(),
    async resume() {
      const list = await store.list()
      const last = list.ok ? list.value.find((c) => c.lastOpened && !c.problem) : undefined
      if (last && (await campaigns.open(last.id, { resumed: true })).ok) resumedId = last.id
    },
  }
}

export interface CreateCoreOptions extends Omit<WireCoreOptions, 'campaignStore' | 'firstRunCampaignId'> {
  /** the campaigns' folder (created by the store when missing) */
  dataDir: string
  /** the sample campaigns a first start copies in (resources/campaigns); ignored when the folder does not exist */
  resourcesDir?: string
}

export interface CreatedCore extends Core {
  /** why the data folder cannot be used (the store's first read failed), or null; the core runs either way */
  storeProblem: string | null
  /** closes the store (its open session logs): at quit, or when the server stops */
  close(): Promise<void>
}

/**
 * The entry points' core: opens the campaign store in `dataDir` (a first start copies the samples in and the
 * console opens the first of them, `firstRunCampaignId`), then builds the core over it (architecture.json: the
 * wiring opens the store; the shell and the server never import src-main/campaign).
 */
export async function createCore(opts: CreateCoreOptions): Promise<CreatedCore> {
  const { dataDir, resourcesDir, ...rest } = opts
  const store = createCampaignStore({ dataDir, resourcesDir: resourcesDir && existsSync(resourcesDir) ? resourcesDir : undefined })
  const init = await store.init()
  const firstRunCampaignId = init.ok && init.value.seeded.length ? init.value.suggestedCampaignId : null
  const core = wireCore({ ...rest, campaignStore: store, firstRunCampaignId, playerLinks: await openPlayerLinks(dataDir) })
  return { ...core, storeProblem: init.ok ? null : init.error.message, close: () => store.close() }
}
