/**
 * The bundled finished sample sessions (issue 6: "the bundled sample campaign carries at least one finished
 * session") are what the current engines and sample party produce: scripts/make-sample-session.ts plays them again
 * and compares. When this fails after an engine or sample change, regenerate:
 *   npx tsx --tsconfig tsconfig.node.json scripts/make-sample-session.ts
 */
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')

describe('bundled sample sessions', () => {
  it('match a fresh play of the sample encounters (make-sample-session --check)', () => {
    const r = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.node.json', 'scripts/make-sample-session.ts', '--check'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(r.stdout + r.stderr).toContain('sample sessions are up to date')
    expect(r.status).toBe(0)
  }, 130_000)
})
