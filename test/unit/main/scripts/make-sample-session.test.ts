/**
 * The bundled finished sample sessions (issue 6: "the bundled sample campaign carries at least one finished
 * session") are what the current engines and sample party produce: scripts/make-sample-session.ts plays them again
 * and compares. When this fails after an engine or sample change, regenerate:
 *   npx tsx --tsconfig tsconfig.node.json scripts/make-sample-session.ts
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listSystems } from '../../../../src-main/rules/index'
import { loadSamples } from '../../../../scripts/samples/load'

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

  // issue 28: a system's samples live in its folder; the scripts find them by the registry, in its order (the order
  // the sessions were generated in before: Saga, Starchasers, 2d20, Storyteller)
  it('are found in each registered system’s samples/, in the registry’s order (issue 28)', async () => {
    const played = listSystems().filter((id) => {
      const dir = join(root, 'resources', 'campaigns', `sample-${id}`, 'sessions')
      return existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.ndjson'))
    })
    expect(played.length).toBeGreaterThanOrEqual(4)
    const found = await loadSamples()
    expect(found.flatMap((s) => (s.session ? [s.session.campaign] : []))).toEqual(played.map((id) => `sample-${id}`))
    for (const s of found) if (s.session) expect(s.session.campaign).toBe(s.campaign.campaign)
  })

  // issue 28 (before: scripts/samples/session-2d20.ts, storyteller-session.ts, a list of the four campaigns in
  // build.ts, and the Saga and Starchasers sessions inside make-sample-session.ts)
  it('the sample scripts name no system outside their comments (issue 28)', () => {
    const files = [
      ...readdirSync(join(root, 'scripts', 'samples')).map((f) => join('scripts', 'samples', f)),
      ...readdirSync(join(root, 'scripts')).filter((f) => /^make-sample.*\.ts$/.test(f)).map((f) => join('scripts', f)),
    ]
    expect(files.length).toBeGreaterThanOrEqual(4)
    const naming: string[] = []
    for (const f of files) {
      const code = readFileSync(join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
      for (const id of listSystems()) if (new RegExp(`\\b${id}\\b`, 'i').test(code)) naming.push(`${f}: ${id}`)
    }
    expect(naming).toEqual([])
  })
})
