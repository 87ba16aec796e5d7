import { describe, expect, it } from 'vitest'
import CampaignHome from '@renderer/features/campaigns/CampaignHome.vue'
import CampaignOverview from '@renderer/features/campaigns/CampaignOverview.vue'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { fakeBridge, okR, errR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { campaigns, overview } from '../../support/fixtures'

describe('campaign home', () => {
  it('lists campaigns with their system and last session, and recent ones first', async () => {
    const bridge = fakeBridge().handle('campaign:list', okR(campaigns))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    const rows = wrapper.findAll('[data-testid^="campaign-row-"]')
    expect(rows).toHaveLength(2)
    expect(rows[0].text()).toContain('Outer Rim')
    expect(rows[0].text()).toContain('Saga Edition')
    expect(rows[0].text()).toContain('Ambush')
    expect(rows[1].text()).toContain('Starchasers')
    expect(wrapper.find('[data-testid="campaign-recent-c1"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="campaign-recent-c2"]').exists()).toBe(false)
  })

  it('shows an empty state', async () => {
    const bridge = fakeBridge().handle('campaign:list', okR([]))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    expect(wrapper.find('[data-testid="campaign-empty"]').text()).toContain('No campaigns yet')
  })

  it('creates a campaign with the chosen system and opens it', async () => {
    const created = { id: 'c3', name: 'New one', systemId: 'starchasers' as const, lastOpened: null }
    const bridge = fakeBridge().handle('campaign:list', okR([])).handle('campaign:create', okR(created))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    await wrapper.find('[data-testid="campaign-new"]').trigger('click')
    await wrapper.find('[data-testid="campaign-name"]').setValue('New one')
    await wrapper.find('[data-testid="campaign-system"]').setValue('starchasers')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('campaign:create')).toEqual([{ name: 'New one', systemId: 'starchasers' }])
    expect(wrapper.emitted('open')).toEqual([['c3']])
    // systems without a rules engine cannot be chosen
    expect(bridge.callsTo('campaign:create')).toHaveLength(1)
  })

  it('names the bad field when main rejects the campaign', async () => {
    const bridge = fakeBridge().handle('campaign:list', okR([])).handle('campaign:create', errR('invalid', 'Too long', 'name'))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    await wrapper.find('[data-testid="campaign-new"]').trigger('click')
    await wrapper.find('[data-testid="campaign-name"]').setValue('x')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="campaign-name"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.text()).toContain('Too long')
  })

  it('updates live when main pushes campaigns:changed', async () => {
    const bridge = fakeBridge().handle('campaign:list', okR([]))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    useCampaignsStore().start()
    bridge.push('campaigns:changed', campaigns)
    await flushPromises()
    expect(wrapper.findAll('[data-testid^="campaign-row-"]')).toHaveLength(2)
  })
})

describe('campaign overview', () => {
  it('shows counts and renames', async () => {
    const bridge = fakeBridge()
      .handle('encounter:list', okR([]))
      .handle('campaign:rename', (r: any) => okR({ ...campaigns[0], name: r.name }))
    const { wrapper } = await mountWith(CampaignOverview, { bridge })
    const store = useCampaignsStore()
    store.current = overview()
    await flushPromises()
    expect(wrapper.find('[data-testid="overview-library"]').text()).toContain('12')
    await wrapper.find('[data-testid="campaign-rename"]').trigger('click')
    await wrapper.find('[data-testid="campaign-rename-input"]').setValue('Inner Rim')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('campaign:rename')).toEqual([{ campaignId: 'c1', name: 'Inner Rim' }])
    expect(wrapper.find('[data-testid="campaign-title"]').text()).toBe('Inner Rim')
  })
})

describe('campaign problems', () => {
  it('lists a campaign main cannot read with the reason', async () => {
    const damaged = { id: 'bad', name: 'bad', systemId: 'saga', lastOpened: null, problem: { code: 'damaged', message: 'campaign.json: unexpected token' } }
    const bridge = fakeBridge().handle('campaign:list', okR([...campaigns, damaged]))
    const { wrapper } = await mountWith(CampaignHome, { bridge })
    const badge = wrapper.find('[data-testid="campaign-problem-bad"]')
    expect(badge.text()).toBe('⚠ damaged file')
    expect(badge.attributes('title')).toBe('campaign.json: unexpected token')
    expect(wrapper.find('[data-testid="campaign-problem-c1"]').exists()).toBe(false)
  })
})
