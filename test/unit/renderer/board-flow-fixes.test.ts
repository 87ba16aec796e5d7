/** Renderer fixes found by the whole-flow end-to-end tests (test/e2e/flow-*.e2e.test.ts). */
import { describe, expect, it } from 'vitest'
import TurnTrack from '@renderer/features/initiative/TurnTrack.vue'
import EncounterBoard from '@renderer/features/encounter/EncounterBoard.vue'
import { encounterState, gmView } from './support/fixtures'
import { fakeBridge, okR } from './support/fake-bridge'
import { flushPromises, mountWith } from './support/mount'

describe('turn track initiative entry', () => {
  it('keeps what the GM is typing when another change pushes a new view, then sends it', async () => {
    const setup = () => encounterState({ turn: { phase: 'setup', round: 0, order: [], index: -1 } })
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: setup(), model: 'ordered' } })
    const input = wrapper.find<HTMLInputElement>('[data-testid="track-init-trooper-1"]')
    input.element.value = '14'
    await input.trigger('input')
    // a push from main (e.g. the previous entry's setInitiative) re-renders the track before Enter
    await wrapper.setProps({ encounter: setup() })
    expect(wrapper.find<HTMLInputElement>('[data-testid="track-init-trooper-1"]').element.value).toBe('14')
    await wrapper.find('[data-testid="track-init-trooper-1"]').trigger('change')
    expect(wrapper.emitted('command')).toEqual([[{ type: 'setInitiative', combatantId: 'trooper-1', value: 14 }]])
  })

  it('sends nothing for an emptied box (no accidental 0)', async () => {
    const { wrapper } = await mountWith(TurnTrack, { props: { encounter: encounterState({ turn: { phase: 'setup', round: 0, order: [], index: -1 } }), model: 'ordered' } })
    await wrapper.find('[data-testid="track-init-han"]').setValue('')
    expect(wrapper.emitted('command')).toBeUndefined()
  })
})

describe('surprise round on the board', () => {
  it('plays the surprise round turn by turn: Next turn and N send nextTurn (001 Step 1); no "Round 0" on the track', async () => {
    const surprise = gmView({ encounter: encounterState({ turn: { phase: 'surprise', round: 0, order: ['han', 'trooper-1'], index: 0 } }) })
    const bridge = fakeBridge()
      .handle('encounter:list', okR([{ id: 'e1', name: 'Cantina brawl', planId: null, sessionId: 's1', phase: 'surprise', round: 0, combatants: 3, shownToPlayers: false }]))
      .handle('encounter:get', okR(surprise))
      .handle('encounter:command', okR(surprise))
    const { wrapper } = await mountWith(EncounterBoard, { props: { campaignId: 'c1' }, bridge })
    await flushPromises()
    expect(wrapper.find('[data-testid="track-phase"]').text()).toMatch(/surprise/i)
    expect(wrapper.find('[data-testid="track-round"]').exists()).toBe(false)
    const next = wrapper.find('[data-testid="board-next"]')
    expect(next.attributes('disabled')).toBeUndefined()
    await next.trigger('click')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }))
    await flushPromises()
    expect(bridge.callsTo('encounter:command').map((c) => c.command)).toEqual([{ type: 'nextTurn' }, { type: 'nextTurn' }])
  })
})
