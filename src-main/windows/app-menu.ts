/**
 * The native application menu, as a plain template (Electron's Menu.buildFromTemplate takes it as is):
 * File (new campaign, import, export, open recent), Edit, View (player display, pop-out board, theme, zoom), Window
 * and Help, with the usual accelerators. Items that are console actions ask the console to run them (the
 * `app:menu` push, the same action as its button); the player display goes through the same IPC channel as the
 * console's button. Pure: tested without Electron.
 */
import type { AppMenuCommand } from '@shared/ipc/contract-shell'
import type { MenuText } from './menu-text'

export type ThemeChoice = 'system' | 'light' | 'dark'

export interface MenuItemTemplate {
  label?: string
  role?: string
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio'
  accelerator?: string
  checked?: boolean
  enabled?: boolean
  id?: string
  click?: () => void
  submenu?: MenuItemTemplate[]
}

export interface MenuActions {
  /** a console action (the renderer runs it as if its button was pressed) */
  command(cmd: AppMenuCommand): void
  openPlayerDisplay(): void
  setTheme(theme: ThemeChoice): void
}

export interface MenuModel {
  platform: NodeJS.Platform
  text: MenuText
  theme: ThemeChoice
  recent: Array<{ id: string; name: string }>
  appName: string
}

export function menuTemplate(model: MenuModel, actions: MenuActions): MenuItemTemplate[] {
  const { text: t, platform } = model
  const mac = platform === 'darwin'
  const sep: MenuItemTemplate = { type: 'separator' }
  const recent: MenuItemTemplate[] = model.recent.length
    ? model.recent.map((c) => ({ id: `recent:${c.id}`, label: c.name, click: () => actions.command({ command: 'campaign:open', campaignId: c.id }) }))
    : [{ label: t.noRecent, enabled: false }]
  const theme = (value: ThemeChoice, label: string): MenuItemTemplate => ({ id: `theme:${value}`, label, type: 'radio', checked: model.theme === value, click: () => actions.setTheme(value) })
  return [
    ...(mac ? [{ label: model.appName, role: 'appMenu' }] : []),
    {
      label: t.file,
      submenu: [
        { id: 'campaign:new', label: t.newCampaign, accelerator: 'CmdOrCtrl+N', click: () => actions.command({ command: 'campaign:new' }) },
        { id: 'campaign:import', label: t.importCampaign, accelerator: 'CmdOrCtrl+O', click: () => actions.command({ command: 'campaign:import' }) },
        { id: 'campaign:export', label: t.exportCampaign, accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.command({ command: 'campaign:export' }) },
        sep,
        { label: t.openRecent, submenu: recent },
        sep,
        mac ? { role: 'close' } : { label: t.quit, role: 'quit', accelerator: 'Ctrl+Q' },
      ],
    },
    { label: t.edit, role: 'editMenu' },
    {
      label: t.view,
      submenu: [
        { id: 'player-display', label: t.playerDisplay, accelerator: 'CmdOrCtrl+Shift+P', click: () => actions.openPlayerDisplay() },
        { id: 'board:popOut', label: t.popOutBoard, accelerator: 'CmdOrCtrl+Shift+B', click: () => actions.command({ command: 'board:popOut' }) },
        sep,
        { label: t.theme, submenu: [theme('system', t.themeSystem), theme('light', t.themeLight), theme('dark', t.themeDark)] },
        sep,
        { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
        { role: 'zoomIn', accelerator: 'CmdOrCtrl+=' },
        { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
        sep,
        { role: 'togglefullscreen' },
      ],
    },
    { label: t.window, role: 'windowMenu' },
    {
      label: t.help,
      role: 'help',
      submenu: [{ id: 'help:shortcuts', label: t.shortcuts, accelerator: 'F1', click: () => actions.command({ command: 'help:shortcuts' }) }, ...(mac ? [] : [sep, { role: 'about' }])],
    },
  ]
}
