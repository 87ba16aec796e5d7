/**
 * `window:*`: what the window handlers ask of the shell, and the handlers themselves. Electron opens windows
 * (src-main/windows), browser mode hands out URLs (src-main/server); either is attached to the core after it is
 * built, so the handlers look it up per call.
 */
import type { DisplayInfo } from '@shared/ipc/contract-core'
import { err, ok, type Result } from '@shared/result'
import type { HandlerMap } from './handler-map'

export interface OpenOutcome {
  /** a window was opened (Electron) */
  opened: boolean
  /** browser mode: the page to open in another tab or on another device */
  url?: string
}

export interface WindowOpener {
  /** on `displayId` when given (and it exists), else the secondary display */
  openPlayer(displayId?: number): Promise<Result<OpenOutcome>>
  displays(): Promise<Result<DisplayInfo[]>>
  openBoard(encounterId: string): Promise<Result<OpenOutcome>>
  /** browser mode: the player URL (the desktop app's player display is a window: none) */
  playerLink?(): Promise<Result<{ url: string | null }>>
  /** browser mode: a new player token, the old one revoked */
  newPlayerLink?(): Promise<Result<{ url: string }>>
}

/** Window handlers that follow whichever shell is attached (none yet: a plain error, not a throw). */
export function windowHandlers(getShell: () => WindowOpener | null): HandlerMap {
  const none = () => err('internal', 'no window shell is attached')
  return {
    'window:openPlayer': async (req) => getShell()?.openPlayer(req.displayId) ?? none(),
    'window:displays': async () => getShell()?.displays() ?? none(),
    'window:openBoard': async (req) => getShell()?.openBoard(req.encounterId) ?? none(),
    'window:playerLink': async () => {
      const shell = getShell()
      if (!shell) return none()
      return shell.playerLink ? shell.playerLink() : ok({ url: null })
    },
    'window:newPlayerLink': async () => getShell()?.newPlayerLink?.() ?? err('invalid', 'the desktop app has no player link: its player display is a window'),
  }
}
