// Shared helpers of the npm scripts (plain Node, no TypeScript).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { useCodeCache } from './code-cache.mjs'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** `electron-vite build`, quietly; exits with its output on failure. */
export function build({ quiet = true } = {}) {
  // required here, not at the top: `npm run serve` on a built tree never builds, and loading child_process costs
  // its start-up about 13 ms (issue 13)
  const { spawnSync } = createRequire(import.meta.url)('node:child_process')
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  })
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`)
    console.error('gm-console: the build failed')
    process.exit(1)
  }
}

export const isBuilt = () => ['out/renderer/console.html', 'out/renderer/player.html'].every((p) => existsSync(join(root, p)))

/** Imports a TypeScript module of the project through tsx (with the @shared path alias). */
export async function importTs(relPath) {
  // tsx reads the tsconfig (for the @shared/* paths) from this variable; its `tsconfig` option misses CommonJS requires
  process.env.TSX_TSCONFIG_PATH ??= join(root, 'tsconfig.node.json')
  const { tsImport } = await import('tsx/esm/api')
  return tsImport(join(root, relPath), import.meta.url)
}

/** the files under these folders of the project */
function filesUnder(dirs) {
  const out = []
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else out.push(p)
    }
  }
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d))
  return out
}

/**
 * Browser mode's server module (src-main/server/serve.ts). The built one (out/main/server.js) when it is at least as
 * new as the main-process sources: it starts without transpiling anything at run time (issue 13). Otherwise (no
 * build yet, or sources changed since, as while developing) the sources through tsx.
 *
 * The sources' times are read on libuv's threads while this thread compiles the built server (about 300 files: 25 ms
 * of start-up when read one by one first); a build older than a source is then set aside and the sources load.
 */
export async function importServer() {
  const built = join(root, 'out', 'main', 'server.js')
  if (process.env.GM_CONSOLE_SERVER_FROM_SOURCE !== '1' && existsSync(built)) {
    const builtAt = statSync(built).mtimeMs
    const newer = Promise.all(filesUnder(['src-main', 'src-shared']).map((f) => stat(f).then((s) => s.mtimeMs > builtAt, () => false))).then((xs) => xs.some(Boolean))
    // compiled with V8's code cache of the previous start (code-cache.mjs); the cache of this start is written once
    // it is serving (or when it stops first), off the start-up path
    const cache = process.env.GM_CONSOLE_NO_CODE_CACHE === '1' ? null : useCodeCache(dirname(built))
    const server = createRequire(import.meta.url)(built)
    if (!(await newer)) {
      if (cache) {
        setTimeout(() => cache.save(), 2000).unref()
        process.once('exit', () => cache.save())
      }
      return server
    }
    console.error('gm-console: the sources are newer than the build (out/main): running them through tsx; `npm run build` to start faster')
  }
  return importTs('src-main/server/serve.ts')
}
