/**
 * Browser mode: the built renderer over HTTP and the bridge over a WebSocket, both gated by a per-role token.
 *   GET /?token=<gm>          console page        GET /player?token=<player>   player display
 *   GET /board?token=<gm>&encounter=<id>          pop-out encounter board
 *   GET /assets/...           built files (no token: nothing secret in them)
 *   ws  /ws?token=<gm|player> bridge; the token fixes the role; no valid token → 401, never 101
 * Listens on 127.0.0.1 unless told otherwise. Every request must name this server in its Host header (a loopback
 * name or the --host address, with the port): anything else is refused with 421 (DNS rebinding). With `--host`,
 * a client on the network gets only the player display (its page, assets and a player socket): the console, the
 * boards and GM sockets answer only this computer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Role } from '@shared/ipc/contract'
import { WS_PATH } from '@shared/ipc/ws-protocol'
import type { Dispatch } from '../ipc/dispatch'
import type { Logger } from '../ipc/log'
import type { PushHub } from '../ipc/push-hub'
import { browserCsp } from '../web/csp'
import { contentType, resolveStatic } from '../web/static-files'
import { createTokens, roleForToken, type Tokens } from './tokens'
import { attachWsSession, DEFAULT_WS_LIMITS, type WsLimits } from './ws-session'

export interface BrowserServerOptions {
  dispatch: Dispatch
  hub: PushHub
  rendererDir: string
  host?: string
  /** 0: any free port */
  port?: number
  log: Logger
  tokens?: Tokens
  /** a new player token was made (`newPlayerUrl`): keep the tokens (serve.ts writes them to the data folder) */
  onTokens?: (tokens: Tokens) => void
  /** the host name printed in the player URL (default: the listen address; 127.0.0.1 for a wildcard one) */
  urlHost?: string
  /** more names this server answers to in the Host header (e.g. every address of this machine for --host) */
  extraHosts?: readonly string[]
  /** whether a request comes from this computer (default: a loopback peer, or the peer is our own address) */
  isLocalClient?: (req: IncomingMessage) => boolean
  /** per-connection WebSocket limits by role (tests lower them) */
  wsLimits?: Partial<Record<Role, WsLimits>>
}

export interface BrowserServer {
  consoleUrl: string
  /** the player page with the current player token */
  readonly playerUrl: string
  /** a new player token: the old one is refused from now on and its open player pages are disconnected */
  newPlayerUrl(): string
  /** the URL of a pop-out encounter board (role gm) */
  boardUrl(encounterId: string): string
  port: number
  host: string
  close(): Promise<void>
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']
const isLoopbackAddress = (a: string | undefined) => !!a && (a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.'))

/** Local: the peer is loopback, or the peer is one of our own addresses (this computer via its LAN address). */
export const localClient = (req: IncomingMessage): boolean => isLoopbackAddress(req.socket.remoteAddress) || (!!req.socket.remoteAddress && req.socket.remoteAddress === req.socket.localAddress)

/**
 * `name:port` as a Host header carries it (IPv6 in brackets), lower-case. An IPv6 address is the only name with a
 * colon (a host name or an IPv4 address has none): `net.isIP` would compile Node's IPv6 pattern on the first call,
 * about 10 ms of start-up (issue 13).
 */
export const hostHeader = (name: string, port: number) => `${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`.toLowerCase()

const PAGES: Record<string, { file: string; role: Role }> = {
  '/': { file: 'console.html', role: 'gm' },
  '/player': { file: 'player.html', role: 'player' },
  '/board': { file: 'board.html', role: 'gm' },
}

// large enough for the biggest request the contract allows (library:import text, 20 MB)
const MAX_MESSAGE_BYTES = DEFAULT_WS_LIMITS.gm.maxMessageBytes

/** The host to print in URLs: a wildcard listen address is reached locally through 127.0.0.1. */
const urlHost = (host: string): string => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host)

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', browserCsp())
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(text + '\n')
}

