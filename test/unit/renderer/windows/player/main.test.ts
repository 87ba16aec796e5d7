// issue 29: the player page mounts the phone's page for a player's own link (role `character`), the public board
// for the TV's link (role `player`)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeBridge } from '../../support/fake-bridge'

const mountWindow = vi.fn(async (_root: { __name?: string }, _bridge: unknown) => null)
vi.mock('@renderer/core/boot', () => ({ mountWindow }))

afterEach(() => {
  delete (globalThis as { gm?: unknown }).gm
  mountWindow.mockClear()
  vi.resetModules()
})

async function boot(role: 'character' | 'player') {
  const bridge = fakeBridge(role)
  Object.defineProperty(globalThis, 'gm', { value: bridge, configurable: true })
  await import('@renderer/windows/player/main')
  return bridge
}

describe('windows/player/main (issue 29)', () => {
  it('a character link opens the phone page', async () => {
    const bridge = await boot('character')
    expect(mountWindow.mock.calls.map(([root, b]) => [root.__name, b])).toEqual([['PhoneApp', bridge]])
  })
  it('the TV link opens the public board', async () => {
    const bridge = await boot('player')
    expect(mountWindow.mock.calls.map(([root, b]) => [root.__name, b])).toEqual([['PlayerApp', bridge]])
  })
})
