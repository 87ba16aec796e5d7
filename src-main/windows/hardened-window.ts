/**
 * The one place a BrowserWindow is created (DESIGN §2 windows/; Electron security checklist). The webPreferences
 * are a literal at the call, so a reviewer and electronegativity see every setting where it takes effect:
 * sandboxed, isolated, no Node, web security on, no <webview>, middle-click (Auxclick) off, DevTools only in
 * development. Only the preload, the role argument and throttling vary per window.
 */
import type { Role } from '@shared/ipc/contract'
import { ROLE_ARG_PREFIX } from '@shared/ipc/electron-channels'
import type { BrowserWindowCtor, BrowserWindowLike, Rect } from './electron-like'

export interface HardenedWindowOptions {
  bounds: Partial<Rect>
  minWidth?: number
  minHeight?: number
  show?: boolean
  fullscreen?: boolean
  title?: string
  /** absent for windows that must not reach main at all (the PDF printer) */
  preload?: string
  role?: Role
  /** false for windows that must stay live when unfocused (player display, boards) */
  backgroundThrottling?: boolean
  /** false for windows that only render given HTML (the PDF printer) */
  javascript?: boolean
  /** DevTools: `!app.isPackaged`, so never in an installed build */
  devTools: boolean
}

export function createHardenedWindow(BrowserWindow: BrowserWindowCtor, opts: HardenedWindowOptions): BrowserWindowLike {
  return new BrowserWindow({
    ...opts.bounds,
    minWidth: opts.minWidth,
    minHeight: opts.minHeight,
    show: opts.show ?? false,
    fullscreen: opts.fullscreen ?? false,
    title: opts.title,
    backgroundColor: '#15171c',
    autoHideMenuBar: true,
    webPreferences: {
      preload: opts.preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools: opts.devTools,
      javascript: opts.javascript ?? true,
      backgroundThrottling: opts.backgroundThrottling ?? true,
      additionalArguments: opts.role ? [`${ROLE_ARG_PREFIX}${opts.role}`] : [],
    },
  })
}
