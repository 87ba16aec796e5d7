/**
 * Creates every window with its role: the GM console, the player display (one; fullscreen on a secondary
 * display when there is one, never throttled) and pop-out encounter boards (role gm). Each window is hardened,
 * guarded against navigation, registered as a trusted IPC sender with its role, and remembers its bounds.
 * Also the print-to-PDF service (a hidden window without preload or JavaScript) and the save dialog for exports.
 */
import type { Role } from '@shared/ipc/contract'
import { err, ok, type Result } from '@shared/result'
import type { Logger } from '../ipc/log'
import type { TrustedSenders } from '../ipc/trusted-senders'
import type { WindowShell } from '../wiring/shell'
import type { AppPages } from './app-url'
import { clampBounds, MIN_HEIGHT, MIN_WIDTH, placePlayerWindow, rememberedDisplay } from './display-placement'
import type { BrowserWindowCtor, BrowserWindowLike, DialogLike, Rect, ScreenLike } from './electron-like'
import { guardNavigation } from './navigation-guard'
import { createHardenedWindow } from './hardened-window'
import type { WindowStateStore } from './window-state'

export interface WindowManagerDeps {
  BrowserWindow: BrowserWindowCtor
  screen: ScreenLike
  senders: TrustedSenders
  pages: AppPages
  preloadPath: string
  state: WindowStateStore
  log: Logger
  /** Electron's dialog (campaign export); without it chooseSavePath answers an error */
  dialog?: DialogLike
  /** `!app.isPackaged`: DevTools exist only in development */
  devTools: boolean
}

/** names of the save dialog's file-type filter, by extension */
const FILE_TYPES: Record<string, string> = { json: 'JSON', md: 'Markdown', html: 'HTML', pdf: 'PDF', csv: 'CSV' }

/** (the player link and its renewal are browser mode's: the desktop app's player display is a window) */
export interface WindowManager extends Required<Omit<WindowShell, 'playerLink' | 'newPlayerLink'>> {
  openConsole(): BrowserWindowLike
  consoleWindow(): BrowserWindowLike | null
  playerWindow(): BrowserWindowLike | null
  boardWindows(): BrowserWindowLike[]
}

