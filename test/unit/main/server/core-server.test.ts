/**
 * Issue 29: the server both entry points start over a core (src-main/web/core-server.ts serveCore): browser mode's,
 * and the desktop app's for the players' phones. It is attached as the core's phones' server, serves a link's phone
 * page, keeps the tokens in the data folder (the same console and TV tokens after a restart), listens on this computer
 * only by default, and the desktop app's port being taken moves it to a free one (browser mode's --port still fails).
 * Loopback only. (serveCore is new with the desktop app's phones: before it, these could not run.)
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { serveCore, type ServedCore } from '../../../../src-main/web/core-server'
import type { BrowserServer } from '../../../../src-main/web/http-server'
import { TOKENS_FILE } from '../../../../src-main/web/tokens'
import { memoryPlayerLinks } from '../../../../src-main/campaign/player-links'
import { createPushHub } from '../../../../src-main/ipc/push-hub'
import { recordingLogger } from '../../../support/recording-logger'

const open: Array<{ close(): unknown }> = []
afterEach(async () => {
  for (const s of open.splice(0)) await s.close()
})

function renderer(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gmc-core-server-'))
  writeFileSync(join(dir, 'player.html'), '<!doctype html><div id="app"></div>')
  writeFileSync(join(dir, 'console.html'), '<!doctype html><div id="app"></div>')
  return dir
}

function fakeCore() {
  const log = recordingLogger()
  const attached: BrowserServer[] = []
  const links = memoryPlayerLinks()
  const core: ServedCore = {
    dispatch: async () => ({ ok: true, value: null }),
    hub: createPushHub(log),
    linkTokens: links,
    attachPhones: (s) => void attached.push(s),
    phonesChanged: () => undefined,
  }
  return { core, attached, links, log }
}

async function start(core: ServedCore, opts: { dataDir?: string; port?: number; anyPortIfTaken?: boolean } = {}) {
  const server = await serveCore(core, { dataDir: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'gmc-data-')), rendererDir: renderer(), port: opts.port ?? 0, anyPortIfTaken: opts.anyPortIfTaken, log: recordingLogger() })
  open.push(server)
  return server
}

/** something else holding a port on 127.0.0.1 */
async function taken(): Promise<{ server: Server; port: number }> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  open.push({ close: () => new Promise((done) => server.close(done)) })
  return { server, port: (server.address() as { port: number }).port }
}

describe('serveCore: the server over a core (issue 29)', () => {
  it('is attached as the phones\' server and serves a link\'s phone page, on this computer only', async () => {
    const { core, attached, links } = fakeCore()
    const server = await start(core)
    expect(attached).toEqual([server])
    expect(server.host).toBe('127.0.0.1')
    expect(server.reach()).toMatchObject({ host: '127.0.0.1', local: true })
    const link = await links.add({ campaignId: 'c1', characterId: 'pc-1', characterName: 'Nira' })
    const page = await fetch(server.phoneUrl(link.token))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('id="app"')
  })

  it('keeps the console\'s and the TV\'s tokens in the data folder: a restart serves the same URLs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gmc-data-'))
    const first = await start(fakeCore().core, { dataDir })
    const kept = JSON.parse(readFileSync(join(dataDir, TOKENS_FILE), 'utf8')) as { consoleToken: string; playerToken: string }
    expect(new URL(first.consoleUrl).searchParams.get('token')).toBe(kept.consoleToken)
    const urls = { console: first.consoleUrl.replace(/:\d+\//, ':P/'), player: first.playerUrl.replace(/:\d+\//, ':P/') }
    await first.close()
    const second = await start(fakeCore().core, { dataDir })
    expect({ console: second.consoleUrl.replace(/:\d+\//, ':P/'), player: second.playerUrl.replace(/:\d+\//, ':P/') }).toEqual(urls)
  })

  it('the desktop app\'s port taken: another port; browser mode\'s (no fallback): EADDRINUSE', async () => {
    const busy = await taken()
    const moved = await start(fakeCore().core, { port: busy.port, anyPortIfTaken: true })
    expect(moved.port).not.toBe(busy.port)
    expect((await fetch(`http://127.0.0.1:${moved.port}/me?token=${'x'.repeat(32)}`)).status).toBe(403)
    await expect(start(fakeCore().core, { port: busy.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
