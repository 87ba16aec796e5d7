/**
 * Electron lifecycle only: wire the core (src-main/core), the IPC binding (src-main/ipc) and the windows
 * (src-main/windows). The same core runs in browser mode (src-main/server/serve.ts).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { app, BrowserWindow, dialog, screen, session } from 'electron'
import { createCampaignStore } from './campaign/campaign-store'
import { defaultDataDir, electronDataDir } from './campaign/paths'
import { createCore } from './core/create-core'
import { dropSubscriber } from './ipc/electron-ipc'
import { registerElectronIpc } from './ipc/electron-main'
import { consoleLogger } from './ipc/log'
import { createTrustedSenders } from './ipc/trusted-senders'
import { appPages } from './windows/app-url'
import type { BrowserWindowCtor, DialogLike, ScreenLike } from './windows/electron-like'
import { createWindowManager } from './windows/window-manager'
import { fileWindowState } from './windows/window-state'

const log = consoleLogger

async function start(): Promise<void> {
  // nothing in the app needs a permission (camera, notifications, ...)
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))

  const resources = app.isPackaged ? join(process.resourcesPath, 'campaigns') : join(app.getAppPath(), 'resources', 'campaigns')
  // campaigns live in userData/campaigns; $GM_CONSOLE_DATA overrides it (tests, portable setups)
  const dataDir = process.env.GM_CONSOLE_DATA?.trim() ? defaultDataDir() : electronDataDir(app.getPath('userData'))
  const store = createCampaignStore({ dataDir, resourcesDir: existsSync(resources) ? resources : undefined })
  const init = await store.init()
  if (!init.ok) log.error(`store: ${init.error.message}`)
  // first start: the console opens the sample campaign just copied in
  const firstRunCampaignId = init.ok && init.value.seeded.length ? init.value.suggestedCampaignId : null

  const core = createCore({ mode: 'electron', version: app.getVersion(), log, campaignStore: store, firstRunCampaignId })
  const senders = createTrustedSenders((id) => dropSubscriber(core.hub, id))
  const pages = appPages({ devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL, rendererDir: join(__dirname, '../renderer') })
  registerElectronIpc({ dispatch: core.dispatch, hub: core.hub, senders, isAppUrl: pages.isAppUrl, log })

  const windows = createWindowManager({
    BrowserWindow: BrowserWindow as unknown as BrowserWindowCtor,
    screen: screen as unknown as ScreenLike,
    senders,
    pages,
    preloadPath: join(__dirname, '../preload/index.cjs'),
    state: fileWindowState(join(app.getPath('userData'), 'window-state.json')),
    log,
    dialog: dialog as unknown as DialogLike,
  })
  core.attachShell(windows)

  const openConsole = () => {
    const win = windows.openConsole()
    // closing the console ends the session: the player display and boards go with it
    win.once('closed', () => app.quit())
  }
  openConsole()
  app.on('activate', () => {
    if (!windows.consoleWindow()) openConsole()
  })
  app.on('before-quit', () => void store.close())
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // belt and braces: even a webContents the window manager did not create may not open windows or webviews
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0]
    win?.focus()
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
