// V8 code cache for the built main-process bundle in browser mode (issue 13, start-up): the compiled code of
// out/main/*.js is kept in out/main/.code-cache/ after a start and handed back to V8 on the next one, which then
// skips parsing and compiling what it ran before. V8 checks each cache against its source and rejects a stale
// one (a new build): that file is then compiled as usual and its cache written again. Only files under `dir` are
// affected; a cache that cannot be read or written costs nothing but the saving.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { basename, dirname, join, sep } from 'node:path'
import vm from 'node:vm'

/** from now on, CommonJS files under `dir` are compiled with their cache; returns what happened to each */
export function useCodeCache(dir) {
  const cacheDir = join(dir, '.code-cache')
  const prefix = dir.endsWith(sep) ? dir : dir + sep
  const stats = { used: [], written: [] }
  const proto = Module.prototype
  const compile = proto._compile
  const pending = []
  proto._compile = function (content, filename) {
    // a file with an import() (the PDF printer loads playwright-core so) is left to Node: a vm.Script could only
    // resolve it with an experimental loader option
    if (!filename.startsWith(prefix) || !filename.endsWith('.js') || /\bimport\(/.test(content)) return compile.call(this, content, filename)
    const file = join(cacheDir, `${basename(filename)}.cache`)
    let cachedData
    try {
      cachedData = readFileSync(file)
    } catch {
      cachedData = undefined
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData })
    const fn = script.runInThisContext({ displayErrors: true })
    if (cachedData && !script.cachedDataRejected) stats.used.push(basename(filename))
    else pending.push({ script, file, name: basename(filename) })
    return fn.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename))
  }
  return {
    stats,
    /** writes the caches of the files compiled without one (after start-up, so the functions run by then are in it) */
    save() {
      for (const { script, file, name } of pending.splice(0)) {
        try {
          mkdirSync(cacheDir, { recursive: true })
          const tmp = `${file}.${process.pid}.tmp`
          writeFileSync(tmp, script.createCachedData())
          renameSync(tmp, file)
          stats.written.push(name)
        } catch {
          /* a read-only install: no cache, the same start as before */
        }
      }
    },
  }
}
