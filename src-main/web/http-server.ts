/**
 * Browser mode: the built renderer over HTTP and the bridge over a WebSocket, both gated by a per-role token.
 *   GET /?token=<gm>          console page        GET /player?token=<player>   player display
 *   GET /board?token=<gm>&encounter=<id>          pop-out encounter board
 *   GET /assets/...           built files (no token: nothing secret in them)
 *   GET /me?token=<link>      a player's phone (issue 29): its character's link token; a revoked one → 410
 *   ws  /ws?token=<gm|player|link> bridge; the token fixes the role (a link's: `character`, bound to its character);
 *                             no valid token → 401, never 101; a revoked link's → accepted, then closed with 4401
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
import { browserCsp } from './csp'
import { contentType, resolveStatic } from './static-files'
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
  /** players' phone links (issue 29): the link a token opens, and whether a token was a revoked link's */
  links?: LinkTokens
  /** this computer's LAN address, offered to the GM when the server listens on this computer only */
  lanAddress?: () => string | null
  /** a phone connected or left (the console's counts of connected phones follow) */
  onLinkSockets?: () => void
}

/** What the server asks of the player links (the link store, through the wiring). */
export interface LinkTokens {
  byToken(token: string | null | undefined): { id: string; campaignId: string; characterId: string } | undefined
  wasRevoked(token: string | null | undefined): boolean
}

