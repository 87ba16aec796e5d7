#!/usr/bin/env node
// `npm run soak`: the longer variants of the reliability harnesses (docs/dev/harnesses.md).
//  1. vitest's `heavy` project: the damaged-input corpus at full size, the fuzz, the memory test with 5,000 actions
//     and the redaction property (GMC_SOAK=1; GMC_FUZZ_MESSAGES, GMC_FUZZ_SEED and GMC_MEMORY_ACTIONS override their sizes);
//  2. the crash-safety test (test/e2e/crash-safety.e2e.test.ts) with 200 SIGKILLs instead of the 30 `npm test`
//     runs; GMC_CRASH_KILLS and GMC_CRASH_SEED override the count and the seed;
//  3. the table soak (test/e2e/table-soak.e2e.test.ts) with 600 GM actions per rule system instead of 150;
//     GMC_TABLE_ACTIONS and GMC_TABLE_SEED override the count and the seed.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './lib.mjs'

const unit = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--testTimeout=0', '--project', 'heavy'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, GMC_SOAK: '1' } },
)
const crash = spawnSync(process.execPath, [join(root, 'scripts', 'e2e.mjs'), 'test/e2e/crash-safety.e2e.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, GMC_CRASH_KILLS: process.env.GMC_CRASH_KILLS ?? '200' },
})
const table = spawnSync(process.execPath, [join(root, 'scripts', 'e2e.mjs'), 'test/e2e/table-soak.e2e.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, GMC_TABLE_ACTIONS: process.env.GMC_TABLE_ACTIONS ?? '600' },
})
process.exit(unit.status === 0 && crash.status === 0 && table.status === 0 ? 0 : 1)
