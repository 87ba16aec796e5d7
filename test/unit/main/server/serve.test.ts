// Browser mode's entry with the real campaign store on a temporary data folder.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createWsBridge, browserEndpoint, type SocketLike } from '@shared/ipc/ws-client'
import { serve, UsageError, type Running } from '../../../../src-main/server/serve'
import { lanAddress } from '../../../../src-main/web/core-server'
import { recordingLogger } from '../../../support/recording-logger'

function fakeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'gmc-root-'))
  mkdirSync(join(root, 'out', 'renderer'), { recursive: true })
  writeFileSync(join(root, 'out', 'renderer', 'console.html'), 'console')
  writeFileSync(join(root, 'out', 'renderer', 'player.html'), 'player')
  writeFileSync(join(root, 'package.json'), JSON.stringify({ version: '3.2.1' }))
  return root
}

const running: Running[] = []
const bridges: Array<{ close(): void }> = []
afterEach(async () => {
  for (const b of bridges.splice(0)) b.close()
  for (const r of running.splice(0)) await r.stop()
})

async function start(root: string, dataDir: string) {
  const lines: string[] = []
  const r = await serve(['--port', '0', '--data-dir', dataDir], { root, out: (l) => lines.push(l), log: recordingLogger() })
  if (!r) throw new Error('no server')
  running.push(r)
  const u = new URL(r.server.consoleUrl)
  const gm = createWsBridge({ ...browserEndpoint({ protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search })!, connect: (url) => new WebSocket(url) as unknown as SocketLike })
  bridges.push(gm)
  return { r, lines, gm }
}

