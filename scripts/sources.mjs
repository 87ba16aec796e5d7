// The sources the built main process is made from (plain Node: scripts/lib.mjs and the build's config import it).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** the folders whose files the built main process is made from */
export const SOURCE_DIRS = ['src-main', 'src-shared']

/** the folders and files under `dirs` of `base`, relative to it */
export function sourcesUnder(base, dirs = SOURCE_DIRS) {
  const out = { dirs: [], files: [] }
  const walk = (rel) => {
    out.dirs.push(rel)
    for (const e of readdirSync(join(base, rel), { withFileTypes: true })) {
      const p = join(rel, e.name)
      if (e.isDirectory()) walk(p)
      else out.files.push(p)
    }
  }
  for (const d of dirs) if (existsSync(join(base, d))) walk(d)
  return out
}
