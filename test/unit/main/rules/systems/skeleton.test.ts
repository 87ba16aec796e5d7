/**
 * Issue 28: one folder per rule system. Every system folder under src-main/rules/systems/ has the same skeleton at
 * its root (the manifest and the parts every system shares), the game's mechanics in mechanics/, its samples in
 * samples/ and its README.md; index.ts is a plain manifest (no logic); its tests mirror it. Read from the disk, so a
 * new system is checked without being named here. (Before issue 28: Starchasers had 27 root files, 2d20 and
 * Starchasers computed their odds in index.ts, the samples and sample sessions lived in scripts/, the READMEs in docs/.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..')
const SYSTEMS = join(ROOT, 'src-main', 'rules', 'systems')
const TESTS = join(ROOT, 'test', 'unit', 'main', 'rules', 'systems')

/** the parts every system's root holds, and nothing else (issue 29: character.ts, a character's sheet on its player's phone) */
const REQUIRED = ['index.ts', 'schema.ts', 'commands.ts', 'events.ts', 'evolve.ts', 'view.ts', 'log.ts', 'odds.ts', 'danger.ts', 'i18n', 'mechanics', 'README.md']
// imports/: the stat blocks of other tools it reads and writes (issue 30; kit/imports.ts), assembled in imports/index.ts
const OPTIONAL = ['ui', 'samples', 'character.ts', 'imports']

const systems = readdirSync(SYSTEMS).filter((n) => statSync(join(SYSTEMS, n)).isDirectory())

/** every file under a folder, as paths relative to it */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile()).map((f) => f.split('\\').join('/'))
}

describe('one folder per rule system (issue 28)', () => {
  it('finds the systems on the disk', () => {
    expect(systems.length).toBeGreaterThanOrEqual(4)
  })

  it.each(systems)('%s: its root holds the shared skeleton and nothing else', (id) => {
    const root = readdirSync(join(SYSTEMS, id)).sort()
    expect(root.filter((n) => !REQUIRED.includes(n) && !OPTIONAL.includes(n))).toEqual([])
    expect(REQUIRED.filter((n) => !root.includes(n))).toEqual([])
  })

  it.each(systems)('%s: index.ts is a plain manifest (no function of its own)', (id) => {
    const text = readFileSync(join(SYSTEMS, id, 'index.ts'), 'utf8')
    expect(text.match(/^(export )?(async )?function \w+/gm) ?? []).toEqual([])
    expect(text.match(/^(export )?const \w+ = (async )?\(/gm) ?? []).toEqual([])
  })

  it.each(systems)('%s: a bundled sample campaign is defined in the system folder (samples/campaign.ts)', (id) => {
    if (!existsSync(join(ROOT, 'resources', 'campaigns', `sample-${id}`))) return
    expect(existsSync(join(SYSTEMS, id, 'samples', 'campaign.ts'))).toBe(true)
    expect(existsSync(join(ROOT, 'scripts', 'samples', `${id}.ts`))).toBe(false)
    expect(existsSync(join(ROOT, 'docs', `${id}.md`))).toBe(false)
  })

  // issue 28: the played sample sessions lived in scripts/ (session-2d20.ts, storyteller-session.ts, and Saga's and
  // Starchasers' inside make-sample-session.ts); now samples/ holds the campaign and, where the bundled campaign has a
  // played session, session.ts, and samples/index.ts hands both to the scripts (scripts/samples/load.ts)
  it.each(systems)('%s: samples/ holds the campaign and its played session, exported by samples/index.ts (issue 28)', (id) => {
    const samples = join(SYSTEMS, id, 'samples')
    const sessions = join(ROOT, 'resources', 'campaigns', `sample-${id}`, 'sessions')
    const played = existsSync(sessions) && readdirSync(sessions).some((f) => f.endsWith('.ndjson'))
    if (played) expect(existsSync(join(samples, 'session.ts'))).toBe(true)
    if (existsSync(samples)) {
      expect(existsSync(join(samples, 'campaign.ts'))).toBe(true)
      expect(readFileSync(join(samples, 'index.ts'), 'utf8')).toMatch(/^export const samples: SystemSamples = /m)
    }
    expect(readdirSync(join(ROOT, 'scripts', 'samples')).filter((f) => f.toLowerCase().includes(id.toLowerCase()))).toEqual([])
  })

  it.each(systems)('%s: its tests mirror it (test/unit/main/rules/systems/<id>; a mechanics or ui test beside its source)', (id) => {
    expect(existsSync(join(ROOT, 'test', 'unit', 'main', 'rules', id))).toBe(false)
    const tests = filesUnder(join(TESTS, id)).filter((f) => /^(mechanics|ui|samples)\//.test(f) && f.endsWith('.test.ts'))
    // `<source>.test.ts`, or `<source>.<aspect>.test.ts` for a source tested in parts
    const orphans = tests.filter((f) => !existsSync(join(SYSTEMS, id, f.replace(/(\/[^/.]+)(\.[^/]+)?\.test\.ts$/, '$1.ts'))))
    expect(orphans.map((f) => relative(ROOT, join(TESTS, id, f)))).toEqual([])
  })
})
