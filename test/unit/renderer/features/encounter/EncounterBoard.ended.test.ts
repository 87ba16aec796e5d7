/** Issue 27 (the screen sweep): the board of an ended encounter. After End encounter the board said nothing of it:
 * the action form (Roll, the action tabs), the "actor" badge and the current mark stayed on the last combatant as if
 * the fight went on. Now the fight is plainly over (with the round or tick it ended in), nothing offers to act, the
 * fight's shortcuts do nothing (Undo of End encounter stays: the engine takes it back), and the next steps are in
 * sight. These tests failed before the fix. */
import { describe, expect, it } from 'vitest'
import EncounterBoard from '@renderer/features/encounter/EncounterBoard.vue'
import { useEncountersStore } from '@renderer/stores/encounters'
import { useUiStore } from '@renderer/stores/ui'
import type { Locale } from '@renderer/i18n'
import type { ResultCardView } from '@shared/views/result-views'
import type { EncounterState } from '@shared/domain/encounter'
import { okR } from '../../support/fake-bridge'
import { boardBridge } from '../../support/board'
import { flushPromises, mountWith } from '../../support/mount'
import { encounterState, gmView } from '../../support/fixtures'

const result: ResultCardView = {
  batch: 9,
  title: null,
  rolls: [{ label: { key: 'result.attackOn', params: { attacker: 'Han', target: 'Stormtrooper 1', weapon: 'Blaster' } }, dice: [{ die: 'd20', value: 15 }], total: 19, against: { label: { key: 'saga.reflex' }, value: 17 }, outcome: 'hit' }],
  effects: [{ key: 'result.hpLoss', params: { name: 'Stormtrooper 1', amount: 10, from: 10, to: 0 }, tone: 'damage' }],
}
/** the engine's state after End encounter: phase ended, the round and the last turn's index kept (evolve-core) */
const endedTurn = (over: Partial<EncounterState['turn']> = {}): EncounterState['turn'] => ({ phase: 'ended', round: 4, order: ['han', 'trooper-1', 'trooper-2'], index: 1, ...over })
const endedView = (turn = endedTurn()) =>
  gmView({ encounter: encounterState({ turn }), result, undo: { label: 'The encounter ends', key: 'log.core.encounterEnded', params: { round: 4 } } })

async function mountEnded(opts: { turn?: EncounterState['turn']; locale?: Locale; popOut?: boolean } = {}) {
  const v = endedView(opts.turn)
  const bridge = boardBridge().handle('encounter:get', okR(v)).handle('encounter:command', okR(v))
  const props = opts.popOut ? { encounterId: 'e1' } : { campaignId: 'c1' }
  const r = await mountWith(EncounterBoard, { props, bridge, locale: opts.locale })
  useEncountersStore().start()
  await flushPromises()
  return r
}
const key = async (init: KeyboardEventInit) => {
  window.dispatchEvent(new KeyboardEvent('keydown', init))
  await flushPromises()
}

