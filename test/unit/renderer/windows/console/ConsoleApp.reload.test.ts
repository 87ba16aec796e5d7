/** Issue 10: a reload returns to the board of the running encounter; the session renamed at once; error banners
 * clear once the GM acts again. */
import { describe, expect, it } from 'vitest'
import ConsoleApp from '@renderer/windows/console/ConsoleApp.vue'
import ErrorBanner from '@renderer/components/ErrorBanner.vue'
import SessionTitle from '@renderer/features/campaigns/SessionTitle.vue'
import { loadPlace, savePlace } from '@renderer/core/place'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { campaigns, gmView, overview } from '../../support/fixtures'
import { defineComponent, h, ref } from 'vue'

const running = [{ id: 'e1', name: 'Cantina brawl', planId: null, sessionId: 's1', phase: 'combat', round: 2, combatants: 3, shownToPlayers: false }]
const session = { id: 's1', title: '2026-12-01', date: '2026-12-01', notes: '', startedAt: '2026-12-01T12:00:00.000Z', endedAt: null }
function bridge() {
  return fakeBridge()
    .handle('app:info', okR({ version: 't', mode: 'browser', firstRunCampaignId: null }))
    .handle('campaign:list', okR(campaigns))
    .handle('campaign:open', okR(overview()))
    .handle('player:view', okR({ campaignName: null, systemId: null, encounter: null }))
    .handle('encounter:list', okR(running))
    .handle('encounter:get', okR(gmView()))
    .handle('session:list', okR([session]))
    .handle('library:list', okR([]))
    .handle('plan:list', okR([]))
}

describe('reloading the console mid-fight', () => {
  it('keeps the place per window and reads back only a well-formed one', () => {
    const mem = new Map<string, string>()
    const storage = { setItem: (k: string, v: string) => void mem.set(k, v), getItem: (k: string) => mem.get(k) ?? null }
    savePlace({ screen: 'board', campaignId: 'c1', encounterId: 'e1' }, storage)
    expect(loadPlace(storage)).toEqual({ screen: 'board', campaignId: 'c1', encounterId: 'e1' })
    mem.set('gmc.place', '{"screen":"nowhere"}')
    expect(loadPlace(storage)).toBeNull()
    mem.set('gmc.place', 'not json')
    expect(loadPlace(storage)).toBeNull()
  })

  it('returns to the board of the running encounter', async () => {
    const first = await mountWith(ConsoleApp, { bridge: bridge() })
    await first.wrapper.find('[data-testid="campaign-open-c1"]').trigger('click')
    await flushPromises()
    await first.wrapper.find('[data-testid="nav-board"]').trigger('click')
    await flushPromises()
    expect(first.wrapper.find('[data-testid="encounter-board"]').exists()).toBe(true)
    const kept = sessionStorage.getItem('gmc.place')
    first.wrapper.unmount()
    // the reload: a fresh app in the same tab (the session storage survives, the stores do not)
    const third = await mountWithPlace(bridge(), kept ?? '')
    expect(third.wrapper.find('[data-testid="encounter-board"]').exists()).toBe(true)
    expect(third.bridge.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
    expect(third.wrapper.find('[data-testid="board-title"]').text()).toBe('Cantina brawl')
  })
})

describe('a new console window after main restarted (issue 27, defect 1)', () => {
  // the desktop app after a crash, or another browser: no place in this window's session storage, but main came
  // back by itself to the campaign that was open, with the encounter shown to players
  const resumed = (encounterId: string | null) => bridge().handle('app:info', okR({ version: 't', mode: 'browser', firstRunCampaignId: null, resumed: { campaignId: 'c1', encounterId } }))

  it('opens the campaign main has open, at the board of the encounter the players see', async () => {
    sessionStorage.clear()
    const { wrapper, bridge: b } = await mountWithPlace(resumed('e1'), '')
    expect(b.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
    expect(wrapper.find('[data-testid="encounter-board"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="board-title"]').text()).toBe('Cantina brawl')
    wrapper.unmount()
  })

  it('nothing shown to players: the campaign\'s overview', async () => {
    sessionStorage.clear()
    const { wrapper, bridge: b } = await mountWithPlace(resumed(null).handle('encounter:list', okR([])), '')
    expect(b.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
    expect(wrapper.find('[data-testid="encounter-board"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="nav-overview"]').attributes('aria-pressed')).toBe('true')
    wrapper.unmount()
  })

  it('a place of its own (a reload) wins over main\'s', async () => {
    const { wrapper, bridge: b } = await mountWithPlace(resumed('e1'), JSON.stringify({ screen: 'library', campaignId: 'c1', encounterId: null }))
    expect(b.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
    expect(wrapper.find('[data-testid="encounter-board"]').exists()).toBe(false)
    wrapper.unmount()
  })
})

/** mount the console with a place already in this tab's session storage (as after a reload) */
async function mountWithPlace(b: ReturnType<typeof bridge>, place: string) {
  const { setup } = await import('../../support/mount')
  const ctx = setup({ bridge: b })
  sessionStorage.setItem('gmc.place', place)
  const { mount } = await import('@vue/test-utils')
  const wrapper = mount(ConsoleApp, { global: { plugins: [ctx.pinia, ctx.i18n] }, attachTo: document.body })
  await flushPromises()
  await flushPromises()
  return { wrapper, bridge: b }
}

describe('the session a launch started', () => {
  it('is renamed at once from its title', async () => {
    const b = fakeBridge().handle('session:list', okR([session])).handle('session:rename', (r: { title: string }) => okR({ ...session, title: r.title }))
    const { wrapper } = await mountWith(SessionTitle, { props: { campaignId: 'c1' }, bridge: b })
    expect(wrapper.find('[data-testid="session-title-text"]').text()).toBe('2026-12-01')
    await wrapper.find('[data-testid="session-rename"]').trigger('click')
    await wrapper.find('[data-testid="session-rename-input"]').setValue('The hangar')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('session:rename')).toEqual([{ campaignId: 'c1', sessionId: 's1', title: 'The hangar' }])
    expect(wrapper.find('[data-testid="session-title-text"]').text()).toBe('The hangar')
  })
})

describe('error banners', () => {
  it('clear once the GM acts again (a button), stay while the GM types the fix, and come back for a new error', async () => {
    const Host = defineComponent({
      setup() {
        const error = ref<{ code: string; message: string } | null>({ code: 'invalid', message: 'bad dice notation "3x6"' })
        return () => h('div', [h(ErrorBanner, { error: error.value as never }), h('input', { id: 'fix' }), h('button', { id: 'act', onClick: () => undefined }, 'Next'), h('button', { id: 'again', onClick: () => (error.value = { code: 'invalid', message: 'again' }) }, 'Roll')])
      },
    })
    const { wrapper } = await mountWith(Host)
    expect(wrapper.find('[data-testid="error-banner"]').exists()).toBe(true)
    await wrapper.find('#fix').trigger('keydown', { key: 'x' })
    expect(wrapper.find('[data-testid="error-banner"]').exists()).toBe(true)
    await wrapper.find('#act').trigger('click')
    expect(wrapper.find('[data-testid="error-banner"]').exists()).toBe(false)
    await wrapper.find('#again').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="error-banner"]').text()).toContain('Again')
  })
})
