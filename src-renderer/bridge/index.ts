/**
 * The only module that provides `window.gm`. In Electron the preload already exposed it; in browser mode this
 * creates the WebSocket client from the page's `?token=` and installs it as `window.gm`, so every window reads
 * the same GmBridge either way (src-renderer/bridge/window-bridge.ts).
 */
import type { GmBridge } from '@shared/ipc/bridge-api'
import { browserEndpoint, createWsBridge } from './ws-bridge'
import { setConnection } from './connection'

export { createWsBridge, browserEndpoint } from './ws-bridge'

type WithGm = { gm?: GmBridge }

/** Ensures `window.gm` exists when it can (Electron preload, or a browser-mode page with its token); returns it. */
export function installBridge(): GmBridge | undefined {
  const g = globalThis as WithGm
  if (g.gm) return g.gm
  if (typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return undefined
  const endpoint = browserEndpoint(location)
  if (!endpoint) return undefined
  const bridge = createWsBridge({ ...endpoint, onStatus: setConnection })
  Object.defineProperty(globalThis, 'gm', { value: bridge, writable: false, configurable: false, enumerable: false })
  return bridge
}