export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const { dispatch, hub, rendererDir, log } = opts
  const host = opts.host ?? '127.0.0.1'
  let tokens = opts.tokens ?? createTokens()
  const playerSockets = new Set<import('ws').WebSocket>()
  const isLocal = opts.isLocalClient ?? localClient
  let socketSeq = 0
  let allowedHosts = new Set<string>()
  const hostAllowed = (req: IncomingMessage) => allowedHosts.has(String(req.headers.host ?? '').toLowerCase())

  const serveFile = async (res: ServerResponse, file: string, head: boolean, noStore: boolean) => {
    try {
      const info = await stat(file)
      if (!info.isFile()) return plain(res, 404, 'not found')
      const body = await readFile(file)
      res.writeHead(200, { 'Content-Type': contentType(file), 'Content-Length': body.length, 'Cache-Control': noStore ? 'no-store' : 'max-age=3600' })
      res.end(head ? undefined : body)
    } catch {
      plain(res, 404, 'not found')
    }
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    securityHeaders(res)
    if (!hostAllowed(req)) {
      log.warn(`serve: refused a request for host ${JSON.stringify(String(req.headers.host ?? '')).slice(0, 80)}`)
      return plain(res, 421, 'GM Console: this server does not answer to that host name; use the URLs printed by `npm run serve`.')
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed')
    const url = new URL(req.url ?? '/', 'http://localhost')
    const page = PAGES[url.pathname]
    if (page) {
      if (page.role === 'gm' && !isLocal(req)) {
        log.warn(`serve: refused ${url.pathname} to ${req.socket.remoteAddress}: on the network only the player display is served`)
        return plain(res, 403, 'GM Console: on the network this server shows only the player display; open the player URL printed by `npm run serve`.')
      }
      if (roleForToken(tokens, url.searchParams.get('token')) !== page.role) {
        log.warn(`serve: refused ${url.pathname} without a valid ${page.role} token`)
        return plain(res, 403, 'GM Console: this address needs its token; use the URLs printed by `npm run serve`.')
      }
      return void serveFile(res, join(rendererDir, page.file), req.method === 'HEAD', true)
    }
    // browsers ask for /favicon.ico on token-refused (403) pages too; answer without an error
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204, { 'Cache-Control': 'max-age=86400' })
      return void res.end()
    }
    const file = resolveStatic(rendererDir, url.pathname)
    // pages are reached only through their token-checked routes
    if (!file || file.endsWith('.html')) return plain(res, 404, 'not found')
    void serveFile(res, file, req.method === 'HEAD', false)
  }

  const server = createServer(onRequest)
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })

  const refuseUpgrade = (socket: Duplex, status: string, why: string) => {
    log.warn(`serve: refused WebSocket upgrade: ${why}`)
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    socket.destroy()
  }

  server.on('upgrade', (req, socket, head) => {
    if (!hostAllowed(req)) return refuseUpgrade(socket, '421 Misdirected Request', `host ${String(req.headers.host ?? '').slice(0, 80)}`)
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== WS_PATH) return refuseUpgrade(socket, '404 Not Found', `path ${url.pathname.slice(0, 60)}`)
    const role = roleForToken(tokens, url.searchParams.get('token'))
    if (!role) return refuseUpgrade(socket, '401 Unauthorized', 'missing or invalid token')
    if (role === 'gm' && !isLocal(req)) return refuseUpgrade(socket, '403 Forbidden', `a GM socket from ${req.socket.remoteAddress} (network clients get the player display only)`)
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${req.headers.host}`) return refuseUpgrade(socket, '403 Forbidden', `foreign origin ${origin.slice(0, 80)}`)
    wss.handleUpgrade(req, socket, head, (ws) => {
      const socketId = `ws:${++socketSeq}`
      if (role === 'player') {
        playerSockets.add(ws)
        ws.once('close', () => playerSockets.delete(ws))
      }
      attachWsSession(ws, role, socketId, { dispatch, hub, log }, { ...DEFAULT_WS_LIMITS[role], ...opts.wsLimits?.[role] })
    })
  })

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0)
  const wildcard = host === '0.0.0.0' || host === '::'
  allowedHosts = new Set([...LOOPBACK_NAMES, ...(wildcard ? [] : [host]), ...(opts.urlHost ? [opts.urlHost] : []), ...(opts.extraHosts ?? [])].map((h) => hostHeader(h.replace(/^\[(.*)\]$/, '$1'), port)))
  // the console is for this computer: a loopback URL whenever the server listens there
  const consoleBase = `http://${wildcard || isLoopbackAddress(host) || host === 'localhost' ? '127.0.0.1' : urlHost(host)}:${port}`
  const base = `http://${urlHost(opts.urlHost ?? host)}:${port}`
  return {
    consoleUrl: `${consoleBase}/?token=${tokens.gm}`,
    get playerUrl() {
      return `${base}/player?token=${tokens.player}`
    },
    newPlayerUrl() {
      tokens = { gm: tokens.gm, player: createTokens().player }
      opts.onTokens?.(tokens)
      // 4401: the link was revoked (the page says so and does not retry with the old token)
      for (const ws of playerSockets) ws.close(4401, 'player link revoked')
      log.info('serve: a new player link was made; the old one no longer works')
      return `${base}/player?token=${tokens.player}`
    },
    boardUrl: (encounterId) => `${consoleBase}/board?token=${tokens.gm}&encounter=${encodeURIComponent(encounterId)}`,
    port,
    host,
    close: () =>
      new Promise<void>((done) => {
        for (const ws of wss.clients) ws.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
