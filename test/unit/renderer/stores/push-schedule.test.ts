// issue 29: the phone applies its stores' pushes in the next animation frame (push-schedule.ts), its board's with
// the character's that follows it: in order, none dropped, an answer to a load never overwritten by an older push still queued, nothing applied after a stop, and a
// hidden page (no frames) still follows by a timer
import { describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { frameSchedule } from '@renderer/stores/push-schedule'
import { useCharacterStore } from '@renderer/stores/character'
import { usePlayerStore } from '@renderer/stores/player'
import { setBridge } from '@renderer/bridge/call'
import { fakeBridge, okR } from '../support/fake-bridge'
import { characterView } from '../features/phone/character'
import { playerView } from '../support/fixtures'

/** a window whose frames and timers run when the test says */
function fakeWindow() {
  const frames = new Map<number, FrameRequestCallback>()
  const timers = new Map<number, () => void>()
  let id = 0
  return {
    frames,
    timers,
    requestAnimationFrame: (cb: FrameRequestCallback) => (frames.set(++id, cb), id),
    cancelAnimationFrame: (n: number) => void frames.delete(n),
    setTimeout: ((cb: () => void) => (timers.set(++id, cb), id)) as unknown as typeof setTimeout,
    clearTimeout: ((n: number) => void timers.delete(n)) as unknown as typeof clearTimeout,
    frame() {
      const all = [...frames.values()]
      frames.clear()
      for (const f of all) f(0)
    },
  }
}

/** both stores on one frame schedule; `boardWaits`: the board's pushes wait that long for the character's */
function setup(boardWaits?: number) {
  setActivePinia(createPinia())
  const bridge = fakeBridge('character').handle('character:view', okR(characterView())).handle('player:view', okR(playerView()))
  setBridge(bridge)
  const win = fakeWindow()
  const when = frameSchedule(win)
  const character = useCharacterStore()
  const player = usePlayerStore()
  character.start(when)
  player.start(boardWaits === undefined ? when : when.followedWithin(boardWaits))
  return { bridge, win, character, player }
}

describe('stores: pushes applied in the next frame (issue 29)', () => {
  it('both stores wait for the frame, then take every push in order (the newest last), one frame asked', () => {
    const { bridge, win, character, player } = setup()
    bridge.push('player:view', playerView({ campaignName: 'A' }))
    bridge.push('character:view', characterView({}, { health: { current: 5, max: 30 } }))
    bridge.push('character:view', characterView({}, { health: { current: 4, max: 30 } }))
    expect(player.view).toBeNull()
    expect(character.view).toBeNull()
    expect(win.frames.size).toBe(1)
    win.frame()
    expect(player.view?.campaignName).toBe('A')
    expect(character.view?.me?.health).toEqual({ current: 4, max: 30 })
    // the timer that stands in for a hidden page's frames is cancelled
    expect(win.timers.size).toBe(0)
  })

  it("a load's answer is newer than a push still queued: the push is applied first, the answer stays", async () => {
    const { bridge, win, character } = setup()
    bridge.push('character:view', characterView({}, { health: { current: 5, max: 30 } }))
    bridge.handle('character:view', okR(characterView({}, { health: { current: 9, max: 30 } })))
    await character.load()
    expect(character.view?.me?.health).toEqual({ current: 9, max: 30 })
    win.frame()
    expect(character.view?.me?.health).toEqual({ current: 9, max: 30 })
  })

  it('a store stopped (a revoked link) takes no push that was waiting for the frame', () => {
    const { bridge, win, character, player } = setup()
    bridge.push('character:view', characterView())
    bridge.push('player:view', playerView())
    character.clear()
    player.stop()
    win.frame()
    expect(character.view).toBeNull()
    expect(player.view).toBeNull()
  })

  it('a hidden page draws no frames: its pushes are applied by the timer', () => {
    const { bridge, win, player } = setup()
    bridge.push('player:view', playerView({ campaignName: 'B' }))
    expect(win.timers.size).toBe(1)
    for (const t of [...win.timers.values()]) t()
    expect(player.view?.campaignName).toBe('B')
    expect(win.frames.size).toBe(0)
  })

  it("the phone's board waits for the character's push main sends after it: one frame for both", () => {
    const { bridge, win, character, player } = setup(120)
    bridge.push('player:view', playerView({ campaignName: 'D' }))
    // no frame for the board alone
    expect(win.frames.size).toBe(0)
    bridge.push('character:view', characterView({}, { health: { current: 7, max: 30 } }))
    expect(win.frames.size).toBe(1)
    expect(player.view).toBeNull()
    win.frame()
    expect(player.view?.campaignName).toBe('D')
    expect(character.view?.me?.health).toEqual({ current: 7, max: 30 })
  })

  it('a board push no character push follows is drawn when the wait ends; pushes that keep coming do not make it longer', () => {
    const { bridge, win, player } = setup(120)
    bridge.push('player:view', playerView({ campaignName: 'E' }))
    bridge.push('player:view', playerView({ campaignName: 'F' }))
    // one wait, not one per push
    expect(win.timers.size).toBe(1)
    for (const t of [...win.timers.values()]) t()
    expect(win.frames.size).toBe(1)
    win.frame()
    expect(player.view?.campaignName).toBe('F')
  })

  it('without a schedule (the TV, the console) a push is applied at once, as before', () => {
    setActivePinia(createPinia())
    const bridge = fakeBridge('player')
    setBridge(bridge)
    const player = usePlayerStore()
    player.start()
    bridge.push('player:view', playerView({ campaignName: 'C' }))
    expect(player.view?.campaignName).toBe('C')
  })
})
