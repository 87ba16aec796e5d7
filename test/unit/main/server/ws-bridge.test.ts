// The renderer's browser-mode bridge (src-shared/ipc/ws-client.ts, used by src-renderer/bridge) against the real server, over `ws`.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { browserEndpoint, createWsBridge, type SocketLike } from '@shared/ipc/ws-client'
import { createCore } from '../../../../src-main/core/create-core'
import { startBrowserServer, type BrowserServer } from '../../../../src-main/server/http-server'
import { memoryCampaignStore } from '../../../support/memory-campaign-store'
import { recordingLogger } from '../../../support/recording-logger'

let server: BrowserServer
const bridges: Array<{ close(): void }> = []
const connect = (url: string) => new WebSocket(url) as unknown as SocketLike

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-r-'))
  writeFileSync(join(dir, 'console.html'), 'x')
  const log = recordingLogger()
  const core = createCore({ mode: 'browser', version: '1.0.0', log, campaignStore: memoryCampaignStore() })
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
    expect(await gm.api.app.info()).toEqual({ ok: true, value: { version: '1.0.0', mode: 'browser', role: 'gm', firstRunCampaignId: null } })
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
