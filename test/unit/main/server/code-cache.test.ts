/**
 * Issue 13, start-up: browser mode compiles the built bundle with V8's code cache of the previous start
 * (scripts/code-cache.mjs). Each start runs in its own process (the cache hooks the CommonJS loader).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const loader = pathToFileURL(resolve(__dirname, '../../../../scripts/code-cache.mjs')).href

/** one start: require `main.js` of `dir` through the cache, save, print what happened */
function start(dir: string): { used: string[]; written: string[]; answer: number } {
  const script = `
    import { createRequire } from 'node:module'
    import { useCodeCache } from ${JSON.stringify(loader)}
    const cache = useCodeCache(${JSON.stringify(dir)})
    const answer = createRequire(import.meta.url)(${JSON.stringify(join(dir, 'main.js'))}).answer()
    cache.save()
    console.log(JSON.stringify({ ...cache.stats, answer }))`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as { used: string[]; written: string[]; answer: number }
}

describe('code cache of the built server (scripts/code-cache.mjs)', () => {
  it('the first start writes a cache per file, the next one uses it, a changed file is compiled and cached again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-code-cache-'))
    writeFileSync(join(dir, 'main.js'), "const part = require('./part.js'); exports.answer = () => part.six() * 7")
    writeFileSync(join(dir, 'part.js'), 'exports.six = () => 6')
    expect(start(dir)).toEqual({ used: [], written: ['main.js', 'part.js'], answer: 42 })
    expect(readdirSync(join(dir, '.code-cache')).sort()).toEqual(['main.js.cache', 'part.js.cache'])
    expect(start(dir)).toEqual({ used: ['main.js', 'part.js'], written: [], answer: 42 })
    // a new build: V8 rejects the stale cache, the file runs as written and its cache is made again
    writeFileSync(join(dir, 'part.js'), 'exports.six = () => 5 + 1 + 0 // rebuilt')
    expect(start(dir)).toEqual({ used: ['main.js'], written: ['part.js'], answer: 42 })
    expect(start(dir)).toEqual({ used: ['main.js', 'part.js'], written: [], answer: 42 })
  })

  it("a file with an import() is left to Node and its import() works (the PDF printer imports playwright-core)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-code-cache-'))
    writeFileSync(join(dir, 'esm.mjs'), 'export const n = 21')
    writeFileSync(join(dir, 'main.js'), "let n = 0; exports.load = import('./esm.mjs').then((m) => (n = m.n)); exports.answer = () => 42")
    const script = (d: string) => `
      import { createRequire } from 'node:module'
      import { useCodeCache } from ${JSON.stringify(loader)}
      const cache = useCodeCache(${JSON.stringify(d)})
      const n = await createRequire(import.meta.url)(${JSON.stringify(join(dir, 'main.js'))}).load
      cache.save()
      console.log(JSON.stringify({ n, used: cache.stats.used }))`
    for (const used of [[], []]) {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script(dir)], { encoding: 'utf8' })
      expect(r.stderr).toBe('')
      expect(JSON.parse(r.stdout)).toEqual({ n: 21, used })
    }
  })

  it('a damaged cache file is rejected, not run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gmc-code-cache-'))
    writeFileSync(join(dir, 'main.js'), 'exports.answer = () => 42')
    start(dir)
    writeFileSync(join(dir, '.code-cache', 'main.js.cache'), Buffer.from('not a V8 cache'))
    expect(start(dir)).toEqual({ used: [], written: ['main.js'], answer: 42 })
  })
})
