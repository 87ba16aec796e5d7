// The composition root with the in-memory store: campaign handlers, the player board and its pushes, the shell.
import { describe, expect, it, vi } from 'vitest'
import { ok } from '@shared/result'
import { DEFAULT_TV } from '@shared/domain/table'
import { wireCore, PLAYER_SETTLE_MS } from '../../../../src-main/wiring/create-core'
import { memoryCampaignStore } from '../../../support/memory-campaign-store'
import { recordingLogger } from '../../../support/recording-logger'

const gm = { role: 'gm' as const, callerId: 'gm' }
const player = { role: 'player' as const, callerId: 'p' }

function setup(playerSettleMs?: number) {
  const core = wireCore({ mode: 'electron', version: '1.2.3', log: recordingLogger(), campaignStore: memoryCampaignStore(() => '2026-02-03T04:05:06.000Z'), playerSettleMs })
  const pushes: Array<[string, any]> = []
  for (const topic of ['player:view', 'campaigns:changed', 'campaign:changed'] as const) {
    core.hub.subscribe({ id: `t-${topic}`, role: 'gm', send: (t, p) => void pushes.push([t, p]) }, topic)
  }
  return { core, pushes }
}

describe('core', () => {
  it('reports the caller its own role', async () => {
    const { core } = setup()
    expect(await core.dispatch('app:info', {}, player)).toEqual(ok({ version: '1.2.3', mode: 'electron', role: 'player', firstRunCampaignId: null, resumed: null }))
  })

  it('after a restart, tells the first GM window the campaign main came back to (issue 27), once; a player window nothing', async () => {
    const store = memoryCampaignStore(() => '2026-02-03T04:05:06.000Z')
    const first = wireCore({ mode: 'electron', version: '1.2.3', log: recordingLogger(), campaignStore: store })
    const info = async (c: typeof first, who: typeof gm | typeof player) => ((await c.dispatch('app:info', {}, who)) as { value: { resumed: unknown } }).value.resumed
    const created = await first.dispatch('campaign:create', { name: 'Kessa', systemId: 'saga' }, gm)
    const id = (created as { value: { id: string } }).value.id
    await first.dispatch('campaign:open', { campaignId: id }, gm)
    // no restart: a console tab opened mid-session starts at the campaign list
    expect(await info(first, gm)).toBeNull()
    // a restart: a new core over the same store comes back to the campaign
    const again = wireCore({ mode: 'electron', version: '1.2.3', log: recordingLogger(), campaignStore: store })
    await again.resume()
    expect(await info(again, player)).toBeNull()
    expect(await info(again, gm)).toEqual({ campaignId: id, encounterId: null })
    expect(await info(again, gm)).toBeNull()
  })

  it('opening a campaign puts it on the player board and pushes the overview', async () => {
    const { core, pushes } = setup()
    const created = await core.dispatch('campaign:create', { name: 'Kessa', systemId: 'saga' }, gm)
    const id = (created as { value: { id: string } }).value.id
    expect(await core.dispatch('player:view', {}, player)).toEqual(ok({ campaignName: null, systemId: null, encounter: null }))
    const opened = await core.dispatch('campaign:open', { campaignId: id }, gm)
    expect(opened).toEqual(ok({ id, name: 'Kessa', systemId: 'saga', lastOpened: '2026-02-03T04:05:06.000Z', lastSession: null, counts: { party: 0, library: 0, encounters: 0, sessions: 0 }, partyIds: [], hiddenTurn: 'side' }))
    expect(await core.dispatch('player:view', {}, player)).toEqual(ok({ campaignName: 'Kessa', systemId: 'saga', encounter: null, tv: DEFAULT_TV }))
    expect(pushes.map(([t]) => t)).toEqual(['campaigns:changed', 'player:view', 'campaign:changed', 'campaigns:changed'])
  })

  it('with the settle time the app runs with, the player board is pushed once the changes settle', async () => {
    vi.useFakeTimers()
    try {
      const { core, pushes } = setup(PLAYER_SETTLE_MS)
      const created = await core.dispatch('campaign:create', { name: 'Kessa', systemId: 'saga' }, gm)
      await core.dispatch('campaign:open', { campaignId: (created as { value: { id: string } }).value.id }, gm)
      expect(pushes.map(([t]) => t)).toEqual(['campaigns:changed', 'campaign:changed', 'campaigns:changed'])
      expect(await core.dispatch('player:view', {}, player)).toEqual(ok({ campaignName: 'Kessa', systemId: 'saga', encounter: null, tv: DEFAULT_TV }))
      vi.advanceTimersByTime(PLAYER_SETTLE_MS)
      expect(pushes.filter(([t]) => t === 'player:view').map(([, p]) => p.campaignName)).toEqual(['Kessa'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('renaming another campaign leaves the player board alone', async () => {
    const { core, pushes } = setup()
    const a = (await core.dispatch('campaign:create', { name: 'A', systemId: 'saga' }, gm)) as { value: { id: string } }
    const b = (await core.dispatch('campaign:create', { name: 'B', systemId: 'saga' }, gm)) as { value: { id: string } }
    await core.dispatch('campaign:open', { campaignId: a.value.id }, gm)
    pushes.length = 0
    expect(await core.dispatch('campaign:rename', { campaignId: b.value.id, name: 'B2' }, gm)).toMatchObject({ ok: true, value: { name: 'B2' } })
    expect(pushes.some(([t]) => t === 'player:view')).toBe(false)
    await core.dispatch('campaign:rename', { campaignId: a.value.id, name: 'A2' }, gm)
    expect(pushes.filter(([t]) => t === 'player:view').map(([, p]) => p.campaignName)).toEqual(['A2'])
  })

  it('shows the encounter set by the encounter service and clears it when another campaign opens', async () => {
    const { core } = setup()
    const a = (await core.dispatch('campaign:create', { name: 'A', systemId: 'saga' }, gm)) as { value: { id: string } }
    const b = (await core.dispatch('campaign:create', { name: 'B', systemId: 'saga' }, gm)) as { value: { id: string } }
    await core.dispatch('campaign:open', { campaignId: a.value.id }, gm)
    const enc = { id: 'e1', name: 'Ambush', initiativeModel: 'ordered', phase: 'running', round: 1, order: [], currentId: null } as never
    core.board.setEncounter(enc)
    expect(core.board.view().encounter).toEqual(enc)
    await core.dispatch('campaign:open', { campaignId: b.value.id }, gm)
    expect(core.board.view()).toEqual({ campaignName: 'B', systemId: 'saga', encounter: null, tv: DEFAULT_TV })
  })

  it('passes store errors through as Results naming the field', async () => {
    const { core } = setup()
    expect(await core.dispatch('campaign:open', { campaignId: 'missing' }, gm)).toMatchObject({ ok: false, error: { code: 'not-found', field: 'campaignId' } })
  })

  it('answers window channels with an error until a shell is attached, then through it', async () => {
    const { core } = setup()
    expect(await core.dispatch('window:openPlayer', {}, gm)).toMatchObject({ ok: false, error: { code: 'internal' } })
    core.attachShell({ openPlayer: async () => ok({ opened: true }), openBoard: async (id) => ok({ opened: false, url: `u/${id}` }), displays: async () => ok([]) })
    expect(await core.dispatch('window:openPlayer', {}, gm)).toEqual(ok({ opened: true }))
    expect(await core.dispatch('window:openBoard', { encounterId: 'e9' }, gm)).toEqual(ok({ opened: false, url: 'u/e9' }))
    expect(await core.dispatch('window:openPlayer', {}, player)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })
})
