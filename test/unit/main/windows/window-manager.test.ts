import { beforeEach, describe, expect, it } from 'vitest'
import { ROLE_ARG_PREFIX } from '@shared/ipc/electron-channels'
import { createTrustedSenders } from '../../../../src-main/ipc/trusted-senders'
import { appPages } from '../../../../src-main/windows/app-url'
import { createWindowManager } from '../../../../src-main/windows/window-manager'
import { memoryWindowState, type WindowState } from '../../../../src-main/windows/window-state'
import { display, FakeBrowserWindow, fakeScreen } from '../../../support/fake-electron'
import { recordingLogger } from '../../../support/recording-logger'

const laptop = display(1, 0, 0, 1920, 1080)
const tv = display(2, 1920, 0, 3840, 2160)

function setup(displays = [laptop, tv], state: WindowState = {}) {
  FakeBrowserWindow.created = []
  const senders = createTrustedSenders()
  const store = memoryWindowState(state)
  const log = recordingLogger()
  const wm = createWindowManager({
    BrowserWindow: FakeBrowserWindow,
    screen: fakeScreen(displays),
    senders,
    pages: appPages({}),
    devTools: false,
    preloadPath: '/app/out/preload/index.cjs',
    state: store,
    log,
  })
  return { wm, senders, store, log }
}

const created = () => FakeBrowserWindow.created

