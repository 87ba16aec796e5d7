/**
 * The danger check of the built app runs in worker threads (issue 13). The built browser-mode server (a real
 * `scripts/serve.mjs` process on a temporary data folder) runs a 10,000-fight Saga check for a GM over its WebSocket;
 * the test reads the CPU time of the process and of its main thread from /proc around it. Until this test, the built
 * app looked for its worker beside the chunk its code sat in, found none, and ran every check in its main thread (the
 * pool's fallback, in slices): the unit tests and the bench start the worker themselves, so none saw it.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startServe, type ServeProcess } from '../support/serve-process'

const root = join(import.meta.dirname, '..', '..')
const linux = existsSync('/proc/self/task')

/** CPU time so far (ms) of a process, or of one of its threads, from /proc (fields 14 and 15: user and system ticks) */
function cpuMs(path: string): number {
  const stat = readFileSync(path, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function call<T>(consoleUrl: string, channel: string, payload: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> {
  const u = new URL(consoleUrl)
  const ws = new WebSocket(`ws://${u.host}/ws?token=${u.searchParams.get('token')}`)
  return new Promise((resolve, reject) => {
    ws.once('error', reject)
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel, payload })))
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { id?: number; result?: { ok: true; value: T } | { ok: false; error: { message: string } } }
      if (m.id === 1 && m.result) {
        resolve(m.result)
        ws.close()
      }
    })
  })
}

describe('the built danger check (issue 13)', () => {
  let server: ServeProcess
  beforeAll(async () => {
    server = await startServe(mkdtempSync(join(tmpdir(), 'gmc-danger-')))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('is a worker bundle of its own, which loads neither the browser-mode server nor ws', () => {
    const worker = readFileSync(join(root, 'out', 'main', 'danger-worker.js'), 'utf8')
    const required = [...worker.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])
    expect(required.length).toBeGreaterThan(0)
    expect(required.filter((r) => !r.startsWith('node:'))).toEqual([])
  })

  it.skipIf(!linux)('runs 10,000 fights in worker threads: the main thread spends under a fifth of the CPU time', async () => {
    const proc = `/proc/${server.pid}/stat`
    const main = `/proc/${server.pid}/task/${server.pid}/stat`
    const before = { all: cpuMs(proc), main: cpuMs(main) }
    const r = await call<{ runs: number; partyWinChance: number }>(server.consoleUrl, 'plan:danger', { campaignId: 'sample-saga', planId: 'enc-hangar-ambush', runs: 10_000 })
    const all = cpuMs(proc) - before.all
    const mainMs = cpuMs(main) - before.main
    expect(r.ok && r.value.runs).toBe(10_000)
    // in its main thread (the pool's fallback) the check costs seconds of that thread's time; in the threads, the
    // main thread only starts them, sums their tallies and pushes the progress
    expect(all).toBeGreaterThan(1000)
    expect(mainMs / all).toBeLessThan(0.2)
  })
})
