/** Issue 10: a GM's own condition keeps its name as typed in the session log and every export (GM and player-safe). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { customConditionKey } from '@shared/domain/conditions'
import { createCore, type Core } from '../../../../src-main/core/create-core'
import { recordingLogger } from '../../../support/recording-logger'
import { trooper } from './fixtures'
import { harness, type Harness } from './helpers'

const gm = { role: 'gm' as const, callerId: 'gm-1' }

describe('a custom condition in the log and the exports (issue 10)', () => {
  let h: Harness
  let core: Core
  beforeEach(async () => {
    h = await harness('saga')
    core = createCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store, now: () => '2026-12-01T12:00:00.000Z' } as Parameters<typeof createCore>[0])
  })
  afterEach(async () => h.cleanup())
  const call = async <T>(channel: string, req: unknown) => (await core.dispatch(channel, req, gm)) as { ok: true; value: T }

  it('says “Pinned under rubble. Cpt.” as typed, under the key custom.…', async () => {
    const st = await call<{ id: string }>('library:save', { campaignId: h.campaignId, record: { name: 'Stormtrooper', kind: 'npc', data: trooper } })
    const plan = await call<{ id: string }>('plan:save', { campaignId: h.campaignId, plan: { name: 'Door', entries: [{ statBlockId: st.value.id, count: 1, side: 'enemies' }] } })
    const view = await call<{ encounter: { id: string; combatants: Array<{ id: string; conditions: Array<{ key: string; name?: string }> }> } }>('encounter:launch', { campaignId: h.campaignId, planId: plan.value.id })
    const enc = view.value.encounter
    const name = 'pinned under rubble. Cpt.'
    const after = await call<typeof view.value>('encounter:command', { encounterId: enc.id, command: { type: 'addCondition', combatantId: enc.combatants[0].id, key: customConditionKey(name), name } })
    expect(after.value.encounter.combatants[0].conditions).toMatchObject([{ key: 'custom.pinned-under-rubble-cpt', name }])
    const [s] = (await call<Array<{ id: string }>>('session:list', { campaignId: h.campaignId })).value
    // (the CSV lists the rolls only)
    for (const format of ['md', 'html', 'json'] as const) {
      for (const playerSafe of [false, true]) {
        const r = await call<{ data: string }>('export:session', { campaignId: h.campaignId, sessionId: s.id, format, playerSafe, lang: 'en' })
        expect(r.value.data, `${format} ${playerSafe}`).toContain(name)
      }
    }
  })
})
