/**
 * Players' phones in the player link dialog (issue 29): one link per character, every PC of the party and every ally
 * of the library, made, shown as a QR code, revoked after a confirm, with the phones connected now, live by
 * `links:changed`. An app listening on this computer only says so and offers the LAN address; a QR code never
 * encodes 127.0.0.1, localhost or [::1]. (Each test failed before PhoneLinks.vue and stores/links.ts existed.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StatBlockRecord } from '@shared/domain/campaign'
import type { CharacterLinksView, CharacterLinkView } from '@shared/views/character-views'

const encoded: string[] = []
vi.mock('qrcode', () => ({
  default: {
    toDataURL: async (text: string) => {
      encoded.push(text)
      return 'data:image/png;base64,iVBORw0KGgo='
    },
  },
}))

const { mountWith, flushPromises } = await import('../../support/mount')
const { fakeBridge, okR } = await import('../../support/fake-bridge')
const { overview } = await import('../../support/fixtures')
const { useCampaignsStore } = await import('@renderer/stores/campaigns')
const PhoneLinks = (await import('@renderer/features/player-display/PhoneLinks.vue')).default
const PlayerLinkDialog = (await import('@renderer/features/player-display/PlayerLinkDialog.vue')).default

const rec = (id: string, name: string, kind: StatBlockRecord['kind']): StatBlockRecord => ({ id, name, kind, tags: [], data: {} }) as unknown as StatBlockRecord
const records = [rec('nira', 'Nira', 'pc'), rec('kel', 'Kel', 'pc'), rec('benched', 'Benched', 'pc'), rec('r2', 'R2-D2', 'ally'), rec('trooper', 'Stormtrooper', 'npc')]
const LAN = 'http://192.168.1.20:5178'
const link = (characterId: string, over: Partial<CharacterLinkView> = {}): CharacterLinkView => ({
  id: `l-${characterId}`,
  characterId,
  characterName: records.find((r) => r.id === characterId)?.name ?? characterId,
  url: `${LAN}/me?token=t-${characterId}`,
  createdAt: '2026-12-06T15:00:00.000Z',
  connected: 0,
  ...over,
})
const lanReach = { host: '192.168.1.20', local: false, lanAddress: '192.168.1.20' }
const localReach = { host: '127.0.0.1', local: true, lanAddress: '192.168.1.20' }

function bridgeWith(view: CharacterLinksView) {
  return fakeBridge()
    .handle('links:list', okR(view))
    .handle('library:list', okR(records))
    .handle('library:problems', okR({}))
    .handle('links:make', (r: { characterId: string }) => okR(link(r.characterId)))
}

/** the dialog's phones, for the open campaign: Nira, Kel in the party (Benched is a PC outside it), R2-D2 an ally */
async function mountPhones(view: CharacterLinksView, locale: 'en' | 'pl' = 'en') {
  const m = await mountWith(PhoneLinks, { bridge: bridgeWith(view), locale })
  // the campaign open: its library is loaded for the dialog
  useCampaignsStore().current = { ...overview(), partyIds: ['nira', 'kel'] }
  await flushPromises()
  expect(m.bridge.callsTo('library:list')).toEqual([{ campaignId: 'c1' }])
  return m
}

beforeEach(() => void (encoded.length = 0))
afterEach(() => vi.unstubAllGlobals())

