/**
 * Issue 29, "A TV the GM arranges": the campaign's table settings (the TV's arrangement, the requests policy, the
 * odds switch) through `table:get` / `table:set`: defaults for a campaign saved before them, saved in campaign.json,
 * a damaged value refused naming its field, the TV and the console's preview (`player:view`) following a change at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_TABLE, DEFAULT_TV, type TableSettings } from '@shared/domain/table'
import { wireCore } from '../../../../src-main/wiring/create-core'
import { GM, PLAYER, must, playerView } from './core-calls'
import { createCampaignService } from '../../../../src-main/services/campaigns/campaign-service'
import { recordingLogger } from '../../../support/recording-logger'
import { harness, type Harness } from '../services/helpers'


let h: Harness
beforeEach(async () => void (h = await harness('saga')))
afterEach(async () => h.cleanup())

describe('table settings (issue 29)', () => {
  it('a campaign saved before issue 29 reads as the defaults, and the TV is told them when it opens', async () => {
    const core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
    expect(await must<TableSettings>(core, 'table:get', { campaignId: h.campaignId })).toEqual(DEFAULT_TABLE)
    expect((await playerView(core)).tv).toBeUndefined()
    await must(core, 'campaign:open', { campaignId: h.campaignId })
    expect((await playerView(core)).tv).toEqual(DEFAULT_TV)
  })

  it('table:set saves the arrangement, the requests policy and the odds switch in campaign.json; the TV follows at once', async () => {
    const core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
    await must(core, 'campaign:open', { campaignId: h.campaignId })
    await must(core, 'campaign:setHiddenTurn', { campaignId: h.campaignId, hiddenTurn: 'keep' })
    const set = await must<TableSettings>(core, 'table:set', { campaignId: h.campaignId, tv: { zoom: 1.4, around: 2, margin: 5, layout: 'list', theme: 'light', panels: { wheel: false } } })
    expect(set.tv).toEqual({ ...DEFAULT_TV, zoom: 1.4, around: 2, margin: 5, layout: 'list', theme: 'light', panels: { ...DEFAULT_TV.panels, wheel: false } })
    expect((await playerView(core)).tv).toEqual(set.tv)
    // a second change keeps the first (a patch, the panels too)
    const again = await must<TableSettings>(core, 'table:set', { campaignId: h.campaignId, tv: { panels: { pools: false } }, requests: 'auto', odds: true })
    expect(again).toEqual({ tv: { ...set.tv, panels: { ...set.tv.panels, pools: false } }, requests: 'auto', odds: true })
    expect((await playerView(core)).tv?.panels).toEqual({ pools: false, wheel: false, lastResult: true, round: true })
    // in the campaign's file, beside the hidden-turn setting (kept)
    const file = await h.store.get(h.campaignId)
    expect(file.ok && file.value.data.playerDisplay).toMatchObject({ hiddenTurn: 'keep', requests: 'auto', odds: true, tv: { zoom: 1.4, around: 2, margin: 5, layout: 'list', theme: 'light', panels: { wheel: false, pools: false } } })
    // a restart over the same folder reads them back
    await h.store.close()
    const next = await h.reopen()
    const init = await next.store.init()
    if (!init.ok) throw new Error(init.error.message)
    const core2 = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: next.store })
    expect(await must<TableSettings>(core2, 'table:get', { campaignId: h.campaignId })).toEqual(again)
    await must(core2, 'campaign:open', { campaignId: h.campaignId })
    expect((await playerView(core2)).tv).toEqual(again.tv)
    await next.store.close()
  })

  it('a damaged value is refused naming its field, and nothing is saved; a player window cannot set or read them', async () => {
    const core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
    const bad: Array<[unknown, string]> = [
      [{ tv: { zoom: 5 } }, 'tv.zoom'],
      [{ tv: { margin: -1 } }, 'tv.margin'],
      [{ tv: { around: 0 } }, 'tv.around'],
      [{ tv: { layout: 'grid' } }, 'tv.layout'],
      [{ tv: { panels: { clock: true } } }, 'tv.panels.clock'],
      [{ tv: { theme: 'sepia' } }, 'tv.theme'],
      [{ requests: 'maybe' }, 'requests'],
      [{ odds: 'yes' }, 'odds'],
    ]
    for (const [change, field] of bad) {
      const r = await core.dispatch('table:set', { campaignId: h.campaignId, ...(change as object) }, GM)
      expect(r, JSON.stringify(change)).toMatchObject({ ok: false, error: { code: 'invalid', field } })
    }
    expect(await must<TableSettings>(core, 'table:get', { campaignId: h.campaignId })).toEqual(DEFAULT_TABLE)
    expect(await core.dispatch('table:set', { campaignId: h.campaignId, odds: true }, PLAYER)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(await core.dispatch('table:get', { campaignId: h.campaignId }, PLAYER)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('the service checks a change too (a caller without the contract), naming the field; tableOf gives the defaults for a campaign it cannot read', async () => {
    const campaigns = createCampaignService({ store: h.store, publish: () => undefined, board: { setCampaign: () => undefined, campaignId: () => null } })
    const r = await campaigns.setTable(h.campaignId, { tv: { zoom: 0.1 } })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid', field: 'tv.zoom' } })
    expect(await campaigns.setTable(h.campaignId, { requests: 'never' as 'ask' })).toMatchObject({ ok: false, error: { field: 'requests' } })
    expect((await campaigns.setTable(h.campaignId, { requests: 'auto', odds: true })).ok).toBe(true)
    // the requests service's getter
    expect(await campaigns.tableOf(h.campaignId)).toMatchObject({ requests: 'auto', odds: true, tv: DEFAULT_TV })
    expect(await campaigns.tableOf('no-such-campaign')).toEqual(DEFAULT_TABLE)
    expect(await campaigns.table('no-such-campaign')).toMatchObject({ ok: false })
  })
})
