// docs/schema/*.schema.json are generated from the zod schemas (scripts/gen-schema.ts): they must not drift.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..', '..')

it('the committed JSON Schemas match the zod schemas (gen-schema --check)', () => {
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--tsconfig', 'tsconfig.node.json', 'scripts/gen-schema.ts', '--check'], { cwd: root, encoding: 'utf8', timeout: 60_000 })
  expect(r.stderr + r.stdout).not.toMatch(/out of date/i)
  expect(r.status).toBe(0)
}, 60_000)
