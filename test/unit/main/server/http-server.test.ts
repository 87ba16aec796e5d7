import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { createPushDecoder } from '@shared/ipc/push-delta'
import { DEFAULT_TV } from '@shared/domain/table'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { wireCore, type Core } from '../../../../src-main/wiring/create-core'
import { hostHeader, startBrowserServer, type BrowserServer } from '../../../../src-main/web/http-server'
import { memoryCampaignStore } from '../../../support/memory-campaign-store'
import { recordingLogger } from '../../../support/recording-logger'

let server: BrowserServer
let core: Core
let log: ReturnType<typeof recordingLogger>
let store: ReturnType<typeof memoryCampaignStore>
const sockets: WebSocket[] = []

function rendererDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-renderer-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'console.html'), '<!doctype html><title>console</title>')
  writeFileSync(join(dir, 'player.html'), '<!doctype html><title>player</title>')
  writeFileSync(join(dir, 'board.html'), '<!doctype html><title>board</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(dir, '..', 'secret.txt'), 'do not serve')
  return dir
}

beforeEach(async () => {
  log = recordingLogger()
  store = memoryCampaignStore()
  core = wireCore({ mode: 'browser', version: '9.9.9', log, campaignStore: store })
  server = await startBrowserServer({ dispatch: core.dispatch, hub: core.hub, rendererDir: rendererDir(), port: 0, log })
})
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate()
  await server.close()
})

const base = () => `http://127.0.0.1:${server.port}`
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

