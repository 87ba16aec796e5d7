/**
 * The bridge this window was given: the preload (Electron) or the browser-mode client exposes it as `window.gm`
 * (src-renderer/bridge). This is the only place outside bridge/ that reads it.
 */
import type { GmBridge } from '@shared/ipc/bridge-api'
import { installBridge } from '../bridge'

export function windowBridge(): GmBridge | undefined {
  installBridge() // browser mode: creates the WebSocket bridge from the page's token
  return (globalThis as { gm?: GmBridge }).gm
}