describe("players' phones (issue 29)", () => {
  it('lists every PC of the party and every ally of the library, each with its link or a way to make one; not the NPCs', async () => {
    const { wrapper } = await mountPhones({ links: [link('nira', { connected: 2 })], reach: lanReach })
    expect(wrapper.findAll('li.item').map((w) => w.attributes('data-testid'))).toEqual(['phone-link-nira', 'phone-link-kel', 'phone-link-r2'])
    expect(wrapper.find('[data-testid="phone-link-trooper"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="phone-link-benched"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="phone-link-connected-nira"]').text()).toBe('2 phones')
    expect(wrapper.find('[data-testid="phone-link-revoke-nira"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="phone-link-make-kel"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="phone-link-make-r2"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="phone-links-connected"]').text()).toBe('2 phones connected')
  })

  it('counts the phones in Polish plural forms', async () => {
    const { wrapper } = await mountPhones({ links: [link('nira', { connected: 1 }), link('kel', { connected: 4 }), link('r2', { connected: 0 })], reach: lanReach }, 'pl')
    expect(wrapper.find('[data-testid="phone-link-connected-nira"]').text()).toBe('1 telefon')
    expect(wrapper.find('[data-testid="phone-link-connected-kel"]').text()).toBe('4 telefony')
    expect(wrapper.find('[data-testid="phone-link-connected-r2"]').text()).toBe('0 telefonów')
    expect(wrapper.find('[data-testid="phone-links-connected"]').text()).toBe('5 telefonów połączonych')
  })

  it('makes a link for one character and shows its QR code, which encodes its LAN address', async () => {
    const { wrapper, bridge } = await mountPhones({ links: [], reach: lanReach })
    await wrapper.find('[data-testid="phone-link-make-kel"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('links:make')).toEqual([{ characterId: 'kel' }])
    expect(wrapper.find('[data-testid="phone-link-qr-kel"]').exists()).toBe(true)
    expect(encoded).toEqual([`${LAN}/me?token=t-kel`])
    expect((wrapper.find('[data-testid="phone-link-url-kel"]').element as HTMLInputElement).value).toBe(`${LAN}/me?token=t-kel`)
    // the others still have none
    expect(wrapper.find('[data-testid="phone-link-make-nira"]').exists()).toBe(true)
  })

  it('listening on this computer only: says so plainly, offers the LAN address, and no QR code encodes a loopback address', async () => {
    for (const locale of ['en', 'pl'] as const) {
      const local = (id: string, host: string) => link(id, { url: `http://${host}:5178/me?token=t-${id}` })
      const { wrapper, bridge } = await mountPhones({ links: [local('nira', '127.0.0.1'), local('kel', 'localhost'), local('r2', '[::1]')], reach: localReach }, locale)
      const note = wrapper.find('[data-testid="phone-links-local"]')
      expect(note.exists()).toBe(true)
      expect(note.text()).toMatch(locale === 'en' ? /this computer only/ : /tylko na tym komputerze/)
      expect(wrapper.find('[data-testid="phone-links-lan"]').text()).toContain('192.168.1.20')
      for (const id of ['nira', 'kel', 'r2']) expect(wrapper.find(`[data-testid="phone-link-show-${id}"]`).exists()).toBe(false)
      expect(wrapper.find('img').exists()).toBe(false)
      expect(encoded).toEqual([])

      // the GM lets it listen on the network: the links now name the LAN address, and a code can be shown
      bridge.handle('links:reach', okR({ links: [link('nira'), link('kel'), link('r2')], reach: lanReach }))
      await wrapper.find('[data-testid="phone-links-lan"]').trigger('click')
      await flushPromises()
      expect(bridge.callsTo('links:reach')).toEqual([{ lan: true }])
      expect(wrapper.find('[data-testid="phone-links-local"]').exists()).toBe(false)
      await wrapper.find('[data-testid="phone-link-show-nira"]').trigger('click')
      await flushPromises()
      expect(encoded).toEqual([`${LAN}/me?token=t-nira`])
      wrapper.unmount()
      encoded.length = 0
    }
  })

  it('a shown QR code stays while pushes come, a stale one without its link included (seen in browser mode: it was hidden)', async () => {
    const { wrapper, bridge } = await mountPhones({ links: [], reach: lanReach })
    await wrapper.find('[data-testid="phone-link-make-nira"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="phone-link-code-nira"]').exists()).toBe(true)
    // the push of an earlier change arrives after the answer: Nira's link not in it yet, then the next push has it
    bridge.push('links:changed', { links: [], reach: lanReach })
    await flushPromises()
    bridge.push('links:changed', { links: [link('nira', { connected: 1 })], reach: lanReach })
    await flushPromises()
    expect(wrapper.find('[data-testid="phone-link-code-nira"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="phone-link-qr-nira"]').exists()).toBe(true)
  })

  it('a link naming a loopback address gets no QR code even when the app says it listens on the network', async () => {
    const { wrapper } = await mountPhones({ links: [link('nira', { url: 'http://127.0.0.1:5178/me?token=x' })], reach: lanReach })
    expect(wrapper.find('[data-testid="phone-link-show-nira"]').exists()).toBe(false)
    expect(encoded).toEqual([])
  })

  it('without a LAN address, says to join the network instead of offering a button', async () => {
    const { wrapper } = await mountPhones({ links: [], reach: { ...localReach, lanAddress: null } })
    expect(wrapper.find('[data-testid="phone-links-lan"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="phone-links-no-lan"]').text()).toMatch(/Wi-Fi/)
  })

  it('revokes a link only after a confirm naming the character', async () => {
    const { wrapper, bridge } = await mountPhones({ links: [link('nira', { connected: 1 })], reach: lanReach })
    bridge.handle('links:revoke', okR({ links: [], reach: lanReach }))
    const asked: string[] = []
    vi.stubGlobal('confirm', (q: string) => (asked.push(q), false))
    await wrapper.find('[data-testid="phone-link-revoke-nira"]').trigger('click')
    await flushPromises()
    expect(asked).toHaveLength(1)
    expect(asked[0]).toContain('Nira')
    expect(bridge.callsTo('links:revoke')).toEqual([])
    expect(wrapper.find('[data-testid="phone-link-revoke-nira"]').exists()).toBe(true)

    vi.stubGlobal('confirm', () => true)
    await wrapper.find('[data-testid="phone-link-revoke-nira"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('links:revoke')).toEqual([{ linkId: 'l-nira' }])
    expect(wrapper.find('[data-testid="phone-link-revoke-nira"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="phone-link-make-nira"]').exists()).toBe(true)
  })

  it('stays live with links:changed: a phone connecting, a link made elsewhere; a former character stays listed to revoke', async () => {
    const { wrapper, bridge } = await mountPhones({ links: [link('nira')], reach: lanReach })
    expect(bridge.listeners('links:changed')).toBe(1)
    bridge.push('links:changed', { links: [link('nira', { connected: 1 }), link('gone', { characterName: 'Old Hand', connected: 0 })], reach: lanReach })
    await flushPromises()
    expect(wrapper.find('[data-testid="phone-link-connected-nira"]').text()).toBe('1 phone')
    expect(wrapper.find('[data-testid="phone-links-connected"]').text()).toBe('1 phone connected')
    const gone = wrapper.find('[data-testid="phone-link-gone"]')
    expect(gone.text()).toContain('Old Hand')
    expect(gone.text()).toContain('not in the party')
    expect(wrapper.find('[data-testid="phone-link-revoke-gone"]').exists()).toBe(true)
    wrapper.unmount()
    expect(bridge.listeners('links:changed')).toBe(0)
  })

  it('the dialog keeps the shared TV link as it was, beside the phones', async () => {
    const bridge = bridgeWith({ links: [], reach: lanReach })
    const { wrapper } = await mountWith(PlayerLinkDialog, { props: { url: `${LAN}/player?token=tv` }, bridge })
    expect(wrapper.find('[data-testid="player-link-tv"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="player-link-qr"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="phone-links"]').exists()).toBe(true)
    expect(encoded).toEqual([`${LAN}/player?token=tv`])
  })

  it('a TV link on this computer only points at "Listen on the network", and follows it: its QR code then names the LAN address', async () => {
    const tvLocal = 'http://127.0.0.1:5178/player?token=tv'
    const bridge = bridgeWith({ links: [], reach: localReach })
      .handle('links:reach', okR({ links: [], reach: lanReach }))
      .handle('window:playerLink', okR({ url: `${LAN}/player?token=tv` }))
    const { wrapper } = await mountWith(PlayerLinkDialog, { props: { url: tvLocal }, bridge })
    expect(wrapper.find('[data-testid="player-link-local"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="player-link-or-lan"]').text()).toContain('Listen on the network')
    expect(encoded).toEqual([])
    await wrapper.find('[data-testid="phone-links-lan"]').trigger('click')
    await flushPromises()
    expect((wrapper.find('[data-testid="player-link-url"]').element as HTMLInputElement).value).toBe(`${LAN}/player?token=tv`)
    expect(wrapper.find('[data-testid="player-link-qr"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="player-link-local"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="player-link-or-lan"]').exists()).toBe(false)
    expect(encoded).toEqual([`${LAN}/player?token=tv`])
    expect(wrapper.emitted('changed')).toEqual([[`${LAN}/player?token=tv`]])
  })

  it('the dialog without a TV link (the desktop app) shows the phones only', async () => {
    const { wrapper } = await mountWith(PlayerLinkDialog, { props: { url: null }, bridge: bridgeWith({ links: [], reach: lanReach }) })
    expect(wrapper.find('[data-testid="player-link-tv"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="phone-links"]').exists()).toBe(true)
  })
})
