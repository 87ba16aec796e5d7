// The renderer's browser-mode bridge (src-shared/ipc/ws-client.ts, used by src-renderer/bridge) against the real server, over `ws`.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { browserEndpoint, createWsBridge, type SocketLike } from '@shared/ipc/ws-client'
import { createPushEncoder } from '@shared/ipc/push-delta'
import { createCampaignStore } from '../../../../src-main/campaign/campaign-store'
import { wireCore } from '../../../../src-main/wiring/create-core'
import { startBrowserServer, type BrowserServer } from '../../../../src-main/web/http-server'
import { memoryCampaignStore } from '../../../support/memory-campaign-store'
import { recordingLogger } from '../../../support/recording-logger'

let server: BrowserServer
const bridges: Array<{ close(): void }> = []
const connect = (url: string) => new WebSocket(url) as unknown as SocketLike

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-r-'))
  writeFileSync(join(dir, 'console.html'), 'x')
  const log = recordingLogger()
  const core = wireCore({ mode: 'browser', version: '1.0.0', log, campaignStore: memoryCampaignStore() })
  server = await startBrowserServer({ dispatch: core.dispatch, hub: core.hub, rendererDir: dir, port: 0, log })
})
afterEach(async () => {
  for (const b of bridges.splice(0)) b.close()
  await server.close()
})