describe('window manager', () => {
  beforeEach(() => void (FakeBrowserWindow.created = []))

  it('opens the console as a hardened GM window loading the app page', () => {
    const { wm, senders } = setup()
    const win = wm.openConsole() as FakeBrowserWindow
    const prefs = win.options.webPreferences
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, webviewTag: false, preload: '/app/out/preload/index.cjs' })
    expect(prefs.additionalArguments).toEqual([`${ROLE_ARG_PREFIX}gm`])
    expect(senders.roleOf(win.webContents.id)).toBe('gm')
    expect(win.loaded).toEqual(['app://gm/console.html'])
    expect(win.shown).toBe(false)
    win.emit('ready-to-show')
    expect(win.shown).toBe(true)
  })

  it('keeps one console: a second open focuses it', () => {
    const { wm } = setup()
    const a = wm.openConsole() as FakeBrowserWindow
    expect(wm.openConsole()).toBe(a)
    expect(a.focused).toBe(1)
    expect(created()).toHaveLength(1)
  })

  it('opens the player display fullscreen on the secondary display, unthrottled, with the player role', async () => {
    const { wm, senders, store } = setup()
    expect(await wm.openPlayer()).toEqual({ ok: true, value: { opened: true } })
    const win = created()[0]
    expect(win.options).toMatchObject({ fullscreen: true, x: 1920, y: 0, width: 3840, height: 2160 })
    expect(win.options.webPreferences.backgroundThrottling).toBe(false)
    expect(win.options.webPreferences.additionalArguments).toEqual([`${ROLE_ARG_PREFIX}player`])
    expect(senders.roleOf(win.webContents.id)).toBe('player')
    expect(win.loaded).toEqual(['app://gm/player.html'])
    expect(store.get().player?.displayId).toBe(2)
  })

  it('remembers the monitor chosen for the player display, and finds it again when its id changed', async () => {
    const side = display(3, -1920, 0, 1920, 1080)
    const first = setup([laptop, tv, side])
    await first.wm.openPlayer(3)
    expect(first.store.get().player).toMatchObject({ displayId: 3, display: { bounds: side.bounds } })
    // next start: the same three monitors, but the OS numbered them anew
    const renumbered = [display(11, 0, 0, 1920, 1080), display(12, 1920, 0, 3840, 2160), display(13, -1920, 0, 1920, 1080)]
    const next = setup(renumbered, first.store.get())
    await next.wm.openPlayer()
    expect(created()[0].options).toMatchObject({ fullscreen: true, x: -1920 })
    expect(next.store.get().player?.displayId).toBe(13)
    // that monitor unplugged: the secondary display again
    const fewer = setup([display(21, 0, 0, 1920, 1080), display(22, 1920, 0, 3840, 2160)], next.store.get())
    await fewer.wm.openPlayer()
    expect(created()[0].options).toMatchObject({ fullscreen: true, x: 1920 })
  })

  it('gives windows DevTools only when asked (development), never in a packaged build', () => {
    const { wm } = setup()
    const win = wm.openConsole() as FakeBrowserWindow
    expect(win.options.webPreferences.devTools).toBe(false)
  })

  it('opens the player display as a normal window when there is one display', async () => {
    const { wm } = setup([laptop])
    await wm.openPlayer()
    const win = created()[0]
    expect(win.options.fullscreen).toBe(false)
    expect(win.options.width).toBe(1280)
    expect(win.options.x! >= 0 && win.options.x! + win.options.width! <= 1920).toBe(true)
  })

  it('uses the remembered player display when it still exists', async () => {
    const third = display(3, -1280, 0, 1280, 1024)
    const { wm } = setup([laptop, tv, third], { player: { displayId: 3 } })
    await wm.openPlayer()
    expect(created()[0].options).toMatchObject({ fullscreen: true, x: -1280, width: 1280 })
  })

  it('lists the displays and moves the open player display to the one the GM picks', async () => {
    const third = display(3, -1280, 0, 1280, 1024)
    const { wm, store } = setup([laptop, tv, third])
    expect(await wm.displays()).toEqual({ ok: true, value: [
      { id: 1, primary: true, width: 1920, height: 1080, player: false },
      { id: 2, primary: false, width: 3840, height: 2160, player: false },
      { id: 3, primary: false, width: 1280, height: 1024, player: false },
    ] })
    await wm.openPlayer()
    const win = created()[0]
    expect((await wm.displays()).ok && (await wm.displays() as { value: Array<{ id: number; player: boolean }> }).value.find((d) => d.player)?.id).toBe(2)
    expect(await wm.openPlayer(3)).toEqual({ ok: true, value: { opened: true } })
    expect(created()).toHaveLength(1)
    expect(win.bounds).toEqual({ x: -1280, y: 0, width: 1280, height: 1024 })
    expect(win.fullscreen).toBe(true)
    expect(store.get().player?.displayId).toBe(3)
    // the primary display: a normal window, not covering the console
    await wm.openPlayer(1)
    expect(win.fullscreen).toBe(false)
    expect(await wm.openPlayer(42)).toMatchObject({ ok: false, error: { code: 'not-found', field: 'displayId' } })
  })

  it('remembers console bounds on close and clamps them to the displays that exist on the next run', () => {
    const { wm, store } = setup()
    const win = wm.openConsole() as FakeBrowserWindow
    win.bounds = { x: 2000, y: 100, width: 1200, height: 800 }
    win.close()
    expect(store.get().console).toEqual({ x: 2000, y: 100, width: 1200, height: 800 })
    // the TV is gone: the saved bounds lie off-screen, so the window comes back on the laptop
    const again = setup([laptop], store.get())
    const w2 = again.wm.openConsole() as FakeBrowserWindow
    expect(w2.options.x! + w2.options.width!).toBeLessThanOrEqual(1920)
    expect(w2.options.x!).toBeGreaterThanOrEqual(0)
  })

  it('opens encounter boards as GM windows, one per encounter', async () => {
    const { wm, senders } = setup()
    await wm.openBoard('enc-1')
    await wm.openBoard('enc-1')
    await wm.openBoard('enc-2')
    expect(created()).toHaveLength(2)
    const [b1] = created()
    expect(senders.roleOf(b1.webContents.id)).toBe('gm')
    expect(b1.loaded[0]).toBe('app://gm/board.html?encounter=enc-1')
    expect(b1.options.webPreferences.backgroundThrottling).toBe(false)
  })

  it('denies navigation and window.open in every window', async () => {
    const { wm, log } = setup()
    const c = wm.openConsole() as FakeBrowserWindow
    await wm.openPlayer()
    for (const w of created()) {
      expect(w.webContents.tryNavigate('will-navigate', 'https://evil.example/')).toBe(true)
      expect(w.webContents.tryNavigate('will-redirect', 'https://evil.example/')).toBe(true)
      expect(w.webContents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    }
    expect(c.webContents.tryNavigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(log.lines.filter((l) => l.includes('denied')).length).toBeGreaterThan(3)
  })

  it('issue 29: the player window keeps updating in the background, opened again or moved too; the console and the boards keep their own settings', async () => {
    const { wm } = setup([laptop, tv, display(3, 5760, 0, 1920, 1080)])
    const consoleWin = wm.openConsole() as FakeBrowserWindow
    await wm.openPlayer()
    await wm.openBoard('enc-1')
    const [, player, board] = created()
    expect(player.options.webPreferences.additionalArguments).toEqual([`${ROLE_ARG_PREFIX}player`])
    expect(player.options.webPreferences.backgroundThrottling).toBe(false)
    // the console is throttled in the background as any window (the GM works in it), the pop-out board is not
    expect(consoleWin.options.webPreferences.backgroundThrottling).not.toBe(false)
    expect(board.options.webPreferences.backgroundThrottling).toBe(false)
    // moved to another display: the same window, still unthrottled
    await wm.openPlayer(3)
    expect(created()).toHaveLength(3)
    expect(wm.playerWindow()).toBe(player)
    // closed and opened again: the new window is unthrottled too
    player.close()
    await wm.openPlayer()
    const again = created()[3]
    expect(wm.playerWindow()).toBe(again)
    expect(again.options.webPreferences.backgroundThrottling).toBe(false)
    expect(consoleWin.options.webPreferences.backgroundThrottling).not.toBe(false)
  })

  it('unregisters a closed window', async () => {
    const { wm, senders } = setup()
    await wm.openPlayer()
    const win = created()[0]
    const id = win.webContents.id
    win.close()
    expect(senders.roleOf(id)).toBeUndefined()
    expect(wm.playerWindow()).toBeNull()
  })

  it('prints HTML to PDF in a hidden window without preload or JavaScript, then destroys it', async () => {
    const { wm, senders } = setup()
    const r = await wm.printToPdf('<h1>Session 3</h1>')
    expect(r.ok).toBe(true)
    if (r.ok) expect(new TextDecoder().decode(r.value)).toContain('%PDF')
    const win = created()[0]
    expect(win.options.show).toBe(false)
    expect(win.options.webPreferences.preload).toBeUndefined()
    expect(win.options.webPreferences.javascript).toBe(false)
    expect(win.options.webPreferences.sandbox).toBe(true)
    expect(win.loaded[0]).toMatch(/^data:text\/html;charset=utf-8;base64,/)
    expect(Buffer.from(win.loaded[0].split(',')[1], 'base64').toString()).toBe('<h1>Session 3</h1>')
    expect(win.destroyed).toBe(true)
    expect(senders.size()).toBe(0)
  })
})
