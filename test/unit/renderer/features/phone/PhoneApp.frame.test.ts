/**
 * Issue 29, "a phone page redraws one action in under 16 ms at p95" (`npm run bench -- --only phone-ui`): one GM
 * action brings the phone two pushes, `player:view` then its own `character:view`, two socket messages. Applied as
 * they came, the page rendered twice (1.7–1.8 frames per action in the bench); now both stores' pushes wait for the
 * next animation frame and the page renders once (the board's rows: PlayerApp.rerender.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import PhoneApp from '@renderer/features/phone/PhoneApp.vue'
import type { PlayerBoardView } from '@shared/views/encounter-views'
import { flushPromises, mountWith } from '../../support/mount'
import { playerView } from '../../support/fixtures'
import { characterView, phoneBridge } from './character'

/** the page's animation frames, run when the test says */
let frames: FrameRequestCallback[] = []
const runFrame = async () => {
  for (const f of frames.splice(0)) f(performance.now())
  await flushPromises()
}
/** a new task, as the second socket message is */
const nextTask = () => new Promise((r) => setTimeout(r, 0))

/** renders per component, by name */
let updates: Record<string, number> = {}
const counting = {
  updated(this: { $options: { __name?: string; name?: string } }) {
    const n = this.$options.__name ?? this.$options.name ?? '?'
    updates[n] = (updates[n] ?? 0) + 1
  },
}

