/** The campaign store (src-main/campaign/campaign-store.ts) seen through the services' CampaignPort. */
import { ok } from '@shared/result'
import type { CampaignStore } from '../campaign/campaign-store'
import type { CampaignPort } from './ports'

export function campaignPort(store: CampaignStore): CampaignPort {
  return {
    read: async (campaignId) => {
      const r = await store.get(campaignId)
      return r.ok ? ok(r.value.data) : r
    },
    update: (campaignId, change) => store.update(campaignId, change),
    startSession: (campaignId, input) => store.startSession(campaignId, input),
    endSession: (campaignId, sessionId) => store.endSession(campaignId, sessionId),
    append: (campaignId, sessionId, record) => store.appendEvent(campaignId, sessionId, record),
    readLog: (campaignId, sessionId) => store.readSession(campaignId, sessionId),
  }
}
