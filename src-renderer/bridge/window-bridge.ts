/**
 * The bridge this window was given: the preload (Electron) or the browser-mode client exposes it as `window.gm`
 * (bridge/index.ts). Only the stores hand it on (stores/connection.ts): no screen imports the bridge.
 */
import type { GmBridge } from '@shared/ipc/bridge-api'
import { installBridge } from './index'

export function windowBridge(): GmBridge | undefined {
  installBridge() // browser mode: creates the WebSocket bridge from the page's token
  return (globalThis as { gm?: GmBridge }).gm
}
