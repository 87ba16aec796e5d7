/**
 * A copy's encounters are its own (issue 10): after duplicating or importing a campaign with a running encounter
 * and restarting, each campaign gets its own live encounter back, whichever is opened first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignSummary } from '@shared/views/campaign-views'
import type { EncounterSummary, GmEncounterView } from '@shared/views/encounter-views'
import { wireCore, type Core } from '../../../../../src-main/wiring/create-core'
import { recordingLogger } from '../../../../support/recording-logger'
import { makeStore, ok, RESOURCES, tempDir } from '../../campaign/helpers'

const gm = { role: 'gm' as const, callerId: 'gm-1' }

describe('copies of a campaign with a running encounter', () => {
  let dir: string
  let cleanup: () => Promise<void>
  const stores: Array<ReturnType<typeof makeStore>> = []
  beforeEach(async () => ({ dir, cleanup } = await tempDir()))
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close()
    await cleanup()
  })

  /** a fresh store and core over the data folder (an app start) */
  async function start(): Promise<(channel: string, req: unknown) => Promise<unknown>> {
    const store = makeStore(dir, { resourcesDir: RESOURCES, syncAppends: false })
    stores.push(store)
    ok(await store.init())
    const core: Core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: store })
    return async (channel, req) => ok((await core.dispatch(channel, req, gm)) as { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } })
  }

  for (const how of ['duplicate', 'import'] as const) {
    it(`${how}: after a restart the original and the copy each have their own live encounter`, async () => {
      const call = await start()
      await call('campaign:open', { campaignId: 'sample-saga' })
      const launched = (await call('encounter:launch', { campaignId: 'sample-saga', planId: 'enc-breach-gate' })) as GmEncounterView
      const copy =
        how === 'duplicate'
          ? ((await call('campaign:duplicate', { campaignId: 'sample-saga' })) as CampaignSummary)
          : ((await call('campaign:import', { text: ((await call('campaign:export', { campaignId: 'sample-saga' })) as { text: string }).text })) as CampaignSummary)

      // restart: the copy is opened first, then the original
      const again = await start()
      await again('campaign:open', { campaignId: copy.id })
      const inCopy = (await again('encounter:list', { campaignId: copy.id })) as EncounterSummary[]
      await again('campaign:open', { campaignId: 'sample-saga' })
      const inOriginal = (await again('encounter:list', { campaignId: 'sample-saga' })) as EncounterSummary[]
      expect(inOriginal.map((e) => e.id)).toContain(launched.encounter.id)
      expect(inCopy.length).toBe(inOriginal.length)
      expect(inCopy.map((e) => e.id)).not.toContain(launched.encounter.id)
    })
  }
})
