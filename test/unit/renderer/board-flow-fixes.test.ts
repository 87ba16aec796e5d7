/** Renderer fixes found by the whole-flow end-to-end tests (test/e2e/flow-*.e2e.test.ts). */
import { describe, expect, it } from 'vitest'
import TurnTrack from '@renderer/features/initiative/TurnTrack.vue'
import { encounterState } from './support/fixtures'
import { mountWith } from './support/mount'

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
