// Shared helpers of the npm scripts (plain Node, no TypeScript).
import { existsSync, readFileSync, stat as statCb, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { useCodeCache } from './code-cache.mjs'
import { sourcesUnder } from './sources.mjs'

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

/** what the last build was made from: its folders and files, relative to the project (written by the build:
 *  electron.vite.config.ts) */
export const SOURCES_LIST = join('out', 'main', '.sources.json')

/**
 * Whether a source changed after `builtAt` (ms): one of the build's files or folders is newer, or gone. A folder's
 * time changes when a file is added to it, removed or renamed, so the build's list (SOURCES_LIST) covers new files
 * too; without the list (a build before it), the folders are walked first, on this thread. The times are read on
 * libuv's threads: the caller compiles the built server meanwhile.
 */
export function sourcesNewer(builtAt, base = root) {
  let listed = null
  try {
    listed = JSON.parse(readFileSync(join(base, SOURCES_LIST), 'utf8'))
  } catch {
    listed = null
  }
  const paths = Array.isArray(listed?.dirs) && Array.isArray(listed?.files) ? [...listed.dirs, ...listed.files] : null
  // listed but gone: a source was removed after the build; walked but gone: removed while being read
  if (paths) return newerThan(base, paths, builtAt, true)
  const walked = sourcesUnder(base)
  return newerThan(base, [...walked.dirs, ...walked.files], builtAt, false)
}

/** any of `paths` (under `base`) newer than `t`; `gone`: what a path that cannot be read counts as. With fs.stat's
 *  callbacks: issuing 350 of them costs this thread about 5 ms, against 15 ms as promises (measured here). */
function newerThan(base, paths, t, gone) {
  return new Promise((resolve) => {
    let left = paths.length
    let newer = false
    if (left === 0) resolve(false)
    for (const p of paths) {
      statCb(join(base, p), (e, s) => {
        if (e ? gone : s.mtimeMs > t) newer = true
        if (--left === 0) resolve(newer)
      })
    }
  })
}

/**
 * Browser mode's server module (src-main/server/serve.ts). The built one (out/main/server.js) when it is at least as
 * new as the main-process sources: it starts without transpiling anything at run time (issue 13). Otherwise (no
 * build yet, or sources changed since, as while developing) the sources through tsx.
 *
 * The sources' times are read on libuv's threads while this thread compiles the built server (`sourcesNewer`); a build
 * older than a source is then set aside and the sources load.
 */
export async function importServer() {
  const built = join(root, 'out', 'main', 'server.js')
  if (process.env.GM_CONSOLE_SERVER_FROM_SOURCE !== '1' && existsSync(built)) {
    const builtAt = statSync(built).mtimeMs
    const newer = sourcesNewer(builtAt)
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
