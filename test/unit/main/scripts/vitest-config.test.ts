/**
 * Issue 28: the reliability harnesses (docs/dev/harnesses.md: damaged corpus, fuzz, redaction property, memory) run
 * in their own vitest project `heavy`, still in `vitest run` (so in `npm test`), and the ordinary `node` project
 * leaves them out. Asked of vitest itself (`vitest list`), so the answer is the files each project really runs.
 * Before issue 28 there was no `heavy` project: every harness ran in `node`.
 */
import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..', '..')
const HARNESSES = ['test/unit/main/damaged/', 'test/unit/main/fuzz/', 'test/unit/main/memory/', 'test/unit/main/redaction/player-safe-property.test.ts']
const isHarness = (f: string) => HARNESSES.some((h) => f.startsWith(h))

/** every *.test.ts under a folder, as a root-relative path */
const testsUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f.split('\\').join('/')}`)

let listed: Array<{ file: string; project: string }> = []
beforeAll(async () => {
  // a vitest run of its own: none of this worker's VITEST* variables
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')))
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--filesOnly', '--json'], {
    cwd: root,
    env,
    maxBuffer: 16 * 1024 * 1024,
  })
  const rows = JSON.parse(stdout) as Array<{ file: string; projectName: string }>
  listed = rows.map((r) => ({ file: relative(root, r.file).split('\\').join('/'), project: r.projectName }))
})

describe('vitest projects (issue 28)', () => {
  it('runs every harness in the heavy project, and only the harnesses', () => {
    const heavy = listed.filter((r) => r.project === 'heavy').map((r) => r.file)
    const harnesses = [...testsUnder('test/unit/main/damaged'), ...testsUnder('test/unit/main/fuzz'), ...testsUnder('test/unit/main/memory'), 'test/unit/main/redaction/player-safe-property.test.ts']
    expect(harnesses.length).toBeGreaterThanOrEqual(7)
    expect(heavy.sort()).toEqual(harnesses.sort())
  })

  it('leaves the harnesses out of the node project, which runs every other main and shared test', () => {
    const node = listed.filter((r) => r.project === 'node').map((r) => r.file)
    expect(node.filter(isHarness)).toEqual([])
    const others = [...testsUnder('test/unit/main'), ...testsUnder('test/unit/shared')].filter((f) => !isHarness(f))
    expect(node.sort()).toEqual(others.sort())
  })

  it('runs each test file in exactly one project, the renderer tests in dom', () => {
    const files = listed.map((r) => r.file)
    expect(new Set(files).size).toBe(files.length)
    const dom = listed.filter((r) => r.project === 'dom').map((r) => r.file)
    expect(dom.sort()).toEqual(testsUnder('test/unit/renderer').sort())
  })
})
