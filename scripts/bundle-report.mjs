#!/usr/bin/env node
// What each page of the built renderer loads (issue 13): from Vite's manifest (out/renderer/.vite/manifest.json)
// and the chunk → modules map electron.vite.config.ts writes beside it (.vite/chunk-modules.json). For each page
// (console, board, player): the JavaScript files it loads up front (its entry and their static imports, followed
// through), their bytes raw and gzipped, the npm packages in them, and what it may load later (dynamic imports).
// Used by test/e2e/bundles.e2e.test.ts and bench/bundles.bench.ts; `node scripts/bundle-report.mjs` prints it.
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { root } from './lib.mjs'

/** `…/node_modules/@scope/name/…` → `@scope/name` (the innermost node_modules), else null */
export function packageOf(moduleId) {
  const m = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId)
  return m ? m[1] : null
}

export function bundleReport(outDir = join(root, 'out', 'renderer')) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'))
  const modules = JSON.parse(readFileSync(join(outDir, '.vite', 'chunk-modules.json'), 'utf8'))
  const closure = (keys, follow) => {
    const seen = new Set()
    const stack = [...keys]
    while (stack.length > 0) {
      const key = stack.pop()
      if (seen.has(key) || !manifest[key]) continue
      seen.add(key)
      for (const k of follow(manifest[key])) stack.push(k)
    }
    return seen
  }
  const packagesIn = (files) => [...new Set(files.flatMap((f) => (modules[f] ?? []).map(packageOf).filter((p) => p !== null)))].sort()
  const pages = {}
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || !key.endsWith('.html')) continue
    const upFront = closure([key], (c) => c.imports ?? [])
    const files = [...upFront].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')).sort()
    const later = closure([...upFront].flatMap((k) => manifest[k].dynamicImports ?? []), (c) => [...(c.imports ?? []), ...(c.dynamicImports ?? [])])
    const lazyFiles = [...later].filter((k) => !upFront.has(k)).map((k) => manifest[k].file).filter((f) => f.endsWith('.js')).sort()
    const bytes = files.map((f) => readFileSync(join(outDir, f)))
    pages[basename(key, '.html')] = {
      files,
      jsBytes: bytes.reduce((n, b) => n + b.length, 0),
      jsGzipBytes: bytes.reduce((n, b) => n + gzipSync(b).length, 0),
      packages: packagesIn(files),
      lazyFiles,
      lazyPackages: packagesIn(lazyFiles).filter((p) => !packagesIn(files).includes(p)),
    }
  }
  return pages
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(bundleReport(), null, 2))
