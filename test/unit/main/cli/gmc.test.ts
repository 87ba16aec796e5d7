/** The `gmc` entry (gmc.ts and its bin shim bin/gmc.mjs); each command is tested beside its own file (roll-command, resolve-command, export-command). */
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { gmc, root } from './run-gmc'

describe('gmc', () => {
  it('no command exits 2 with the usage of every command; --help exits 0; an unknown one is named', async () => {
    const none = await gmc()
    expect(none.code).toBe(2)
    for (const c of ['roll', 'resolve', 'odds', 'export']) expect(none.out).toContain(`gmc ${c}`)
    expect((await gmc('--help')).code).toBe(0)
    const nope = await gmc('nope')
    expect(nope.code).toBe(2)
    expect(nope.err).toContain('"nope"')
  })
})

describe('the gmc bin shim', () => {
  it('runs the CLI with tsx from any directory and passes the exit code', async () => {
    const ok = spawnSync(process.execPath, [join(root, 'bin/gmc.mjs'), 'roll', 'd20', '--seed', '5', '--json'], { cwd: tmpdir(), encoding: 'utf8' })
    expect(ok.status).toBe(0)
    expect(JSON.parse(ok.stdout).dice).toHaveLength(1)
    const bad = spawnSync(process.execPath, [join(root, 'bin/gmc.mjs'), 'roll', '3d6+'], { cwd: tmpdir(), encoding: 'utf8' })
    expect(bad.status).toBe(1)
  }, 30000)
})
