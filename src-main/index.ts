/**
 * Electron lifecycle only: wire the core (src-main/wiring), the IPC binding (src-main/ipc), the windows and the
 * desktop conventions (src-main/windows). The same core runs in browser mode (src-main/server/serve.ts).
 */
import { join } from 'node:path'
import { app, BrowserWindow, dialog, Menu, nativeTheme, protocol, screen, session } from 'electron'
import type { Result } from '@shared/result'
import { defaultDataDir, electronDataDir, createCore, PLAYER_SETTLE_MS } from './wiring/create-core'
import { dropSubscriber } from './ipc/electron-ipc'
import { registerElectronIpc } from './ipc/electron-main'
import { consoleLogger } from './ipc/log'
import { createTrustedSenders } from './ipc/trusted-senders'
import { serveCore } from './web/core-server'
import { APP_SCHEME_PRIVILEGES, appProtocolHandler } from './windows/app-protocol'
import { appPages } from './windows/app-url'
import { createDesktopShell, lockDownSession, type MenuLike } from './windows/desktop-shell'
import { importWithDialog, type OpenDialogLike } from './windows/import-dialog'
import type { BrowserWindowCtor, DialogLike, ScreenLike } from './windows/electron-like'
import { createWindowManager } from './windows/window-manager'
import { fileWindowState } from './windows/window-state'

const log = consoleLogger
// dev (`electron .`): argv is [electron, appPath, ...]; packaged: [app, ...]
const launchArgs = app.isPackaged ? [] : process.argv.slice(1, 2)
/** the port the players' phones reach the desktop app on (browser mode's default is 5178, so both can run); taken: any */
const DESKTOP_PHONE_PORT = 5179

async function start(): Promise<void> {
  const rendererDir = join(__dirname, '../renderer')
  lockDownSession(session.defaultSession, protocol, appProtocolHandler(rendererDir))

  const resources = app.isPackaged ? join(process.resourcesPath, 'campaigns') : join(app.getAppPath(), 'resources', 'campaigns')
  // campaigns live in userData/campaigns; $GM_CONSOLE_DATA overrides it (tests, portable setups)
  const dataDir = process.env.GM_CONSOLE_DATA?.trim() ? defaultDataDir() : electronDataDir(app.getPath('userData'))
  // the danger check's worker is its own bundle beside this one (electron.vite.config.ts)
  const dangerWorker = join(__dirname, 'danger-worker.js')
  // the wiring opens the store (a first start copies the samples in and the console opens the first)
  const core = await createCore({ mode: 'electron', version: app.getVersion(), log, dataDir, resourcesDir: resources, playerSettleMs: PLAYER_SETTLE_MS, dangerWorker })
  if (core.storeProblem) log.error(`store: ${core.storeProblem}`)
  // the campaign open when the app last ran, its encounters and the one shown to players, back before any window (issue 27)
  await core.resume()
  // the players' phones open their links on the same server as in browser mode (web/core-server.ts), started here
  // rather than when the GM first opens the links: a link made in an earlier session opens again as soon as the app
  // runs, on the same port. It listens on this computer only until the GM asks for the network (links:reach); its
  // tokens are kept in the data folder; it closes at quit. Without it the app runs on and the links say so.
  const phones = await serveCore(core, { dataDir, rendererDir, port: DESKTOP_PHONE_PORT, anyPortIfTaken: true, log }).catch((e: unknown) => {
    log.error(`phones: no server for the players' phones: ${e instanceof Error ? e.message : String(e)}`)
    return null
  })
  const senders = createTrustedSenders((id) => dropSubscriber(core.hub, id))
  const pages = appPages({ devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL })
  registerElectronIpc({ dispatch: core.dispatch, hub: core.hub, senders, isAppUrl: pages.isAppUrl, log })

  const state = fileWindowState(join(app.getPath('userData'), 'window-state.json'))
  const windows = createWindowManager({
    BrowserWindow: BrowserWindow as unknown as BrowserWindowCtor,
    screen: screen as unknown as ScreenLike,
    senders,
    pages,
    preloadPath: join(__dirname, '../preload/index.cjs'),
    state,
    log,
    dialog: dialog as unknown as DialogLike,
    devTools: !app.isPackaged,
  })
  core.attachShell(windows)

  const openConsole = () => {
    const win = windows.openConsole()
    // closing the console ends the session: the player display and boards go with it
    win.once('closed', () => app.quit())
    return win
  }
  const gm = { role: 'gm' as const, callerId: 'desktop-menu' }
  const desktop = createDesktopShell({
    app,
    Menu: Menu as unknown as MenuLike,
    nativeTheme,
    platform: process.platform,
    launch: { program: process.execPath, args: launchArgs },
    theme: { get: () => state.get().theme ?? 'system', set: (theme) => state.update((s) => ({ ...s, theme })) },
    dataDir,
    actions: {
      // the console's own action runs in the console (same as its button)
      command: (cmd) => {
        const win = windows.consoleWindow()
        win?.focus()
        if (cmd.command !== 'campaign:import') return core.hub.publish('app:menu', cmd)
        // a native open dialog, then the campaign:import channel the console's Import button uses
        if (!win) return
        void importWithDialog({
          dialog: dialog as unknown as OpenDialogLike,
          window: win,
          importText: async (text) => (await core.dispatch('campaign:import', { text }, gm)) as Result<{ id: string; name: string }>,
        }).then((r) => {
          if (!r.ok) dialog.showErrorBox('GM Console', r.error.message)
          else if (r.value) core.hub.publish('app:menu', { command: 'campaign:open', campaignId: r.value.id })
        })
      },
      // the same IPC channel the console's "Player display" button calls
      openPlayerDisplay: () => void core.dispatch('window:openPlayer', {}, gm),
    },
  })
  core.hub.subscribe({ id: 'desktop-shell', role: 'gm', send: (_topic, list) => desktop.setRecent(list as Parameters<typeof desktop.setRecent>[0]) }, 'campaigns:changed')
  void core.dispatch('campaign:list', {}, gm).then((r) => r.ok && desktop.setRecent(r.value as Parameters<typeof desktop.setRecent>[0]))

  openConsole()
  desktop.handleArgv(process.argv)
  app.on('second-instance', (_event: unknown, argv: string[]) => {
    const win = windows.consoleWindow() ?? openConsole()
    if (win.isMinimized?.()) win.restore?.()
    win.focus()
    desktop.handleArgv(argv)
  })
  // macOS: a recent campaign chosen from the dock or the Apple menu
  app.on('open-file', (event, path) => {
    if (desktop.openPath(path)) event.preventDefault()
  })
  app.on('activate', () => {
    if (!windows.consoleWindow()) openConsole()
  })
  app.on('before-quit', () => {
    void phones?.close()
    void core.close()
  })
}

// the renderer's scheme must be privileged before `ready`
protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES.map((s) => ({ scheme: s.scheme, privileges: { ...s.privileges } })))

if (!app.requestSingleInstanceLock()) {
  // a second launch: the first instance gets 'second-instance' (focus, and any --open-campaign) and this one ends
  app.quit()
} else {
  // belt and braces: even a webContents the window manager did not create may not open windows or webviews
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-navigate', (event) => event.preventDefault())
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      log.error(`GM Console could not start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      app.exit(1)
    })
}
