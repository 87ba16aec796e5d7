// Browser mode's hardening: the Host header (DNS rebinding, issue 10), the network (--host) serving only the player
// display, and the per-connection WebSocket rate and size limits.
import { request } from 'node:http'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { wireCore } from '../../../../src-main/wiring/create-core'
import { startBrowserServer, type BrowserServer, type BrowserServerOptions } from '../../../../src-main/web/http-server'
import { DEFAULT_WS_LIMITS, rateLimiter } from '../../../../src-main/web/ws-session'
import { memoryPlayerLinks } from '../../../../src-main/campaign/player-links'
import { memoryCampaignStore } from '../../../support/memory-campaign-store'
import { recordingLogger } from '../../../support/recording-logger'

const servers: BrowserServer[] = []
const sockets: WebSocket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate()
  for (const s of servers.splice(0)) await s.close()
})

async function start(extra: Partial<BrowserServerOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-hard-'))
  mkdirSync(join(dir, 'assets'))
  for (const page of ['console', 'player', 'board']) writeFileSync(join(dir, `${page}.html`), `<title>${page}</title>`)
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
  const log = recordingLogger()
  const store = memoryCampaignStore()
  const core = wireCore({ mode: 'browser', version: '1.0.0', log, campaignStore: store })
  const server = await startBrowserServer({ dispatch: core.dispatch, hub: core.hub, rendererDir: dir, port: 0, log, ...extra })
  servers.push(server)
  return { server, log, store }
}

/** a GET (or a WebSocket upgrade) to 127.0.0.1 with the Host header given */
function get(port: number, path: string, host: string, upgrade = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: host }
    if (upgrade) Object.assign(headers, { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version': '13' })
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 101, body: '' })
    })
    req.on('error', reject)
    req.end()
  })
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url)
  sockets.push(ws)
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

