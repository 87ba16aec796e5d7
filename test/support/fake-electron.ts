/**
 * A small fake of the parts of Electron the shell uses (BrowserWindow, webContents, screen, ipcMain), so the
 * shell is tested in plain Node. It records what was asked of it; tests fire events by hand.
 */
import type { BrowserWindowLike, BrowserWindowOptionsLike, DisplayLike, Rect, ScreenLike, WebContentsLike } from '../../src-main/windows/electron-like'
import type { InvokeEventLike, IpcMainLike } from '../../src-main/ipc/electron-ipc'

type Listener = (...args: any[]) => void

class Emitter {
  listeners = new Map<string, Listener[]>()
  on(event: string, l: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), l])
    return this
  }
  once(event: string, l: Listener) {
    const wrapped: Listener = (...a) => {
      this.off(event, wrapped)
      l(...a)
    }
    return this.on(event, wrapped)
  }
  off(event: string, l: Listener) {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((x) => x !== l))
  }
  emit(event: string, ...args: unknown[]) {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args)
  }
}

let nextContentsId = 1

export class FakeWebContents extends Emitter implements WebContentsLike {
  id = nextContentsId++
  destroyed = false
  sent: Array<[string, ...unknown[]]> = []
  openHandler: ((d: { url: string }) => { action: 'deny' | 'allow' }) | null = null
  pdfOptions: Record<string, unknown> | null = null
  setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' | 'allow' }) {
    this.openHandler = h
  }
  isDestroyed() {
    return this.destroyed
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, ...args])
  }
  async printToPDF(options: Record<string, unknown>) {
    this.pdfOptions = options
    return new TextEncoder().encode('%PDF-1.7 fake')
  }
  destroy() {
    this.destroyed = true
    this.emit('destroyed')
  }
  /** fire a navigation attempt; returns whether it was prevented */
  tryNavigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false
    this.emit(event, { preventDefault: () => void (prevented = true) }, url)
    return prevented
  }
}

export class FakeBrowserWindow extends Emitter implements BrowserWindowLike {
  static created: FakeBrowserWindow[] = []
  webContents = new FakeWebContents()
  loaded: string[] = []
  shown = false
  focused = 0
  destroyed = false
  bounds: Rect
  fullscreen: boolean
  constructor(public options: BrowserWindowOptionsLike) {
    super()
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 }
    this.fullscreen = options.fullscreen ?? false
    FakeBrowserWindow.created.push(this)
  }
  async loadURL(url: string) {
    this.loaded.push(url)
  }
  show() {
    this.shown = true
  }
  focus() {
    this.focused++
  }
  getBounds() {
    return this.bounds
  }
  setBounds(bounds: Rect) {
    this.bounds = { ...bounds }
  }
  setFullScreen(flag: boolean) {
    this.fullscreen = flag
  }
  isDestroyed() {
    return this.destroyed
  }
  isFullScreen() {
    return this.fullscreen
  }
  destroy() {
    this.destroyed = true
    this.webContents.destroy()
    this.emit('closed')
  }
  /** the user closes the window */
  close() {
    this.emit('close')
    this.destroy()
  }
}

export function fakeScreen(displays: DisplayLike[], primaryId = displays[0].id): ScreenLike {
  return { getAllDisplays: () => displays, getPrimaryDisplay: () => displays.find((d) => d.id === primaryId)! }
}

export const display = (id: number, x: number, y: number, width: number, height: number): DisplayLike => ({
  id,
  bounds: { x, y, width, height },
  workArea: { x, y: y + 30, width, height: height - 30 },
})

export class FakeIpcMain implements IpcMainLike {
  handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>()
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`)
    this.handlers.set(channel, listener)
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel)
  }
  /** what ipcRenderer.invoke(channel, ...args) from `sender` in `frame` would get */
  async invoke(sender: FakeWebContents, frame: { url: string; parent: unknown } | null, channel: string, ...args: unknown[]) {
    const h = this.handlers.get(channel)
    if (!h) throw new Error(`No handler registered for '${channel}'`)
    return h({ sender, senderFrame: frame }, ...args)
  }
}

/** Electron's dialog.showSaveDialog, answering from a queue (undefined: cancelled) and recording what was asked. */
export function fakeDialog(answers: Array<string | undefined | Error>) {
  const asked: Array<{ window: BrowserWindowLike; options: { defaultPath?: string; filters?: Array<{ name: string; extensions: string[] }> } }> = []
  return {
    asked,
    async showSaveDialog(window: BrowserWindowLike, options: { defaultPath?: string; filters?: Array<{ name: string; extensions: string[] }> }) {
      asked.push({ window, options })
      const next = answers.shift()
      if (next instanceof Error) throw next
      return next === undefined ? { canceled: true } : { canceled: false, filePath: next }
    },
  }
}

/** Electron's Menu: buildFromTemplate keeps the template; the application menu is recorded. */
export function fakeMenu() {
  const menu = {
    application: null as null | { template: any[] },
    buildFromTemplate: (template: any[]) => ({ template }),
    setApplicationMenu: (m: unknown) => void (menu.application = m as { template: any[] }),
    /** the item with this id anywhere in the application menu */
    item(id: string): any {
      const walk = (items: any[]): any => {
        for (const i of items) {
          if (i.id === id) return i
          const inner = i.submenu ? walk(i.submenu) : undefined
          if (inner) return inner
        }
      }
      return menu.application ? walk(menu.application.template) : undefined
    },
  }
  return menu
}

/** Electron's app for the desktop shell: recent documents, jump list and dock recorded. */
export function fakeDesktopApp(locale = 'en-US') {
  return {
    recentDocuments: [] as string[],
    jumpList: null as unknown[] | null,
    dockMenu: null as null | { template: any[] },
    getLocale: () => locale,
    getName: () => 'GM Console',
    addRecentDocument(path: string) {
      this.recentDocuments.push(path)
    },
    clearRecentDocuments() {
      this.recentDocuments = []
    },
    setJumpList(categories: unknown[] | null) {
      this.jumpList = categories
    },
    dock: {
      owner: null as any,
      setMenu(menu: unknown) {
        this.owner.dockMenu = menu
      },
    },
  }
}
