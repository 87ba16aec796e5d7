/**
 * Player links (issue 29, `links:*`): one link per character a player runs on their own phone — a PC of the open
 * campaign's party, or an ally of its library — made, listed and revoked one by one. The tokens live in the link
 * store (src-main/campaign/player-links.ts); the phones' page and sockets are the server's (`Phones` below, the
 * server either entry point starts, through the wiring). A revoked link stops at once: its phones are disconnected
 * and told so.
 */
import type { CampaignFile } from '@shared/domain/campaign'
import type { CharacterLinksView, CharacterLinkView } from '@shared/views/character-views'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { PlayerLink, PlayerLinkStore } from '../../campaign/player-links'
import type { Publish } from '../ports'

/** What the links ask of the server the phones connect to (both entry points start one: web/core-server.ts; none: it
 * could not start, and links cannot be opened). */
export interface Phones {
  phoneUrl(token: string): string
  reach(): { host: string; local: boolean; lanAddress: string | null }
  listenAlso(address: string | null): Promise<void>
  closeLink(linkId: string): void
  phonesConnected(): Map<string, number>
}

export interface LinksService {
  list(): Promise<Result<CharacterLinksView>>
  make(characterId: string): Promise<Result<CharacterLinkView>>
  revoke(linkId: string): Promise<Result<CharacterLinksView>>
  reach(lan: boolean): Promise<Result<CharacterLinksView>>
  /** phones came or went: the console's counts follow */
  changed(): void
}

export interface LinksDeps {
  links: PlayerLinkStore
  /** the campaign open in the console (null: none) */
  openCampaign(): string | null
  readCampaign(campaignId: string): Promise<Result<CampaignFile>>
  phones(): Phones | null
  publish: Publish
}

/** the characters a player may run: the party's PCs, and the library's allies */
export function playerCharacters(file: CampaignFile): Array<{ id: string; name: string }> {
  const party = new Set(file.party)
  return file.library.filter((r) => party.has(r.id) || r.kind === 'ally').map((r) => ({ id: r.id, name: r.name }))
}


export function createLinksService(deps: LinksDeps): LinksService {
  const noCampaign = (): Result<never> => refuse('invalid', core.en, 'refusal.core.noCampaignOpen', {}, { field: 'campaignId' })

  async function view(): Promise<Result<CharacterLinksView>> {
    const campaignId = deps.openCampaign()
    const phones = deps.phones()
    const reach = phones?.reach() ?? { host: '', local: true, lanAddress: null }
    if (!campaignId) return ok({ links: [], reach })
    const file = await deps.readCampaign(campaignId)
    const names = new Map(file.ok ? playerCharacters(file.value).map((c) => [c.id, c.name]) : [])
    const connected = phones?.phonesConnected() ?? new Map<string, number>()
    const links = deps.links.list(campaignId).map((l) => linkView(l, names.get(l.characterId) ?? l.characterName, phones, connected.get(l.id) ?? 0))
    return ok({ links, reach })
  }
  const publishView = async () => {
    const v = await view()
    if (v.ok) deps.publish('links:changed', v.value)
  }

  return {
    list: view,
    async make(characterId) {
      const campaignId = deps.openCampaign()
      if (!campaignId) return noCampaign()
      const file = await deps.readCampaign(campaignId)
      if (!file.ok) return file
      const character = playerCharacters(file.value).find((c) => c.id === characterId)
      if (!character) return refuse('invalid', core.en, 'refusal.core.notAPlayerCharacter', { id: characterId }, { field: 'characterId' })
      const phones = deps.phones()
      const link = await deps.links.add({ campaignId, characterId, characterName: character.name })
      await publishView()
      return ok(linkView(link, character.name, phones, 0))
    },
    async revoke(linkId) {
      const link = await deps.links.revoke(linkId)
      if (!link) return refuse('not-found', core.en, 'refusal.core.noPlayerLink', { id: linkId }, { field: 'linkId' })
      deps.phones()?.closeLink(link.id)
      await publishView()
      return view()
    },
    async reach(lan) {
      const phones = deps.phones()
      if (!phones) return refuse('invalid', core.en, 'refusal.core.noPhoneServer', {}, { field: 'lan' })
      const address = lan ? phones.reach().lanAddress : null
      if (lan && !address) return refuse('invalid', core.en, 'refusal.core.noNetworkAddress', {}, { field: 'lan' })
      try {
        await phones.listenAlso(address)
      } catch (e) {
        return err('io', `lan: cannot listen on ${address}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, 'lan')
      }
      await publishView()
      return view()
    },
    changed: () => void publishView(),
  }
}

function linkView(l: PlayerLink, name: string, phones: Phones | null, connected: number): CharacterLinkView {
  return { id: l.id, characterId: l.characterId, characterName: name, url: phones ? phones.phoneUrl(l.token) : null, createdAt: l.createdAt, connected }
}
