/** `campaign:*` over the campaign service (src-main/services/campaigns/campaign-service.ts). */
import type { CampaignService } from '../../services/campaigns/campaign-service'
import type { HandlerMap } from './handler-map'

export function campaignHandlers(campaigns: CampaignService): HandlerMap {
  return {
    'campaign:list': () => campaigns.list(),
    'campaign:create': (r) => campaigns.create(r),
    'campaign:open': (r) => campaigns.open(r.campaignId),
    'campaign:rename': (r) => campaigns.rename(r.campaignId, r.name),
    'campaign:setHiddenTurn': (r) => campaigns.setHiddenTurn(r.campaignId, r.hiddenTurn),
    'campaign:duplicate': (r) => campaigns.duplicate(r.campaignId, r.name),
    'campaign:delete': (r) => campaigns.delete(r.campaignId),
    'campaign:trash': () => campaigns.trash(),
    'campaign:restore': (r) => campaigns.restore(r.trashId),
    'campaign:export': (r) => campaigns.exportText(r.campaignId),
    'campaign:exportSave': (r) => campaigns.exportSave(r.campaignId),
    'campaign:import': (r) => campaigns.importText(r.text),
    'campaign:restoreBackup': (r) => campaigns.restoreBackup(r.campaignId),
  }
}
