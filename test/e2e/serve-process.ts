/**
 * Browser mode's server as a process a test can stop, crash and start again on the same data folder and the same
 * port, so the pages' URLs (their tokens are kept in the data folder) stay valid and open pages reconnect by
 * themselves, as at a real table. Built on test/support/serve-process.ts (`startServe`).
 *
 *   const server = await startTableServer()                  // a temp data folder, a free port
 *   await page.goto(server.consoleUrl)                       // also playerUrl, boardUrl(encounterId)
 *   await server.restart('SIGTERM')                          // stopped (shutdown runs), started again
 *   await server.restart('SIGKILL')                          // a crash: nothing runs at exit
 *   await server.stop()
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServe, type ServeProcess } from '../support/serve-process'

export interface TableServer {
  dataDir: string
  port: number
  consoleUrl: string
  playerUrl: string
  /** the pop-out board of one encounter (what "Pop out" opens) */
  boardUrl(encounterId: string): string
  /** the running process (a new one after each restart) */
  process(): ServeProcess
  /** SIGTERM: a stop, its shutdown runs; SIGKILL: a crash. Then a new server on the same folder and port. */
  restart(how: 'SIGTERM' | 'SIGKILL'): Promise<void>
  /** ends the running process (SIGTERM) */
  stop(): Promise<void>
}

export interface TableServerOptions {
  /** default: a new temporary folder */
  dataDir?: string
  /** the node arguments that start the server (default scripts/serve.mjs; e.g. a bundle from serve-bundle.ts) */
  entry?: string | string[]
  /** how long a start may take to print its URLs */
  timeoutMs?: number
}

export async function startTableServer(opts: TableServerOptions = {}): Promise<TableServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'gmc-table-'))
  const timeoutMs = opts.timeoutMs ?? 60_000
  let running = await startServe(dataDir, timeoutMs, opts.entry)
  const port = Number(new URL(running.consoleUrl).port)
  const { consoleUrl, playerUrl } = running
  return {
    dataDir,
    port,
    consoleUrl,
    playerUrl,
    boardUrl: (encounterId) => `${consoleUrl.replace(/\/\?/, '/board?')}&encounter=${encodeURIComponent(encounterId)}`,
    process: () => running,
    async restart(how) {
      await (how === 'SIGKILL' ? running.kill() : running.stop())
      // the port was just freed: a start that finds it still taken is tried again
      for (let attempt = 1; ; attempt++) {
        try {
          running = await startServe(dataDir, timeoutMs, opts.entry, port)
          break
        } catch (e) {
          if (attempt >= 5 || !/in use/.test(String(e))) throw e
          await new Promise((r) => setTimeout(r, 200 * attempt))
        }
      }
      if (running.consoleUrl !== consoleUrl || running.playerUrl !== playerUrl) throw new Error(`the restarted server has other URLs: ${running.consoleUrl}`)
    },
    stop: () => running.stop(),
  }
}
