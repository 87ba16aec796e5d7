import { describe, expect, it, vi } from 'vitest'
import type { AppMenuCommand } from '@shared/ipc/contract-shell'
import { createDesktopShell, lockDownSession, OPEN_CAMPAIGN_ARG } from '../../../../src-main/windows/desktop-shell'
import type { ThemeChoice } from '../../../../src-main/windows/app-menu'
import { memoryWindowState } from '../../../../src-main/windows/window-state'
import { fakeDesktopApp, fakeMenu } from '../../../support/fake-electron'

function setup(platform: NodeJS.Platform = 'linux', opts: { locale?: string; theme?: ThemeChoice } = {}) {
  const app = fakeDesktopApp(opts.locale)
  app.dock.owner = app
  const Menu = fakeMenu()
  const nativeTheme = { themeSource: 'system' as ThemeChoice }
  const state = memoryWindowState(opts.theme ? { theme: opts.theme } : {})
  const commands: AppMenuCommand[] = []
  const openPlayerDisplay = vi.fn()
  const shell = createDesktopShell({
    app,
    Menu,
    nativeTheme,
    platform,
    launch: { program: '/opt/GM Console/gm-console', args: [] },
    theme: { get: () => state.get().theme ?? 'system', set: (theme) => state.update((s) => ({ ...s, theme })) },
    dataDir: '/data/campaigns',
    actions: { command: (c) => commands.push(c), openPlayerDisplay },
  })
  return { app, Menu, nativeTheme, state, commands, openPlayerDisplay, shell }
}

const campaigns = [
  { id: 'saga', name: 'Saga', lastOpened: '2026-11-30T10:00:00Z' },
  { id: 'star', name: 'Starchasers', lastOpened: '2026-11-29T10:00:00Z' },
  { id: 'never', name: 'Never opened', lastOpened: null },
]

