/**
 * The small slice of Electron's API the shell uses, as structural types: the real objects satisfy them and the
 * tests pass a fake (test/support/fake-electron.ts). Nothing here imports electron.
 */
export interface Rect { x: number; y: number; width: number; height: number }
export interface DisplayLike { id: number; bounds: Rect; workArea: Rect; label?: string }
export interface ScreenLike {
  getAllDisplays(): DisplayLike[]
  getPrimaryDisplay(): DisplayLike
}

export interface WebPreferencesLike {
  preload?: string
  sandbox: boolean
  contextIsolation: boolean
  nodeIntegration: boolean
  nodeIntegrationInWorker: boolean
  nodeIntegrationInSubFrames: boolean
  webSecurity: boolean
  allowRunningInsecureContent: boolean
  experimentalFeatures: boolean
  webviewTag: boolean
  navigateOnDragDrop: boolean
  disableBlinkFeatures: string
  spellcheck: boolean
  devTools: boolean
  javascript: boolean
  backgroundThrottling: boolean
  additionalArguments: string[]
}

export interface BrowserWindowOptionsLike {
  x?: number
  y?: number
  width?: number
  height?: number
  minWidth?: number
  minHeight?: number
  show?: boolean
  fullscreen?: boolean
  title?: string
  backgroundColor?: string
  autoHideMenuBar?: boolean
  webPreferences: WebPreferencesLike
}

export interface WebContentsLike {
  id: number
  on(event: string, listener: (...args: any[]) => void): unknown
  once(event: string, listener: (...args: any[]) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void
  isDestroyed(): boolean
  printToPDF(options: Record<string, unknown>): Promise<Uint8Array>
}

export interface BrowserWindowLike {
  webContents: WebContentsLike
  loadURL(url: string): Promise<void>
  show(): void
  focus(): void
  isMinimized?(): boolean
  restore?(): void
  getBounds(): Rect
  setBounds(bounds: Rect): void
  setFullScreen(flag: boolean): void
  isDestroyed(): boolean
  isFullScreen(): boolean
  on(event: string, listener: (...args: any[]) => void): unknown
  once(event: string, listener: (...args: any[]) => void): unknown
  destroy(): void
}

export type BrowserWindowCtor = new (options: BrowserWindowOptionsLike) => BrowserWindowLike

/** Electron's `dialog`, the one call the shell makes (export a campaign to a file). */
export interface DialogLike {
  showSaveDialog(window: BrowserWindowLike, options: { defaultPath?: string; filters?: Array<{ name: string; extensions: string[] }> }): Promise<{ canceled: boolean; filePath?: string }>
}
