import { describe, expect, it } from 'vitest'
import PlayerApp from '@renderer/features/player-display/PlayerApp.vue'
import PlayerBoard from '@renderer/features/player-display/PlayerBoard.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { playerView } from '../../support/fixtures'

describe('player display', () => {
  it('waits for the encounter with the campaign name, and updates live', async () => {
    const bridge = fakeBridge('player').handle('player:view', okR({ campaignName: null, systemId: null, encounter: null }))
    const { wrapper } = await mountWith(PlayerApp, { bridge })
    expect(wrapper.find('[data-testid="player-waiting"]').text()).toContain('Waiting for the encounter')
    expect(wrapper.find('[data-testid="player-campaign"]').text()).toContain('No campaign')
    bridge.push('player:view', { campaignName: 'Outer Rim', systemId: 'saga', encounter: null })
    await flushPromises()
    expect(wrapper.find('[data-testid="player-campaign"]').text()).toBe('Campaign: Outer Rim')
    bridge.push('player:view', playerView())
    await flushPromises()
    expect(wrapper.find('[data-testid="player-waiting"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="player-turn"]').text()).toBe('Han’s turn')
  })

  it('shows order, round, current, health as chosen per side, conditions and waiting slots', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: playerView() } })
    expect(wrapper.find('[data-testid="player-round"]').text()).toBe('Round 2')
    const rows = wrapper.findAll('[data-testid^="player-combatant-"]')
    expect(rows.map((r) => r.attributes('data-testid'))).toEqual(['player-combatant-han', 'player-combatant-trooper-1', 'player-combatant-x'])
    expect(rows[0].classes()).toContain('current')
    expect(wrapper.find('[data-testid="player-health-han"]').text()).toContain('20 / 30')
    expect(wrapper.find('[data-testid="player-health-trooper-1"]').text()).toBe('Wounded')
    expect(wrapper.find('[data-testid="player-health-x"]').text()).toBe('')
    expect(rows[0].text()).toContain('Flat-footed')
    expect(rows[1].text()).toContain('delaying')
  })

  it('is in Polish when the locale is pl', async () => {
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: playerView() }, locale: 'pl' })
    expect(wrapper.find('[data-testid="player-round"]').text()).toBe('Runda 2')
    expect(wrapper.find('[data-testid="player-health-trooper-1"]').text()).toBe('Rany')
  })

  it('scales the font with the control and remembers it', async () => {
    const bridge = fakeBridge('player').handle('player:view', okR(playerView()))
    const { wrapper } = await mountWith(PlayerApp, { bridge })
    const before = wrapper.find('[data-testid="player-board"]').attributes('style')
    expect(before).toContain('--scale: 1')
    await wrapper.find('[data-testid="font-larger"]').trigger('click')
    await wrapper.find('[data-testid="font-larger"]').trigger('click')
    expect(wrapper.find('[data-testid="font-scale-value"]').text()).toBe('120%')
    expect(wrapper.find('[data-testid="player-board"]').attributes('style')).toContain('--scale: 1.2')
    expect(localStorage.getItem('gmc.playerFontScale')).toBe('1.2')
  })

  it('shows the tick wheel and the side whose turn it is for those models', async () => {
    const v = playerView()
    v.encounter = { ...v.encounter!, initiativeModel: 'ticks', tick: 4, order: v.encounter!.order.map((c, i) => ({ ...c, tick: 4 + i * 3 })) }
    const { wrapper } = await mountWith(PlayerBoard, { props: { view: v } })
    expect(wrapper.find('[data-testid="tick-wheel"]').text()).toContain('Han')
    const s = playerView()
    s.encounter = { ...s.encounter!, initiativeModel: 'sides', side: 'enemies' }
    const w2 = (await mountWith(PlayerBoard, { props: { view: s } })).wrapper
    expect(w2.find('[data-testid="player-turn"]').text()).toBe('Enemies’ turn')
  })
})
