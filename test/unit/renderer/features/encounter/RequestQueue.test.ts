/**
 * Players' requests on the encounter board (issue 29): what players ask from their phones, oldest first, in sight
 * on the board ("Nira asks: end my turn"), live by `requests:changed`; accepted or declined with a button, the oldest
 * with one key (Y accepts, Shift+Y declines: no system's command is on Y); an accepted request is carried out in main
 * as the GM's own command, and the board shows its result from the push that follows. (Each test failed before
 * RequestQueue.vue and stores/requests.ts existed.)
 */
import { describe, expect, it, vi } from 'vitest'
import type { GmRequestView } from '@shared/views/character-views'
import { boardBridge, mountBoard } from '../../support/board'
import { okR, errR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { encounterState, gmView } from '../../support/fixtures'
import { SHORTCUTS, actionOf } from '@renderer/features/encounter/shortcuts'
import { describeForTest, systemList } from '../../support/system-descriptions'
import HelpOverlay from '@renderer/features/encounter/HelpOverlay.vue'
import EncounterBoard from '@renderer/features/encounter/EncounterBoard.vue'
import { useEncountersStore } from '@renderer/stores/encounters'

const req = (id: string, over: Partial<GmRequestView> = {}): GmRequestView => ({
  id,
  kind: 'endTurn',
  state: 'pending',
  at: `2026-12-06T15:0${id.slice(-1)}:00.000Z`,
  characterId: 'nira',
  characterName: 'Nira',
  combatantId: 'han',
  encounterId: 'e1',
  ...over,
})
const key = (k: string, over: KeyboardEventInit = {}) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, ...over }))

async function board(list: GmRequestView[] = [], locale: 'en' | 'pl' = 'en') {
  const bridge = boardBridge()
    .handle('request:list', okR(list))
    .handle('request:answer', (r: { requestId: string; accept: boolean }) => okR({ ...req(r.requestId), state: r.accept ? 'accepted' : 'declined' }))
  const m = await mountBoard(bridge)
  if (locale !== 'en') {
    m.i18n.global.locale.value = locale
    await flushPromises()
  }
  return m
}

