/**
 * Issue 27, defect 4: what the player display shows while a hidden combatant acts is a per-campaign setting, saved
 * with the campaign and set from the console; main redacts by it, and the player display follows at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { wireCore } from '../../../../src-main/wiring/create-core'
import { GM, PLAYER, must, playerView } from './core-calls'
import { createLibraryService } from '../../../../src-main/services/campaigns/library-service'
import type { CampaignOverview } from '@shared/views/campaign-views'
import { recordingLogger } from '../../../support/recording-logger'
import { prep } from '../services/fixtures'
import { harness, type Harness } from '../services/helpers'

interface View { encounter: { id: string; combatants: Array<{ id: string; name: string; side: string }>; turn: { index: number; order: string[] } } }

let h: Harness
let planId: string
beforeEach(async () => {
  h = await harness('saga')
  planId = (await prep(createLibraryService(h.env), h.campaignId)).planId
})
afterEach(async () => {
  await h.cleanup()
})

describe('the campaign’s hidden-turn setting (issue 27)', () => {
  it('defaults to the acting side’s turn; "keep" shows the last visible turn; saved with the campaign; GM only', async () => {
    const core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: h.store })
    const opened = await must<CampaignOverview>(core, 'campaign:open', { campaignId: h.campaignId })
    expect(opened.hiddenTurn).toBe('side')
    const launched = await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })
    const eid = launched.encounter.id
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    // the plan's hidden sniper shown, so that the one hidden below is the only one
    for (const c of launched.encounter.combatants.filter((x) => (x as { hidden?: boolean }).hidden)) {
      await must(core, 'encounter:command', { encounterId: eid, command: { type: 'setHidden', combatantId: c.id, hidden: false } })
    }
    const started = await must<View>(core, 'encounter:get', { encounterId: eid })
    const { order, index } = started.encounter.turn
    const second = started.encounter.combatants.find((c) => c.id === order[index + 1])!
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'setHidden', combatantId: second.id, hidden: true } })
    await must(core, 'encounter:showToPlayers', { encounterId: eid })
    // the visible turn before it, as players see it (ids carry the visible numbers)
    const shownBefore = (await playerView(core)).encounter!.currentId
    expect(shownBefore).not.toBeNull()
    const at = await must<View>(core, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
    expect(at.encounter.turn.order[at.encounter.turn.index]).toBe(second.id)
    // the hidden one acts: by default its side's turn, nobody visible acting, never who
    const side = (await playerView(core)).encounter!
    expect(side).toMatchObject({ currentId: null, hiddenTurn: { side: second.side } })
    expect(side.order.some((c) => c.current)).toBe(false)
    expect(side.order).toHaveLength(started.encounter.combatants.filter((c) => c.id !== second.id && !(c as { hidden?: boolean }).hidden).length)
    expect(JSON.stringify(side)).not.toContain(second.id)

    // the GM picks "keep the last visible turn": the display follows at once
    const set = await must<CampaignOverview>(core, 'campaign:setHiddenTurn', { campaignId: h.campaignId, hiddenTurn: 'keep' })
    expect(set.hiddenTurn).toBe('keep')
    const kept = (await playerView(core)).encounter!
    expect(kept.hiddenTurn).toBeUndefined()
    // the turn before it, as if it still ran
    expect(kept.currentId).toBe(shownBefore)
    // a player window cannot change it; a bad value is refused
    expect(await core.dispatch('campaign:setHiddenTurn', { campaignId: h.campaignId, hiddenTurn: 'side' }, PLAYER)).toMatchObject({ ok: false })
    expect(await core.dispatch('campaign:setHiddenTurn', { campaignId: h.campaignId, hiddenTurn: 'name' }, GM)).toMatchObject({ ok: false })
    await must(core, 'campaign:setHiddenTurn', { campaignId: h.campaignId, hiddenTurn: 'unnamed' })
    expect((await playerView(core)).encounter).toMatchObject({ currentId: null, hiddenTurn: {} })
    await must(core, 'campaign:setHiddenTurn', { campaignId: h.campaignId, hiddenTurn: 'keep' })
    // saved with the campaign: a restart over the same folder reads it back
    await h.store.close()
    const next = await h.reopen()
    const init = await next.store.init()
    if (!init.ok) throw new Error(init.error.message)
    const core2 = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: next.store })
    expect((await must<CampaignOverview>(core2, 'campaign:open', { campaignId: h.campaignId })).hiddenTurn).toBe('keep')
    await next.store.close()
  })
})