describe('application menu', () => {
  it('has File, Edit, View, Window and Help with accelerators', () => {
    const { Menu } = setup()
    const top = Menu.application!.template
    expect(top.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
    expect(top[1].role).toBe('editMenu')
    expect(Menu.item('campaign:new').accelerator).toBe('CmdOrCtrl+N')
    expect(Menu.item('campaign:import').accelerator).toBe('CmdOrCtrl+O')
    expect(Menu.item('campaign:export').accelerator).toBe('CmdOrCtrl+Shift+E')
    expect(Menu.item('player-display').accelerator).toBe('CmdOrCtrl+Shift+P')
    expect(Menu.item('board:popOut').accelerator).toBe('CmdOrCtrl+Shift+B')
    const view = top[2].submenu.map((i: { role?: string }) => i.role).filter(Boolean)
    expect(view).toEqual(expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut']))
    expect(Menu.item('help:shortcuts').accelerator).toBe('F1')
  })

  it('on macOS starts with the app menu and closes windows instead of quitting from File', () => {
    const { Menu } = setup('darwin')
    const top = Menu.application!.template
    expect(top[0]).toMatchObject({ label: 'GM Console', role: 'appMenu' })
    expect(top[1].submenu.at(-1)).toEqual({ role: 'close' })
  })

  it('is in Polish when the OS locale is Polish', () => {
    const { Menu } = setup('linux', { locale: 'pl-PL' })
    expect(Menu.application!.template.map((m) => m.label)).toEqual(['Plik', 'Edycja', 'Widok', 'Okno', 'Pomoc'])
    expect(Menu.item('campaign:new').label).toBe('Nowa kampania…')
  })

  it('asks the console to run its own actions, and opens the player display through the IPC path', () => {
    const { Menu, commands, openPlayerDisplay } = setup()
    for (const id of ['campaign:new', 'campaign:import', 'campaign:export', 'board:popOut', 'help:shortcuts']) Menu.item(id).click()
    expect(commands).toEqual([{ command: 'campaign:new' }, { command: 'campaign:import' }, { command: 'campaign:export' }, { command: 'board:popOut' }, { command: 'help:shortcuts' }])
    Menu.item('player-display').click()
    expect(openPlayerDisplay).toHaveBeenCalledOnce()
  })
})

describe('theme', () => {
  it('follows the OS until the GM chooses one; the choice is remembered and applied at the next start', () => {
    const first = setup()
    expect(first.nativeTheme.themeSource).toBe('system')
    expect(first.Menu.item('theme:system').checked).toBe(true)
    first.Menu.item('theme:dark').click()
    expect(first.nativeTheme.themeSource).toBe('dark')
    expect(first.state.get().theme).toBe('dark')
    expect(first.Menu.item('theme:dark').checked).toBe(true)
    const next = setup('linux', { theme: 'dark' })
    expect(next.nativeTheme.themeSource).toBe('dark')
    next.Menu.item('theme:system').click()
    expect(next.nativeTheme.themeSource).toBe('system')
  })
})

describe('recent campaigns', () => {
  it('lists the opened campaigns, most recent first, in File > Open recent; a click opens it in the console', () => {
    const { Menu, shell, commands } = setup()
    expect(Menu.application!.template[0].submenu[4].submenu).toEqual([{ label: 'No recent campaigns', enabled: false }])
    shell.setRecent(campaigns)
    expect(Menu.application!.template[0].submenu[4].submenu.map((i: { label: string }) => i.label)).toEqual(['Saga', 'Starchasers'])
    Menu.item('recent:star').click()
    expect(commands).toEqual([{ command: 'campaign:open', campaignId: 'star' }])
  })

  it('fills the Windows jump list with entries that relaunch with --open-campaign, and the OS recent documents', () => {
    const { app, shell } = setup('win32')
    shell.setRecent(campaigns)
    expect(app.jumpList).toEqual([
      {
        type: 'custom',
        name: 'Recent campaigns',
        items: [
          expect.objectContaining({ type: 'task', title: 'Saga', program: '/opt/GM Console/gm-console', args: `${OPEN_CAMPAIGN_ARG}saga` }),
          expect.objectContaining({ type: 'task', title: 'Starchasers', args: `${OPEN_CAMPAIGN_ARG}star` }),
        ],
      },
    ])
    // newest added last, as the OS lists the last added first
    expect(app.recentDocuments).toEqual(['/data/campaigns/star', '/data/campaigns/saga'])
    expect(app.dockMenu).toBeNull()
  })

  it('fills the macOS dock menu; Linux gets neither jump list nor dock', () => {
    const mac = setup('darwin')
    mac.shell.setRecent(campaigns)
    expect(mac.app.dockMenu!.template.map((i: { label?: string }) => i.label)).toEqual(['Saga', 'Starchasers', undefined, 'New campaign…'])
    mac.app.dockMenu!.template[0].click()
    expect(mac.commands).toEqual([{ command: 'campaign:open', campaignId: 'saga' }])
    expect(mac.app.jumpList).toBeNull()
    const linux = setup('linux')
    linux.shell.setRecent(campaigns)
    expect(linux.app.jumpList).toBeNull()
    expect(linux.app.dockMenu).toBeNull()
    expect(linux.app.recentDocuments).toEqual([])
  })
})

describe('second launch', () => {
  it('forwards --open-campaign=<id> to the console and ignores malformed ids', () => {
    const { shell, commands } = setup()
    shell.handleArgv(['/opt/gm', `${OPEN_CAMPAIGN_ARG}saga`])
    shell.handleArgv(['/opt/gm', `${OPEN_CAMPAIGN_ARG}../../etc`, '--other'])
    shell.handleArgv(['/opt/gm'])
    expect(commands).toEqual([{ command: 'campaign:open', campaignId: 'saga' }])
  })

  it('opens a recent document: a campaign folder (or its campaign.json) in the data folder, from argv (Windows) or open-file (macOS)', () => {
    const { shell, commands } = setup('win32')
    shell.handleArgv(['C:/GM Console/gm-console.exe', '/data/campaigns/star'])
    expect(shell.openPath('/data/campaigns/saga/campaign.json')).toBe(true)
    expect(shell.openPath('/elsewhere/saga')).toBe(false)
    expect(shell.openPath('/data/campaigns/saga/sessions/s1.ndjson')).toBe(false)
    expect(shell.openPath('/data/campaigns')).toBe(false)
    expect(commands).toEqual([
      { command: 'campaign:open', campaignId: 'star' },
      { command: 'campaign:open', campaignId: 'saga' },
    ])
  })
})

describe('session lock-down', () => {
  it('denies every permission request and check, and serves the app:// scheme', async () => {
    let request: any
    let check: any
    let device: any
    const handled: string[] = []
    lockDownSession(
      { setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h), setDevicePermissionHandler: (h) => void (device = h) },
      { handle: (scheme) => void handled.push(scheme) },
      async () => new Response('x'),
    )
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'openExternal']) {
      const granted = await new Promise((done) => request({}, permission, done))
      expect(granted, permission).toBe(false)
      expect(check({}, permission, 'app://gm'), permission).toBe(false)
    }
    expect(device({ deviceType: 'usb', origin: 'app://gm' })).toBe(false)
    expect(handled).toEqual(['app'])
  })
})
