/** The one set of hardened webPreferences every window gets (DESIGN §2 windows/; Electron security checklist). */
import type { Role } from '@shared/ipc/contract'
import { ROLE_ARG_PREFIX } from '@shared/ipc/electron-channels'
import type { WebPreferencesLike } from './electron-like'

export interface PreferenceOptions {
  /** absent for windows that must not reach main at all (the PDF printer) */
  preload?: string
  role?: Role
  /** false for windows that must stay live when unfocused (player display, boards) */
  backgroundThrottling?: boolean
  javascript?: boolean
}

export function hardenedWebPreferences(opts: PreferenceOptions): WebPreferencesLike {
  return {
    ...(opts.preload ? { preload: opts.preload } : {}),
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    backgroundThrottling: opts.backgroundThrottling ?? true,
    ...(opts.javascript === false ? { javascript: false } : {}),
    ...(opts.role ? { additionalArguments: [`${ROLE_ARG_PREFIX}${opts.role}`] } : {}),
  }
}
