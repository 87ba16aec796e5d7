/**
 * What each page loads up front (issue 13): the JavaScript of the player display, the console and the board,
 * gzipped, from the build (scripts/bundle-report.mjs; built first when out/renderer has no chunk map). The player
 * display loads neither zod nor chart.js (test/e2e/bundles.e2e.test.ts); chart.js loads when a chart is shown.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export const name = 'bundles'

const root = join(__dirname, '..')

export async function run(): Promise<Record<string, { value: number; unit: string; target: string }>> {
  if (!existsSync(join(root, 'out', 'renderer', '.vite', 'chunk-modules.json'))) {
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) throw new Error('bench: the build failed')
  }
  // plain JavaScript beside the build scripts (run as npm does, without types)
  const { bundleReport } = (await import(join(root, 'scripts', 'bundle-report.mjs'))) as typeof import('../scripts/bundle-report.mjs')
  const pages = bundleReport()
  const kb = (n: number) => Number((n / 1024).toFixed(1))
  const out: Record<string, { value: number; unit: string; target: string }> = {}
  for (const page of ['player', 'board', 'console']) {
    const p = pages[page]
    const heavy = ['zod', 'chart.js'].filter((pkg) => p.packages.includes(pkg))
    out[`bundle.${page}.jsGzip`] = {
      value: kb(p.jsGzipBytes),
      unit: 'KiB',
      target: page === 'player' ? `no zod, no chart.js (${heavy.length ? `loads ${heavy.join(', ')}` : 'neither loaded'})` : `no chart.js up front (${heavy.includes('chart.js') ? 'loaded' : 'lazy'})`,
    }
  }
  return out
}
