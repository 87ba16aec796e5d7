/**
 * Issue 27, defect 1: a restart (SIGTERM or a crash) must not strand the fight. Here a restart is a new core over a
 * new store on the same data folder (what `scripts/serve.mjs` does when it starts again): it comes back by itself to
 * the campaign that was open, with the encounter the players were shown, and the first command after it works,
 * whichever window sends it first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { wireCore, type Core } from '../../../../src-main/wiring/create-core'
import { createLibraryService } from '../../../../src-main/services/campaigns/library-service'
import type { CampaignStore } from '../../../../src-main/campaign/campaign-store'
import type { PlayerBoardView } from '@shared/views/encounter-views'
import { recordingLogger } from '../../../support/recording-logger'
import { prep } from '../services/fixtures'
import { harness, type Harness } from '../services/helpers'

interface View {
  sessionId: string
  shownToPlayers: boolean
  encounter: { id: string; turn: { phase: string; round: number; index: number; order: string[] } }
  log: Array<{ key: string }>
}

const GM = { role: 'gm' as const, callerId: 'gm-1' }
const PLAYER = { role: 'player' as const, callerId: 'player-1' }

function coreOver(store: CampaignStore): Core {
  return wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: store })
}

async function must<T>(core: Core, channel: string, req: unknown): Promise<T> {
  const r = (await core.dispatch(channel, req, GM)) as { ok: boolean; value?: T; error?: { message: string; field?: string } }
  if (!r.ok) throw new Error(`${channel}: ${r.error?.field ?? ''} ${r.error?.message}`)
  return r.value as T
}

const playerView = async (core: Core) => {
  const r = (await core.dispatch('player:view', {}, PLAYER)) as { ok: true; value: PlayerBoardView }
  return r.value
}

/** what the players see of the turn: enough to tell one moment of the fight from another */
const turnOf = (v: PlayerBoardView) => (v.encounter ? JSON.stringify({ id: v.encounter.id, phase: v.encounter.phase, round: v.encounter.round, currentId: v.encounter.currentId, tick: v.encounter.tick ?? null }) : null)

let h: Harness
let planId: string
const stores: CampaignStore[] = []
beforeEach(async () => {
  h = await harness('saga')
  const library = createLibraryService(h.env)
  planId = (await prep(library, h.campaignId)).planId
})
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close()
  await h.cleanup()
})

/** a restart: the old store closed (SIGTERM) or simply dropped (a crash: nothing runs at exit), a new core over the folder */
async function restart(crash: boolean, old: CampaignStore): Promise<Core> {
  if (!crash) await old.close()
  const next = await h.reopen()
  stores.push(next.store)
  const init = await next.store.init()
  if (!init.ok) throw new Error(init.error.message)
  const core = coreOver(next.store)
  await core.resume()
  return core
}

