/** Renderer fixes found by the whole-flow end-to-end tests (test/e2e/flow-*.e2e.test.ts). */
import { describe, expect, it } from 'vitest'
import TurnTrack from '@renderer/components/initiative/TurnTrack.vue'
import EncounterBoard from '@renderer/features/encounter/EncounterBoard.vue'
import { encounterState, gmView } from '../../support/fixtures'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

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

describe('structural sharing of pushed views (board-ui bench: 200 combatants)', () => {
  it('reconcile keeps every unchanged object and array of the previous view, and only those', async () => {
    const { reconcile } = await import('@renderer/stores/reconcile')
    const prev = gmView()
    const pushed = JSON.parse(JSON.stringify(prev)) as typeof prev
    pushed.encounter.turn.index = 1
    pushed.encounter.combatants[1].state = { hp: 4, maxHp: 10 }
    const next = reconcile(prev, pushed)
    expect(next).toEqual(pushed)
    expect(next).not.toBe(prev)
    expect(next.encounter.combatants[0]).toBe(prev.encounter.combatants[0])
    expect(next.encounter.combatants[2]).toBe(prev.encounter.combatants[2])
    expect(next.encounter.combatants[1]).not.toBe(prev.encounter.combatants[1])
    expect(next.encounter.combatants[1].stats).toBe(prev.encounter.combatants[1].stats)
    expect(next.log).toBe(prev.log)
    expect(next.encounter.turn).not.toBe(prev.encounter.turn)
    expect(reconcile(prev, JSON.parse(JSON.stringify(prev)))).toBe(prev)
    // a key removed or added is a change; arrays of another length too
    expect(reconcile({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 })
    expect(reconcile([1, 2], [1, 2, 3])).toEqual([1, 2, 3])
    expect(reconcile({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } })
  })

  it('the encounters store shares unchanged combatants between a command result and the next push', async () => {
    const { useEncountersStore } = await import('@renderer/stores/encounters')
    const first = gmView()
    const second = JSON.parse(JSON.stringify(first)) as typeof first
    second.encounter.turn.index = 1
    const bridge = fakeBridge().handle('encounter:get', okR(first)).handle('encounter:command', okR(second))
    await mountWith(TurnTrack, { props: { encounter: first.encounter, model: 'ordered' }, bridge })
    const store = useEncountersStore()
    await store.get('e1')
    const before = store.views.e1
    await store.command('e1', { type: 'nextTurn' })
    expect(store.views.e1.encounter.turn.index).toBe(1)
    expect(store.views.e1.encounter.combatants).toBe(before.encounter.combatants)
    // the shallow store is replaced, never mutated in place: showing to players gives a new view object
    bridge.handle('encounter:showToPlayers', okR({ shown: 'e1' }))
    const shown = store.views.e1
    await store.showToPlayers('e1')
    expect(store.views.e1).not.toBe(shown)
    expect(store.views.e1.shownToPlayers).toBe(true)
    expect(store.views.e1.encounter).toBe(shown.encounter)
  })
})

describe('memoized rows still follow every change', () => {
  it('turn track: the current marker moves, a changed combatant re-renders, the language switch reaches every row', async () => {
    const enc = encounterState()
    const { wrapper, i18n } = await mountWith(TurnTrack, { props: { encounter: enc, model: 'ordered' } })
    expect(wrapper.find('[data-testid="track-entry-han"]').classes()).toContain('current')
    const moved = { ...enc, turn: { ...enc.turn, index: 1 }, combatants: [enc.combatants[0], { ...enc.combatants[1], name: 'Stormtrooper One' }, enc.combatants[2]] }
    await wrapper.setProps({ encounter: moved })
    expect(wrapper.find('[data-testid="track-entry-han"]').classes()).not.toContain('current')
    expect(wrapper.find('[data-testid="track-entry-trooper-1"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="track-entry-trooper-1"]').text()).toContain('Stormtrooper One')
    expect(wrapper.find('[data-testid="track-entry-trooper-2"]').text()).toMatch(/delaying/i)
    ;(i18n.global.locale as unknown as { value: string }).value = 'pl'
    await flushPromises()
    expect(wrapper.find('[data-testid="track-entry-trooper-2"]').text()).not.toMatch(/delaying/i)
  })
})
