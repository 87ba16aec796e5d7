import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { invokeContract } from '@shared/ipc/contract'
import { wireCore, type Core } from '../../../../src-main/wiring/create-core'
import { recordingLogger } from '../../../support/recording-logger'
import { trooper, vela } from './fixtures'
import { harness, type Harness } from './helpers'

const gm = { role: 'gm' as const, callerId: 'gm-1' }
const player = { role: 'player' as const, callerId: 'player-1' }

describe('encounter and session channels through the real dispatch (roles, zod, Results)', () => {
  let h: Harness
  let core: Core
  beforeEach(async () => {
    h = await harness('saga')
    core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
  })
  afterEach(async () => h.cleanup())

  it('runs prep → launch → command → player view over the channels', async () => {
    const pc = (await core.dispatch('library:save', { campaignId: h.campaignId, record: { name: 'Vela Ren', kind: 'pc', data: vela } }, gm)) as { ok: true; value: { id: string } }
    const st = (await core.dispatch('library:save', { campaignId: h.campaignId, record: { name: 'Stormtrooper', kind: 'npc', data: trooper } }, gm)) as { ok: true; value: { id: string } }
    expect(pc.ok && st.ok).toBe(true)
    expect((await core.dispatch('party:set', { campaignId: h.campaignId, ids: [pc.value.id] }, gm)).ok).toBe(true)
    const plan = (await core.dispatch('plan:save', { campaignId: h.campaignId, plan: { name: 'Door', entries: [{ statBlockId: st.value.id, count: 2, side: 'enemies' }] } }, gm)) as { ok: true; value: { id: string } }
    expect(plan.ok).toBe(true)
    const launched = (await core.dispatch('encounter:launch', { campaignId: h.campaignId, planId: plan.value.id }, gm)) as { ok: true; value: { encounter: { id: string; combatants: unknown[] } } }
    expect(launched.ok && launched.value.encounter.combatants).toHaveLength(3)
    const eid = launched.value.encounter.id
    expect((await core.dispatch('encounter:command', { encounterId: eid, command: { type: 'startCombat' } }, gm)).ok).toBe(true)
    expect((await core.dispatch('encounter:showToPlayers', { encounterId: eid }, gm)).ok).toBe(true)
    const pv = (await core.dispatch('player:view', {}, player)) as { ok: true; value: { encounter: { order: Array<{ name: string }> } | null } }
    expect(pv.ok && pv.value.encounter?.order.map((c) => c.name).sort()).toEqual(['Stormtrooper 1', 'Stormtrooper 2', 'Vela Ren'])
    const sessions = (await core.dispatch('session:list', { campaignId: h.campaignId }, gm)) as { ok: true; value: Array<{ id: string }> }
    const log = (await core.dispatch('session:log', { campaignId: h.campaignId, sessionId: sessions.value[0].id, filter: { encounterId: eid } }, gm)) as { ok: true; value: Array<{ key: string }> }
    expect(log.ok && log.value.some((e) => e.key === 'log.core.combatStarted')).toBe(true)

    // restart: opening the campaign rebuilds the live encounter from the log
    await h.store.close()
    const again = await h.reopen()
    const core2 = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: again.store })
    expect((await core2.dispatch('campaign:open', { campaignId: h.campaignId }, gm)).ok).toBe(true)
    const got = (await core2.dispatch('encounter:get', { encounterId: eid }, gm)) as { ok: true; value: { encounter: { turn: { phase: string } } } }
    expect(got.ok && got.value.encounter.turn.phase).toBe('combat')
  })

  it('refuses a player window on GM channels and bad payloads name the field', async () => {
    const forbidden = await core.dispatch('encounter:command', { encounterId: 'x', command: { type: 'nextTurn' } }, player)
    expect(!forbidden.ok && forbidden.error.code).toBe('forbidden')
    const sessionForbidden = await core.dispatch('session:log', { campaignId: h.campaignId, sessionId: 's' }, player)
    expect(!sessionForbidden.ok && sessionForbidden.error.code).toBe('forbidden')
    // issue 27: a player window may list the systems and their public descriptions, and reaches no GM channel
    const listed = await core.dispatch('system:list', {}, player)
    expect(listed.ok && (listed.value as Array<{ id: string }>).map((s) => s.id).sort()).toEqual(['2d20', 'saga', 'starchasers', 'storyteller'])
    expect(listed.ok && Object.keys((listed.value as Array<Record<string, unknown>>)[0]).sort()).toEqual(['id', 'name', 'names'])
    expect((await core.dispatch('system:describe', { systemId: 'saga' }, player)).ok).toBe(true)
    const open = Object.entries(invokeContract).filter(([, c]) => (c.roles as readonly string[]).includes('player')).map(([name]) => name).sort()
    expect(open).toEqual(['app:info', 'player:view', 'system:describe', 'system:list'])
    for (const channel of Object.keys(invokeContract).filter((c) => !open.includes(c))) {
      const r = await core.dispatch(channel as never, {} as never, player)
      expect(!r.ok && r.error.code, channel).toBe('forbidden')
    }
    const bad = await core.dispatch('session:start', { campaignId: h.campaignId, title: 'x', date: 'yesterday' }, gm)
    expect(!bad.ok && bad.error).toMatchObject({ code: 'invalid', field: 'date' })
    const badPlan = await core.dispatch('plan:danger', { campaignId: h.campaignId, planId: 'p', runs: 0 }, gm)
    expect(!badPlan.ok && badPlan.error.field).toBe('runs')
    const badData = await core.dispatch('library:save', { campaignId: h.campaignId, record: { name: 'X', kind: 'npc', data: { name: 'X', hp: -3 } } }, gm)
    expect(!badData.ok && badData.error.field).toBe('data.hp')
  })
})
