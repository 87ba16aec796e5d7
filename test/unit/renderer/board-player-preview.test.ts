import { describe, expect, it, vi } from 'vitest'
import { usePlayerStore } from '@renderer/stores/player'
import { okR } from './support/fake-bridge'
import { boardBridge, mountBoard } from './support/board'
import { flushPromises } from './support/mount'
import { encounterState, gmView, playerView } from './support/fixtures'

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

})
