#!/usr/bin/env node
// `npm run test:e2e`: build, then run test/e2e/*.e2e.test.ts (each file starts and stops its own browser-mode
// server on a free port with a temporary data folder). Screenshots go to docs/screenshots/.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { build, root } from './lib.mjs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(`e2e: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`)
  process.exit(1)
}
console.log('e2e: building…')
build()
const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/e2e/vitest.e2e.config.mts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // a loaded 2-core machine needs several minutes for the whole suite; a hang still ends
  timeout: 1_200_000,
})
if (r.error || r.status === null) console.error(`e2e: vitest did not finish (${r.error?.message ?? r.signal ?? 'killed'})`)
process.exit(r.status ?? 1)
