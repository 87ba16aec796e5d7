#!/usr/bin/env node
// `npm run scan:electron` (and test/e2e/electronegativity.e2e.test.ts in `npm test`): runs @doyensec/electronegativity
// over the sources (src-main + the pages) and over the build (out/main, out/preload, the built pages) and fails on
// any HIGH or MEDIUM finding that build/electronegativity-suppressions.json does not list with a reason. A
// suppression that matches nothing fails too (it is stale: review it).
//
// Offline by construction: the tool's only network client (`got`: translations, Electron release notes) is
// replaced by one that refuses, and the release-notes check (AvailableSecurityFixesGlobalCheck) is not run.
// Uses the tool's documented library API (its CSV writer races its header against the rows).
//   node scripts/electronegativity.mjs [--json] [--input DIR]   exit 0: clean, 1: findings, 2: the scan failed
// (--input scans one other folder as is, e.g. the tests' canary with known-bad settings)
import Module, { createRequire } from 'node:module'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ELECTRON_VERSION = '45.5.0'
const GATED = new Set(['MEDIUM', 'HIGH', 'CRITICAL'])
export const SUPPRESSIONS = join(root, 'build', 'electronegativity-suppressions.json')

/** What gets scanned: each tree is one scan (the global checks, e.g. CSP and navigation limits, look across it). */
const TREES = {
  sources: [
    ['src-main', (p) => /\.ts$/.test(p)],
    ['src-renderer', (p) => /^[^/]+\.html$/.test(p)],
  ],
  built: [
    ['out/main', (p) => /\.c?js$/.test(p)],
    ['out/preload', (p) => /\.c?js$/.test(p)],
    ['out/renderer', (p) => /^[^/]+\.html$/.test(p)],
  ],
}

function walk(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name), base) : [relative(base, join(dir, e.name)).replaceAll('\\', '/')]))
}

let blockedFetches = 0
function offline() {
  const refuse = () => {
    blockedFetches++
    return Promise.reject(new Error('electronegativity scan is offline'))
  }
  refuse.head = refuse
  refuse.get = refuse
  const load = Module._load
  Module._load = function (request, ...rest) {
    return request === 'got' ? refuse : load.call(this, request, ...rest)
  }
}

/** Reads and checks the suppression file: [{ rule, file, match | line, reason }]. */
export function readSuppressions(path = SUPPRESSIONS) {
  const list = JSON.parse(readFileSync(path, 'utf8'))
  if (!Array.isArray(list)) throw new Error(`${path}: expected an array of suppressions`)
  list.forEach((s, i) => {
    const where = `${path} [${i}]`
    if (typeof s?.rule !== 'string' || !/^[A-Z_]+$/.test(s.rule)) throw new Error(`${where}: "rule" must be an electronegativity check id`)
    if (typeof s.file !== 'string' || !s.file) throw new Error(`${where}: "file" is missing`)
    if (typeof s.match !== 'string' && !Number.isInteger(s.line)) throw new Error(`${where}: give "match" (text of the flagged line) or "line"`)
    if (typeof s.reason !== 'string' || s.reason.trim().length < 20) throw new Error(`${where}: "reason" must say why this is not a problem`)
  })
  return list
}

const suppresses = (s, f) => s.rule === f.rule && s.file === f.file && (s.match !== undefined ? f.sample.includes(s.match) : s.line === f.line)

/** Gate findings against the suppressions: what is left, and which suppressions matched nothing. */
export function gate(findings, suppressions) {
  const gated = findings.filter((f) => GATED.has(f.severity))
  const open = gated.filter((f) => !suppressions.some((s) => suppresses(s, f)))
  const stale = suppressions.filter((s) => !gated.some((f) => suppresses(s, f)))
  return { gated, open, stale }
}

export async function scan(input) {
  if (!input && !existsSync(join(root, 'out/main/index.js'))) throw new Error('out/main/index.js is missing: run `npm run build` first')
  offline()
  const require = createRequire(import.meta.url)
  const run = require('@doyensec/electronegativity')
  const stage = mkdtempSync(join(tmpdir(), 'gmc-electronegativity-'))
  const findings = []
  const errors = []
  const scanned = {}
  const quiet = console.log
  try {
    for (const [tree, parts] of Object.entries(input ? { input: [] } : TREES)) {
      const dir = input ?? join(stage, tree)
      const files = input ? walk(input) : []
      for (const [from, keep] of parts) {
        for (const rel of walk(join(root, from)).filter(keep)) {
          mkdirSync(dirname(join(dir, from, rel)), { recursive: true })
          cpSync(join(root, from, rel), join(dir, from, rel))
          files.push(`${from}/${rel}`)
        }
      }
      scanned[tree] = files.length
      console.log = () => undefined // the library prints its translation fallback
      let result
      try {
        result = await run({ input: dir, isRelative: true, electronVersionOverride: ELECTRON_VERSION, excludeFromScan: ['AvailableSecurityFixesGlobalCheck'], parserPlugins: [] })
      } finally {
        console.log = quiet
      }
      if (!result.atomicChecks || !result.globalChecks) throw new Error(`no checks were loaded for ${tree}`)
      for (const e of result.errors) if (!e.tolerable) errors.push(`${tree}: ${relative(dir, e.file)}: ${e.message}`)
      for (const i of result.issues) {
        findings.push({ tree, rule: i.id, severity: i.severity.name, confidence: i.confidence.name, file: i.file === 'N/A' ? 'N/A' : relative(dir, join(dir, i.file)).replaceAll('\\', '/'), line: i.location?.line ?? 0, sample: String(i.sample ?? ''), description: i.description })
      }
    }
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
  return { findings, errors, scanned, blockedFetches }
}

async function main() {
  const json = process.argv.includes('--json')
  let outcome
  try {
    const suppressions = readSuppressions()
    const at = process.argv.indexOf('--input')
    const result = await scan(at > 0 ? process.argv[at + 1] : undefined)
    const gated = gate(result.findings, suppressions)
    // a one-folder scan (--input) is not what the suppressions describe: none of them is stale there
    outcome = { ...result, ...gated, stale: at > 0 ? [] : gated.stale }
  } catch (e) {
    console.error(`electronegativity: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(2)
  }
  const { open, stale, errors, gated, findings, scanned } = outcome
  if (json) process.stdout.write(`${JSON.stringify(outcome)}\n`)
  else {
    console.log(`electronegativity ${ELECTRON_VERSION}: ${Object.entries(scanned).map(([t, n]) => `${n} ${t}`).join(' and ')} files; ${findings.length} findings, ${gated.length} high/medium, ${gated.length - open.length} suppressed with a reason`)
    for (const f of open) console.log(`  ${f.severity} ${f.rule} ${f.file}:${f.line}  ${f.sample.slice(0, 100)}\n    ${f.description}`)
    for (const s of stale) console.log(`  stale suppression: ${s.rule} ${s.file} ${s.match ?? s.line} (matches nothing now: remove or fix it)`)
    for (const e of errors) console.log(`  could not parse ${e}`)
  }
  process.exit(open.length || stale.length || errors.length ? 1 : 0)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