/** opens a socket; resolves with a request function, the pushes received, or rejects with the HTTP status */
function connect(token: string | null, path = '/ws'): Promise<{ ws: WebSocket; send: (m: unknown) => Promise<any>; pushes: any[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}${token === null ? '' : `?token=${token}`}`)
    sockets.push(ws)
    const waiting = new Map<number | null, (m: unknown) => void>()
    const pushes: any[] = []
    ws.on('message', (data) => {
      const m = JSON.parse(String(data))
      if ('topic' in m) pushes.push(m)
      else waiting.get(m.id)?.(m)
    })
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.on('error', (e) => reject(e))
    ws.on('open', () =>
      resolve({
        ws,
        pushes,
        send: (m) =>
          new Promise((done) => {
            const id = (m as { id?: number }).id ?? null
            waiting.set(id, done)
            ws.send(typeof m === 'string' ? m : JSON.stringify(m))
          }),
      }),
    )
  })
}

describe('browser-mode HTTP', () => {
  it('prints a console URL and a player URL with different tokens on 127.0.0.1', () => {
    expect(server.consoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/)
    expect(server.playerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/player\?token=[\w-]{20,}$/)
    expect(tokenOf(server.consoleUrl)).not.toBe(tokenOf(server.playerUrl))
  })

  it('serves each page only with its own token, with a strict CSP', async () => {
    const ok = await fetch(server.consoleUrl)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('console')
    expect(ok.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(ok.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await fetch(server.playerUrl)).status).toBe(200)
    expect((await fetch(`${base()}/`)).status).toBe(403)
    expect((await fetch(`${base()}/?token=nope`)).status).toBe(403)
    // the player token does not open the console, nor the GM token the player page
    expect((await fetch(`${base()}/?token=${tokenOf(server.playerUrl)}`)).status).toBe(403)
    expect((await fetch(`${base()}/player?token=${tokenOf(server.consoleUrl)}`)).status).toBe(403)
    expect((await fetch(server.boardUrl('e1').replace(tokenOf(server.consoleUrl), tokenOf(server.playerUrl)))).status).toBe(403)
    expect((await fetch(server.boardUrl('e1'))).status).toBe(200)
  })

  it('serves built assets but never pages directly, nor files outside the renderer folder', async () => {
    expect((await fetch(`${base()}/assets/app.js`)).status).toBe(200)
    expect((await fetch(`${base()}/console.html`)).status).toBe(404)
    expect((await fetch(`${base()}/assets/..%2f..%2fsecret.txt`)).status).toBe(404)
    expect((await fetch(`${base()}/%2e%2e/secret.txt`)).status).toBe(404)
    expect((await fetch(`${base()}/assets/app.js`, { method: 'POST' })).status).toBe(405)
  })

  it('answers /favicon.ico with 204 (a refused page must not log a 404 in the browser)', async () => {
    const r = await fetch(`${base()}/favicon.ico`)
    expect(r.status).toBe(204)
    expect(await r.text()).toBe('')
  })
})

describe('browser-mode WebSocket', () => {
  it('refuses an upgrade without a valid token (never 101) and logs it', async () => {
    await expect(connect(null)).rejects.toThrow('HTTP 401')
    await expect(connect('forged')).rejects.toThrow('HTTP 401')
    await expect(connect(tokenOf(server.consoleUrl), '/')).rejects.toThrow('HTTP 404')
    expect(log.lines.filter((l) => l.includes('refused WebSocket upgrade')).length).toBe(3)
  })

  it('refuses a foreign origin even with a token', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${tokenOf(server.consoleUrl)}`, { origin: 'https://evil.example' })
    ws.on('error', () => undefined)
    const status = await new Promise((resolve) => ws.on('unexpected-response', (_q, res) => resolve(res.statusCode)))
    expect(status).toBe(403)
  })

  it('answers GM invokes with Results, validates payloads and names the field', async () => {
    const gm = await connect(tokenOf(server.consoleUrl))
    expect(await gm.send({ id: 1, channel: 'app:info', payload: {} })).toEqual({ id: 1, result: { ok: true, value: { version: '9.9.9', mode: 'browser', role: 'gm', firstRunCampaignId: null, resumed: null } } })
    const created = await gm.send({ id: 2, channel: 'campaign:create', payload: { name: 'Outer Rim', systemId: 'saga' } })
    expect(created.result).toMatchObject({ ok: true, value: { name: 'Outer Rim', systemId: 'saga' } })
    const bad = await gm.send({ id: 3, channel: 'campaign:create', payload: { name: 'X', systemId: 'gurps' } })
    expect(bad.result).toMatchObject({ ok: false, error: { code: 'invalid', field: 'systemId' } })
    const unknown = await gm.send({ id: 4, channel: 'fs:readFile', payload: { path: '/etc/passwd' } })
    expect(unknown.result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    expect(store.files.size).toBe(1)
  })

  it('answers malformed messages with invalid naming the field', async () => {
    const gm = await connect(tokenOf(server.consoleUrl))
    expect(await gm.send('not json')).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid', field: 'message' } } })
    expect(await gm.send({ id: 7, channel: 42 })).toMatchObject({ id: 7, result: { ok: false, error: { code: 'invalid', field: 'channel' } } })
    expect(await gm.send({ id: 8, channel: 'app:info', payload: {}, role: 'gm' })).toMatchObject({ id: 8, result: { ok: false, error: { code: 'invalid' } } })
  })

  it('never lets a player socket act as the GM: GM channels and topics are refused, nothing changes', async () => {
    const player = await connect(tokenOf(server.playerUrl))
    const r = await player.send({ id: 1, channel: 'campaign:create', payload: { name: 'Hack', systemId: 'saga' } })
    expect(r.result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const list = await player.send({ id: 2, channel: 'campaign:list', payload: {} })
    expect(list.result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const sub = await player.send({ id: 3, subscribe: 'campaigns:changed' })
    expect(sub.result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(store.files.size).toBe(0)
    expect(log.lines.some((l) => l.includes('refused campaign:create for role player'))).toBe(true)
    const info = await player.send({ id: 4, channel: 'app:info', payload: {} })
    expect(info.result.value.role).toBe('player')
  })

  it('pushes the renamed campaign to a subscribed player display', async () => {
    const gm = await connect(tokenOf(server.consoleUrl))
    const player = await connect(tokenOf(server.playerUrl))
    expect((await player.send({ id: 1, subscribe: 'player:view' })).result.ok).toBe(true)
    const created = await gm.send({ id: 1, channel: 'campaign:create', payload: { name: 'Outer Rim', systemId: 'saga' } })
    const id = created.result.value.id
    await gm.send({ id: 2, channel: 'campaign:open', payload: { campaignId: id } })
    await gm.send({ id: 3, channel: 'campaign:rename', payload: { campaignId: id, name: 'Inner Rim' } })
    await new Promise((r) => setTimeout(r, 50))
    // the player board's view goes whole, then as deltas (push-delta.ts)
    const decoder = createPushDecoder((why) => expect.fail(why))
    expect(player.pushes.map((p) => (decoder.decode(p.payload) as { campaignName: string }).campaignName)).toEqual(['Outer Rim', 'Inner Rim'])
    expect(player.pushes.map((p) => p.payload.$push)).toEqual(['full', 'delta'])
    expect(player.pushes.every((p) => p.topic === 'player:view')).toBe(true)
    const view = await player.send({ id: 2, channel: 'player:view', payload: {} })
    expect(view.result.value).toEqual({ campaignName: 'Inner Rim', systemId: 'saga', encounter: null, tv: DEFAULT_TV })
  })

  it('hands out the player URL in browser mode instead of opening a window', async () => {
    core.attachShell((await import('../../../../src-main/wiring/shell')).urlShell(server))
    const gm = await connect(tokenOf(server.consoleUrl))
    const r = await gm.send({ id: 1, channel: 'window:openPlayer', payload: {} })
    expect(r.result).toEqual({ ok: true, value: { opened: false, url: server.playerUrl } })
  })
})

describe('hostHeader: a name and port as a Host header carries them', () => {
  it('brackets IPv6 addresses alone, lower-case, as net.isIP would have told them apart', async () => {
    const { isIP } = await import('node:net')
    for (const name of ['127.0.0.1', 'localhost', 'GM-Laptop.local', '192.168.1.20', '::1', 'fe80::1%eth0', 'FE80::ABCD', '::ffff:127.0.0.1']) {
      const expected = `${isIP(name) === 6 ? `[${name}]` : name}:8080`.toLowerCase()
      expect(hostHeader(name, 8080)).toBe(expected)
    }
    expect(hostHeader('[::1]', 80)).toBe('[::1]:80')
  })
})
