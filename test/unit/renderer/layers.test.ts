// @vitest-environment node
/**
 * The renderer in one direction (issue 28): the "never" rules of ../shared/architecture.json for the renderer's parts
 * are ESLint walls (eslint-rules/layer-walls.mjs, `layers/walls`): a forbidden import is reported, an allowed arrow is
 * not, and the renderer as it stands crosses none and has no two folders importing each other.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs ESLint rule, no types
import { RENDERER_PARTS, resolveImport, wallBetween } from '../../../eslint-rules/layer-walls.mjs'

const root = resolve(import.meta.dirname, '../../..')
let eslint: ESLint

/** the `layers/walls` messages for `code` as if it stood at `filePath` */
async function walls(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) })
  return result.messages.filter((m) => m.ruleId === 'layers/walls').map((m) => m.message)
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

describe('the renderer walls (issue 28: architecture.json "never" rules as lint)', () => {
  it('Parts never import UI: a system part or a shared piece importing a screen, core, i18n or a window', async () => {
    expect(await walls('src-renderer/systems/x/Card.ts', "import { f } from '../../features/stat-blocks/problems'\nexport default f\n")).toEqual([
      'shared pieces know no screen (architecture.json: Parts never import UI): src-renderer/systems/x/Card.ts imports src-renderer/features/stat-blocks/problems',
    ])
    expect(await walls('src-renderer/components/x.ts', "import { useLabels } from '../core/labels'\nexport default useLabels\n")).toHaveLength(1)
    expect(await walls('src-renderer/components/x.ts', "import { LOCALES } from '@renderer/i18n'\nexport default LOCALES\n")).toHaveLength(1)
    expect(await walls('src-renderer/systems/x.ts', "export const f = () => import('../windows/console/main')\n")).toHaveLength(1)
  })

  it('the bridge knows no store and no screen', async () => {
    expect(await walls('src-renderer/bridge/x.ts', "import { useUiStore } from '../stores/ui'\nexport default useUiStore\n")).toEqual([
      'the bridge knows no store (architecture.json: Bridge never imports Stores): src-renderer/bridge/x.ts imports src-renderer/stores/ui',
    ])
    expect(await walls('src-renderer/bridge/x.ts', "import type { Place } from '../core/place'\nexport type X = Place\n")).toHaveLength(1)
  })

  it('stores know no screen (a store importing i18n or a feature is reported)', async () => {
    expect(await walls('src-renderer/stores/x.ts', "import { mergeCatalogs } from '../i18n'\nexport default mergeCatalogs\n")).toEqual([
      'stores know no screen (architecture.json: Stores never import UI): src-renderer/stores/x.ts imports src-renderer/i18n',
    ])
    expect(await walls('src-renderer/stores/x.ts', "import { downloadFile } from '../features/sessions/download'\nexport default downloadFile\n")).toHaveLength(1)
  })

  it('the screens never import the bridge: a component calling call() directly is reported', async () => {
    const vue = "<script setup lang=\"ts\">\nimport { call } from '../../bridge/call'\nvoid call('app:info', {})\n</script>\n<template><p /></template>\n"
    expect(await walls('src-renderer/features/x/X.vue', vue)).toEqual([
      'the screens reach main through the stores, the only callers of the bridge (architecture.json: UI never imports the Bridge): src-renderer/features/x/X.vue imports src-renderer/bridge/call',
    ])
    expect(await walls('src-renderer/windows/x/main.ts', "import { windowBridge } from '../../bridge/window-bridge'\nexport default windowBridge\n")).toHaveLength(1)
    expect(await walls('src-renderer/core/x.ts', "import { setBridge } from '@renderer/bridge/call'\nexport default setBridge\n")).toHaveLength(1)
  })

  it('the arrows of the drawing pass: UI -> Stores, UI -> Parts, Parts -> Stores, Stores -> Bridge', async () => {
    expect(await walls('src-renderer/features/x.ts', "import { useAppStore } from '../stores/app'\nimport { f } from '../components/forms/paths'\nexport default [useAppStore, f]\n")).toEqual([])
    expect(await walls('src-renderer/systems/x/y.ts', "import { useUiStore } from '../../stores/ui'\nexport default useUiStore\n")).toEqual([])
    expect(await walls('src-renderer/stores/x.ts', "import { call } from '../bridge/call'\nexport default call\n")).toEqual([])
  })
})

describe('the renderer as it stands (issue 28)', () => {
  const files: string[] = []
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n)
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.(ts|vue)$/.test(n) && !n.endsWith('.d.ts')) files.push(relative(root, p))
    }
  }
  walk(join(root, 'src-renderer'))
  const known = new Set(files)
  const target = (base: string) => [base, `${base}.ts`, `${base}.vue`, `${base}/index.ts`].find((c) => known.has(c))
  /** every import of a renderer file that names another renderer file */
  const edges = files.flatMap((f) => {
    const text = readFileSync(join(root, f), 'utf8')
    const specs = [...text.matchAll(/(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2])
    return specs.flatMap((s) => {
      const base = resolveImport(join(root, f), s) as string | null
      const t = base === null ? undefined : target(base)
      return t ? [[f, t] as const] : []
    })
  })

  it('reads the imports it checks (the parts of the drawing are folders that exist)', () => {
    expect(edges.length).toBeGreaterThan(300)
    for (const place of Object.values(RENDERER_PARTS as Record<string, string[]>).flat()) expect(files.some((f) => f.startsWith(place)), place).toBe(true)
  })

  it('crosses no wall: no screen imports the bridge, no store or part imports a screen', () => {
    const crossed = edges.map(([f, t]) => [f, t, wallBetween(f, t.replace(/\.(ts|vue)$/, ''))]).filter(([, , why]) => why)
    expect(crossed).toEqual([])
  })

  it('has no folder loop: no two folders of src-renderer import each other, directly or round a ring', () => {
    const folder = (f: string) => f.split('/').slice(0, 2).join('/')
    const next = new Map<string, Set<string>>()
    for (const [f, t] of edges) if (f.split('/').length > 2 && t.split('/').length > 2 && folder(f) !== folder(t)) next.set(folder(f), (next.get(folder(f)) ?? new Set()).add(folder(t)))
    const reaches = (a: string, b: string, seen = new Set<string>()): boolean => [...(next.get(a) ?? [])].some((n) => n === b || (!seen.has(n) && (seen.add(n), reaches(n, b, seen))))
    const loops = [...next.keys()].filter((a) => reaches(a, a)).map((a) => `${a} -> … -> ${a}`)
    expect(loops).toEqual([])
  })
})

