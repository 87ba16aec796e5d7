/**
 * Desktop conventions around the windows, written against structural slices of Electron's API so the tests pass
 * fakes (test/support/fake-electron.ts): the session locked down (every permission check and request denied, the
 * `app://` protocol), one instance (a second launch focuses the first and forwards what it asked for), the OS
 * theme unless the GM chose one, recent campaigns in the native menu, the Windows jump list and the macOS dock,
 * and the application menu.
 */
import { basename, dirname, resolve } from 'node:path'
import type { AppMenuCommand } from '@shared/ipc/contract-shell'
import { menuTemplate, type MenuActions, type MenuItemTemplate, type ThemeChoice } from './app-menu'
import { APP_SCHEME } from './app-protocol'
import { menuText } from './menu-text'

export interface SessionLike {
  setPermissionRequestHandler(handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void) | null): void
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string, requestingOrigin?: string, details?: unknown) => boolean) | null): void
  /** USB/HID/serial/Bluetooth devices: none */
  setDevicePermissionHandler?(handler: ((details: unknown) => boolean) | null): void
}

export interface ProtocolLike {
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void
}

/** Denies every permission (camera, notifications, clipboard-read, …): nothing in the app needs one. */
export function lockDownSession(session: SessionLike, protocol: ProtocolLike, appHandler: (request: Request) => Promise<Response>): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler?.(() => false)
  protocol.handle(APP_SCHEME, appHandler)
}

export interface MenuLike {
  buildFromTemplate(template: MenuItemTemplate[]): unknown
  setApplicationMenu(menu: unknown): void
}

export interface NativeThemeLike {
  themeSource: ThemeChoice
}

export interface DesktopAppLike {
  getLocale(): string
  getName(): string
  addRecentDocument?(path: string): void
  clearRecentDocuments?(): void
  setJumpList?(categories: unknown[] | null): unknown
  dock?: { setMenu(menu: unknown): void }
}

export interface DesktopShellDeps {
  app: DesktopAppLike
  Menu: MenuLike
  nativeTheme: NativeThemeLike
  platform: NodeJS.Platform
  /** the executable to start from a jump-list entry (process.execPath) and its leading arguments (dev: the app path) */
  launch: { program: string; args: string[] }
  theme: { get(): ThemeChoice; set(theme: ThemeChoice): void }
  /** the folder holding the campaign folders (the OS recent-documents list names them) */
  dataDir: string
  actions: Omit<MenuActions, 'setTheme'>
}

export interface DesktopShell {
  /** the recent campaigns, most recent first (the campaign list's order), refresh menu, jump list and dock */
  setRecent(campaigns: Array<{ id: string; name: string; lastOpened: string | null }>): void
  /** what a second launch (or a jump-list entry) asked for: `--open-campaign=<id>`, or a campaign folder's path */
  handleArgv(argv: readonly string[]): void
  /** macOS `open-file` (a recent document chosen in the dock or the Apple menu): true when it was a campaign */
  openPath(path: string): boolean
  theme(): ThemeChoice
}

export const OPEN_CAMPAIGN_ARG = '--open-campaign='
// ids are folder names the store made; anything else is ignored, not forwarded
const CAMPAIGN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
const MAX_RECENT = 8

export function createDesktopShell(deps: DesktopShellDeps): DesktopShell {
  const { app, Menu, nativeTheme, platform } = deps
  const text = menuText(app.getLocale())
  let recent: Array<{ id: string; name: string }> = []
  let lastDocuments = ''

  const actions: MenuActions = {
    ...deps.actions,
    setTheme(theme) {
      deps.theme.set(theme)
      nativeTheme.themeSource = theme
      rebuild()
    },
  }

  function rebuild() {
    const template = menuTemplate({ platform, text, theme: deps.theme.get(), recent, appName: app.getName() }, actions)
    Menu.setApplicationMenu(Menu.buildFromTemplate(template))
    if (platform === 'darwin' && app.dock) {
      const items = recent.map((c) => ({ label: c.name, click: () => deps.actions.command({ command: 'campaign:open', campaignId: c.id }) }))
      app.dock.setMenu(Menu.buildFromTemplate([...items, ...(items.length ? [{ type: 'separator' as const }] : []), { label: text.newCampaign, click: () => deps.actions.command({ command: 'campaign:new' }) }]))
    }
    if (platform === 'win32' && app.setJumpList) {
      const [program, args] = [deps.launch.program, deps.launch.args.map((a) => JSON.stringify(a)).join(' ')]
      app.setJumpList([
        {
          type: 'custom',
          name: text.recentCampaigns,
          items: recent.map((c) => ({ type: 'task', title: c.name, description: c.name, program, args: `${args} ${OPEN_CAMPAIGN_ARG}${c.id}`.trim(), iconPath: program, iconIndex: 0 })),
        },
      ])
    }
    // the OS list of recent documents (Windows, macOS): the campaign folders, newest last
    if ((platform === 'darwin' || platform === 'win32') && app.addRecentDocument) {
      const key = recent.map((c) => c.id).join('\n')
      if (key !== lastDocuments) {
        lastDocuments = key
        app.clearRecentDocuments?.()
        for (const c of [...recent].reverse()) app.addRecentDocument(resolve(deps.dataDir, c.id))
      }
    }
  }

  /** the campaign id of a campaign folder directly inside the data folder (or its campaign.json), else null */
  function campaignIdOf(path: string): string | null {
    let folder = resolve(path)
    if (basename(folder) === 'campaign.json') folder = dirname(folder)
    const id = basename(folder)
    return dirname(folder) === resolve(deps.dataDir) && CAMPAIGN_ID.test(id) ? id : null
  }
  function openId(id: string): boolean {
    if (!CAMPAIGN_ID.test(id)) return false
    deps.actions.command({ command: 'campaign:open', campaignId: id } satisfies AppMenuCommand)
    return true
  }

  nativeTheme.themeSource = deps.theme.get()
  rebuild()

  return {
    setRecent(campaigns) {
      const next = campaigns.filter((c) => c.lastOpened).slice(0, MAX_RECENT).map((c) => ({ id: c.id, name: c.name }))
      if (JSON.stringify(next) === JSON.stringify(recent)) return
      recent = next
      rebuild()
    },
    handleArgv(argv) {
      const id = argv.find((a) => a.startsWith(OPEN_CAMPAIGN_ARG))?.slice(OPEN_CAMPAIGN_ARG.length)
      if (id !== undefined) return void openId(id)
      // Windows opens a recent document by starting the app with its path
      for (const a of argv.slice(1)) if (!a.startsWith('-') && campaignIdOf(a)) return void openId(campaignIdOf(a)!)
    },
    openPath(path) {
      const id = campaignIdOf(path)
      return id ? openId(id) : false
    },
    theme: () => deps.theme.get(),
  }
}