export function createWindowManager(deps: WindowManagerDeps): WindowManager {
  const { BrowserWindow, screen, senders, pages, preloadPath, state, log } = deps
  let consoleWin: BrowserWindowLike | null = null
  let playerWin: BrowserWindowLike | null = null
  let playerDisplayId: number | null = null
  const boards = new Map<string, BrowserWindowLike>()

  const live = (w: BrowserWindowLike | null | undefined): w is BrowserWindowLike => !!w && !w.isDestroyed()

  function create(role: Role, bounds: Rect, extra: { fullscreen?: boolean; title: string; backgroundThrottling: boolean }): BrowserWindowLike {
    const win = createHardenedWindow(BrowserWindow, {
      bounds,
      minWidth: MIN_WIDTH,
      minHeight: MIN_HEIGHT,
      fullscreen: extra.fullscreen,
      title: extra.title,
      preload: preloadPath,
      role,
      backgroundThrottling: extra.backgroundThrottling,
      devTools: deps.devTools,
    })
    senders.register(win.webContents, role)
    guardNavigation(win.webContents, log)
    win.once('ready-to-show', () => win.show())
    return win
  }

  const remember = (win: BrowserWindowLike, save: (bounds: Rect) => void) => {
    win.on('close', () => {
      if (!win.isDestroyed() && !win.isFullScreen()) save(win.getBounds())
    })
  }

  const load = (win: BrowserWindowLike, url: string) =>
    win.loadURL(url).catch((e: unknown) => log.error(`windows: could not load ${url}: ${e instanceof Error ? e.message : String(e)}`))

  return {
    openConsole() {
      if (live(consoleWin)) {
        consoleWin.focus()
        return consoleWin
      }
      const displays = screen.getAllDisplays()
      const bounds = clampBounds(state.get().console, displays, screen.getPrimaryDisplay(), { width: 1400, height: 900 })
      const win = create('gm', bounds, { title: 'GM Console', backgroundThrottling: true })
      remember(win, (b) => state.update((s) => ({ ...s, console: b })))
      win.on('closed', () => {
        if (consoleWin === win) consoleWin = null
      })
      consoleWin = win
      void load(win, pages.url('console'))
      return win
    },

    async openPlayer(displayId) {
      const displays = screen.getAllDisplays()
      const primary = screen.getPrimaryDisplay()
      if (displayId !== undefined && !displays.some((d) => d.id === displayId)) return err('not-found', `there is no display ${displayId}`, 'displayId')
      const saved = state.get().player
      const place = placePlayerWindow(displays, primary, displayId ?? rememberedDisplay(displays, saved))
      const chosen = displays.find((d) => d.id === place.displayId)
      state.update((s) => ({ ...s, player: { ...s.player, displayId: place.displayId, display: chosen ? { bounds: { ...chosen.bounds }, label: chosen.label } : undefined } }))
      if (live(playerWin)) {
        if (displayId !== undefined && displayId !== playerDisplayId) {
          // move it: leave fullscreen first, or the window stays on the old display
          playerWin.setFullScreen(false)
          playerWin.setBounds(place.bounds)
          if (place.fullscreen) playerWin.setFullScreen(true)
          playerDisplayId = place.displayId
        }
        playerWin.focus()
        return ok({ opened: true })
      }
      const bounds = place.fullscreen ? place.bounds : clampBounds(saved?.bounds, displays, primary, { width: place.bounds.width, height: place.bounds.height })
      // the player display must keep updating while the GM works in the console (OIT #99)
      const win = create('player', bounds, { fullscreen: place.fullscreen, title: 'GM Console — player display', backgroundThrottling: false })
      remember(win, (b) => state.update((s) => ({ ...s, player: { ...s.player, bounds: b } })))
      win.on('closed', () => {
        if (playerWin === win) playerWin = null
      })
      playerWin = win
      playerDisplayId = place.displayId
      void load(win, pages.url('player'))
      return ok({ opened: true })
    },

    async displays() {
      const primary = screen.getPrimaryDisplay()
      const on = live(playerWin) ? playerDisplayId : null
      return ok(screen.getAllDisplays().map((d) => ({ id: d.id, primary: d.id === primary.id, width: d.bounds.width, height: d.bounds.height, player: d.id === on })))
    },

    async openBoard(encounterId) {
      const open = boards.get(encounterId)
      if (live(open)) {
        open.focus()
        return ok({ opened: true })
      }
      const bounds = clampBounds(state.get().board, screen.getAllDisplays(), screen.getPrimaryDisplay(), { width: 1100, height: 800 })
      const win = create('gm', bounds, { title: 'GM Console — encounter board', backgroundThrottling: false })
      remember(win, (b) => state.update((s) => ({ ...s, board: b })))
      win.on('closed', () => {
        if (boards.get(encounterId) === win) boards.delete(encounterId)
      })
      boards.set(encounterId, win)
      void load(win, pages.url('board', { encounter: encounterId }))
      return ok({ opened: true })
    },

    async printToPdf(html): Promise<Result<Uint8Array>> {
      const win = createHardenedWindow(BrowserWindow, { bounds: { width: 800, height: 1100 }, javascript: false, devTools: false })
      guardNavigation(win.webContents, log)
      try {
        await win.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`)
        const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4' })
        return ok(pdf)
      } catch (e) {
        return err('io', `printing to PDF failed: ${e instanceof Error ? e.message : String(e)}`)
      } finally {
        if (!win.isDestroyed()) win.destroy()
      }
    },

    async chooseSavePath(suggestedName): Promise<Result<string | null>> {
      if (!deps.dialog) return err('internal', 'no save dialog in this shell')
      if (!live(consoleWin)) return err('not-found', 'the console window is closed')
      try {
        // the filter follows the suggested name: a campaign (.json) or a session export (.md/.html/.pdf/.json/.csv)
        const ext = /\.([a-z0-9]+)$/i.exec(suggestedName)?.[1]?.toLowerCase() ?? 'json'
        const r = await deps.dialog.showSaveDialog(consoleWin, { defaultPath: suggestedName, filters: [{ name: FILE_TYPES[ext] ?? ext.toUpperCase(), extensions: [ext] }] })
        return ok(r.canceled || !r.filePath ? null : r.filePath)
      } catch (e) {
        return err('io', `the save dialog failed: ${e instanceof Error ? e.message : String(e)}`)
      }
    },

    consoleWindow: () => (live(consoleWin) ? consoleWin : null),
    playerWindow: () => (live(playerWin) ? playerWin : null),
    boardWindows: () => [...boards.values()].filter(live),
  }
}
