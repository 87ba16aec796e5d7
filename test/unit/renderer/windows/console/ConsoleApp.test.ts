import { describe, expect, it } from 'vitest'
import ConsoleApp from '@renderer/windows/console/ConsoleApp.vue'
import SessionsCard from '@renderer/features/campaigns/SessionsCard.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { campaigns, overview } from '../../support/fixtures'

function shellBridge() {
  return fakeBridge()
    .handle('campaign:list', okR(campaigns))
    .handle('campaign:open', okR(overview()))
    .handle('player:view', okR({ campaignName: null, systemId: null, encounter: null }))
    .handle('encounter:list', okR([]))
    .handle('session:list', okR([]))
    .handle('library:list', okR([]))
    .handle('plan:list', okR([]))
    .handle('window:openPlayer', okR({ opened: true }))
}

describe('console shell', () => {
  it('opens a campaign into its overview and navigates between screens', async () => {
    const { wrapper, bridge } = await mountWith(ConsoleApp, { bridge: shellBridge() })
    await wrapper.find('[data-testid="campaign-open-c1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
    expect(wrapper.find('[data-testid="campaign-overview"]').exists()).toBe(true)
    await wrapper.find('[data-testid="nav-library"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="library"]').exists()).toBe(true)
    await wrapper.find('[data-testid="nav-prep"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="prep"]').exists()).toBe(true)
    expect(wrapper.text()).toContain('No encounters planned yet')
    await wrapper.find('[data-testid="nav-home"]').trigger('click')
    expect(wrapper.find('[data-testid="campaign-home"]').exists()).toBe(true)
  })

  it('switches the language at run time', async () => {
    const { wrapper } = await mountWith(ConsoleApp, { bridge: shellBridge() })
    expect(wrapper.find('h1').text()).toBe('Campaigns')
    await wrapper.find('[data-testid="lang-switch"]').setValue('pl')
    expect(wrapper.find('h1').text()).toBe('Kampanie')
    expect(document.documentElement.lang).toBe('pl')
    expect(localStorage.getItem('gmc.locale')).toBe('pl')
    await wrapper.find('[data-testid="lang-switch"]').setValue('en')
  })

  it('opens the help overlay with ? and closes it with Escape', async () => {
    const { wrapper } = await mountWith(ConsoleApp, { bridge: shellBridge() })
    await wrapper.find('[data-testid="help-open"]').trigger('click')
    expect(wrapper.find('[data-testid="help-overlay"]').exists()).toBe(true)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await flushPromises()
    expect(wrapper.find('[data-testid="help-overlay"]').exists()).toBe(false)
  })

  it('asks main to open the player display', async () => {
    const { wrapper, bridge } = await mountWith(ConsoleApp, { bridge: shellBridge() })
    await wrapper.find('[data-testid="open-player"]').trigger('click')
    expect(bridge.callsTo('window:openPlayer')).toEqual([{}])
  })
})

describe("the table's phones in the console shell (issue 29)", () => {
  it('counts the phones connected on the Player links button and the waiting requests on the Board tab, live; in Polish too', async () => {
    const bridge = shellBridge()
      .handle('links:list', okR({ links: [], reach: { host: '192.168.1.20', local: false, lanAddress: '192.168.1.20' } }))
      .handle('request:list', okR([]))
    const { wrapper, i18n } = await mountWith(ConsoleApp, { bridge })
    await wrapper.find('[data-testid="campaign-open-c1"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="player-link-open-dialog"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="player-link-phones"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="nav-board-requests"]').exists()).toBe(false)
    const link = { id: 'l1', characterId: 'nira', characterName: 'Nira', url: 'http://192.168.1.20:5178/me?token=x', createdAt: '2026-12-06T15:00:00.000Z', connected: 2 }
    bridge.push('links:changed', { links: [link], reach: { host: '192.168.1.20', local: false, lanAddress: '192.168.1.20' } })
    const ask = (id: string) => ({ id, kind: 'endTurn', state: 'pending', at: '2026-12-06T15:01:00.000Z', characterId: 'nira', characterName: 'Nira', combatantId: 'han', encounterId: 'e1' })
    bridge.push('requests:changed', [ask('r1'), ask('r2')])
    await flushPromises()
    expect(wrapper.find('[data-testid="player-link-phones"]').text()).toBe('2')
    const badge = wrapper.find('[data-testid="nav-board-requests"]')
    expect(badge.text()).toBe('2')
    expect(badge.attributes('title')).toBe('2 requests from players wait for you')
    i18n.global.locale.value = 'pl'
    await flushPromises()
    expect(wrapper.find('[data-testid="nav-board-requests"]').attributes('title')).toBe('2 prośby graczy czekają na ciebie')
    bridge.push('requests:changed', [])
    await flushPromises()
    expect(wrapper.find('[data-testid="nav-board-requests"]').exists()).toBe(false)
  })
})

describe('sessions', () => {
  it('starts a session with title and date, then ends it; live from sessions:changed', async () => {
    const s1 = { id: 's1', title: 'Ambush', date: '2026-11-28', notes: '', startedAt: '2026-11-28T18:00:00.000Z', endedAt: null }
    const bridge = fakeBridge()
      .handle('session:list', okR([]))
      .handle('session:start', okR(s1))
      .handle('session:end', okR({ ...s1, endedAt: '2026-11-28T22:00:00.000Z' }))
    const { wrapper } = await mountWith(SessionsCard, { props: { campaignId: 'c1' }, bridge })
    await wrapper.find('[data-testid="session-title"]').setValue('Ambush')
    await wrapper.find('[data-testid="session-date"]').setValue('2026-11-28')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('session:start')).toEqual([{ campaignId: 'c1', title: 'Ambush', date: '2026-11-28' }])
    expect(wrapper.find('[data-testid="session-open"]').text()).toContain('Ambush')
    await wrapper.find('[data-testid="session-end"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="session-open"]').exists()).toBe(false)
    bridge.push('sessions:changed', { campaignId: 'c1', sessions: [s1, { ...s1, id: 's2', title: 'Escape' }] })
    await flushPromises()
    expect(wrapper.find('[data-testid="session-item-s2"]').text()).toContain('Escape')
  })
})
