/**
 * The state of this window's connection to main (browser mode's WebSocket; Electron's IPC never drops), for the
 * "reconnecting…" banner, and the hooks that refresh what the window shows once the connection is back (pushes
 * sent while it was down were missed).
 */
import { ref } from 'vue'

export type ConnectionState = 'open' | 'lost' | 'revoked'

export const connection = ref<ConnectionState>('open')
const hooks = new Set<() => void>()

/** what the bridge reports (src-renderer/bridge) */
export function setConnection(status: 'open' | 'closed' | 'revoked'): void {
  const was = connection.value
  connection.value = status === 'open' ? 'open' : status === 'revoked' ? 'revoked' : 'lost'
  if (status === 'open' && was === 'lost') for (const h of [...hooks]) h()
}

/** run `fn` each time the connection comes back after a loss; returns the unsubscribe */
export function onReconnect(fn: () => void): () => void {
  hooks.add(fn)
  return () => hooks.delete(fn)
}
