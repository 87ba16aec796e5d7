import { describe, expect, it, vi } from 'vitest'
import { usePlayerStore } from '@renderer/stores/player'
import { okR } from '../../support/fake-bridge'
import { boardBridge, mountBoard } from '../../support/board'
import { flushPromises } from '../../support/mount'
import { encounterState, gmView, playerView } from '../../support/fixtures'

// Kept in a file of its own: in one file with the other board tests, a second push-driven test does not see the
// board re-render (a test-isolation problem under investigation; the flow e2e tests check live pushes in Chromium).
describe('encounter board: player display', () => {
  it('sets the player display per side, shows to players, and previews the same player:view', async () => {
    const bridge = boardBridge()
      .handle('encounter:setDisplay', (r: any) => okR(gmView({ encounter: encounterState({ display: { [r.side]: r.mode } }) })))
      .handle('encounter:showToPlayers', okR({ shown: 'e1' }))
    const { wrapper } = await mountBoard(bridge)
    await usePlayerStore().load()
    usePlayerStore().start()
    await flushPromises()
    await wrapper.find('[data-testid="display-mode-enemies"]').setValue('hidden')
    await wrapper.find('[data-testid="show-to-players"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('encounter:setDisplay')).toEqual([{ encounterId: 'e1', side: 'enemies', mode: 'hidden' }])
    expect(bridge.callsTo('encounter:showToPlayers')).toEqual([{ encounterId: 'e1' }])
    await flushPromises()
    const preview = () => wrapper.find('[data-testid="player-preview"]')
    await vi.waitFor(() => expect(preview().find('[data-testid="player-turn"]').text()).toBe('Han’s turn'))
    bridge.push('player:view', playerView({ encounter: { ...playerView().encounter!, round: 5 } }))
    await flushPromises()
    await vi.waitFor(() => expect(preview().find('[data-testid="player-round"]').text()).toBe('Round 5'))
  })

  it('follows the player view only while the preview is in sight (issue 13: a preview scrolled away takes no pushes)', async () => {
    // a stand-in IntersectionObserver the test drives: what the browser says when the GM scrolls the column
    const observers: Array<{ cb: (e: Array<{ isIntersecting: boolean }>) => void; targets: Element[] }> = []
    class FakeObserver {
      targets: Element[] = []
      constructor(public cb: (e: Array<{ isIntersecting: boolean }>) => void) {
        observers.push(this)
      }
      observe(el: Element) {
        this.targets.push(el)
      }
      disconnect() {
        this.targets = []
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    try {
      const bridge = boardBridge()
      const { wrapper } = await mountBoard(bridge)
      await flushPromises()
      const watching = observers.filter((o) => o.targets.some((t) => t.getAttribute('data-testid') === 'player-preview'))
      expect(watching).toHaveLength(1)
      // not yet said to be in sight: no subscription, nothing asked
      expect(bridge.listeners('player:view')).toBe(0)
      expect(bridge.callsTo('player:view')).toHaveLength(0)
      watching[0].cb([{ isIntersecting: true }])
      await flushPromises()
      expect(bridge.listeners('player:view')).toBe(1)
      expect(bridge.callsTo('player:view')).toHaveLength(1)
      const preview = () => wrapper.find('[data-testid="player-preview"]')
      await vi.waitFor(() => expect(preview().find('[data-testid="player-turn"]').text()).toBe('Han’s turn'))
      bridge.push('player:view', playerView({ encounter: { ...playerView().encounter!, round: 6 } }))
      await flushPromises()
      expect(preview().find('[data-testid="player-round"]').text()).toBe('Round 6')
      // scrolled away: unsubscribed; a push meanwhile is not taken (and the preview keeps what it showed)
      watching[0].cb([{ isIntersecting: false }])
      await flushPromises()
      expect(bridge.listeners('player:view')).toBe(0)
      bridge.push('player:view', playerView({ encounter: { ...playerView().encounter!, round: 7 } }))
      await flushPromises()
      expect(preview().find('[data-testid="player-round"]').text()).toBe('Round 6')
      // back in sight: subscribed again and the view as it is now loaded
      watching[0].cb([{ isIntersecting: true }])
      await flushPromises()
      expect(bridge.listeners('player:view')).toBe(1)
      expect(bridge.callsTo('player:view')).toHaveLength(2)
      wrapper.unmount()
      expect(bridge.listeners('player:view')).toBe(0)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
