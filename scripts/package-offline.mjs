#!/usr/bin/env node
// Packages the desktop app where no Electron can be downloaded (CI, this machine): electron-builder with
// build/electron-builder.yml for Linux `dir` and `tar.gz`, against a stand-in Electron folder
// (-c.electronDist=<dir>). The stand-in is a script named `electron` carrying Electron's fuse wire (sentinel,
// version 1, 8 fuses) so the configured fuses are really flipped; tar.gz compression uses a small gzip stand-in
// for 7-Zip (ELECTRON_BUILDER_7ZIP_PATH; electron-builder would download 7za). Needs `npm run build` first.
// Used by test/e2e/desktop-package.e2e.test.ts.
//   node scripts/package-offline.mjs [OUT_DIR]    prints one JSON line: { outDir, appDir, tarball, seconds }
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { root } from './lib.mjs'

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

/** A folder electron-builder takes as an unpacked Electron for Linux: the executable, LICENSE, version, resources/. */
export function standInElectron(dir) {
  mkdirSync(join(dir, 'resources'), { recursive: true })
  const script = Buffer.from('#!/bin/sh\necho "GM Console: stand-in Electron used for offline packaging checks; install the real build."\nexit 1\n# fuse wire: ')
  // every fuse starts enabled ('1'): the config must switch off what it disables
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, 8]), Buffer.from('11111111'), Buffer.from('\n')])
  writeFileSync(join(dir, 'electron'), Buffer.concat([script, wire]))
  chmodSync(join(dir, 'electron'), 0o755)
  writeFileSync(join(dir, 'LICENSE'), 'Stand-in for the Electron license file.\n')
  writeFileSync(join(dir, 'version'), '45.5.0\n')
  return dir
}

/** `7za a [switches] <out.tar.gz> <in.tar>` for the gzip step of tar.gz targets, with Node's zlib. */
function gzipStandIn(dir) {
  const path = join(dir, '7za')
  writeFileSync(
    path,
    `#!${process.execPath}
const { createReadStream, createWriteStream } = require('node:fs')
const { createGzip } = require('node:zlib')
const { pipeline } = require('node:stream/promises')
const args = process.argv.slice(2)
const files = args.filter((a) => !a.startsWith('-'))
if (files[0] !== 'a' || files.length !== 3 || !files[1].endsWith('.gz') || !args.includes('-tgzip') && !files[1].endsWith('.tar.gz')) {
  console.error('gzip stand-in for 7za: only "a <out>.tar.gz <in>.tar" is supported, got: ' + args.join(' '))
  process.exit(2)
}
pipeline(createReadStream(files[2]), createGzip({ level: 9 }), createWriteStream(files[1])).catch((e) => { console.error(String(e)); process.exit(1) })
`,
  )
  chmodSync(path, 0o755)
  return path
}

export function packageOffline(outDir = mkdtempSync(join(tmpdir(), 'gmc-package-'))) {
  if (!existsSync(join(root, 'out', 'main', 'index.js'))) throw new Error('out/main/index.js is missing: run `npm run build` first')
  const tools = mkdtempSync(join(tmpdir(), 'gmc-package-tools-'))
  const electronDist = standInElectron(join(tools, 'electron'))
  const started = Date.now()
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'electron-builder', 'cli.js'), '--config', 'build/electron-builder.yml', '--linux', 'dir', 'tar.gz', '--x64', '--publish', 'never', `-c.electronDist=${electronDist}`, `-c.directories.output=${outDir}`],
    { cwd: root, encoding: 'utf8', timeout: 180_000, env: { ...process.env, ELECTRON_BUILDER_7ZIP_PATH: gzipStandIn(tools), CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  )
  if (r.status !== 0) throw new Error(`electron-builder failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`)
  const tarball = readdirSync(outDir).find((f) => f.endsWith('.tar.gz'))
  return { outDir, appDir: join(outDir, 'linux-unpacked'), tarball: tarball ? join(outDir, tarball) : null, seconds: (Date.now() - started) / 1000, log: r.stdout }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { log, ...result } = packageOffline(process.argv[2] ? resolve(process.argv[2]) : undefined)
    if (process.env.DEBUG) process.stderr.write(log)
    process.stdout.write(`${JSON.stringify(result)}\n`)
  } catch (e) {
    console.error(`package-offline: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(1)
  }
}