describe('issue 27: the board of an ended encounter', () => {
  it('says the fight is over and the round it ended in; no action form, no actor badge, no current mark, no Next turn', async () => {
    const { wrapper } = await mountEnded()
    const over = wrapper.find('[data-testid="board-ended"]')
    expect(over.exists()).toBe(true)
    expect(over.text()).toContain('The fight is over')
    expect(over.text()).toContain('Ended in round 4')
    // nothing to act with: no tabs, no form, no Roll
    expect(wrapper.find('[data-testid^="action-tab-"]').exists()).toBe(false)
    expect(wrapper.find('form[data-testid^="action-form-"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="action-submit"]').exists()).toBe(false)
    // the last turn's combatant is no longer marked as acting, on its card or in the turn order
    expect(wrapper.find('[data-testid^="combatant-actor-"]').exists()).toBe(false)
    // no card offers "Act" (to become the actor of a form that is gone)
    expect(wrapper.find('[data-testid^="combatant-act-"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid^="combatant-card-"].current').exists()).toBe(false)
    expect(wrapper.find('[data-testid^="track-entry-"].current').exists()).toBe(false)
    expect(wrapper.find('[data-testid="board-next"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="board-end"]').attributes('disabled')).toBeDefined()
    // the log and the last result stay readable
    expect(wrapper.find('[data-testid="result-card"]').exists()).toBe(true)
    expect(wrapper.text()).toContain('Stormtrooper 1')
    expect(wrapper.find('[data-testid="log-pane"], .board-log').exists()).toBe(true)
  })

  it('puts the next steps in sight: the session log and its export, the next encounter from prep, the overview', async () => {
    const { wrapper } = await mountEnded()
    const ui = useUiStore()
    for (const [id, screen] of [['board-ended-sessions', 'sessions'], ['board-ended-prep', 'prep'], ['board-ended-overview', 'overview']] as const) {
      ui.go('board', { encounterId: 'e1' })
      await flushPromises()
      await wrapper.find(`[data-testid="${id}"]`).trigger('click')
      expect(ui.screen).toBe(screen)
    }
  })

  it("the fight's shortcuts do nothing on it (N, a command letter, Enter, the actor keys); Ctrl+Z still undoes End encounter", async () => {
    const { wrapper, bridge } = await mountEnded()
    await key({ key: 'n' })
    await key({ key: 'a' })
    await key({ key: 'Enter' })
    await key({ key: '}' })
    await key({ key: '{' })
    expect(bridge.callsTo('encounter:command')).toEqual([])
    expect(wrapper.find('form[data-testid^="action-form-"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid^="combatant-actor-"]').exists()).toBe(false)
    // the engine takes End encounter back (history undo): the board names it and does it
    expect(wrapper.find('[data-testid="board-undo"]').text()).toContain('Undo:')
    await key({ key: 'z', ctrlKey: true })
    expect(bridge.callsTo('encounter:undo')).toEqual([{ encounterId: 'e1' }])
  })

  it('in Polish, and on a tick wheel the tick it ended on (004 has no rounds)', async () => {
    const { wrapper } = await mountEnded({ locale: 'pl' })
    const over = wrapper.find('[data-testid="board-ended"]')
    expect(over.text()).toContain('Walka zakończona')
    expect(over.text()).toContain('Koniec w rundzie 4')
    expect(over.text()).not.toMatch(/board\.|undefined/)
    const ticks = await mountEnded({ turn: endedTurn({ tick: 7 }) })
    expect(ticks.wrapper.find('[data-testid="board-ended"]').text()).toContain('Ended on tick 7')
  })

  it('on a board by sides, no side is still marked as acting', async () => {
    const { wrapper } = await mountEnded({ turn: endedTurn({ order: [], index: -1, side: 'enemies' }) })
    expect(wrapper.find('[data-testid="track-side-enemies"]').exists()).toBe(true)
    expect(wrapper.find('.sidegroup.active').exists()).toBe(false)
    expect(wrapper.find('[data-testid="track-side-enemies"]').text()).not.toContain('Current')
  })

  it('the pop-out board of that encounter says it too, with no action form, and points to the console for what is next', async () => {
    const { wrapper } = await mountEnded({ popOut: true })
    const over = wrapper.find('[data-testid="board-ended"]')
    expect(over.text()).toContain('The fight is over')
    expect(wrapper.find('form[data-testid^="action-form-"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid^="combatant-actor-"]').exists()).toBe(false)
    // a pop-out window has no screens of its own to go to: it says where they are
    expect(wrapper.find('[data-testid="board-ended-sessions"]').exists()).toBe(false)
    expect(over.text()).toContain('console')
  })

  it('a running fight keeps its action form and its actor (the ended state is the ended phase only)', async () => {
    const bridge = boardBridge()
    const r = await mountWith(EncounterBoard, { props: { campaignId: 'c1' }, bridge })
    useEncountersStore().start()
    await flushPromises()
    expect(r.wrapper.find('[data-testid="board-ended"]').exists()).toBe(false)
    expect(r.wrapper.find('[data-testid="action-panel"]').exists()).toBe(true)
    expect(r.wrapper.find('[data-testid="combatant-actor-han"]').exists()).toBe(true)
    expect(r.wrapper.find('[data-testid="combatant-act-trooper-1"]').exists()).toBe(true)
  })
})