function bridgeFor(pageUrl: string) {
  const u = new URL(pageUrl)
  const endpoint = browserEndpoint({ protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search })!
  const b = createWsBridge({ ...endpoint, connect, retryMs: 50 })
  bridges.push(b)
  return b
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('browser-mode bridge client', () => {
  it('derives the socket URL and role from the page address', () => {
    expect(browserEndpoint({ protocol: 'http:', host: '127.0.0.1:5178', pathname: '/player', search: '?token=a%2Bb' })).toEqual({ url: 'ws://127.0.0.1:5178/ws?token=a%2Bb', role: 'player' })
    expect(browserEndpoint({ protocol: 'https:', host: 'h', pathname: '/', search: '?token=t' })).toEqual({ url: 'wss://h/ws?token=t', role: 'gm' })
    expect(browserEndpoint({ protocol: 'http:', host: 'h', pathname: '/', search: '' })).toBeNull()
  })

  it('invokes through named methods and the generic invoke, before and after the socket opens', async () => {
    const gm = bridgeFor(server.consoleUrl)
    const created = await gm.api.campaign.create({ name: 'Outer Rim', systemId: 'saga' })
    expect(created).toMatchObject({ ok: true, value: { name: 'Outer Rim' } })
    const list = await gm.invoke('campaign:list', {})
    expect(list.ok && list.value.map((c) => c.name)).toEqual(['Outer Rim'])
    expect(await gm.api.app.info()).toEqual({ ok: true, value: { version: '1.0.0', mode: 'browser', role: 'gm', firstRunCampaignId: null, resumed: null } })
  })

  it('refuses channels outside the contract without sending them', async () => {
    const gm = bridgeFor(server.consoleUrl)
    const r = await gm.invoke('fs:read' as never, {} as never)
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel', field: 'channel' } })
  })

  it('delivers pushes to subscribers and stops after unsubscribe', async () => {
    const gm = bridgeFor(server.consoleUrl)
    const player = bridgeFor(server.playerUrl)
    const names: Array<string | null> = []
    const off = player.subscribe('player:view', (v) => names.push(v.campaignName))
    const c = await gm.api.campaign.create({ name: 'A', systemId: 'saga' })
    await new Promise((r) => setTimeout(r, 50))
    if (!c.ok) throw new Error('create failed')
    await gm.api.campaign.open({ campaignId: c.value.id })
    await until(() => names.length === 1)
    off()
    await gm.api.campaign.rename({ campaignId: c.value.id, name: 'B' })
    await new Promise((r) => setTimeout(r, 100))
    expect(names).toEqual(['A'])
  })

  it('big views arrive as deltas and decode to exactly what main pushed, through undo, redo and a second encounter (issue 13)', async () => {
    // a real campaign store (play needs one), on its own server
    await server.close()
    const dir = mkdtempSync(join(tmpdir(), 'gmc-delta-'))
    writeFileSync(join(dir, 'console.html'), 'x')
    const log = recordingLogger()
    const core = wireCore({ mode: 'browser', version: '1.0.0', log, campaignStore: createCampaignStore({ dataDir: join(dir, 'data') }) })
    const hub = core.hub
    server = await startBrowserServer({ dispatch: core.dispatch, hub, rendererDir: dir, port: 0, log })
    const gm = bridgeFor(server.consoleUrl)
    const player = bridgeFor(server.playerUrl)
    const must = <T,>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
      if (!r.ok) throw new Error(r.error.message)
      return r.value
    }
    // what main published, as the JSON a socket carries, and what the bridges hand their listeners
    const sent: Record<string, string[]> = { 'encounter:changed': [], 'player:view': [] }
    hub.subscribe({ id: 'spy-gm', role: 'gm', send: (t, p) => sent[t].push(JSON.stringify(p)) }, 'encounter:changed')
    hub.subscribe({ id: 'spy-player', role: 'player', send: (t, p) => sent[t].push(JSON.stringify(p)) }, 'player:view')
    const got: Record<string, unknown[]> = { 'encounter:changed': [], 'player:view': [] }
    gm.subscribe('encounter:changed', (v) => got['encounter:changed'].push(v))
    player.subscribe('player:view', (v) => got['player:view'].push(v))
    // the wire: count whole views and deltas
    const frames = { full: 0, delta: 0 }
    hub.subscribe({ id: 'spy-wire', role: 'gm', send: () => undefined }, 'encounter:changed')
    const wire = createPushEncoder()
    hub.subscribe({ id: 'spy-wire', role: 'gm', send: (t, p) => void frames[(wire(t, p) as { $push: 'full' | 'delta' }).$push]++ }, 'encounter:changed')
    await new Promise((r) => setTimeout(r, 50))

    const cid = must(await gm.invoke('campaign:create', { name: 'Deltas', systemId: 'saga' })).id
    must(await gm.invoke('campaign:open', { campaignId: cid }))
    const pc = must(await gm.invoke('library:save', { campaignId: cid, record: { name: 'Vela', kind: 'pc', data: { name: 'Vela', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 30, bab: 3, initiative: 6, weapons: [{ name: 'Blaster', damage: '3d6', kind: 'ranged' }] } } }))
    const npc = must(await gm.invoke('library:save', { campaignId: cid, record: { name: 'Trooper', kind: 'npc', data: { name: 'Trooper', kind: 'nonheroic', hp: 12, bab: 2, initiative: 1, weapons: [{ name: 'Rifle', damage: '3d8', kind: 'ranged' }] } } }))
    must(await gm.invoke('party:set', { campaignId: cid, ids: [pc.id] }))
    const plan = must(await gm.invoke('plan:save', { campaignId: cid, plan: { name: 'Squad', entries: [{ statBlockId: npc.id, count: 6, side: 'enemies' }] } }))
    const e1 = must(await gm.invoke('encounter:launch', { campaignId: cid, planId: plan.id })).encounter
    must(await gm.invoke('encounter:showToPlayers', { encounterId: e1.id }))
    must(await gm.invoke('encounter:command', { encounterId: e1.id, command: { type: 'startCombat' } }))
    const e2 = must(await gm.invoke('encounter:launch', { campaignId: cid, planId: plan.id })).encounter
    for (let i = 0; i < 12; i++) {
      const turn = must(await gm.invoke('encounter:command', { encounterId: e1.id, command: { type: 'nextTurn' } }))
      // the answer repeats the view just pushed: it comes as a reference, resolved to the very object pushed
      expect(turn).toBe(got['encounter:changed'].at(-1))
      const actor = turn.encounter.turn.order[turn.encounter.turn.index]
      const target = turn.encounter.combatants.find((c) => c.id !== actor)!.id
      must(await gm.invoke('encounter:command', { encounterId: e1.id, command: { type: 'applyDamage', combatantId: target, amount: 3 } }))
      if (i % 3 === 0) must(await gm.invoke('encounter:undo', { encounterId: e1.id }))
      if (i % 6 === 0) must(await gm.invoke('encounter:redo', { encounterId: e1.id }))
      if (i % 5 === 0) must(await gm.invoke('encounter:setDisplay', { encounterId: e1.id, side: 'enemies', mode: i % 2 ? 'exact' : 'hidden' }))
      if (i === 1) must(await gm.invoke('encounter:command', { encounterId: e2.id, command: { type: 'startCombat' } }))
      if (i > 1 && i % 4 === 1) must(await gm.invoke('encounter:command', { encounterId: e2.id, command: { type: 'nextTurn' } }))
    }
    await until(() => got['encounter:changed'].length === sent['encounter:changed'].length && got['player:view'].length === sent['player:view'].length)
    expect(sent['encounter:changed'].length).toBeGreaterThan(30)
    // equal as JSON values (a key a delta added may come last)
    const asJson = (xs: unknown[]) => xs.map((v) => JSON.parse(JSON.stringify(v)) as unknown)
    expect(asJson(got['encounter:changed'])).toEqual(sent['encounter:changed'].map((t) => JSON.parse(t) as unknown))
    expect(asJson(got['player:view'])).toEqual(sent['player:view'].map((t) => JSON.parse(t) as unknown))
    // one whole view per encounter, the rest deltas
    expect(frames.full).toBe(2)
    expect(frames.delta).toBe(sent['encounter:changed'].length - 2)
  })

  it('a player bridge cannot act as the GM', async () => {
    const player = bridgeFor(server.playerUrl)
    expect(player.role).toBe('player')
    expect(await player.api.campaign.create({ name: 'X', systemId: 'saga' })).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('answers pending calls with an io error when the server goes away', async () => {
    const gm = bridgeFor(server.consoleUrl)
    await gm.api.app.info()
    await server.close()
    const r = await gm.api.app.info()
    expect(r).toMatchObject({ ok: false, error: { code: 'io' } })
  })
})
