/** The campaign store (src-main/campaign/campaign-store.ts) seen through the services' CampaignPort. */
import { ok } from '@shared/result'
import type { CampaignStore } from '../campaign/campaign-store'
import type { CampaignPort } from './ports'

/** the store methods the play services use */
export type PlayStore = Pick<CampaignStore, 'get' | 'update' | 'startSession' | 'endSession' | 'appendEvents' | 'readSession'>

export const isPlayStore = (s: unknown): s is PlayStore =>
  typeof s === 'object' && s !== null && ['get', 'update', 'startSession', 'endSession', 'appendEvents', 'readSession'].every((m) => typeof (s as Record<string, unknown>)[m] === 'function')

export function campaignPort(store: PlayStore): CampaignPort {
  return {
    read: async (campaignId) => {
      const r = await store.get(campaignId)
      return r.ok ? ok(r.value.data) : r
    },
    update: (campaignId, change) => store.update(campaignId, change),
    startSession: (campaignId, input) => store.startSession(campaignId, input),
    endSession: (campaignId, sessionId) => store.endSession(campaignId, sessionId),
    append: (campaignId, sessionId, records) => store.appendEvents(campaignId, sessionId, records),
    readLog: (campaignId, sessionId) => store.readSession(campaignId, sessionId),
  }
}
