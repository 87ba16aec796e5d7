/** Issue 10: a GM's own condition keeps its name as typed in the session log and every export (GM and player-safe). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { customConditionKey } from '@shared/domain/conditions'
import { trooper } from '../fixtures'
import { gmCore, harness, type Harness } from '../helpers'

describe('a custom condition in the log and the exports (issue 10)', () => {
  let h: Harness
  let call: Awaited<ReturnType<typeof gmCore>>
  beforeEach(async () => {
    h = await harness('saga')
    call = await gmCore(h)
  })
  afterEach(async () => h.cleanup())

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
