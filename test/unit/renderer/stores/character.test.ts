// issue 29: the phone's character store: loads and follows `character:view`, sends requests, asks the odds (a newer
// pick wins), and a revoked link clears everything
import { describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useCharacterStore } from '@renderer/stores/character'
import { setBridge } from '@renderer/bridge/call'
import { fakeBridge, okR } from '../support/fake-bridge'
import { characterView } from '../features/phone/character'

const odds = (hit: number) => ({ hit, crit: 0, damage: [], extra: {} })

function setup() {
  setActivePinia(createPinia())
  const bridge = fakeBridge('character').handle('character:view', okR(characterView()))
  setBridge(bridge)
  return { bridge, store: useCharacterStore() }
}

describe('stores/character (issue 29)', () => {
  it('a request answered is shown at once, newest first, before the push', async () => {
    const { bridge, store } = setup()
    bridge.handle('character:request', okR({ id: 'r9', kind: 'delay', state: 'pending', at: '2026-01-01T00:00:00Z' }))
    await store.load()
    await store.request('delay', { trigger: '   ' })
    expect(bridge.callsTo('character:request')).toEqual([{ kind: 'delay' }])
    expect(store.view?.requests.map((r) => r.id)).toEqual(['r9'])
    expect(store.sending).toBeNull()
  })

  it('the odds of the newest pick win over a slower answer for an earlier one', async () => {
    const { bridge, store } = setup()
    let release: (() => void) | null = null
    bridge.handle('character:odds', (req: { targetId: string }) =>
      req.targetId === 'slow' ? new Promise((done) => (release = () => done(okR(odds(0.1))))) : okR(odds(0.9)),
    )
    const first = store.loadOdds('slow')
    await store.loadOdds('fast')
    release!()
    await first
    expect(store.oddsTarget).toBe('fast')
    expect(store.odds?.hit).toBe(0.9)
  })

  // issue 29, the phone bench: main pushes the whole view after every action; before, every push replaced all of it
  // (the card and the request panel re-rendered on a next turn that changed nothing of them)
  it('a push keeps the identity of what did not change (reconciled): the card is skipped when only the turn moved', async () => {
    const { bridge, store } = setup()
    store.start()
    await store.load()
    const before = store.view!
    bridge.push('character:view', characterView({}, { turn: 'next' }))
    const after = store.view!
    expect(after.me!.turn).toBe('next')
    expect(after).not.toBe(before)
    expect(after.me!.health).toBe(before.me!.health)
    expect(after.me!.conditions).toBe(before.me!.conditions)
    expect(after.requests).toBe(before.requests)
    // nothing changed at all: the very same view, so nothing re-renders
    bridge.push('character:view', characterView({}, { turn: 'next' }))
    expect(store.view).toBe(after)
  })

  it('clear (a revoked link) forgets the character and stops listening', async () => {
    const { bridge, store } = setup()
    store.start()
    await store.load()
    expect(bridge.listeners('character:view')).toBe(1)
    store.clear()
    expect(store.view).toBeNull()
    expect(bridge.listeners('character:view')).toBe(0)
    bridge.push('character:view', characterView())
    expect(store.view).toBeNull()
  })
})
