/**
 * issue 28: each piece of the services, the wiring and the entry points reads in one screen. No function (a
 * factory and its closures included) in src-main/services/{sessions,danger,campaigns}, play-services.ts,
 * src-main/wiring, src-main/server, src-main/web, src-main/windows or src-main/index.ts runs over 150 lines: a
 * bigger factory is split into parts composed by a small one (session-service.ts was 438 lines, library-service.ts
 * 177, danger-pool.ts 152 before issue 28, and this test failed on them).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')
const PLACES = ['src-main/services/sessions', 'src-main/services/danger', 'src-main/services/campaigns', 'src-main/services/play-services.ts', 'src-main/wiring', 'src-main/server', 'src-main/web', 'src-main/windows', 'src-main/index.ts']
const LIMIT = 150

function filesOf(place: string): string[] {
  const p = join(root, place)
  if (!statSync(p, { throwIfNoEntry: false })) return []
  if (statSync(p).isFile()) return [p]
  return readdirSync(p, { recursive: true, encoding: 'utf8' })
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.d.ts'))
    .map((n) => join(p, n))
}

/** every function of a file longer than `limit` lines: `file:line name (n lines)` */
function longFunctions(file: string, text: string, limit: number): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out: string[] = []
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)) {
      const from = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line
      const to = sf.getLineAndCharacterOfPosition(n.getEnd()).line
      const lines = to - from + 1
      if (lines > limit) out.push(`${relative(root, file)}:${from + 1} ${(n as ts.FunctionDeclaration).name?.getText(sf) ?? '(anonymous)'} (${lines} lines)`)
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return out
}

describe('issue 28: services, wiring and entry points in pieces that read in one screen', () => {
  it('the measure finds a long factory (a made-up one of 200 lines)', () => {
    const body = Array.from({ length: 198 }, (_, i) => `  const x${i} = ${i}`).join('\n')
    expect(longFunctions(join(root, 'src-main/x.ts'), `export function createBig() {\n${body}\n}\n`, LIMIT)).toEqual(['src-main/x.ts:1 createBig (200 lines)'])
    expect(longFunctions(join(root, 'src-main/x.ts'), 'export const f = () => 1\n', LIMIT)).toEqual([])
  })

  it(`no function in the areas of part V runs over ${LIMIT} lines`, () => {
    const files = PLACES.flatMap(filesOf)
    expect(files.length).toBeGreaterThan(30)
    expect(files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8'), LIMIT))).toEqual([])
  })
})
