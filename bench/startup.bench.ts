/**
 * Browser mode's start-up (issue 13): from `node scripts/serve.mjs` to its two URLs, the built server
 * (out/main/server.js) against a bare Node http server started the same way (goal: ≤ 3×), and against the
 * TypeScript sources through tsx (what it was before). First start on a fresh data folder (the samples are
 * seeded) and a second start on the same folder. The median of three of each, measured in one run.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const name = 'startup'

const root = join(__dirname, '..')

function timeToUrls(args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } })
    let out = ''
    let found = false
    const onData = (d: Buffer) => {
      out += String(d)
      if (!found && (out.match(/https?:\/\/\S+/g) ?? []).length >= 2) {
        found = true
        const ms = performance.now() - t0
        child.kill('SIGTERM')
        child.once('exit', () => resolve(ms))
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (d: Buffer) => (out += String(d)))
    child.once('exit', (code) => found || reject(new Error(`exited with ${code} before printing its URLs:\n${out}`)))
  })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export async function run(): Promise<Record<string, { value: number; unit: string; target: string }>> {
  if (!existsSync(join(root, 'out', 'main', 'server.js'))) {
    // build first (scripts/lib.mjs is plain JavaScript without types: run it as npm does)
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) throw new Error('bench: the build failed')
  }
  const bare = ['-e', "require('http').createServer(()=>{}).listen(0,'127.0.0.1',function(){const p=this.address().port;console.log('http://127.0.0.1:'+p+'/a http://127.0.0.1:'+p+'/b')})"]
  const serve = (dir: string) => [join(root, 'scripts', 'serve.mjs'), '--port', '0', '--data-dir', dir]
  const b: number[] = [], fresh: number[] = [], again: number[] = [], source: number[] = []
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-bench-start-'))
    try {
      b.push(await timeToUrls(bare))
      fresh.push(await timeToUrls(serve(dir)))
      again.push(await timeToUrls(serve(dir)))
      source.push(await timeToUrls(serve(dir), { GM_CONSOLE_SERVER_FROM_SOURCE: '1' }))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const ref = median(b)
  return {
    'startup.bare-node-http': { value: Number(ref.toFixed(0)), unit: 'ms', target: 'reference' },
    'startup.built.first-start/bare': { value: Number((median(fresh) / ref).toFixed(2)), unit: 'x', target: '≤ 3 (samples seeded)' },
    'startup.built.later-start/bare': { value: Number((median(again) / ref).toFixed(2)), unit: 'x', target: '≤ 3' },
    'startup.from-source/bare': { value: Number((median(source) / ref).toFixed(2)), unit: 'x', target: 'before issue 13' },
  }
}
