/**
 * Browser mode: the built renderer over HTTP and the bridge over a WebSocket, both gated by a per-role token.
 *   GET /?token=<gm>          console page        GET /player?token=<player>   player display
 *   GET /board?token=<gm>&encounter=<id>          pop-out encounter board
 *   GET /assets/...           built files (no token: nothing secret in them)
 *   ws  /ws?token=<gm|player> bridge; the token fixes the role; no valid token → 401, never 101
 * Listens on 127.0.0.1 unless told otherwise.
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
import { attachWsSession } from './ws-session'

export interface BrowserServerOptions {
  dispatch: Dispatch
  hub: PushHub
  rendererDir: string
  host?: string
  /** 0: any free port */
  port?: number
  log: Logger
  tokens?: Tokens
  /** the host name printed in URLs (default: the listen address; 127.0.0.1 for a wildcard one) */
  urlHost?: string
}

export interface BrowserServer {
  consoleUrl: string
  playerUrl: string
  /** the URL of a pop-out encounter board (role gm) */
  boardUrl(encounterId: string): string
  port: number
  host: string
  close(): Promise<void>
}

const PAGES: Record<string, { file: string; role: Role }> = {
  '/': { file: 'console.html', role: 'gm' },
  '/player': { file: 'player.html', role: 'player' },
  '/board': { file: 'board.html', role: 'gm' },
}

// large enough for the biggest request the contract allows (library:import text, 20 MB)
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024

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
  const tokens = opts.tokens ?? createTokens()
  let socketSeq = 0

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
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed')
    const url = new URL(req.url ?? '/', 'http://localhost')
    const page = PAGES[url.pathname]
    if (page) {
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
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== WS_PATH) return refuseUpgrade(socket, '404 Not Found', `path ${url.pathname.slice(0, 60)}`)
    const role = roleForToken(tokens, url.searchParams.get('token'))
    if (!role) return refuseUpgrade(socket, '401 Unauthorized', 'missing or invalid token')
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${req.headers.host}`) return refuseUpgrade(socket, '403 Forbidden', `foreign origin ${origin.slice(0, 80)}`)
    wss.handleUpgrade(req, socket, head, (ws) => {
      const socketId = `ws:${++socketSeq}`
      attachWsSession(ws, role, socketId, { dispatch, hub, log })
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
  const base = `http://${urlHost(opts.urlHost ?? host)}:${port}`
  return {
    consoleUrl: `${base}/?token=${tokens.gm}`,
    playerUrl: `${base}/player?token=${tokens.player}`,
    boardUrl: (encounterId) => `${base}/board?token=${tokens.gm}&encounter=${encodeURIComponent(encounterId)}`,
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