describe('issue 27: a restart comes back to the same campaign and encounter, shown to players as before', () => {
  for (const crash of [false, true]) {
    it(`after a ${crash ? 'crash (SIGKILL)' : 'stop (SIGTERM)'}: the player display shows the same encounter and moment, and Next turn works`, async () => {
      const core = coreOver(h.store)
      await must(core, 'campaign:open', { campaignId: h.campaignId })
      const launched = await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })
      const eid = launched.encounter.id
      await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
      await must(core, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
      await must(core, 'encounter:showToPlayers', { encounterId: eid })
      const before = await playerView(core)
      expect(before.encounter).not.toBeNull()
      const gmBefore = await must<View>(core, 'encounter:get', { encounterId: eid })

      const core2 = await restart(crash, h.store)
      // the player page reconnects and asks: the same campaign, the same encounter at the same moment
      const after = await playerView(core2)
      expect(after.campaignName).toBe(before.campaignName)
      expect(after.encounter, 'the player display is back by itself').not.toBeNull()
      expect(turnOf(after)).toBe(turnOf(before))
      // the console asks for its encounter: the same, still shown to players
      const gmAfter = await must<View>(core2, 'encounter:get', { encounterId: eid })
      expect(gmAfter.encounter.turn).toEqual(gmBefore.encounter.turn)
      expect(gmAfter.shownToPlayers).toBe(true)
      // the first command after it works, and the players see it
      const next = await must<View>(core2, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
      expect(next.encounter.turn.index).not.toBe(gmBefore.encounter.turn.index)
      expect(turnOf(await playerView(core2))).not.toBe(turnOf(before))
    })
  }

  it('a command reaching a restarted core before any campaign is opened finds its encounter (no "no live encounter")', async () => {
    const core = coreOver(h.store)
    await must(core, 'campaign:open', { campaignId: h.campaignId })
    const eid = (await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })).encounter.id
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    await h.store.close()
    const next = await h.reopen()
    stores.push(next.store)
    // no resume, no campaign:open: the console's first call after the restart is its command
    const core2 = coreOver(next.store)
    const r = await must<View>(core2, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
    expect(r.encounter.id).toBe(eid)
    // a pop-out board's first call after a restart is encounter:get (then encounter:log when scrolled back)
    const again = await h.reopen()
    stores.push(again.store)
    const core3 = coreOver(again.store)
    expect((await must<View>(core3, 'encounter:get', { encounterId: eid })).encounter.turn).toEqual(r.encounter.turn)
  })

  it('an encounter taken off the display stays off after a restart', async () => {
    const core = coreOver(h.store)
    await must(core, 'campaign:open', { campaignId: h.campaignId })
    const eid = (await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })).encounter.id
    await must(core, 'encounter:showToPlayers', { encounterId: eid })
    await must(core, 'encounter:showToPlayers', { encounterId: null })
    const core2 = await restart(true, h.store)
    const after = await playerView(core2)
    expect(after.campaignName).not.toBeNull()
    expect(after.encounter).toBeNull()
    expect((await must<View>(core2, 'encounter:get', { encounterId: eid })).shownToPlayers).toBe(false)
  })

  it('an encounter carried into the next session is still on the display after restarts on either side of the new session', async () => {
    const core = coreOver(h.store)
    await must(core, 'campaign:open', { campaignId: h.campaignId })
    const v = await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })
    const eid = v.encounter.id
    await must(core, 'encounter:command', { encounterId: eid, command: { type: 'startCombat' } })
    await must(core, 'encounter:showToPlayers', { encounterId: eid })
    await must(core, 'session:end', { campaignId: h.campaignId, sessionId: v.sessionId, encounters: 'carry' })
    const core2 = await restart(false, h.store)
    expect((await playerView(core2)).encounter).not.toBeNull()
    // the next command opens a new session; the encounter goes on there, still shown
    const next = await must<View>(core2, 'encounter:command', { encounterId: eid, command: { type: 'nextTurn' } })
    expect(next.sessionId).not.toBe(v.sessionId)
    const core3 = await restart(true, stores.at(-1)!)
    expect((await playerView(core3)).encounter).not.toBeNull()
    expect((await must<View>(core3, 'encounter:get', { encounterId: eid })).shownToPlayers).toBe(true)
  })

  for (const crash of [false, true]) {
    it(`the campaign opened last comes back after a ${crash ? 'crash' : 'stop'}, with its encounter on the display, not the one opened before it`, async () => {
      // campaign A: a fight shown to players; then the GM opens campaign B and shows a fight there
      const b = await h.store.create({ name: 'Second Campaign', systemId: 'saga' })
      if (!b.ok) throw new Error(b.error.message)
      const planB = (await prep(createLibraryService(h.env), b.value.id)).planId
      const core = coreOver(h.store)
      await must(core, 'campaign:open', { campaignId: h.campaignId })
      const ea = (await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })).encounter.id
      await must(core, 'encounter:showToPlayers', { encounterId: ea })
      await must(core, 'campaign:open', { campaignId: b.value.id })
      const eb = (await must<View>(core, 'encounter:launch', { campaignId: b.value.id, planId: planB })).encounter.id
      await must(core, 'encounter:showToPlayers', { encounterId: eb })
      const before = await playerView(core)
      expect(before.campaignName).toBe('Second Campaign')
      expect(before.encounter?.id).toBe(eb)

      const core2 = await restart(crash, h.store)
      const after = await playerView(core2)
      expect(after.campaignName, 'the campaign the GM had open').toBe('Second Campaign')
      expect(after.encounter?.id).toBe(eb)
    })
  }

  it('opening another campaign takes the first one\'s encounter off the player display (the TV never shows a campaign the GM left)', async () => {
    const b = await h.store.create({ name: 'Second Campaign', systemId: 'saga' })
    if (!b.ok) throw new Error(b.error.message)
    const core = coreOver(h.store)
    await must(core, 'campaign:open', { campaignId: h.campaignId })
    const ea = (await must<View>(core, 'encounter:launch', { campaignId: h.campaignId, planId })).encounter.id
    await must(core, 'encounter:showToPlayers', { encounterId: ea })
    await must(core, 'campaign:open', { campaignId: b.value.id })
    const v = await playerView(core)
    expect(v.campaignName).toBe('Second Campaign')
    expect(v.encounter).toBeNull()
    // and after a restart it stays that way
    const core2 = await restart(true, h.store)
    const after = await playerView(core2)
    expect(after.campaignName).toBe('Second Campaign')
    expect(after.encounter).toBeNull()
  })

  it('a campaign never opened is not put on the display at start', async () => {
    const core2 = await restart(false, h.store)
    expect((await playerView(core2)).campaignName).toBeNull()
  })
})
