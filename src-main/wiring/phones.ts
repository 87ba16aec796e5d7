/**
 * The players' phones wired together (issue 29): the link store, the links service, each phone's own view and
 * the requests service, over the core's hub, player board, campaign store and encounter service. The server the
 * phones connect to is attached later (`attach`: web/core-server.ts, started by both entry points).
 */
import { randomUUID } from 'node:crypto'
import type { PlayerLinkStore } from '../campaign/player-links'
import type { PushHub } from '../ipc/push-hub'
import type { EncounterService } from '../services/play/encounter-service'
import type { PlayerBoard } from '../services/play/player-board'
import type { CampaignPort, Publish } from '../services/ports'
import { createCharacterViews, tableCampaign, type CharacterViews, type TableCampaign } from '../services/table/character-views'
import { createLinksService, type LinksService, type Phones } from '../services/table/links-service'
import { createRequestsService, type RequestsService } from '../services/table/requests-service'

export interface WiredPhones {
  store: PlayerLinkStore
  links: LinksService
  views: CharacterViews
  requests: RequestsService
  attach(phones: Phones): void
  /** a campaign's file changed: read its table facts again */
  forget(campaignId: string): void
}

export function wirePhones(deps: {
  hub: PushHub
  publish: Publish
  board: Pick<PlayerBoard, 'campaignId'>
  store: Pick<CampaignPort, 'read'>
  encounters: EncounterService
  links: PlayerLinkStore
  now?: () => string
}): WiredPhones {
  let phones: Phones | null = null
  const readCampaign = (campaignId: string) => deps.store.read(campaignId)
  // the table facts of a campaign, read once per change (a phone's view is built after every action)
  const facts = new Map<string, TableCampaign | null>()
  const campaign = async (campaignId: string): Promise<TableCampaign | null> => {
    if (!facts.has(campaignId)) {
      const f = await readCampaign(campaignId)
      facts.set(campaignId, f.ok ? tableCampaign(f.value) : null)
    }
    return facts.get(campaignId) ?? null
  }
  const openCampaign = () => deps.board.campaignId()
  const shown = () => deps.encounters.shown()
  let requests: RequestsService | null = null
  const views = createCharacterViews({
    hub: deps.hub,
    links: deps.links,
    shown,
    openCampaign,
    campaign,
    requestsOf: (campaignId, characterId) => requests?.of(campaignId, characterId) ?? [],
    odds: (encounterId, command) => deps.encounters.odds(encounterId, command),
  })
  requests = createRequestsService({
    view: (link) => views.view(link),
    shown,
    policy: async (campaignId) => (await campaign(campaignId))?.requests ?? 'ask',
    command: (encounterId, command) => deps.encounters.command(encounterId, command),
    publish: deps.publish,
    phonesChanged: () => void views.pushAll(),
    now: deps.now ?? (() => new Date().toISOString()),
    newId: () => `req-${randomUUID()}`,
  })
  const links = createLinksService({ links: deps.links, openCampaign, readCampaign, phones: () => phones, publish: deps.publish })
  return {
    store: deps.links,
    links,
    views,
    requests,
    attach: (p) => void (phones = p),
    forget: (campaignId) => void facts.delete(campaignId),
  }
}