describe("players' requests on the board (issue 29)", () => {
  it('draws nothing while nobody asks, then a request pushed by requests:changed, in English and Polish', async () => {
    const { wrapper, bridge, i18n } = await board()
    expect(bridge.callsTo('request:list')).toEqual([{}])
    expect(wrapper.find('[data-testid="request-queue"]').exists()).toBe(false)
    bridge.push('requests:changed', [req('r1')])
    await flushPromises()
    const queue = wrapper.find('[data-testid="request-queue"]')
    expect(queue.exists()).toBe(true)
    expect(wrapper.find('[data-testid="request-r1"]').text()).toContain('Nira asks: end my turn')
    // in sight: in the board's side column, above the turn track
    expect(wrapper.find('[data-testid="board-side"]').element.firstElementChild).toBe(queue.element)
    // and outside the box the turn track scrolls in: it never lies over a row of it (the current one was covered)
    const scroller = wrapper.find('[data-testid="board-side-scroll"]')
    expect(scroller.exists()).toBe(true)
    expect(scroller.element.contains(queue.element)).toBe(false)
    expect(scroller.find('[data-testid="board-skip-out"]').exists()).toBe(true)
    i18n.global.locale.value = 'pl'
    await flushPromises()
    expect(wrapper.find('[data-testid="request-r1"]').text()).toContain('Nira prosi: zakończ moją turę')
  })

  it('lists them oldest first, says what each asks (a delay, a readied action with its trigger, a point to spend)', async () => {
    const { wrapper } = await board([
      req('r4', { kind: 'spend', resource: 'Force Point', characterName: 'Kel' }),
      req('r2', { kind: 'delay' }),
      req('r3', { kind: 'ready', trigger: 'when the trooper comes through the door', characterName: 'Tam' }),
      req('r1', { state: 'accepted' }),
    ])
    const items = wrapper.findAll('[data-testid^="request-r"]').filter((w) => /^request-r\d$/.test(w.attributes('data-testid') ?? ''))
    expect(items.map((w) => w.text().replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('Nira asks: delay my turn'),
      expect.stringContaining('Tam asks: ready an action: “when the trooper comes through the door”'),
      expect.stringContaining('Kel asks: spend one point (Force Point)'),
    ])
    // an answered one is not waiting
    expect(wrapper.find('[data-testid="request-r1"]').exists()).toBe(false)
  })

  it('Y accepts the oldest request, Shift+Y declines the oldest: one key each', async () => {
    const { wrapper, bridge } = await board([req('r1'), req('r2', { characterName: 'Kel' }), req('r3', { characterName: 'Tam' })])
    key('y')
    await flushPromises()
    expect(bridge.callsTo('request:answer')).toEqual([{ requestId: 'r1', accept: true }])
    expect(wrapper.find('[data-testid="request-r1"]').exists()).toBe(false)
    key('Y', { shiftKey: true })
    await flushPromises()
    expect(bridge.callsTo('request:answer')).toEqual([
      { requestId: 'r1', accept: true },
      { requestId: 'r2', accept: false },
    ])
    expect(wrapper.find('[data-testid="request-r3"]').exists()).toBe(true)
    // the buttons answer their own request
    await wrapper.find('[data-testid="request-decline-r3"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('request:answer').at(-1)).toEqual({ requestId: 'r3', accept: false })
    expect(wrapper.find('[data-testid="request-queue"]').exists()).toBe(false)
  })

  it('Y typed in a field is a letter, not an answer; Y with nobody asking does nothing', async () => {
    const { wrapper, bridge } = await board([])
    key('y')
    await flushPromises()
    expect(bridge.callsTo('request:answer')).toEqual([])
    bridge.push('requests:changed', [req('r1')])
    await flushPromises()
    const search = wrapper.find('[data-testid="board-search"]').element as HTMLInputElement
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'y', bubbles: true }))
    await flushPromises()
    expect(bridge.callsTo('request:answer')).toEqual([])
  })

  it("shows only this board's encounter's requests (and those tied to none)", async () => {
    const { wrapper } = await board([req('r1', { encounterId: 'e2' }), req('r2', { encounterId: null, combatantId: null })])
    expect(wrapper.find('[data-testid="request-r1"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="request-r2"]').exists()).toBe(true)
  })

  it('after an accept the board shows the result, as after the GM’s own command (the push that follows)', async () => {
    const bridge = boardBridge().handle('request:list', okR([req('r1')]))
    bridge.handle('request:answer', () => {
      // main carries out the player's "end my turn" as the GM's nextTurn and pushes the encounter
      bridge.push('encounter:changed', gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index: 1 } }) }))
      return okR({ ...req('r1'), state: 'accepted' })
    })
    // the board's own store follows the pushes (its pinia named: a test before may have left another one active)
    const { wrapper, pinia } = await mountWith(EncounterBoard, { props: { campaignId: 'c1' }, bridge })
    useEncountersStore(pinia).start()
    await flushPromises()
    expect(wrapper.find('[data-testid="combatant-card-han"]').classes()).toContain('current')
    key('y')
    await flushPromises()
    await flushPromises()
    expect(bridge.callsTo('request:answer')).toEqual([{ requestId: 'r1', accept: true }])
    await vi.waitFor(() => expect(wrapper.find('[data-testid="track-entry-trooper-1"]').classes()).toContain('current'))
    expect(wrapper.find('[data-testid="combatant-card-trooper-1"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="combatant-card-han"]').classes()).not.toContain('current')
  })

  it("main's refusal of an accept (the turn moved on meanwhile) is shown in the queue, in plain words", async () => {
    const bridge = boardBridge()
      .handle('request:list', okR([req('r1')]))
      .handle('request:answer', errR('refused', 'It is no longer Nira’s turn.'))
    const { wrapper } = await mountBoard(bridge)
    key('y')
    await flushPromises()
    expect(wrapper.find('[data-testid="request-queue"]').text()).toContain('It is no longer Nira’s turn.')
  })

  it('an accepted request main could not carry out (the turn moved on) says so, with its reason, until closed', async () => {
    const bridge = boardBridge()
      .handle('request:list', okR([req('r1')]))
      .handle('request:answer', okR({ ...req('r1'), state: 'refused', reason: { key: 'requestReason.turnMoved', params: {} } }))
    const { wrapper, i18n } = await mountBoard(bridge)
    key('y')
    await flushPromises()
    const note = wrapper.find('[data-testid="request-refused"]')
    expect(note.text()).toContain("Could not carry out Nira's request")
    // the reason in main's words (the ui catalog's requestReason block)
    const msg = i18n.global as unknown as { t: (key: string) => string; te: (key: string) => boolean }
    expect(msg.te('requestReason.turnMoved')).toBe(true)
    expect(note.text()).toContain(msg.t('requestReason.turnMoved'))
    expect(wrapper.find('[data-testid="request-r1"]').exists()).toBe(false)
    await wrapper.find('[data-testid="request-refused-close"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="request-queue"]').exists()).toBe(false)
  })

  it('stops listening when the board goes', async () => {
    const { wrapper, bridge } = await board([req('r1')])
    expect(bridge.listeners('requests:changed')).toBe(1)
    wrapper.unmount()
    expect(bridge.listeners('requests:changed')).toBe(0)
  })
})

describe('the request keys in the shortcut list (issue 29)', () => {
  it('Y and Shift+Y mean accept and decline; the help overlay lists them in English and Polish', async () => {
    expect(actionOf({ key: 'y', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null })).toBe('accept')
    expect(actionOf({ key: 'Y', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false, target: null })).toBe('decline')
    // Ctrl+Y stays redo
    expect(actionOf({ key: 'y', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, target: null })).toBe('redo')
    expect(SHORTCUTS.filter((s) => s.action === 'accept' || s.action === 'decline').map((s) => s.keys)).toEqual([['Y'], ['Shift', 'Y']])
    for (const [locale, accept, decline] of [
      ['en', 'Accept the oldest request from a player', 'Decline the oldest request from a player'],
      ['pl', 'Przyjmij najstarszą prośbę gracza', 'Odrzuć najstarszą prośbę gracza'],
    ] as const) {
      const { wrapper } = await mountWith(HelpOverlay, { locale })
      expect(wrapper.find('[data-testid="help-accept"]').text()).toContain(accept)
      expect(wrapper.find('[data-testid="help-decline"]').text()).toContain(decline)
      wrapper.unmount()
    }
  })

  it("no system's command shortcut is Y (it would be shadowed)", () => {
    for (const { id } of systemList()) {
      const shortcuts = describeForTest(id).commands.map((c) => c.shortcut?.toLowerCase()).filter(Boolean)
      expect(shortcuts.length, id).toBeGreaterThan(0)
      expect(shortcuts, id).not.toContain('y')
    }
  })
})
