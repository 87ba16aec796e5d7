// issue 29: a player's own phone (`/me?token=`, role `character`): the turn banner, the character card, the buttons
// for what the player may ask, the request states, a revoked link, the vibration when their turn comes near
import { afterEach, describe, expect, it, vi } from 'vitest'
import PhoneApp from '@renderer/features/phone/PhoneApp.vue'
import { setConnection } from '@renderer/bridge/connection'
import type { CharacterTurn } from '@shared/views/character-views'
import { errR, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { playerView } from '../../support/fixtures'
import { characterView, phoneBridge } from './character'

afterEach(() => {
  setConnection('open')
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('phone page (issue 29)', () => {
  it('shows the own character on top and the public board below', async () => {
    const bridge = phoneBridge(characterView({}, { conditions: [{ key: 'custom.pinned', name: 'Pinned', ends: { at: 'roundEnd', round: 3 } }], tick: 7 }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    expect(wrapper.find('[data-testid="phone-name"]').text()).toBe('Han')
    expect(wrapper.find('[data-testid="phone-health-num"]').text()).toBe('20 / 30')
    expect(wrapper.find('[data-testid="phone-condition-0"]').text()).toContain('Pinned')
    expect(wrapper.find('[data-testid="phone-condition-ends-0"]').text()).toBe('until the end of round 3')
    expect(wrapper.find('[data-testid="phone-tick"]').text()).toContain('7')
    // the public board, as the TV gets it
    expect(wrapper.find('[data-testid="phone-board"] [data-testid="player-combatant-trooper-1"]').exists()).toBe(true)
    expect(bridge.callsTo('character:view')).toHaveLength(1)
    expect(bridge.callsTo('player:view')).toHaveLength(1)
  })

  const banners: Array<[CharacterTurn, string]> = [
    ['now', 'Your turn'],
    ['next', 'You’re next'],
    ['out', 'Out of the fight'],
    ['later', 'Not your turn yet'],
  ]
  for (const [turn, text] of banners) {
    it(`the banner for turn '${turn}' says "${text}"`, async () => {
      const { wrapper } = await mountWith(PhoneApp, { bridge: phoneBridge(characterView({}, { turn })) })
      expect(wrapper.find('[data-testid="phone-turn"]').text()).toBe(text)
      expect(wrapper.find('[data-testid="phone-turn"]').attributes('data-turn')).toBe(turn)
    })
  }

  it("a waiting turn says Delayed or Readied, as the board's slot does; no banner without a turn", async () => {
    const delayed = playerView()
    delayed.encounter!.order[0] = { ...delayed.encounter!.order[0], waiting: 'delayed' }
    const b1 = phoneBridge(characterView({}, { turn: 'waiting' })).handle('player:view', okR(delayed))
    expect((await mountWith(PhoneApp, { bridge: b1 })).wrapper.find('[data-testid="phone-turn"]').text()).toBe('Delayed')
    const readied = playerView()
    readied.encounter!.order[0] = { ...readied.encounter!.order[0], waiting: 'readied' }
    const b2 = phoneBridge(characterView({}, { turn: 'waiting' })).handle('player:view', okR(readied))
    expect((await mountWith(PhoneApp, { bridge: b2 })).wrapper.find('[data-testid="phone-turn"]').text()).toBe('Readied')
    const b3 = phoneBridge(characterView({}, { turn: 'none' }))
    expect((await mountWith(PhoneApp, { bridge: b3 })).wrapper.find('[data-testid="phone-turn"]').exists()).toBe(false)
  })

  it("lays the public board out for the phone, not as the GM arranged the TV: no tick wheel, no TV zoom", async () => {
    const v = playerView({ tv: { zoom: 2, around: 1, margin: 5, layout: 'list', panels: { pools: true, wheel: true, lastResult: true, round: true }, theme: 'light', aspect: '16:9' } })
    v.encounter = { ...v.encounter!, initiativeModel: 'ticks', tick: 4, order: v.encounter!.order.map((c, i) => ({ ...c, tick: 4 + i * 3 })) }
    const { wrapper } = await mountWith(PhoneApp, { bridge: phoneBridge().handle('player:view', okR(v)) })
    const board = wrapper.find('[data-testid="phone-board"] [data-testid="player-board"]')
    expect(board.exists()).toBe(true)
    expect(wrapper.find('[data-testid="tick-wheel"]').exists()).toBe(false)
    expect(board.classes()).not.toContain('list')
    expect(board.attributes('style')).toContain('--scale: 1;')
    // every combatant (the TV's `around: 1` is the TV's)
    expect(wrapper.findAll('[data-testid^="player-combatant-"]')).toHaveLength(3)
  })

  it('is in Polish when the locale is pl', async () => {
    const { wrapper } = await mountWith(PhoneApp, { bridge: phoneBridge(characterView({}, { turn: 'next', can: ['endTurn'] })), locale: 'pl' })
    expect(wrapper.find('[data-testid="phone-turn"]').text()).toBe('Zaraz twoja tura')
    expect(wrapper.find('[data-testid="ask-endTurn"]').text()).toBe('Zakończ moją turę')
  })

  it('follows the pushed character view', async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'later' }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    bridge.push('character:view', characterView({}, { turn: 'now', health: { current: 12, max: 30 } }))
    await flushPromises()
    expect(wrapper.find('[data-testid="phone-turn"]').text()).toBe('Your turn')
    expect(wrapper.find('[data-testid="phone-health-num"]').text()).toBe('12 / 30')
  })

  it('says so when the character is not in the fight on the board', async () => {
    const { wrapper } = await mountWith(PhoneApp, { bridge: phoneBridge(characterView({ me: null })) })
    expect(wrapper.find('[data-testid="phone-name"]').text()).toBe('Han')
    expect(wrapper.find('[data-testid="phone-not-in-fight"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="phone-ask"]').exists()).toBe(false)
  })

  it('a revoked link leaves only the sentence: nothing of the character or the board stays', async () => {
    const bridge = phoneBridge(characterView({ requests: [{ id: 'r1', kind: 'endTurn', state: 'pending', at: '2026-01-01T00:00:00Z' }] }, { turn: 'now', can: ['endTurn'] }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    expect(wrapper.text()).toContain('Han')
    setConnection('revoked')
    await flushPromises()
    expect(wrapper.find('[data-testid="phone-revoked"]').text()).toContain('This link was revoked by the GM')
    expect(wrapper.find('[data-testid="phone-app"]').exists()).toBe(false)
    expect(wrapper.text()).not.toContain('Han')
    expect(wrapper.text()).not.toContain('Stormtrooper')
    // a push arriving late changes nothing: the store no longer listens
    bridge.push('character:view', characterView({}, { turn: 'now' }))
    await flushPromises()
    expect(wrapper.text()).not.toContain('Han')
    expect(bridge.listeners('character:view')).toBe(0)
  })

  it('loads both views again when the connection comes back', async () => {
    const bridge = phoneBridge()
    await mountWith(PhoneApp, { bridge })
    setConnection('closed')
    setConnection('open')
    await flushPromises()
    expect(bridge.callsTo('character:view')).toHaveLength(2)
    expect(bridge.callsTo('player:view')).toHaveLength(2)
  })

  it('vibrates when the player becomes next and when their turn comes, not on the first view, not when muted', async () => {
    const vibrate = vi.fn(() => true)
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true })
    const bridge = phoneBridge(characterView({}, { turn: 'next' }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    expect(vibrate).not.toHaveBeenCalled()
    bridge.push('character:view', characterView({}, { turn: 'later' }))
    await flushPromises()
    bridge.push('character:view', characterView({}, { turn: 'next' }))
    await flushPromises()
    expect(vibrate).toHaveBeenCalledTimes(1)
    expect(vibrate).toHaveBeenLastCalledWith([180])
    bridge.push('character:view', characterView({}, { turn: 'now' }))
    await flushPromises()
    expect(vibrate).toHaveBeenCalledTimes(2)
    expect(vibrate).toHaveBeenLastCalledWith([250, 120, 250])
    // the same turn pushed again (another change on the board) does not buzz again
    bridge.push('character:view', characterView({}, { turn: 'now', health: { current: 1, max: 30 } }))
    await flushPromises()
    expect(vibrate).toHaveBeenCalledTimes(2)
    await wrapper.find('[data-testid="phone-mute"]').trigger('click')
    expect(localStorage.getItem('gmc.phoneMuted')).toBe('1')
    bridge.push('character:view', characterView({}, { turn: 'later' }))
    await flushPromises()
    bridge.push('character:view', characterView({}, { turn: 'next' }))
    await flushPromises()
    expect(vibrate).toHaveBeenCalledTimes(2)
  })

  it('vibrates when a fight shown later starts on the character\'s turn (no fight before: no first view of a turn)', async () => {
    const vibrate = vi.fn(() => true)
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true })
    const bridge = phoneBridge(characterView({ me: null }))
    await mountWith(PhoneApp, { bridge })
    bridge.push('character:view', characterView({}, { turn: 'now' }))
    await flushPromises()
    expect(vibrate).toHaveBeenCalledWith([250, 120, 250])
  })

  it('says why the character view could not be loaded', async () => {
    const bridge = phoneBridge().handle('character:view', errR('forbidden', 'not for this link'))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    expect(wrapper.find('[data-testid="phone-error"]').text()).toBe('Not for this link')
  })
})
