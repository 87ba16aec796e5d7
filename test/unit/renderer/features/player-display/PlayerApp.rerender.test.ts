/**
 * Issue 9's bench figure (`npm run bench -- --only board-ui`, player page): a next turn changes two rows of the
 * player display, so only those two may render again. The rows are memoized (`v-memo`) on the combatant, which the
 * store keeps by identity when unchanged (reconcile), and on the system's parts; a display with no campaign open
 * (systemId null) got a new, empty parts object on every push, so all 200 rows rendered again (8 ms p50 against 4
 * before issue 9). Counted here through the labels the rows ask for.
 */
import { describe, expect, it, vi } from 'vitest'
import PlayerApp from '@renderer/features/player-display/PlayerApp.vue'
import type { PlayerBoardView } from '@shared/views/encounter-views'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { playerView } from '../../support/fixtures'
import PhoneApp from '@renderer/features/phone/PhoneApp.vue'
import { characterView, phoneBridge } from '../phone/character'

const calls = vi.hoisted(() => ({ health: 0 }))
vi.mock('@renderer/core/labels', async (importOriginal) => {
  const orig = await importOriginal<typeof import('@renderer/core/labels')>()
  return {
    ...orig,
    useLabels: () => {
      const l = orig.useLabels()
      return { ...l, health: (key: string) => (calls.health++, l.health(key)) }
    },
  }
})

/** 20 troopers with descriptor health; `current` on the `at`-th */
function view(systemId: PlayerBoardView['systemId'], at: number): PlayerBoardView {
  const base = playerView({ systemId })
  const order = Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, name: `Trooper ${i}`, side: 'enemies' as const, current: i === at, health: { kind: 'descriptor' as const, key: 'health.wounded' }, conditions: [] }))
  return { ...base, encounter: { ...base.encounter!, currentId: `t${at}`, order } }
}

describe('player display: a next turn renders only the rows it changes', () => {
  for (const systemId of ['saga', null] as const) {
    it(`with systemId ${String(systemId)}: 2 of 20 rows render again`, async () => {
      const bridge = fakeBridge('player').handle('player:view', okR(view(systemId, 0)))
      const { wrapper } = await mountWith(PlayerApp, { bridge })
      await flushPromises()
      expect(wrapper.findAll('[data-testid^="player-combatant-"]')).toHaveLength(20)
      calls.health = 0
      bridge.push('player:view', view(systemId, 1))
      await flushPromises()
      expect(wrapper.find('[data-testid="player-combatant-t1"]').classes()).toContain('current')
      expect(calls.health).toBe(2)
    })
  }
})

describe("a player's phone (issue 29): its public board renders only the row an action changes", () => {
  it('damage to one of 20 troopers: 1 row renders again, on the phone as on the TV', async () => {
    const bridge = phoneBridge(characterView({}, { turn: 'later' })).handle('player:view', okR(view('saga', 0)))
    const { wrapper } = await mountWith(PhoneApp, { bridge })
    await flushPromises()
    expect(wrapper.findAll('[data-testid^="player-combatant-"]')).toHaveLength(20)
    calls.health = 0
    const hurt = view('saga', 0)
    hurt.encounter!.order[7] = { ...hurt.encounter!.order[7], health: { kind: 'descriptor', key: 'health.bloodied' } }
    // as main sends them: the board, then the phone's own view (the phone draws both in one frame, push-schedule.ts)
    bridge.push('player:view', hurt)
    bridge.push('character:view', characterView({}, { turn: 'later' }))
    await new Promise((r) => requestAnimationFrame(r))
    await flushPromises()
    expect(wrapper.find('[data-testid="player-health-t7"]').text()).toBe('Bloodied')
    expect(calls.health).toBe(1)
  })
})
