/**
 * Campaign handlers (`campaign:list|create|open|rename`): call the store, build the view models, keep the
 * player board's campaign in step and push `campaigns:changed`, `campaign:changed` and `player:view`.
 * The store is reached through the narrow `CampaignStoreForService` (src-main/campaign's store satisfies it).
 */
import type { CampaignFile, CampaignListEntry, CampaignRecord } from '@shared/domain/campaign'
import type { SystemId } from '@shared/domain/systems'
import { ok, type Result } from '@shared/result'
import type { CampaignOverview, CampaignSummary } from '@shared/views/campaign-views'
import type { HandlerMap } from '../ipc/handlers'
import type { PushHub } from '../ipc/push-hub'
import type { PlayerBoard } from '../core/player-board'

export interface CampaignStoreForService {
  list(): Promise<Result<CampaignListEntry[]>>
  create(input: { name: string; systemId: SystemId }): Promise<Result<CampaignRecord>>
  /** reads (and migrates) the campaign and records `lastOpened` */
  open(campaignId: string): Promise<Result<CampaignRecord>>
  update(campaignId: string, change: (file: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignFile>>
}

export function toSummary(id: string, data: CampaignFile): CampaignSummary {
  const last = data.sessions.at(-1)
  return {
    id,
    name: data.name,
    systemId: data.systemId,
    lastOpened: data.lastOpened,
    lastSession: last ? { id: last.id, title: last.title, date: last.date } : null,
  }
}

export function toOverview(id: string, data: CampaignFile): CampaignOverview {
  return {
    ...toSummary(id, data),
    counts: { party: data.party.length, library: data.library.length, encounters: data.encounters.length, sessions: data.sessions.length },
  }
}

export interface CampaignService {
  handlers: HandlerMap
}

export function createCampaignService(deps: { store: CampaignStoreForService; hub: Pick<PushHub, 'publish'>; board: PlayerBoard }): CampaignService {
  const { store, hub, board } = deps

  const publishList = async () => {
    const list = await store.list()
    if (list.ok) hub.publish('campaigns:changed', list.value)
  }

  return {
    handlers: {
      'campaign:list': async () => store.list(),
      'campaign:create': async (req) => {
        const created = await store.create({ name: req.name, systemId: req.systemId })
        if (!created.ok) return created
        await publishList()
        return ok(toSummary(created.value.id, created.value.data))
      },
      'campaign:open': async (req) => {
        const opened = await store.open(req.campaignId)
        if (!opened.ok) return opened
        const overview = toOverview(opened.value.id, opened.value.data)
        if (board.campaignId() !== overview.id) board.setCampaign({ id: overview.id, name: overview.name, systemId: overview.systemId })
        hub.publish('campaign:changed', overview)
        await publishList()
        return ok(overview)
      },
      'campaign:rename': async (req) => {
        const updated = await store.update(req.campaignId, (file) => ok({ ...file, name: req.name }))
        if (!updated.ok) return updated
        const overview = toOverview(req.campaignId, updated.value)
        if (board.campaignId() === req.campaignId) board.setCampaign({ id: overview.id, name: overview.name, systemId: overview.systemId })
        hub.publish('campaign:changed', overview)
        await publishList()
        return ok(toSummary(req.campaignId, updated.value))
      },
    },
  }
}