describe('serve', () => {
  it('prints exactly two URLs: the console first, then the player display', async () => {
    const { r, lines } = await start(fakeRoot(), mkdtempSync(join(tmpdir(), 'gmc-data-')))
    const urls = lines.join('\n').match(/https?:\/\/\S+/g)
    expect(urls).toEqual([r.server.consoleUrl, r.server.playerUrl])
    expect(urls![0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/)
    expect(urls![1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/player\?token=/)
  })

  it('with --host alone listens on all interfaces and prints URLs a LAN device can open', async () => {
    const lines: string[] = []
    const r = await serve(['--port', '0', '--host', '--data-dir', mkdtempSync(join(tmpdir(), 'gmc-data-'))], { root: fakeRoot(), out: (l) => lines.push(l), log: recordingLogger() })
    if (!r) throw new Error('no server')
    running.push(r)
    expect(r.server.host).toBe('0.0.0.0')
    const urls = lines.join('\n').match(/https?:\/\/\S+/g)
    expect(urls).toHaveLength(2)
    expect(new URL(urls![1]).hostname).toBe(lanAddress())
    expect((await fetch(`http://127.0.0.1:${r.server.port}/player?token=${new URL(urls![1]).searchParams.get('token')}`)).status).toBe(200)
  })

  it('finds a created campaign again after a restart (it is on disk)', async () => {
    const root = fakeRoot()
    const data = mkdtempSync(join(tmpdir(), 'gmc-data-'))
    const first = await start(root, data)
    const created = await first.gm.api.campaign.create({ name: 'Outer Rim', systemId: 'saga' })
    expect(created.ok).toBe(true)
    await first.r.stop()
    running.splice(running.indexOf(first.r), 1)
    const second = await start(root, data)
    const list = await second.gm.api.campaign.list()
    expect(list.ok && list.value.map((c) => c.name)).toContain('Outer Rim')
  })

  it('keeps the player link per data folder across restarts; "new player link" revokes the old one (issue 10)', async () => {
    const root = fakeRoot()
    const data = mkdtempSync(join(tmpdir(), 'gmc-data-'))
    const first = await start(root, data)
    const playerUrl = first.r.server.playerUrl
    expect(await first.gm.invoke('window:playerLink', {})).toEqual({ ok: true, value: { url: playerUrl } })
    // an open player page (its socket) with the old token
    const oldToken = new URL(playerUrl).searchParams.get('token')!
    const sock = new WebSocket(`ws://127.0.0.1:${first.r.server.port}/ws?token=${oldToken}`, { headers: { host: `127.0.0.1:${first.r.server.port}` } })
    await new Promise((r) => sock.once('open', r))
    const closed = new Promise<number>((r) => sock.once('close', (code) => r(code)))
    await first.r.stop()
    running.splice(running.indexOf(first.r), 1)

    const second = await start(root, data)
    expect(second.r.server.playerUrl.split('?')[1]).toBe(playerUrl.split('?')[1])
    expect(second.r.server.consoleUrl.split('?')[1]).toBe(first.r.server.consoleUrl.split('?')[1])
    expect((await second.gm.api.campaign.list()).ok).toBe(true)
    expect(await closed).toBeGreaterThan(0)

    const live = new WebSocket(`ws://127.0.0.1:${second.r.server.port}/ws?token=${oldToken}`, { headers: { host: `127.0.0.1:${second.r.server.port}` } })
    await new Promise((r) => live.once('open', r))
    const revoked = new Promise<number>((r) => live.once('close', (code) => r(code)))
    const renewed = await second.gm.invoke('window:newPlayerLink', {})
    if (!renewed.ok) throw new Error(renewed.error.message)
    const newUrl = (renewed.value as { url: string }).url
    expect(newUrl).not.toBe(second.r.server.playerUrl.replace(/token=.*/, `token=${oldToken}`))
    expect(await revoked).toBe(4401)
    const base = `http://127.0.0.1:${second.r.server.port}`
    expect((await fetch(`${base}/player?token=${oldToken}`)).status).toBe(403)
    expect((await fetch(`${base}/player?token=${new URL(newUrl).searchParams.get('token')}`)).status).toBe(200)
    await second.r.stop()
    running.splice(running.indexOf(second.r), 1)
    const third = await start(root, data)
    expect(third.r.server.playerUrl.split('?')[1]).toBe(newUrl.split('?')[1])
  })

  it('reports a corrupted campaign file and leaves it byte-identical', async () => {
    const root = fakeRoot()
    const data = mkdtempSync(join(tmpdir(), 'gmc-data-'))
    const { gm } = await start(root, data)
    const created = await gm.api.campaign.create({ name: 'Doomed', systemId: 'saga' })
    if (!created.ok) throw new Error(created.error.message)
    const file = join(data, created.value.id, 'campaign.json')
    const broken = readFileSync(file, 'utf8').slice(0, 40) + '\n  "oops": [1, 2,\n'
    writeFileSync(file, broken)
    const list = await gm.api.campaign.list()
    expect(list.ok && list.value.find((c) => c.id === created.value.id)).toMatchObject({ problem: { code: 'damaged' } })
    const open = await gm.api.campaign.open({ campaignId: created.value.id })
    expect(open).toMatchObject({ ok: false, error: { code: 'damaged' } })
    const rename = await gm.api.campaign.rename({ campaignId: created.value.id, name: 'Fixed?' })
    expect(rename.ok).toBe(false)
    expect(readFileSync(file, 'utf8')).toBe(broken)
  })

  it('gives a one-line error for unknown flags and bad paths', async () => {
    const root = fakeRoot()
    const file = join(root, 'package.json')
    await expect(serve(['--verbose'], { root, out: () => undefined })).rejects.toThrow(UsageError)
    await expect(serve(['--data-dir', file], { root, out: () => undefined })).rejects.toThrow(/is not a folder/)
    await expect(serve(['--data-dir', join(file, 'sub')], { root, out: () => undefined })).rejects.toThrow(/cannot create the data folder/)
    const empty = mkdtempSync(join(tmpdir(), 'gmc-empty-'))
    await expect(serve(['--data-dir', join(empty, 'd')], { root: empty, out: () => undefined })).rejects.toThrow(/npm run build/)
    for (const argv of [['--verbose'], ['--data-dir', file]]) {
      const e = await serve(argv, { root, out: () => undefined }).catch((x: Error) => x)
      expect(String((e as Error).message)).not.toContain('\n')
    }
  })
})
