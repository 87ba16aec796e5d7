/**
 * The HTTP + WebSocket server over a core, as both entry points start it (issue 29): browser mode (server/serve.ts)
 * serves the console, the TV and the players' phones through it; the desktop app (index.ts) serves the phones (its
 * console and TV are windows), so a player link opens on a phone in either mode. It keeps the console's and the TV's
 * tokens in the data folder, resolves a phone's link token through the core, offers this computer's LAN address to
 * the GM (links:reach), and hands the core the server as its phones' (`attachPhones`).
 */
import { networkInterfaces } from 'node:os'
import type { Dispatch } from '../ipc/dispatch'
import type { Logger } from '../ipc/log'
import type { PushHub } from '../ipc/push-hub'
import { startBrowserServer, type BrowserServer, type LinkTokens } from './http-server'
import { loadTokens, saveTokens } from './tokens'

/** What the server takes of the core (src-main/wiring/create-core.ts `Core`). */
export interface ServedCore {
  dispatch: Dispatch
  hub: PushHub
  linkTokens: LinkTokens
  attachPhones(server: BrowserServer): void
  phonesChanged(): void
}

export interface CoreServerOptions {
  /** the data folder: the tokens are kept there (tokens.ts), beside the campaigns and the player links */
  dataDir: string
  /** the built renderer (out/renderer; inside app.asar in a packaged app) */
  rendererDir: string
  /** the listen address: 127.0.0.1 by default (this computer only, until the GM asks for the network) */
  host?: string
  /** 0: any free port */
  port: number
  /** the port is taken (another copy of the app, browser mode): any free port instead of failing */
  anyPortIfTaken?: boolean
  log: Logger
}

/** Every address of this machine (the Host names a server on all interfaces answers to). */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address))
}

/** The LAN address a player device can reach (else 127.0.0.1). */
export function lanAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  return '127.0.0.1'
}

/** Starts the server over `core` and attaches it as the phones' server; throws as `listen` does (EADDRINUSE…). */
export async function serveCore(core: ServedCore, opts: CoreServerOptions): Promise<BrowserServer> {
  const host = opts.host ?? '127.0.0.1'
  const wildcard = host === '0.0.0.0' || host === '::'
  // the tokens survive restarts (per data folder): bookmarked player URLs keep working, open pages reconnect
  const tokens = loadTokens(opts.dataDir)
  const start = (port: number) =>
    startBrowserServer({
      dispatch: core.dispatch,
      hub: core.hub,
      rendererDir: opts.rendererDir,
      host,
      port,
      log: opts.log,
      tokens,
      onTokens: (t) => saveTokens(opts.dataDir, t),
      urlHost: wildcard ? lanAddress() : undefined,
      extraHosts: wildcard ? ownAddresses() : [],
      links: core.linkTokens,
      lanAddress: () => {
        const a = lanAddress()
        return a === '127.0.0.1' ? null : a
      },
      onLinkSockets: () => core.phonesChanged(),
    })
  let server: BrowserServer
  try {
    server = await start(opts.port)
  } catch (e) {
    if (!opts.anyPortIfTaken || opts.port === 0 || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e
    opts.log.warn(`phones: port ${opts.port} is in use; listening on another`)
    server = await start(0)
  }
  core.attachPhones(server)
  return server
}
