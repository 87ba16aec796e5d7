/**
 * Issue 29: a player's phone link at the server. `/me?token=<link>` serves the phone page; a revoked link's page
 * answers 410 (the GM revoked it) and an unknown one 403; a link's socket is the `character` role bound to its
 * character; revoking closes its open sockets at once with 4401 (the page says so, no retry), and a phone coming
 * back later with the revoked token is told the same, not left "reconnecting". Loopback only.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { networkInterfaces } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startBrowserServer, type BrowserServer } from '../../../../src-main/web/http-server'
import { memoryPlayerLinks, type PlayerLinkStore } from '../../../../src-main/campaign/player-links'
import { createPushHub } from '../../../../src-main/ipc/push-hub'
import type { Dispatch } from '../../../../src-main/ipc/dispatch'
import type { CallContext } from '../../../../src-main/ipc/handlers'
import { recordingLogger } from '../../../support/recording-logger'

let server: BrowserServer
let links: PlayerLinkStore
const calls: CallContext[] = []
const dispatch: Dispatch = async (_channel, _payload, ctx) => {
  calls.push(ctx)
  return { ok: true, value: null }
}

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-phone-'))
  writeFileSync(join(dir, 'player.html'), '<!doctype html><title>player</title>')
  writeFileSync(join(dir, 'console.html'), '<!doctype html><title>console</title>')
  links = memoryPlayerLinks()
  const log = recordingLogger()
  server = await startBrowserServer({ dispatch, hub: createPushHub(log), rendererDir: dir, port: 0, log, links })
  calls.length = 0
})
afterEach(async () => {
  await server.close()
})

/** this machine's LAN address (a machine without a network skips the test that listens there) */
const LAN = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

function open(token: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${token}`)
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)))
    ws.on('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.on('open', () => resolve({ ws, closed }))
    ws.on('error', reject)
  })
}

describe('phone links at the server (issue 29)', () => {
  it('serves /me to a link, 410 to a revoked one, 403 to an unknown one', async () => {
    const link = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    const url = server.phoneUrl(link.token)
    expect(url).toBe(`http://127.0.0.1:${server.port}/me?token=${link.token}`)
    expect((await fetch(url)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${server.port}/me?token=${'x'.repeat(32)}`)).status).toBe(403)
    // the TV's token is not a phone's
    expect((await fetch(`http://127.0.0.1:${server.port}/me?token=${tokenOf(server.playerUrl)}`)).status).toBe(403)
    await links.revoke(link.id)
    const gone = await fetch(url)
    expect(gone.status).toBe(410)
    expect(await gone.text()).toMatch(/revoked/)
  })

  it('a link’s socket is the character role bound to its character, from the token only', async () => {
    const link = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    const { ws } = await open(link.token)
    await new Promise<void>((done) => {
      ws.once('message', () => done())
      ws.send(JSON.stringify({ id: 1, channel: 'character:view', payload: {} }))
    })
    expect(calls.at(-1)).toMatchObject({ role: 'character', link: { id: link.id, campaignId: 'c1', characterId: 'pc-1' } })
    ws.close()
  })

  it('revoking closes its phones at once with 4401, and a phone coming back with it is told the same', async () => {
    const a = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    const b = await links.add({ campaignId: 'c1', characterId: 'pc-2', characterName: 'Tavi' })
    const pa = await open(a.token)
    const pb = await open(b.token)
    expect(server.phonesConnected().get(a.id)).toBe(1)
    await links.revoke(a.id)
    server.closeLink(a.id)
    expect(await pa.closed).toBe(4401)
    // the other phone stays
    expect(pb.ws.readyState).toBe(WebSocket.OPEN)
    const again = await open(a.token)
    expect(await again.closed).toBe(4401)
    // an unknown token is refused before any upgrade
    await expect(open('y'.repeat(40))).rejects.toThrow(/HTTP 401/)
    pb.ws.close()
  })

  it('says where phones reach it: this computer only here, with the LAN address offered', async () => {
    const r = server.reach()
    expect(r.local).toBe(true)
    expect(r.host).toBe('127.0.0.1')
  })

  it.skipIf(!LAN)('listening on the network too: the phones’ links and the TV’s name that address, never 127.0.0.1 (shown, not connected to)', async () => {
    const lan = LAN!
    const link = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    await server.listenAlso(lan)
    expect(server.reach()).toMatchObject({ host: lan, local: false })
    expect(new URL(server.phoneUrl(link.token)).hostname).toBe(lan)
    expect(new URL(server.playerUrl).hostname).toBe(lan)
    // this computer's own pages stay on 127.0.0.1
    expect(new URL(server.consoleUrl).hostname).toBe('127.0.0.1')
    await server.listenAlso(null)
    expect(new URL(server.phoneUrl(link.token)).hostname).toBe('127.0.0.1')
  })
})
