/**
 * `npm start` (scripts/start.mjs) and the server it starts (issue 10): SIGINT/SIGTERM reach the server, and killing
 * `npm start` itself leaves nothing listening on the port. Browser mode (GM_CONSOLE_BROWSER=1: no Electron here),
 * on the build scripts/e2e.mjs made.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const started: ChildProcess[] = []
const dirs: string[] = []

function launch(cmd: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gmc-start-'))
  dirs.push(dataDir)
  const child = spawn(cmd, [...args, '--port', '0', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GM_CONSOLE_BROWSER: '1', GM_CONSOLE_SKIP_BUILD: '1' } })
  started.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URLs within 90 s:\n${out}`)), 90_000)
    const onData = (d: Buffer) => {
      out += d
      const m = /Player display:\s+http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({ child, port: Number(m[1]) })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d) => (out += d))
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)))
  })
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1')
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
  })

async function closedWithin(port: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (!(await listening(port))) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('npm start and its server', () => {
  it('SIGINT (Ctrl-C) and SIGTERM to start.mjs stop the server it started', async () => {
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      const { child, port } = await launch(process.execPath, [join(root, 'scripts', 'start.mjs')])
      expect(await listening(port)).toBe(true)
      const exited = new Promise((r) => child.once('exit', r))
      child.kill(sig)
      await exited
      expect(await closedWithin(port, 5000)).toBe(true)
    }
  }, 240_000)

  it('killing `npm start` leaves no orphan listening on the port', async () => {
    const { child, port } = await launch('npm', ['start', '--'])
    expect(await listening(port)).toBe(true)
    child.kill('SIGTERM')
    expect(await closedWithin(port, 8000)).toBe(true)
  }, 120_000)
})
