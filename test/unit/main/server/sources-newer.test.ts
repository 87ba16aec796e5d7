/**
 * Issue 13, start-up: browser mode runs the built server unless a source is newer than the build
 * (scripts/lib.mjs `sourcesNewer`). With the build's list of its folders and files (out/main/.sources.json, written
 * by electron.vite.config.ts) it reads their times without walking the folders; without the list it walks them.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript without types (scripts/)
import { sourcesNewer, SOURCES_LIST } from '../../../../scripts/lib.mjs'
// @ts-expect-error plain JavaScript without types (scripts/)
import { sourcesUnder } from '../../../../scripts/sources.mjs'

const past = new Date('2026-01-01T00:00:00Z')
const built = new Date('2026-06-01T00:00:00Z').getTime()

/** a project with two source folders, every file and folder dated before the build; `listed`: with the build's list */
function project(listed: boolean): string {
  const base = mkdtempSync(join(tmpdir(), 'gmc-sources-'))
  for (const [f, text] of [['src-main/a.ts', 'a'], ['src-main/rules/b.ts', 'b'], ['src-shared/c.ts', 'c']]) {
    mkdirSync(join(base, f, '..'), { recursive: true })
    writeFileSync(join(base, f), text)
  }
  const all = sourcesUnder(base) as { dirs: string[]; files: string[] }
  if (listed) {
    mkdirSync(join(base, 'out', 'main'), { recursive: true })
    writeFileSync(join(base, SOURCES_LIST), JSON.stringify(all))
  }
  for (const p of [...all.files, ...all.dirs]) utimesSync(join(base, p), past, past)
  return base
}

const touch = (base: string, p: string) => utimesSync(join(base, p), new Date(built + 1000), new Date(built + 1000))

describe('sourcesNewer: is a source newer than the build?', () => {
  for (const listed of [true, false]) {
    describe(listed ? 'with the build’s list' : 'without a list (walked)', () => {
      it('no, when nothing changed since', async () => {
        expect(await sourcesNewer(built, project(listed))).toBe(false)
      })
      it('yes, when a file was edited in place', async () => {
        const base = project(listed)
        touch(base, 'src-main/rules/b.ts')
        expect(await sourcesNewer(built, base)).toBe(true)
      })
      it('yes, when a file was added (its folder changed)', async () => {
        const base = project(listed)
        writeFileSync(join(base, 'src-shared', 'new.ts'), 'n')
        utimesSync(join(base, 'src-shared', 'new.ts'), past, past)
        touch(base, 'src-shared')
        expect(await sourcesNewer(built, base)).toBe(true)
      })
    })
  }

  it('yes, when a listed file is gone', async () => {
    const base = project(true)
    rmSync(join(base, 'src-main', 'a.ts'))
    utimesSync(join(base, 'src-main'), past, past)
    expect(await sourcesNewer(built, base)).toBe(true)
  })

  it('walks the folders when the list is damaged', async () => {
    const base = project(true)
    writeFileSync(join(base, SOURCES_LIST), '{"dirs": 3')
    expect(await sourcesNewer(built, base)).toBe(false)
    touch(base, 'src-main/a.ts')
    expect(await sourcesNewer(built, base)).toBe(true)
  })
})
