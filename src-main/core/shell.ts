/**
 * What the core asks of the surrounding shell: Electron opens windows (src-main/windows), browser mode hands out
 * URLs (src-main/server). Also the print-to-PDF service the export code can call when running in Electron.
 */
import type { DisplayInfo } from '@shared/ipc/contract-core'
import { err, ok, type Result } from '@shared/result'
import type { HandlerMap } from '../ipc/handlers'

export interface OpenOutcome {
  /** a window was opened (Electron) */
  opened: boolean
  /** browser mode: the page to open in another tab or on another device */
  url?: string
}

export interface WindowShell {
  /** on `displayId` when given (and it exists), else the secondary display */
  openPlayer(displayId?: number): Promise<Result<OpenOutcome>>
  displays(): Promise<Result<DisplayInfo[]>>
  openBoard(encounterId: string): Promise<Result<OpenOutcome>>
  /** Chromium's print of a self-contained HTML document (Electron only) */
  printToPdf?(html: string): Promise<Result<Uint8Array>>
  /** a native save dialog over the console (Electron only): the chosen path, or null when cancelled */
  chooseSavePath?(suggestedName: string): Promise<Result<string | null>>
}

/** Window handlers that follow whichever shell is attached (none yet: a plain error, not a throw). */
export function createShellHandlers(getShell: () => WindowShell | null): HandlerMap {
  const none = () => err('internal', 'no window shell is attached')
  return {
    'window:openPlayer': async (req) => getShell()?.openPlayer(req.displayId) ?? none(),
    'window:displays': async () => getShell()?.displays() ?? none(),
    'window:openBoard': async (req) => getShell()?.openBoard(req.encounterId) ?? none(),
  }
}

/** Browser mode's shell: pages are opened by the user, so it returns their URLs. */
export function urlShell(urls: { playerUrl: string; boardUrl(encounterId: string): string }): WindowShell {
  return {
    openPlayer: async () => ok({ opened: false, url: urls.playerUrl }),
    displays: async () => ok([]),
    openBoard: async (encounterId) => ok({ opened: false, url: urls.boardUrl(encounterId) }),
  }
}
