/**
 * The desktop build, proved offline: electron-builder packages the built app (build/electron-builder.yml) for
 * Linux `dir` and `tar.gz` against a stand-in Electron (scripts/package-offline.mjs). Then: app.asar holds main,
 * preload and renderer and nothing else (no sources, tests, fixtures, source maps, node_modules); the sample
 * campaigns are extra resources; the fuses are flipped as configured; and the packaged main bundle, run against the
 * fake electron API as a packaged app, starts, opens the hardened console (no DevTools) and puts the player
 * display on the second display, and serves a player's phone page. Needs the build (scripts/e2e.mjs builds first).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'

const root = join(import.meta.dirname, '..', '..')
const require = createRequire(import.meta.url)
const asar = require('@electron/asar') as { listPackage(p: string): string[]; extractAll(p: string, dest: string): void }

interface Packaged {
  outDir: string
  appDir: string
  tarball: string | null
  seconds: number
}

let pkg: Packaged
let files: string[]

beforeAll(() => {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'package-offline.mjs')], { cwd: root, encoding: 'utf8', timeout: 180_000 })
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'))
  if (r.status !== 0 || !line) throw new Error(`packaging failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`)
  pkg = JSON.parse(line)
  files = asar.listPackage(join(pkg.appDir, 'resources', 'app.asar')).map((f) => f.replaceAll('\\', '/').replace(/^\//, ''))
}, 180_000)

describe('desktop package (electron-builder, Linux dir + tar.gz, stand-in Electron)', () => {
  it('produces the unpacked app and the tar.gz with the executable, app.asar and the sample campaigns', () => {
    expect(existsSync(join(pkg.appDir, 'gm-console'))).toBe(true)
    expect(existsSync(join(pkg.appDir, 'resources', 'app.asar'))).toBe(true)
    for (const c of ['sample-saga', 'sample-starchasers', 'sample-2d20', 'sample-storyteller']) expect(existsSync(join(pkg.appDir, 'resources', 'campaigns', c, 'campaign.json')), c).toBe(true)
    // which sample opens first is the bundle's word (src-main/campaign/seed-default.ts)
    expect(existsSync(join(pkg.appDir, 'resources', 'campaigns', 'samples.json'))).toBe(true)
    expect(pkg.tarball).toMatch(/gm-console-\d+\.\d+\.\d+\.tar\.gz$/)
    const listing = spawnSync('tar', ['tzf', pkg.tarball!], { encoding: 'utf8' }).stdout.split('\n')
    expect(listing).toEqual(expect.arrayContaining([expect.stringMatching(/\/gm-console$/), expect.stringMatching(/\/resources\/app\.asar$/), expect.stringMatching(/\/resources\/campaigns\/sample-saga\/campaign\.json$/)]))
  })

  it('puts main, preload and renderer in app.asar, and no sources, tests, fixtures, source maps or dev dependencies', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/console.html', 'out/renderer/player.html', 'out/renderer/board.html']))
    expect(files.some((f) => /^out\/renderer\/assets\/console-[\w-]+\.js$/.test(f))).toBe(true)
    const unwanted = files.filter((f) => /(^|\/)node_modules(\/|$)|^(src-main|src-renderer|src-shared|test|docs|scripts|bench|build|resources)(\/|$)|fixtures|\.map$|\.ts$|\.test\.|tsconfig|vitest|eslint|package-lock/.test(f))
    expect(unwanted).toEqual([])
    // every file is under out/ or the package.json
    expect(files.filter((f) => f !== 'package.json' && f !== 'out' && !f.startsWith('out/'))).toEqual([])
    const manifest = JSON.parse(readFileSync(join(extracted(), 'package.json'), 'utf8'))
    expect(manifest.main).toBe('out/main/index.js')
    expect(manifest.devDependencies).toBeUndefined()
  })

  it('flips the fuses as configured (no run-as-node, no NODE_OPTIONS or inspect flags, asar only, integrity checked)', () => {
    const bin = readFileSync(join(pkg.appDir, 'gm-console'))
    const at = bin.indexOf('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX') + 32
    expect(bin[at]).toBe(1) // wire version
    const wire = bin.subarray(at + 2, at + 2 + bin[at + 1]).toString()
    // RunAsNode, CookieEncryption, NodeOptions, CliInspect, AsarIntegrity, OnlyLoadAppFromAsar, V8Snapshot (untouched), FileProtocolExtraPrivileges
    expect(wire).toBe('01001110')
  })

  it('runs the packaged main bundle (fake electron, packaged): hardened console without DevTools, player on the second display, a phone page served', () => {
    const dir = extracted()
    const data = mkdtempSync(join(tmpdir(), 'gmc-packaged-data-'))
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(root, 'test/support/electron-main-harness.mjs')).href, join(dir, 'out/main/index.js')], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, GM_CONSOLE_DATA: '', GMC_TEST_USERDATA: data, GMC_TEST_PACKAGED: '1', GMC_TEST_RESOURCES: join(pkg.appDir, 'resources'), ELECTRON_RENDERER_URL: 'http://127.0.0.1:1/' },
    })
    const line = r.stdout.split('\n').find((l) => l.startsWith('HARNESS '))
    if (!line) throw new Error(`no report from the packaged main:\n${r.stdout}\n${r.stderr}`)
    const report = JSON.parse(line.slice('HARNESS '.length))
    expect(report.errors).toEqual([])
    expect(report.handlers.sort()).toEqual(['gm:invoke', 'gm:subscribe', 'gm:unsubscribe'])
    const consoleWin = report.windows[0]
    expect(consoleWin.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, webviewTag: false, devTools: false })
    expect(consoleWin.options.webPreferences.preload).toBe(join(dir, 'out', 'preload', 'index.cjs'))
    // packaged: the app:// page even when a dev server URL is set in the environment
    expect(consoleWin.url).toBe('app://gm/console.html')
    expect(report.page).toMatchObject({ status: 200, hasApp: true })
    expect(report.permissionCheck).toBe('denies')
    // the sample campaigns came from the package's resources
    expect(existsSync(join(data, 'campaigns', 'sample-saga', 'campaign.json'))).toBe(true)
    expect(report.calls.openPlayer).toEqual({ ok: true, value: { opened: true } })
    expect(report.windows[1].options).toMatchObject({ fullscreen: true, x: 1920 })
    expect(report.windows[1].options.webPreferences).toMatchObject({ devTools: false, backgroundThrottling: false })
    // issue 29: the packaged app serves a player's phone page from its own renderer (out/renderer in the package)
    expect(report.phones.page).toMatchObject({ host: '127.0.0.1', status: 200, hasApp: true })
  })
})

let extractedDir: string | null = null
function extracted(): string {
  if (!extractedDir) {
    extractedDir = mkdtempSync(join(tmpdir(), 'gmc-asar-'))
    asar.extractAll(join(pkg.appDir, 'resources', 'app.asar'), extractedDir)
  }
  return extractedDir
}