describe('Host header (DNS rebinding)', () => {
  it('answers 127.0.0.1, localhost and [::1] with the port, and refuses any other name with 421', async () => {
    const { server, log } = await start()
    const path = `/?token=${tokenOf(server.consoleUrl)}`
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LOCALHOST:${server.port}`, `[::1]:${server.port}`]) expect((await get(server.port, path, host)).status, host).toBe(200)
    for (const host of [`evil.example:${server.port}`, `attacker.127.0.0.1.nip.io:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`, `localhost.:${server.port}`, `127.0.0.1:${server.port}@evil.example`]) {
      const r = await get(server.port, path, host)
      expect(r.status, host).toBe(421)
      expect(r.body, host).not.toContain('<title>')
    }
    // assets and the socket too: a rebound name gets nothing
    expect((await get(server.port, '/assets/app.js', `evil.example:${server.port}`)).status).toBe(421)
    expect((await get(server.port, `/ws?token=${tokenOf(server.consoleUrl)}`, `evil.example:${server.port}`, true)).status).toBe(421)
    expect((await get(server.port, `/ws?token=${tokenOf(server.consoleUrl)}`, `127.0.0.1:${server.port}`, true)).status).toBe(101)
    expect(log.lines.some((w) => /refused a request for host/.test(w))).toBe(true)
  })

  it('with --host answers the given address and the printed LAN address', async () => {
    const { server } = await start({ host: '127.0.0.1', urlHost: '192.168.1.20', extraHosts: ['10.0.0.5'] })
    for (const host of [`192.168.1.20:${server.port}`, `10.0.0.5:${server.port}`, `127.0.0.1:${server.port}`]) expect((await get(server.port, `/player?token=${tokenOf(server.playerUrl)}`, host)).status, host).toBe(200)
    expect((await get(server.port, `/player?token=${tokenOf(server.playerUrl)}`, `192.168.1.21:${server.port}`)).status).toBe(421)
  })
})

describe('--host: the network gets the player display only', () => {
  it('serves a network client the player page, assets and a player socket, never the console, a board or a GM socket', async () => {
    // every client counts as remote here (a real LAN peer cannot be made in a test)
    const { server } = await start({ isLocalClient: () => false })
    const host = `127.0.0.1:${server.port}`
    expect((await get(server.port, `/player?token=${tokenOf(server.playerUrl)}`, host)).status).toBe(200)
    expect((await get(server.port, '/assets/app.js', host)).status).toBe(200)
    const consolePage = await get(server.port, `/?token=${tokenOf(server.consoleUrl)}`, host)
    expect(consolePage.status).toBe(403)
    expect(consolePage.body).toMatch(/only the player display/)
    expect(consolePage.body).not.toContain(tokenOf(server.consoleUrl))
    expect((await get(server.port, `/board?token=${tokenOf(server.consoleUrl)}&encounter=e`, host)).status).toBe(403)
    expect((await get(server.port, `/ws?token=${tokenOf(server.consoleUrl)}`, host, true)).status).toBe(403)
    expect((await get(server.port, `/ws?token=${tokenOf(server.playerUrl)}`, host, true)).status).toBe(101)
  })

  it('prints the console URL on loopback and the player URL on the LAN address', async () => {
    const { server } = await start({ host: '0.0.0.0', urlHost: '192.168.1.20' })
    expect(new URL(server.consoleUrl).hostname).toBe('127.0.0.1')
    expect(new URL(server.playerUrl).hostname).toBe('192.168.1.20')
  })
})

describe('WebSocket limits per connection', () => {
  it('a token bucket: a burst, then the sustained rate', () => {
    let now = 0
    const bucket = rateLimiter({ ratePerSecond: 10, burst: 3 }, () => now)
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false])
    now += 100 // 0.1 s at 10/s: one more
    expect([bucket.take(), bucket.take()]).toEqual([true, false])
  })

  it('answers messages over the rate with a clear error without running them, and keeps the connection', async () => {
    const { server, store } = await start({ wsLimits: { gm: { ratePerSecond: 1, burst: 3, maxMessageBytes: 1 << 20 } } })
    const ws = await open(server.consoleUrl.replace('http://', 'ws://').replace('/?', '/ws?'))
    const answers: any[] = []
    ws.on('message', (d) => answers.push(JSON.parse(d.toString())))
    for (let i = 1; i <= 6; i++) ws.send(JSON.stringify({ id: i, channel: 'campaign:create', payload: { name: `C${i}`, systemId: 'saga' } }))
    await until(() => answers.length === 6)
    const byId = new Map(answers.map((a) => [a.id, a.result]))
    expect([1, 2, 3].map((i) => byId.get(i).ok)).toEqual([true, true, true])
    for (const i of [4, 5, 6]) expect(byId.get(i)).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'message', details: { limit: 'rate' }, message: expect.stringMatching(/too many messages: at most 1 per second/) } })
    // only the three allowed ones ran
    const list = await store.list()
    expect(list.ok && list.value.length).toBe(3)
    expect(ws.readyState).toBe(WebSocket.OPEN)
    await new Promise((r) => setTimeout(r, 1100))
    ws.send(JSON.stringify({ id: 7, channel: 'campaign:list', payload: {} }))
    await until(() => answers.length === 7)
    expect(answers[6]).toMatchObject({ id: 7, result: { ok: true } })
  })

  it('answers a too-large player message with an error naming the limit and keeps the connection; the hard cap closes it with 1009', async () => {
    const { server } = await start()
    const ws = await open(server.playerUrl.replace('http://', 'ws://').replace('/player?', '/ws?'))
    const answers: any[] = []
    ws.on('message', (d) => answers.push(JSON.parse(d.toString())))
    ws.send(JSON.stringify({ id: 1, channel: 'player:view', payload: { pad: 'x'.repeat(70 * 1024) } }))
    await until(() => answers.length === 1)
    expect(answers[0]).toMatchObject({ id: 1, result: { ok: false, error: { code: 'invalid', field: 'message', details: { limit: 'size' }, message: expect.stringMatching(/over the 65536-byte limit of the player connection/) } } })
    ws.send(JSON.stringify({ id: 2, channel: 'player:view', payload: {} }))
    await until(() => answers.length === 2)
    expect(answers[1]).toMatchObject({ id: 2, result: { ok: true } })
    // above the server's hard cap (32 MB) the ws library closes the connection deliberately: 1009 "message too big"
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)))
    ws.send(Buffer.alloc(33 * 1024 * 1024, 0x20).toString())
    expect(await closed).toBe(1009)
  }, 20_000)

  it("issue 29: a phone's socket (its player link) has the player's limits: over the rate or the size it is answered with the limit, and the connection kept", async () => {
    const links = memoryPlayerLinks()
    const link = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    const { server } = await start({ links })
    const ws = await open(`ws://127.0.0.1:${server.port}/ws?token=${link.token}`)
    const answers: any[] = []
    ws.on('message', (d) => answers.push(JSON.parse(d.toString())))
    const burst = DEFAULT_WS_LIMITS.character.burst
    expect(DEFAULT_WS_LIMITS.character).toEqual(DEFAULT_WS_LIMITS.player)
    for (let i = 1; i <= burst + 10; i++) ws.send(JSON.stringify({ id: i, channel: 'app:info', payload: {} }))
    await until(() => answers.length === burst + 10)
    const rate = answers.filter((a) => a.result.error?.details?.limit === 'rate')
    expect(rate.length).toBeGreaterThanOrEqual(5)
    expect(rate[0].result).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'message', message: expect.stringMatching(/too many messages: at most 20 per second/) } })
    // the burst itself ran, as the phone it is
    expect(answers.filter((a) => a.result.ok && a.result.value.role === 'character').length).toBeGreaterThanOrEqual(burst - 5)
    await new Promise((r) => setTimeout(r, 1100))
    const from = answers.length
    ws.send(JSON.stringify({ id: 900, channel: 'character:request', payload: { kind: 'endTurn', trigger: 'x'.repeat(70 * 1024) } }))
    await until(() => answers.length === from + 1)
    expect(answers[from]).toMatchObject({ id: 900, result: { ok: false, error: { code: 'invalid', field: 'message', details: { limit: 'size' }, message: expect.stringMatching(/over the 65536-byte limit of the character connection/) } } })
    expect(ws.readyState).toBe(WebSocket.OPEN)
  }, 20_000)
})

async function until(cond: () => boolean, ms = 3000) {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}