export interface BrowserServer {
  consoleUrl: string
  /** the player page with the current player token */
  readonly playerUrl: string
  /** a new player token: the old one is refused from now on and its open player pages are disconnected */
  newPlayerUrl(): string
  /** the URL of a pop-out encounter board (role gm) */
  boardUrl(encounterId: string): string
  /** a phone's page for a link token (issue 29), at the address phones reach */
  phoneUrl(token: string): string
  /** where phones can reach this server: its host for links, whether it listens on this computer only, and a LAN
   *  address it could listen on */
  reach(): { host: string; local: boolean; lanAddress: string | null }
  /** listen on `address` too (the LAN address: phones can then reach it), or stop listening there (null) */
  listenAlso(address: string | null): Promise<void>
  /** a revoked link: its phones are disconnected at once (close 4401: the page says so and does not retry) */
  closeLink(linkId: string): void
  /** phones connected now per link id */
  phonesConnected(): Map<string, number>
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
  '/me': { file: 'player.html', role: 'character' },
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

async function serveFile(res: ServerResponse, file: string, head: boolean, noStore: boolean): Promise<void> {
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

/** What the handlers ask of the running server: its Host names and tokens change while it runs. */
interface Gate {
  hostAllowed(req: IncomingMessage): boolean
  isLocal(req: IncomingMessage): boolean
  tokens(): Tokens
}

/** The HTTP requests: each page behind its token (a phone's behind its link), the built files, nothing else. */
function requestHandler(opts: BrowserServerOptions, gate: Gate): (req: IncomingMessage, res: ServerResponse) => void {
  const { rendererDir, log } = opts
  return (req, res) => {
    securityHeaders(res)
    if (!gate.hostAllowed(req)) {
      log.warn(`serve: refused a request for host ${JSON.stringify(String(req.headers.host ?? '')).slice(0, 80)}`)
      return plain(res, 421, 'GM Console: this server does not answer to that host name; use the URLs printed by `npm run serve`.')
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed')
    const url = new URL(req.url ?? '/', 'http://localhost')
    const page = PAGES[url.pathname]
    if (page) {
      if (page.role === 'gm' && !gate.isLocal(req)) {
        log.warn(`serve: refused ${url.pathname} to ${req.socket.remoteAddress}: on the network only the player display is served`)
        return plain(res, 403, 'GM Console: on the network this server shows only the player display; open the player URL printed by `npm run serve`.')
      }
      if (page.role === 'character') {
        const token = url.searchParams.get('token')
        if (!opts.links?.byToken(token)) {
          if (opts.links?.wasRevoked(token)) return plain(res, 410, 'GM Console: the GM revoked this player link. Ask the GM for a new one.')
          log.warn(`serve: refused ${url.pathname} without a valid player link`)
          return plain(res, 403, 'GM Console: this address needs its player link; ask the GM for one.')
        }
        return void serveFile(res, join(rendererDir, page.file), req.method === 'HEAD', true)
      }
      if (roleForToken(gate.tokens(), url.searchParams.get('token')) !== page.role) {
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
}

export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const { dispatch, hub, log } = opts
  const host = opts.host ?? '127.0.0.1'
  let tokens = opts.tokens ?? createTokens()
  const playerSockets = new Set<import('ws').WebSocket>()
  const linkSockets = new Map<string, Set<import('ws').WebSocket>>()
  const isLocal = opts.isLocalClient ?? localClient
  let socketSeq = 0
  let allowedHosts = new Set<string>()
  const hostAllowed = (req: IncomingMessage) => allowedHosts.has(String(req.headers.host ?? '').toLowerCase())

  const onRequest = requestHandler(opts, { hostAllowed, isLocal, tokens: () => tokens })

  const server = createServer(onRequest)
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  /** a second listener (`listenAlso`: the LAN address, for phones) */
  let also: { server: ReturnType<typeof createServer>; address: string } | null = null

  const refuseUpgrade = (socket: Duplex, status: string, why: string) => {
    log.warn(`serve: refused WebSocket upgrade: ${why}`)
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    socket.destroy()
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!hostAllowed(req)) return refuseUpgrade(socket, '421 Misdirected Request', `host ${String(req.headers.host ?? '').slice(0, 80)}`)
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== WS_PATH) return refuseUpgrade(socket, '404 Not Found', `path ${url.pathname.slice(0, 60)}`)
    const token = url.searchParams.get('token')
    const link = roleForToken(tokens, token) ? undefined : opts.links?.byToken(token)
    const role = roleForToken(tokens, token) ?? (link ? 'character' : undefined)
    const revoked = !role && opts.links?.wasRevoked(token) === true
    if (!role && !revoked) return refuseUpgrade(socket, '401 Unauthorized', 'missing or invalid token')
    if (role === 'gm' && !isLocal(req)) return refuseUpgrade(socket, '403 Forbidden', `a GM socket from ${req.socket.remoteAddress} (network clients get the player display only)`)
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${req.headers.host}`) return refuseUpgrade(socket, '403 Forbidden', `foreign origin ${origin.slice(0, 80)}`)
    wss.handleUpgrade(req, socket, head, (ws) => {
      // a phone back from sleep with a link revoked meanwhile: told so (4401), not "connection lost" for ever
      if (!role) return void ws.close(4401, 'player link revoked')
      const socketId = `ws:${++socketSeq}`
      if (role === 'player') {
        playerSockets.add(ws)
        ws.once('close', () => playerSockets.delete(ws))
      }
      if (link) {
        let set = linkSockets.get(link.id)
        if (!set) linkSockets.set(link.id, (set = new Set()))
        set.add(ws)
        opts.onLinkSockets?.()
        ws.once('close', () => {
          set.delete(ws)
          if (set.size === 0 && linkSockets.get(link.id) === set) linkSockets.delete(link.id)
          opts.onLinkSockets?.()
        })
      }
      const bound = link ? { id: link.id, campaignId: link.campaignId, characterId: link.characterId } : undefined
      attachWsSession(ws, role, socketId, { dispatch, hub, log }, { ...DEFAULT_WS_LIMITS[role], ...opts.wsLimits?.[role] }, bound)
    })
  }
  server.on('upgrade', onUpgrade)

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
  const loopbackOnly = isLoopbackAddress(host) || host === 'localhost'
  /** the address phones open: the LAN listener's when there is one, else the server's own */
  const phoneBase = () => (also ? `http://${urlHost(also.address)}:${port}` : base)
  return {
    consoleUrl: `${consoleBase}/?token=${tokens.gm}`,
    // the TV's link too names the address other devices reach (the LAN listener's once the GM asked for it)
    get playerUrl() {
      return `${phoneBase()}/player?token=${tokens.player}`
    },
    newPlayerUrl() {
      tokens = { gm: tokens.gm, player: createTokens().player }
      opts.onTokens?.(tokens)
      // 4401: the link was revoked (the page says so and does not retry with the old token)
      for (const ws of playerSockets) ws.close(4401, 'player link revoked')
      log.info('serve: a new player link was made; the old one no longer works')
      return `${phoneBase()}/player?token=${tokens.player}`
    },
    boardUrl: (encounterId) => `${consoleBase}/board?token=${tokens.gm}&encounter=${encodeURIComponent(encounterId)}`,
    phoneUrl: (token) => `${phoneBase()}/me?token=${encodeURIComponent(token)}`,
    reach: () => {
      const lan = opts.lanAddress?.() ?? null
      if (also) return { host: also.address, local: false, lanAddress: lan }
      const shown = opts.urlHost ?? host
      return { host: shown, local: loopbackOnly && !opts.urlHost, lanAddress: lan }
    },
    async listenAlso(address) {
      if (also) {
        const old = also
        also = null
        allowedHosts.delete(hostHeader(old.address, port))
        old.server.closeAllConnections()
        await new Promise<void>((done) => old.server.close(() => done()))
      }
      if (address === null) return
      const second = createServer(onRequest)
      second.on('upgrade', onUpgrade)
      await new Promise<void>((resolveListen, reject) => {
        second.once('error', reject)
        second.listen(port, address, () => {
          second.off('error', reject)
          resolveListen()
        })
      })
      also = { server: second, address }
      allowedHosts.add(hostHeader(address, port))
      log.info(`serve: listening on ${address}:${port} too: phones on the network can open their links`)
    },
    closeLink(linkId) {
      for (const ws of linkSockets.get(linkId) ?? []) ws.close(4401, 'player link revoked')
    },
    phonesConnected: () => new Map([...linkSockets].map(([id, set]) => [id, set.size])),
    port,
    host,
    close: () =>
      new Promise<void>((done) => {
        for (const ws of wss.clients) ws.terminate()
        wss.close()
        if (also) {
          also.server.closeAllConnections()
          also.server.close()
        }
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
