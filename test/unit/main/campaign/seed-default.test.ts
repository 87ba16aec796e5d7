/** First run (store/repository.ts init, ../seed-default.ts): the bundled sample campaigns, copied once. */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { campaignFileSchema } from '../../../../src-main/campaign/campaign-file-schema'
import { readSessionLog } from '../../../../src-main/campaign/session-log'
import { parseSessionRecords } from '../../../../src-main/services/sessions/session-records'
import { RESOURCES, makeStore, ok, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('embedded default: first run', () => {
  it('the bundled sample campaigns are valid campaign.json files', async () => {
    const ids = (await readdir(RESOURCES, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort()
    expect(ids).toEqual(['sample-2d20', 'sample-saga', 'sample-starchasers', 'sample-storyteller'])
    for (const id of ids) {
      const parsed = campaignFileSchema.safeParse(JSON.parse(await readFile(join(RESOURCES, id, 'campaign.json'), 'utf8')))
      expect(parsed.success, `${id}: ${parsed.error?.message}`).toBe(true)
    }
  })

  it('each sample session in the index has a readable log whose records the session service accepts', async () => {
    for (const id of ['sample-2d20', 'sample-saga', 'sample-starchasers', 'sample-storyteller']) {
      const campaign = campaignFileSchema.parse(JSON.parse(await readFile(join(RESOURCES, id, 'campaign.json'), 'utf8')))
      expect(campaign.sessions.length).toBeGreaterThan(0)
      for (const s of campaign.sessions) {
        const log = ok(await readSessionLog(join(RESOURCES, id, 'sessions', `${s.id}.ndjson`)))
        expect(log.damaged).toEqual([])
        expect(log.header.sessionId).toBe(s.id)
        expect(parseSessionRecords(log.records).problems).toEqual([])
        expect(log.records[0]).toMatchObject({ kind: 'session.started', sessionId: s.id })
      }
    }
  })

  it('init copies the samples into an empty data folder once and suggests the saga one', async () => {
    const store = makeStore(join(dir, 'data'), { resourcesDir: RESOURCES })
    const first = ok(await store.init())
    // the Saga sample first (resources/campaigns/samples.json: first), though sample-2d20 sorts before it
    expect(first).toEqual({ seeded: ['sample-saga', 'sample-2d20', 'sample-starchasers', 'sample-storyteller'], suggestedCampaignId: 'sample-saga' })
    const list = ok(await store.list())
    expect(list.map((c) => c.name).sort()).toEqual(['John Carter: The Pits of Warhoon', 'Starchasers: The Ember Run', 'Storyteller: The Mos Pelgo Job', 'The Rescue at Outpost Kessa'])
    expect(await readdir(join(dir, 'data', 'sample-saga', 'sessions'))).toContain('session-1.ndjson')
    const opened = ok(await store.open('sample-saga'))
    expect(opened.data.party.length).toBeGreaterThan(0)

    // later runs: no re-seeding, even after the GM deleted the samples, and no campaign read (nothing suggested:
    // the console lists the campaigns itself, the last opened first)
    ok(await store.open('sample-starchasers'))
    expect(ok(await store.init())).toEqual({ seeded: [], suggestedCampaignId: null })
    ok(await store.delete('sample-saga'))
    ok(await store.delete('sample-starchasers'))
    ok(await store.delete('sample-2d20'))
    ok(await store.delete('sample-storyteller'))
    expect(ok(await store.init())).toEqual({ seeded: [], suggestedCampaignId: null })
  })

  it('does not seed a data folder that already has campaigns', async () => {
    const data = join(dir, 'data')
    const store = makeStore(data, { resourcesDir: RESOURCES })
    ok(await store.create({ name: 'Mine', systemId: 'saga' }))
    expect(ok(await store.init())).toEqual({ seeded: [], suggestedCampaignId: null })
  })
})
