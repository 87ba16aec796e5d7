/** The browser-mode client (src-shared/ipc/ws-client.ts) over the page's own WebSocket. */
import { createWsBridge as createClient, type SocketLike, type WsBridgeOptions } from '@shared/ipc/ws-client'

export { browserEndpoint } from '@shared/ipc/ws-client'

export const createWsBridge = (opts: Omit<WsBridgeOptions, 'connect'> & Partial<Pick<WsBridgeOptions, 'connect'>>) =>
  createClient({ connect: (url) => new WebSocket(url) as unknown as SocketLike, ...opts })
