/**
 * One factory for the services of issue 5 (library, prep, encounters, player board) and issue 6 (sessions,
 * log, replay), for the composition root (src-main/wiring/create-core.ts):
 *
 *   const play = createPlayServices({ store, publish, showOnBoard: (e) => board.setEncounter(e) })
 *   createCampaignService({ ..., afterOpen: (id) => play.encounters.restore(id) })   (opening rebuilds live encounters)
 *
 * Their IPC handler maps are in src-main/ipc/handlers/.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { logEntry } from '../rules/index'
import { createDangerService, type DangerService } from './danger/danger-service'
import { dangerWorkerFrom, defaultDangerThreads } from './danger/danger-threads'
import { createEncounterService, type EncounterService, type EncounterServiceOptions } from './play/encounter-service'
import { createLibraryService, type LibraryService } from './campaigns/library-service'
import type { CampaignPort, Publish, ServiceEnv } from './ports'
import type { CampaignFile } from '@shared/domain/campaign'
import { createReplayService, type ReplayService } from './sessions/replay-service'
import { createSessionService, type SessionService } from './sessions/session-service'
import { campaignPort, isPlayStore, type PlayStore } from './store-adapter'
import type { DescribeEvent } from './sessions/session-entries'

export interface PlayServices {
  sessions: SessionService
  encounters: EncounterService
  library: LibraryService
  danger: DangerService
  replay: ReplayService
}

export interface PlayServicesOptions extends EncounterServiceOptions {
  store: PlayStore
  publish: Publish
  now?: () => string
  newId?: () => string
  newSeed?: () => string
  /** after any change to a campaign's file (library, plans, party, the session index): the Overview's counters
   *  stay current (issue 10); create-core pushes `campaign:changed` */
  onCampaignChanged?: (campaignId: string, data: CampaignFile) => void
  /** the built danger-check worker (danger-threads.ts `dangerWorkerFrom`); default: the TypeScript sources */
  dangerWorker?: string
  /** how long the danger check's idle threads stay (danger-pool.ts DANGER_IDLE_MS by default) */
  dangerIdleMs?: number
}

/** the campaign port, telling `changed` after every write that changes campaign.json */
function watchedPort(store: PlayStore, changed: PlayServicesOptions['onCampaignChanged']): CampaignPort {
  const port = campaignPort(store)
  if (!changed) return port
  const reread = async (campaignId: string) => {
    const r = await port.read(campaignId)
    if (r.ok) changed(campaignId, r.value)
  }
  return {
    ...port,
    update: async (campaignId, change) => {
      const r = await port.update(campaignId, change)
      if (r.ok) changed(campaignId, r.value)
      return r
    },
    startSession: async (campaignId, input) => {
      const r = await port.startSession(campaignId, input)
      if (r.ok) await reread(campaignId)
      return r
    },
    endSession: async (campaignId, sessionId) => {
      const r = await port.endSession(campaignId, sessionId)
      if (r.ok) await reread(campaignId)
      return r
    },
  }
}

/** the engine's log entry for one event (message key + params) */
export const describeEvent: DescribeEvent = (systemId, event) => logEntry({ seq: 0, at: '', batch: 0, event, status: 'active' }, systemId)

export function createPlayServices(opts: PlayServicesOptions): PlayServices {
  const env: ServiceEnv = {
    store: watchedPort(opts.store, opts.onCampaignChanged),
    publish: opts.publish,
    now: opts.now ?? (() => new Date().toISOString()),
    // session ids must be lower-case [a-z0-9_-] (the store's rule); uuids are
    newId: opts.newId ?? (() => randomUUID()),
    newSeed: opts.newSeed ?? (() => randomBytes(16).toString('hex')),
  }
  const sessions = createSessionService(env, describeEvent)
  const encounters = createEncounterService(env, sessions, { showOnBoard: opts.showOnBoard, campaigns: opts.campaigns })
  const library = createLibraryService(env)
  const danger = createDangerService(env, { count: defaultDangerThreads(), spawn: dangerWorkerFrom(opts.dangerWorker), idleMs: opts.dangerIdleMs })
  const replay = createReplayService(env)
  return {
    sessions,
    encounters,
    library,
    danger,
    replay,
  }
}

export { isPlayStore }
