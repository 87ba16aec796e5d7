/**
 * `npm start` where Electron cannot run (issue 27, defect 13: it said "Electron is not available here (TypeError:
 * fetch failed)"): the one line says in plain words why it fell back to browser mode. Driven without a real
 * Electron: a download that cannot reach its server (a mirror on a closed loopback port, an empty cache), and a
 * stand-in Electron binary that stops at launch the way Electron does without a display.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..', '..')
const temps: string[] = []
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'gmc-start-'))
  temps.push(d)
  return d
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** runs `npm start`'s script until browser mode prints its console URL; its output so far */
function startUntilServing(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--port', '0', '--data-dir', temp()], {
    cwd: root,
    env: { ...process.env, GM_CONSOLE_SKIP_BUILD: '1', GM_CONSOLE_BROWSER: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const done = (f: () => void) => {
      clearTimeout(timer)
      if (child.exitCode === null) child.kill('SIGTERM')
      f()
    }
    const timer = setTimeout(() => done(() => reject(new Error(`no console URL in time:\n${out}`))), 150_000)
    const read = (d: Buffer) => {
      out += String(d)
      if (/Console \(GM\):\s+http/.test(out)) done(() => resolve(out))
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => done(() => (/Console \(GM\)/.test(out) ? resolve(out) : reject(new Error(`exited ${code}:\n${out}`)))))
  })
}
const fallbackLine = (out: string) => out.split('\n').find((l) => l.startsWith('Electron')) ?? ''

describe('npm start falls back to browser mode and says why in plain words', () => {
  // with Electron's binary already downloaded (path.txt), require('electron') does not download: nothing to show
  it.skipIf(existsSync(join(root, 'node_modules', 'electron', 'path.txt')))('the binary cannot be downloaded: no "fetch failed", but what happened', async () => {
    const out = await startUntilServing({ ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: temp() })
    const line = fallbackLine(out)
    expect(line).toBe('Electron cannot run here: its program is not on this computer yet and downloading it failed (no connection to its download server). Starting GM Console in browser mode instead: open the console address below in a browser.')
    expect(out).not.toMatch(/fetch failed|TypeError/)
  }, 200_000)

  it.skipIf(process.platform !== 'linux')('Electron stops at launch for want of a display: it says there is no screen to open a window on', async () => {
    const dist = temp()
    writeFileSync(join(dist, 'electron'), '#!/bin/sh\necho "[1234:ERROR:ozone_platform_x11.cc(240)] Missing X server or \\$DISPLAY" >&2\necho "The platform failed to initialize.  Exiting." >&2\nexit 1\n')
    chmodSync(join(dist, 'electron'), 0o755)
    const out = await startUntilServing({ ELECTRON_OVERRIDE_DIST_PATH: dist })
    expect(fallbackLine(out)).toBe('Electron cannot run here: there is no screen to open its window on (no X server or Wayland display, as on a server or over SSH). Starting GM Console in browser mode instead: open the console address below in a browser.')
  }, 200_000)
})

describe('the reasons, from what Electron wrote', async () => {
  const { launchProblem, probeProblem } = await import('../../../../scripts/electron-fallback.mjs')
  it('names a missing system library, a missing package, a refused download; never a bare stack line', () => {
    expect(launchProblem({ stderr: '/x/electron: error while loading shared libraries: libnss3.so: cannot open shared object file', code: 127 })).toBe("a system library it needs is missing (libnss3.so; install your distribution's Electron or Chromium dependencies)")
    expect(probeProblem({ stderr: "Error: Cannot find module 'electron'\nRequire stack:" })).toBe('its npm package is not installed (run npm install)')
    expect(probeProblem({ stderr: 'HTTPError: Response code 404 (Not Found)' })).toBe('its program is not on this computer yet and its download server refused it (HTTP 404)')
    expect(launchProblem({ stderr: '', code: 3 })).toBe('it stopped right after starting (exit code 3)')
  })
})

describe('npm start -- --help', () => {
  it('prints the flags it takes, before building or launching anything, and exits 0', async () => {
    const { spawnSync } = await import('node:child_process')
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs'), '--help'], { cwd: root, encoding: 'utf8', timeout: 60_000 })
    expect(r.status).toBe(0)
    for (const flag of ['--port N', '--data-dir DIR', '--host [ADDR]', 'GM_CONSOLE_BROWSER=1', 'GM_CONSOLE_SKIP_BUILD=1']) expect(r.stdout).toContain(flag)
    expect(r.stdout).not.toContain('Building')
  })
})
