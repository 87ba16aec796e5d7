/**
 * This window's link to main, for the screens: the stores are the only callers of src-renderer/bridge, so the boot
 * and the windows never import it (architecture: UI never -> Bridge). A window's `main.ts` asks here for the bridge it
 * was given (`windowBridge`: the preload's, or browser mode's WebSocket client), the boot hands it to the bridge
 * module (`useBridge`), the banner reads the connection's state, and a window reloads what it shows after a lost
 * connection (`onReconnect`).
 */
import { computed } from 'vue'
import { defineStore } from 'pinia'
import type { GmBridge } from '@shared/ipc/bridge-api'
import { setBridge } from '../bridge/call'
import { connection, onReconnect } from '../bridge/connection'
import { windowBridge } from '../bridge/window-bridge'

export type { ConnectionState } from '../bridge/connection'
export { onReconnect, windowBridge }

/** the bridge every store's call goes through from now on (a window's boot; tests set a fake) */
export function useBridge(bridge: GmBridge): void {
  setBridge(bridge)
}

export const useConnectionStore = defineStore('connection', () => {
  /** 'open', 'lost' (reconnecting by itself) or 'revoked' (the player link was replaced) */
  const state = computed(() => connection.value)
  return { state }
})
