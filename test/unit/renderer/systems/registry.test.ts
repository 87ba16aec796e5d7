/**
 * `useSystem` gives the same SystemUi object while the system and its description stay the same (issue 13): the
 * board passes it to all its cards, so a new object on every pushed view made every card render again (200 cards on
 * each next turn; the GM board's next turn went from 14 ms to 36 ms p50 in `npm run bench -- --only board-ui`).
 */
import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useSystem } from '@renderer/systems/registry'
import { useSystemsStore } from '@renderer/stores/systems'
import { fakeBridge } from '../support/fake-bridge'
import { setup } from '../support/mount'
import { withSystems } from '../support/system-descriptions'

describe('useSystem', () => {
  it('keeps its SystemUi across pushed views of the same system, and makes a new one when the system changes', async () => {
    setup({ bridge: withSystems(fakeBridge()) })
    const store = useSystemsStore()
    await store.describe('saga')
    await store.describe('starchasers')
    // a pushed view: a new object each time, the same system id
    const view = ref<{ systemId: string; round: number }>({ systemId: 'saga', round: 1 })
    const scope = effectScope()
    const system = scope.run(() => useSystem(() => view.value.systemId))!
    const first = system.value
    expect(first.id).toBe('saga')
    expect(first.description).not.toBeNull()
    view.value = { systemId: 'saga', round: 2 }
    await nextTick()
    expect(system.value).toBe(first)
    view.value = { systemId: 'starchasers', round: 2 }
    await nextTick()
    expect(system.value).not.toBe(first)
    expect(system.value.id).toBe('starchasers')
    scope.stop()
  })
})