beforeEach(() => {
  frames = []
  updates = {}
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
  vi.stubGlobal('cancelAnimationFrame', () => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** 20 troopers, the `at`-th current */
function board(at: number): PlayerBoardView {
  const base = playerView()
  const order = Array.from({ length: 20 }, (_, i) => ({
    id: `t${i}`,
    name: `Trooper ${i}`,
    side: 'enemies' as const,
    current: i === at,
    health: { kind: 'descriptor' as const, key: 'health.wounded' },
    conditions: [],
  }))
  return { ...base, encounter: { ...base.encounter!, currentId: `t${at}`, order } }
}

describe('phone page: one action, one render (issue 29)', () => {
  it("an action's two pushes (the board, then the character) are applied together in the next frame: the page renders once", async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'later' })).handle('player:view', { ok: true, value: board(0) })
    const { wrapper } = await mountWith(PhoneApp, { bridge, global: { mixins: [counting] } })
    await runFrame()
    expect(wrapper.findAll('[data-testid^="player-combatant-"]')).toHaveLength(20)
    updates = {}

    bridge.push('player:view', board(1))
    await nextTask()
    bridge.push('character:view', characterView({}, { turn: 'next', health: { current: 12, max: 30 } }))
    await flushPromises()
    // nothing drawn between the two pushes: both wait for the frame
    expect(updates.PhoneApp ?? 0).toBe(0)
    expect(wrapper.find('[data-testid="player-combatant-t1"]').classes()).not.toContain('current')

    await runFrame()
    expect(wrapper.find('[data-testid="player-combatant-t1"]').classes()).toContain('current')
    expect(wrapper.find('[data-testid="phone-health-num"]').text()).toBe('12 / 30')
    expect(wrapper.find('[data-testid="phone-turn"]').attributes('data-turn')).toBe('next')
    expect(updates.PhoneApp).toBe(1)
    expect(updates.PlayerBoard).toBe(1)
    expect(updates.CharacterCard).toBe(1)
  })

  it('several pushes of one view before a frame: all applied in order, the newest shown', async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'later' }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    for (const current of [25, 24, 23]) bridge.push('character:view', characterView({}, { health: { current, max: 30 } }))
    await runFrame()
    expect(wrapper.find('[data-testid="phone-health-num"]').text()).toBe('23 / 30')
  })

  it('a revoked link: a push queued for the frame does not bring the character back', async () => {
    const { setConnection } = await import('@renderer/bridge/connection')
    const bridge = phoneBridge(characterView({}, { turn: 'later' }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    bridge.push('character:view', characterView({}, { turn: 'now' }))
    bridge.push('player:view', board(3))
    setConnection('revoked')
    await runFrame()
    setConnection('open')
    await flushPromises()
    expect(wrapper.find('[data-testid="phone-name"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="player-combatant-t3"]').exists()).toBe(false)
  })

  it("a turn moving on (me.turn, me.can) does not render the character card again; a change of health does (issue 29, the phone bench)", async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'later', health: { current: 20, max: 30 } })).handle('player:view', { ok: true, value: board(0) })
    const { wrapper } = await mountWith(PhoneApp, { bridge, global: { mixins: [counting] } })
    await runFrame()
    updates = {}
    bridge.push('player:view', board(1))
    bridge.push('character:view', characterView({}, { turn: 'next', can: ['delay'], health: { current: 20, max: 30 } }))
    await runFrame()
    expect(wrapper.find('[data-testid="phone-turn"]').attributes('data-turn')).toBe('next')
    expect(updates.CharacterCard ?? 0).toBe(0)
    bridge.push('player:view', board(2))
    bridge.push('character:view', characterView({}, { turn: 'next', can: ['delay'], health: { current: 14, max: 30 } }))
    await runFrame()
    expect(wrapper.find('[data-testid="phone-health-num"]').text()).toBe('14 / 30')
    expect(updates.CharacterCard).toBe(1)
  })

  it('a change of health does not render the request buttons again; a change of what may be asked does (issue 29, the phone bench)', async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'now', can: ['endTurn', 'delay'], health: { current: 20, max: 30 } })).handle('player:view', { ok: true, value: board(0) })
    const { wrapper } = await mountWith(PhoneApp, { bridge, global: { mixins: [counting] } })
    await runFrame()
    expect(wrapper.find('[data-testid="ask-endTurn"]').exists()).toBe(true)
    updates = {}
    bridge.push('player:view', board(0))
    bridge.push('character:view', characterView({}, { turn: 'now', can: ['endTurn', 'delay'], health: { current: 11, max: 30 } }))
    await runFrame()
    expect(wrapper.find('[data-testid="phone-health-num"]').text()).toBe('11 / 30')
    expect(updates.RequestPanel ?? 0).toBe(0)
    bridge.push('player:view', board(1))
    bridge.push('character:view', characterView({}, { turn: 'later', can: ['delay'], health: { current: 11, max: 30 } }))
    await runFrame()
    expect(wrapper.find('[data-testid="ask-endTurn"]').exists()).toBe(false)
    expect(updates.RequestPanel).toBe(1)
  })

  it("an action writes no inline style on the board's root when the arrangement is the same (issue 29, the phone bench: Vue set its three custom properties again on every push)", async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'later' })).handle('player:view', { ok: true, value: board(0) })
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    await runFrame()
    const root = wrapper.find('[data-testid="player-board"]').element as HTMLElement
    const before = root.getAttribute('style')
    const writes = vi.spyOn(root.style, 'setProperty')
    const changes: MutationRecord[] = []
    const seen = new MutationObserver((rs) => changes.push(...rs))
    seen.observe(root, { attributes: true, attributeFilter: ['style'] })
    bridge.push('player:view', board(1))
    bridge.push('character:view', characterView({}, { turn: 'next' }))
    await runFrame()
    expect(wrapper.find('[data-testid="player-combatant-t1"]').classes()).toContain('current')
    changes.push(...seen.takeRecords())
    seen.disconnect()
    expect(writes).not.toHaveBeenCalled()
    expect(changes).toHaveLength(0)
    expect(root.getAttribute('style')).toBe(before)
    expect(before).toContain('--scale: 1;')
  })

  it("the health bars are scaled, not resized: a change of health (the card's 0.3 s one too) lays nothing out", async () => {
    const bridge = phoneBridge(characterView({}, { health: { current: 12, max: 30 } }))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    await runFrame()
    const card = wrapper.find('[data-testid="phone-health"] .hbar i').element as HTMLElement
    expect(card.style.transform).toBe('scaleX(0.4)')
    expect(card.style.width).toBe('')
    // the board's row of the character (20 / 30 in the fixture)
    const row = wrapper.find('[data-testid="player-health-han"] .hbar i').element as HTMLElement
    expect(Number(/scaleX\(([\d.]+)\)/.exec(row.style.transform)?.[1])).toBeCloseTo(20 / 30, 5)
    expect(row.style.width).toBe('')
  })
})
