/**
 * Starts browser mode as a real child process (`node scripts/serve.mjs --port 0 --data-dir DIR`) and reads the two
 * URLs it prints; `stop()` ends exactly that process. Used by the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

export interface ServeProcess {
  /** the server's process id */
  pid: number
  consoleUrl: string
  playerUrl: string
  output: () => string
  stop(): Promise<void>
  /** SIGKILL the server (a crash: no shutdown runs); resolves when it is gone */
  kill(): Promise<void>
}

const root = join(import.meta.dirname, '..', '..')

/**
 * `entry`: the node arguments that start the server (default scripts/serve.mjs; the crash test runs a bundle of it
 * that starts faster, the mini-system test its own entry); `port`: a fixed port (a restart on the same address),
 * default any free one
 */
export function startServe(dataDir: string, timeoutMs = 30_000, entry: string | string[] = join(root, 'scripts', 'serve.mjs'), port = 0): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [...(Array.isArray(entry) ? entry : [entry]), '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`serve printed no URLs within ${timeoutMs} ms:\n${out}`))
    }, timeoutMs)
    const check = () => {
      const [consoleUrl, playerUrl] = out.match(/https?:\/\/\S+/g) ?? []
      if (consoleUrl && playerUrl) {
        clearTimeout(timer)
        child.stdout!.off('data', check)
        const kill = () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGKILL')
          })
        resolve({ pid: child.pid!, consoleUrl, playerUrl, output: () => out, stop, kill })
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}:\n${out}`))
    })
  })
}
