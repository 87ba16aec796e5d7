/**
 * `npm run bench [-- --json] [-- --only name]`: runs every bench/*.bench.ts module and prints figures
 * (not pass/fail). Each module exports `name` and `run(): Promise<Record<string, Figure>>`.
 */
import { readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export interface Figure { value: number; unit: string; target: string }
export interface BenchModule { name: string; run(): Promise<Record<string, Figure>> }

const args = process.argv.slice(2)
const json = args.includes('--json')
const onlyIdx = args.indexOf('--only')
const only = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined
for (const a of args) {
  if (a.startsWith('--') && a !== '--json' && a !== '--only') { console.error(`bench: unknown flag ${a}`); process.exit(2) }
}

// the package is CommonJS, so tsx runs this file as CJS: no top-level await and no import.meta here
const dir = dirname(resolve(process.argv[1]))
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()
const all: Record<string, Figure> = {}
async function main(): Promise<void> {
for (const f of files) {
  const mod = (await import(pathToFileURL(join(dir, f)).href)) as BenchModule
  if (only && mod.name !== only) continue
  if (!json) console.log(`\n## ${mod.name}`)
  const figures = await mod.run()
  for (const [k, v] of Object.entries(figures)) {
    all[k] = v
    if (!json) console.log(`${k.padEnd(48)} ${String(v.value).padStart(12)} ${v.unit.padEnd(6)} target ${v.target}`)
  }
}
if (json) console.log(JSON.stringify(all, null, 2))
}
main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
