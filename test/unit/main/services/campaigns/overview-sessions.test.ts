/**
 * Issue 10: the Overview's counters stay current (every change to campaign.json pushes `campaign:changed`), and a
 * launch starts a session titled with the date, which the GM can rename at once (`session:rename`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignOverview } from '@shared/views/campaign-views'
import { wireCore, type Core } from '../../../../../src-main/wiring/create-core'
import { recordingLogger } from '../../../../support/recording-logger'
import { trooper } from '../fixtures'
import { harness, type Harness } from '../helpers'

const gm = { role: 'gm' as const, callerId: 'gm-1' }

describe('overview counters and the session a launch starts', () => {
  let h: Harness
  let core: Core
  let pushed: CampaignOverview[]
  beforeEach(async () => {
    h = await harness('saga')
    core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store, now: () => '2026-12-01T12:00:00.000Z' })
    pushed = []
    core.hub.subscribe({ id: 'spy', role: 'gm', send: (t, p) => void (t === 'campaign:changed' && pushed.push(p as CampaignOverview)) }, 'campaign:changed')
  })
  afterEach(async () => h.cleanup())
  const call = async <T>(channel: string, req: unknown) => (await core.dispatch(channel, req, gm)) as { ok: true; value: T } & { ok: boolean; error?: { field?: string } }
  const counts = () => pushed.at(-1)?.counts

  it('library, plan and session changes push the new counts', async () => {
    const st = await call<{ id: string }>('library:save', { campaignId: h.campaignId, record: { name: 'Stormtrooper', kind: 'npc', data: trooper } })
    expect(counts()?.library).toBe(1)
    const plan = await call<{ id: string }>('plan:save', { campaignId: h.campaignId, plan: { name: 'Door', entries: [{ statBlockId: st.value.id, count: 2, side: 'enemies' }] } })
    expect(counts()?.encounters).toBe(1)
    await call('encounter:launch', { campaignId: h.campaignId, planId: plan.value.id })
    expect(counts()?.sessions).toBe(1)
    const extra = await call<{ id: string }>('library:save', { campaignId: h.campaignId, record: { name: 'Scout', kind: 'npc', data: trooper } })
    expect(counts()?.library).toBe(2)
    const del = await call('library:delete', { campaignId: h.campaignId, id: extra.value.id })
    expect(del.ok).toBe(true)
    expect(counts()?.library).toBe(1)
  })

  it('the launch’s session is titled with the date; renamed at once, the list says the new name', async () => {
    const st = await call<{ id: string }>('library:save', { campaignId: h.campaignId, record: { name: 'Stormtrooper', kind: 'npc', data: trooper } })
    const plan = await call<{ id: string }>('plan:save', { campaignId: h.campaignId, plan: { name: 'Door', entries: [{ statBlockId: st.value.id, count: 1, side: 'enemies' }] } })
    await call('encounter:launch', { campaignId: h.campaignId, planId: plan.value.id })
    const [s] = (await call<Array<{ id: string; title: string; date: string }>>('session:list', { campaignId: h.campaignId })).value
    expect(s.title).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(s.title).toBe(s.date)
    const renamed = await call<{ title: string }>('session:rename', { campaignId: h.campaignId, sessionId: s.id, title: '  The hangar  ' })
    expect(renamed.value.title).toBe('The hangar')
    expect((await call<Array<{ title: string }>>('session:list', { campaignId: h.campaignId })).value[0].title).toBe('The hangar')
    const empty = await call('session:rename', { campaignId: h.campaignId, sessionId: s.id, title: '  ' })
    expect(empty.ok).toBe(false)
    expect(empty.error?.field).toBe('title')
    const unknown = await call('session:rename', { campaignId: h.campaignId, sessionId: 'nope', title: 'X' })
    expect(unknown.ok).toBe(false)
  })
})
