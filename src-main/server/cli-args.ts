/** `npm run serve` options: `--port N`, `--data-dir DIR`, `--host [ADDR]`, `--help`. Errors are one line. */
import { err, ok, type Result } from '@shared/result'

export interface ServeArgs {
  port: number
  dataDir: string | null
  host: string
  help: boolean
}

export const SERVE_USAGE = 'usage: npm run serve -- [--port N] [--data-dir DIR] [--host [ADDR]]   (--host alone listens on all interfaces)'

export function parseServeArgs(argv: readonly string[]): Result<ServeArgs> {
  const out: ServeArgs = { port: 5178, dataDir: null, host: '127.0.0.1', help: false }
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]
    const eq = raw.indexOf('=')
    const flag = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw
    const inline = raw.startsWith('--') && eq > 0 ? raw.slice(eq + 1) : undefined
    const value = (): string | undefined => inline ?? (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') ? argv[++i] : undefined)
    switch (flag) {
      case '--port': {
        const v = value()
        const n = Number(v)
        if (v === undefined || !/^\d+$/.test(v) || n < 0 || n > 65535) return err('invalid', `--port needs a number from 0 to 65535 (got ${v === undefined ? 'nothing' : JSON.stringify(v)})`, 'port')
        out.port = n
        break
      }
      case '--data-dir': {
        const v = value()
        if (!v || !v.trim()) return err('invalid', '--data-dir needs a folder', 'dataDir')
        out.dataDir = v
        break
      }
      case '--host': {
        const v = value()
        if (v !== undefined && !/^[A-Za-z0-9.:[\]-]{1,253}$/.test(v)) return err('invalid', `--host needs an address (got ${JSON.stringify(v)})`, 'host')
        out.host = v ?? '0.0.0.0'
        break
      }
      case '--help':
      case '-h':
        out.help = true
        break
      default:
        return err('invalid', `unknown option ${JSON.stringify(raw)}`, 'argv')
    }
  }
  return ok(out)
}
