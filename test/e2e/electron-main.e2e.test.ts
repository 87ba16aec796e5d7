/**
 * The built Electron main process (out/main/index.js) run in Node with a fake `electron` module (no binary here):
 * it must register the IPC handlers, open a hardened console window on the built renderer (served by the app://
 * protocol) with the built preload, deny every permission, set the native menu, answer the console and refuse
 * strangers, open the player display on the second display, and hand a second launch to the first. Issue 29: it
 * serves the players' phones as browser mode does, on this computer only until the GM asks for the network.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

function runMain(extraEnv: Record<string, string> = {}) {
  const data = mkdtempSync(join(tmpdir(), 'gmc-electron-main-'))
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(root, 'test/support/electron-main-harness.mjs')).href, join(root, 'out/main/index.js')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
    // no GM_CONSOLE_DATA: the campaigns go to userData/campaigns, as in the installed app
    env: { ...process.env, GM_CONSOLE_DATA: '', GMC_TEST_USERDATA: data, ELECTRON_RENDERER_URL: '', ...extraEnv },
  })
  const line = r.stdout.split('\n').find((l) => l.startsWith('HARNESS '))
  if (!line) throw new Error(`no report from the main bundle:\n${r.stdout}\n${r.stderr}`)
  return { ...JSON.parse(line.slice('HARNESS '.length)), data }
}

describe('Electron main bundle (fake electron)', () => {
  const report = runMain()

  it('starts without errors and registers the IPC handlers', () => {
    expect(report.errors).toEqual([])
    expect(report.handlers.sort()).toEqual(['gm:invoke', 'gm:subscribe', 'gm:unsubscribe'])
    expect(report.permissionDenied).toBe(true)
    expect(report.permissionCheck).toBe('denies')
    expect(report.singleInstanceLock).toBe(true)
  })

  it('registers app:// as a privileged scheme before ready and serves the built pages through it', () => {
    expect(report.privilegedBeforeReady).toBe(true)
    expect(report.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }])
    expect(report.protocolSchemes).toEqual(['app'])
    expect(report.page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', hasApp: true, script: { status: 200, type: 'text/javascript; charset=utf-8' } })
    expect(report.page.csp).not.toMatch(/unsafe-inline/)
    expect(report.traversal).toBe(404)
  })

  it('sets the native menu (File, Edit, View, Window, Help) and follows the OS theme by default', () => {
    expect(report.menu.map((m: { label: string }) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
    expect(report.menu[0].items).toEqual(expect.arrayContaining(['campaign:new', 'campaign:import', 'campaign:export']))
    expect(report.menu[2].items).toEqual(expect.arrayContaining(['player-display', 'board:popOut', 'zoomIn', 'zoomOut', 'resetZoom']))
    expect(report.themeSource).toBe('system')
  })

  it('focuses the first instance on a second launch and passes on the campaign it asked for', () => {
    expect(report.secondInstance).toEqual({ focused: true, pushed: [{ command: 'campaign:open', campaignId: 'sample-saga' }], windows: 2 })
  })

  it('as the second instance (the lock is taken) quits without a window or a store', () => {
    const second = runMain({ GMC_TEST_SECOND_INSTANCE: '1' })
    expect(second).toMatchObject({ singleInstanceLock: false, quit: true, windows: [], handlers: [], errors: [] })
    expect(existsSync(join(second.data, 'campaigns'))).toBe(false)
  })

  it('opens the console as a hardened window on the built renderer and preload', () => {
    const win = report.windows[0]
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, devTools: true })
    expect(existsSync(win.options.webPreferences.preload)).toBe(true)
    expect(win.url).toBe('app://gm/console.html')
    expect(report.openHandler).toEqual({ action: 'deny' })
    expect(report.navigationPrevented).toBe(true)
  })

  it('keeps the campaigns in userData/campaigns and hands the console the seeded sample on the first start', () => {
    expect(existsSync(join(report.data, 'campaigns', 'sample-saga', 'campaign.json'))).toBe(true)
    expect(report.calls.info).toMatchObject({ ok: true, value: { mode: 'electron', role: 'gm', firstRunCampaignId: expect.stringMatching(/^sample-/) } })
  })

  it('answers the console, refuses strangers and foreign pages', () => {
    expect(report.calls.list.ok).toBe(true)
    expect(report.calls.list.value.length).toBeGreaterThan(0) // the sample campaigns were seeded
    expect(report.calls.stranger).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(report.calls.foreignUrl).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(report.calls.fileUrl).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('opens the player display fullscreen on the second display; the player cannot act as the GM', () => {
    expect(report.calls.openPlayer).toEqual({ ok: true, value: { opened: true } })
    const player = report.windows[1]
    expect(player.options).toMatchObject({ fullscreen: true, x: 1920 })
    expect(player.options.webPreferences.backgroundThrottling).toBe(false)
    expect(player.url).toBe('app://gm/player.html')
    expect(report.calls.playerAsGm).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(report.calls.playerView).toMatchObject({ ok: true, value: { encounter: null } })
  })

  // issue 29: the desktop app had no server, so links:make answered `url: null` and no phone could open a link
  it('serves the players\' phones: a link made in the console opens its phone page on 127.0.0.1', () => {
    const p = report.phones
    expect(p.open).toBe(true)
    expect(p.made).toMatchObject({ ok: true, value: { characterName: expect.any(String), url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/me\?token=[\w-]+$/) } })
    expect(p.page).toEqual({ host: '127.0.0.1', status: 200, type: 'text/html; charset=utf-8', hasApp: true })
    expect(p.refused).toBe(403)
  })

  it('listens on the network only once the GM asks (links:reach), and closes at quit', () => {
    const p = report.phones
    expect(p.reachBefore).toMatchObject({ host: '127.0.0.1', local: true, lanAddress: p.lan })
    if (p.lan) {
      expect(p.lanBefore).toBe(false)
      expect(p.reach).toMatchObject({ ok: true, value: { reach: { host: p.lan, local: false } } })
      expect(p.lanAfter).toBe(true)
      expect(new URL(p.lanUrl).hostname).toBe(p.lan)
    }
    expect(p.afterQuit).toEqual({ loopback: false, lan: p.lan ? false : null })
  })
})
