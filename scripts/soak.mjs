#!/usr/bin/env node
// `npm run soak`: the longer variant of the crash-safety test (test/e2e/crash-safety.e2e.test.ts): 200 SIGKILLs
// instead of the 30 `npm test` runs. GMC_CRASH_KILLS and GMC_CRASH_SEED override the count and the seed.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './lib.mjs'

const r = spawnSync(process.execPath, [join(root, 'scripts', 'e2e.mjs'), 'test/e2e/crash-safety.e2e.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, GMC_CRASH_KILLS: process.env.GMC_CRASH_KILLS ?? '200' },
})
process.exit(r.status ?? 1)
