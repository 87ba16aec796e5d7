import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import BoardApp from '@renderer/windows/board/BoardApp.vue'
import { createWsBridge, type SocketLike } from '@shared/ipc/ws-client'
import { setConnection } from '@renderer/bridge/connection'
import { useBridge } from '@renderer/stores/connection'
import { useEncountersStore } from '@renderer/stores/encounters'
import { makeI18n } from '@renderer/i18n'
import { describeForTest } from '../../support/system-descriptions'
import { encounterState, gmView, playerView } from '../../support/fixtures'

/**
 * A main over the pop-out board's WebSocket (ws-client.ts, as connection.test.ts): it takes the window's messages one
 * by one in the order the window sent them and answers each; a push goes to the topics subscribed at that moment.
 * `afterGet` runs right after main answered the first encounter:get: the console's Next turn landing between the
 * board's first fetch and its subscription.
 */
function fakeMain(socket: SocketLike & { readyState: number }) {
  let turn = 0
  const view = () => gmView({ encounter: encounterState({ turn: { phase: 'combat', round: 2, order: ['han', 'trooper-1', 'trooper-2'], index: turn } }) })
  const subs = new Set<string>()
  const deliver = (m: unknown) => socket.onmessage!({ data: JSON.stringify(m) })
  const answers: Record<string, (payload: any) => unknown> = {
    'encounter:get': () => view(),
    'player:view': () => playerView(),
    'request:list': () => [],
    'system:describe': (p: { systemId: string }) => describeForTest(p.systemId),
  }
  let done = 0
  let changed = false
  return {
    nextTurn() {
      turn++
      if (subs.has('encounter:changed')) deliver({ topic: 'encounter:changed', payload: view() })
    },
    /** answers what the window sent since the last call, in order, a task per message */
    async serve(afterGet: () => void) {
      for (;;) {
        const msgs = (socket.send as unknown as { mock: { calls: string[][] } }).mock.calls.map(([t]) => JSON.parse(t) as { id: number; channel?: string; payload?: unknown; subscribe?: string; unsubscribe?: string })
        const m = msgs[done]
        if (!m) break
        done++
        if (m.subscribe) subs.add(m.subscribe)
        if (m.unsubscribe) subs.delete(m.unsubscribe)
        const answer = m.channel ? answers[m.channel] : undefined
        const result = !m.channel ? { ok: true, value: { topic: m.subscribe ?? m.unsubscribe } } : answer ? { ok: true, value: answer(m.payload) } : { ok: false, error: { code: 'unknown-channel', message: `no fake for ${m.channel}` } }
        deliver({ id: m.id, result })
        // a message is a task of its own: the answer is taken in before main's next message arrives
        await flushPromises()
        if (m.channel === 'encounter:get' && !changed) {
          changed = true
          afterGet()
        }
        await flushPromises()
      }
    },
  }
}

afterEach(() => setConnection('open'))

describe('the pop-out board on first load (its store follows encounter:changed before the board asks for the view)', () => {
  it('shows a change main makes between answering the first encounter:get and the next message of the window', async () => {
    const made: Array<SocketLike & { readyState: number }> = []
    const connect = () => {
      const s = { readyState: 0, send: vi.fn(), close: vi.fn(), onopen: null, onclose: null, onerror: null, onmessage: null } as unknown as SocketLike & { readyState: number }
      made.push(s)
      return s
    }
    const bridge = createWsBridge({ url: 'ws://x/ws?token=t', role: 'gm', connect, retryMs: 1, onStatus: setConnection })
    made[0].readyState = 1
    made[0].onopen!({})
    useBridge(bridge)
    const main = fakeMain(made[0])
    const pinia = createPinia()
    const wrapper = mount(BoardApp, { props: { encounterId: 'e1' }, global: { plugins: [pinia, makeI18n('en')] }, attachTo: document.body })
    try {
      await main.serve(() => main.nextTurn())
      expect(useEncountersStore(pinia).views.e1.encounter.turn.index, 'the turn moved on after main answered the first encounter:get').toBe(1)
      expect(wrapper.find('[data-testid="track-entry-trooper-1"]').classes()).toContain('current')
      const sent = (made[0].send as unknown as { mock: { calls: string[][] } }).mock.calls.map(([t]) => JSON.parse(t) as { channel?: string; subscribe?: string })
      const subscribedAt = sent.findIndex((m) => m.subscribe === 'encounter:changed')
      expect(subscribedAt).toBeGreaterThanOrEqual(0)
      expect(subscribedAt, 'the subscription goes out before the first encounter:get').toBeLessThan(sent.findIndex((m) => m.channel === 'encounter:get'))
    } finally {
      wrapper.unmount()
      bridge.close()
    }
  })
})
