/** `table:get` / `table:set` (issue 29): the campaign's table settings over the campaign service
 *  (src-main/services/campaigns/campaign-service.ts: saved in campaign.json; the TV follows a change at once). */
import type { CampaignService } from '../../services/campaigns/campaign-service'
import type { HandlerMap } from './handler-map'

export function tableHandlers(campaigns: Pick<CampaignService, 'table' | 'setTable'>): HandlerMap {
  return {
    'table:get': (r) => campaigns.table(r.campaignId),
    'table:set': ({ campaignId, ...change }) => campaigns.setTable(campaignId, change),
  }
}
