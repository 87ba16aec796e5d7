// Shared helpers of the npm scripts (plain Node, no TypeScript).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** `electron-vite build`, quietly; exits with its output on failure. */
export function build({ quiet = true } = {}) {
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
