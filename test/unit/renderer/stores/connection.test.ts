// issue 28: the boot and the windows reach the bridge only through this store (UI never imports src-renderer/bridge)
import { describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useBridge, useConnectionStore } from '@renderer/stores/connection'
import { setConnection } from '@renderer/bridge/connection'
import { useSystemsStore } from '@renderer/stores/systems'
import { fakeBridge, okR } from '../support/fake-bridge'

describe('stores/connection (issue 28: the window bridge handed on by a store)', () => {
  it('the bridge a window boots with answers every later store call', async () => {
    setActivePinia(createPinia())
    const bridge = fakeBridge().handle('system:list', okR([{ id: 'x', name: 'X' }]))
    useBridge(bridge)
    expect((await useSystemsStore().loadList()).map((s) => s.id)).toEqual(['x'])
  })

  it("the banner's state follows what the bridge reports", () => {
    setActivePinia(createPinia())
    const store = useConnectionStore()
    setConnection('closed')
    expect(store.state).toBe('lost')
    setConnection('revoked')
    expect(store.state).toBe('revoked')
    setConnection('open')
    expect(store.state).toBe('open')
  })
})
