/**
 * Browser mode's entry (`npm run serve`): the same core as the Electron app, served over HTTP + WebSocket.
 * Prints exactly two URLs, the console first, then the player display, each with its own token.
 * Bad flags or paths: one line on stderr and exit code 2.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defaultDataDir, createCore, PLAYER_SETTLE_MS } from '../wiring/create-core'
import { urlShell } from '../wiring/shell'
import { consoleLogger, type Logger } from '../ipc/log'
import { parseServeArgs, SERVE_USAGE } from './cli-args'

// the built server (out/main/server.js) is all scripts/serve.mjs and scripts/start.mjs load
export { parseServeArgs }
import type { BrowserServer } from '../web/http-server'
import { serveCore } from '../web/core-server'

export interface ServeOptions {
  /** the project (or unpacked app) root holding out/renderer, resources/ and package.json */
  root: string
  log?: Logger
  out?: (line: string) => void
}

export interface Running {
  server: BrowserServer
  stop(): Promise<void>
}

export class UsageError extends Error {}

/** Parses, checks, starts; throws UsageError (one line) for bad flags or paths. */
export async function serve(argv: readonly string[], opts: ServeOptions): Promise<Running | null> {
  const out = opts.out ?? ((line: string) => console.log(line))
  const log = opts.log ?? consoleLogger
  const args = parseServeArgs(argv)
  if (!args.ok) throw new UsageError(`${args.error.message}. ${SERVE_USAGE}`)
  if (args.value.help) {
    out(SERVE_USAGE)
    return null
  }
  const dataDir = resolve(args.value.dataDir ?? defaultDataDir())
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new UsageError(`--data-dir ${dataDir} is not a folder`)
  try {
    mkdirSync(dataDir, { recursive: true })
  } catch (e) {
    throw new UsageError(`cannot create the data folder ${dataDir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`)
  }
  const rendererDir = join(opts.root, 'out', 'renderer')
  if (!existsSync(join(rendererDir, 'console.html'))) throw new UsageError(`${rendererDir} has no built renderer: run \`npm run build\` first`)
  const resources = join(opts.root, 'resources', 'campaigns')
  const version = (JSON.parse(readFileSync(join(opts.root, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'

  // built, the danger check's worker is its own bundle beside this one (electron.vite.config.ts); run from the
  // sources, there is none here and the threads load the sources too (danger-threads.ts). (An ES module bundle of
  // this file, a test's, has no __dirname.)
  const dangerWorker = typeof __dirname === 'string' ? join(__dirname, 'danger-worker.js') : undefined
  // GM_CONSOLE_DANGER_IDLE_MS: how long the danger check's idle threads stay (default 20 minutes), e.g. shorter on a
  // machine short of memory, or for the bench's check after the threads idled out (bench/danger-server-probe.mjs)
  const dangerIdleMs = Number(process.env.GM_CONSOLE_DANGER_IDLE_MS) || undefined
  // the wiring opens the store (a first start copies the samples in and the console opens the first)
  const core = await createCore({ mode: 'browser', version, log, dataDir, resourcesDir: resources, playerSettleMs: PLAYER_SETTLE_MS, dangerWorker, dangerIdleMs })
  if (core.storeProblem) throw new UsageError(`cannot use the data folder ${dataDir}: ${core.storeProblem}`)
  // a restart (or a crash) changes nothing the pages see: the campaign open before, its encounters, the one shown to
  // players, all back before the first page reconnects (issue 27)
  await core.resume()

  let server: BrowserServer
  try {
    // the same server the desktop app starts for the phones (web/core-server.ts), attached as the phones' server
    server = await serveCore(core, { dataDir, rendererDir, host: args.value.host, port: args.value.port, log })
  } catch (e) {
    await core.close()
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') throw new UsageError(`port ${args.value.port} is in use; pick another with --port`)
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`cannot listen on --host ${args.value.host}`)
    throw e
  }
  core.attachShell(urlShell({ get playerUrl() { return server.playerUrl }, boardUrl: (id) => server.boardUrl(id), newPlayerUrl: () => server.newPlayerUrl() }))
  out(`GM Console ${version}, browser mode. Campaigns: ${dataDir}`)
  out(`Console (GM):   ${server.consoleUrl}`)
  out(`Player display: ${server.playerUrl}`)
  if (server.host !== '127.0.0.1' && server.host !== 'localhost') out(`Listening on ${server.host} (port ${server.port}): devices on the network get the player display only (with its token); the console answers this computer only.`)
  return {
    server,
    stop: async () => {
      await server.close()
      await core.close()
    },
  }
}
