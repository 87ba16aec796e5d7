/** The browser-mode client (src-shared/ipc/ws-client.ts) over the page's own WebSocket. */
import { createWsBridge as createClient, type SocketLike, type WsBridgeOptions } from '@shared/ipc/ws-client'
import { resubscribed } from './call'

export { browserEndpoint } from '@shared/ipc/ws-client'

/** a view that missed a change (a dropped delta) is asked for again by the stores that follow it (call.ts `listen`) */
export const createWsBridge = (opts: Omit<WsBridgeOptions, 'connect'> & Partial<Pick<WsBridgeOptions, 'connect'>>) =>
  createClient({ connect: (url) => new WebSocket(url) as unknown as SocketLike, onResubscribed: resubscribed, ...opts })
