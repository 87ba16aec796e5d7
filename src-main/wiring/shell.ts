/**
 * What the core asks of the surrounding shell: Electron opens windows (src-main/windows), browser mode hands out
 * URLs (src-main/server). It is the union of the ports of the layers that use it: the window handlers'
 * `WindowOpener` (src-main/ipc/handlers/window.ts) and the services' `Shell` (save dialog and print to PDF,
 * src-main/services/ports.ts).
 */
import { ok } from '@shared/result'
import type { OpenOutcome, WindowOpener } from '../ipc/handlers/window'
import type { Shell } from '../services/ports'

export type { OpenOutcome }

export interface WindowShell extends WindowOpener, Shell {}

/** Browser mode's shell: pages are opened by the user, so it returns their URLs (the player URL as it is now:
 * `newPlayerUrl` revokes the old token). */
export function urlShell(urls: { readonly playerUrl: string; boardUrl(encounterId: string): string; newPlayerUrl?(): string }): WindowShell {
  return {
    openPlayer: async () => ok({ opened: false, url: urls.playerUrl }),
    displays: async () => ok([]),
    openBoard: async (encounterId) => ok({ opened: false, url: urls.boardUrl(encounterId) }),
    playerLink: async () => ok({ url: urls.playerUrl }),
    ...(urls.newPlayerUrl ? { newPlayerLink: async () => ok({ url: urls.newPlayerUrl!() }) } : {}),
  }
}
