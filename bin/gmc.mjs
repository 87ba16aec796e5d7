#!/usr/bin/env node
// The `gmc` bin: runs src-main/cli/gmc.ts with tsx (the @shared/* paths come from tsconfig.node.json).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
const r = spawnSync(process.execPath, [tsxCli, join(root, 'src-main/cli/gmc.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? join(root, 'tsconfig.node.json') },
})
process.exit(r.status ?? 1)
