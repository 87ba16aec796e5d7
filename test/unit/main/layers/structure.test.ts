/**
 * The house as a whole (issue 28), read from the source: every import between the project's files (src-main,
 * src-shared, src-renderer) forms no cycle; no two second-level folders of one process import each other, directly
 * or round a ring; and no file outside a rule system's own folders names a system, but the one registry per
 * process. The walls between the layers are the lint rule's (walls.test.ts, test/unit/renderer/layers.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs ESLint rule, no types
import { resolveImport } from '../../../../eslint-rules/layer-walls.mjs'
import { listSystems } from '../../../../src-main/rules/index'

const root = resolve(import.meta.dirname, '../../../..')
const files: string[] = []
const walk = (d: string) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n)
    if (statSync(p).isDirectory()) walk(p)
    else if (/\.(ts|mts|vue)$/.test(n) && !n.endsWith('.d.ts')) files.push(relative(root, p).split('\\').join('/'))
  }
}
for (const top of ['src-main', 'src-shared', 'src-renderer']) walk(join(root, top))
const known = new Set(files)
const target = (base: string) => [base, `${base}.ts`, `${base}.mts`, `${base}.vue`, `${base}/index.ts`].find((c) => known.has(c))
const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]))
/** file → the project files it imports (static imports and exports, `import()` with a literal) */
const graph = new Map(
  files.map((f) => {
    const specs = [...texts.get(f)!.matchAll(/(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2])
    const to = specs.flatMap((s) => {
      const base = resolveImport(join(root, f), s) as string | null
      const t = base === null ? undefined : target(base.replace(/\.(js|mjs)$/, ''))
      return t ? [t] : []
    })
    return [f, to] as const
  }),
)

/** the strongly connected parts of a graph with more than one node (Tarjan) */
function loops(next: Map<string, Iterable<string>>): string[][] {
  let n = 0
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>(), out: string[][] = []
  const strong = (v: string) => {
    index.set(v, n); low.set(v, n); n++; stack.push(v); on.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) { strong(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)) }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = []
      let w: string
      do { w = stack.pop()!; on.delete(w); c.push(w) } while (w !== v)
      if (c.length > 1 || [...(next.get(v) ?? [])].includes(v)) out.push(c.sort())
    }
  }
  for (const v of next.keys()) if (!index.has(v)) strong(v)
  return out
}

describe('the house (issue 28)', () => {
  it('reads the imports it checks', () => {
    expect(files.length).toBeGreaterThan(400)
    expect([...graph.values()].flat().length).toBeGreaterThan(1500)
    // a cycle made on purpose is found: the reader is not blind
    expect(loops(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']])
  })

  it('has no import cycle', () => {
    expect(loops(graph)).toEqual([])
  })

  it('has no folder loop: the second-level folders of one process import each other one way only', () => {
    const folder = (f: string) => (f.split('/').length > 2 ? f.split('/').slice(0, 2).join('/') : undefined)
    const next = new Map<string, Set<string>>()
    for (const [f, to] of graph) {
      const a = folder(f)
      for (const t of to) {
        const b = folder(t)
        if (a && b && a !== b && a.split('/')[0] === b.split('/')[0]) next.set(a, (next.get(a) ?? new Set()).add(b))
      }
    }
    expect(next.size).toBeGreaterThan(10)
    expect(loops(next)).toEqual([])
  })

  it('names a rule system only in its own folders and in one registry per process', () => {
    const ids = listSystems()
    expect(ids.length).toBeGreaterThanOrEqual(4)
    const named = new RegExp(`\\b(${ids.map((i) => i.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i')
    // code only: comments are prose (a doc comment may say "the Saga text")
    const code = (t: string) => t.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1').replace(/<!--[\s\S]*?-->/g, '')
    const outside = files.filter((f) => !/\/systems\/[^/]+\//.test(f) && named.test(code(texts.get(f)!)))
    expect(outside.sort()).toEqual(['src-main/rules/systems/registry.ts', 'src-renderer/systems/registry.ts'])
  })
})
