#!/usr/bin/env node
// `npm start`: build, then launch the Electron app. Where the Electron binary cannot be had (no download
// possible, as on CI machines) or cannot run (no display), say so in one line and start browser mode instead.
// Flags after `--` (e.g. `--port 5178`) are passed to browser mode. GM_CONSOLE_BROWSER=1 skips Electron,
// GM_CONSOLE_SKIP_BUILD=1 the build.
//
// Signals: SIGINT/SIGTERM reach the server this script started (the Electron app, or browser mode in this
// process, which stops its server and exits). `npm start` runs this script under a shell that does not pass a
// SIGTERM on, so when the process that launched it goes away (the script is re-parented), it stops too: killing
// `npm start` never leaves a server listening on the port.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { build, importServer, root } from './lib.mjs'
import { fallbackLine, launchProblem, probeProblem } from './electron-fallback.mjs'
import { runServe } from './serve.mjs'

const START_USAGE = [
  'usage: npm start -- [--port N] [--data-dir DIR] [--host [ADDR]]',
  '  Builds GM Console and opens the desktop app; where Electron cannot run, says why and starts browser mode.',
  '  The flags are browser mode\'s (the desktop app takes none): --port N (default 5178, 0: any free port),',
  '  --data-dir DIR (the campaigns), --host [ADDR] (let devices on your network open the player display;',
  '  alone: all interfaces). GM_CONSOLE_BROWSER=1 skips Electron, GM_CONSOLE_SKIP_BUILD=1 skips the build.',
].join('\n')
const argv = process.argv.slice(2)
{
  const { parseServeArgs } = await importServer()
  const parsed = parseServeArgs(argv)
  if (!parsed.ok) {
    console.error(`gm-console start: ${parsed.error.message}`)
    process.exit(2)
  }
  if (parsed.value.help) {
    console.log(START_USAGE)
    process.exit(0)
  }
}

/** the Electron executable, or the reason there is none in plain words (require('electron') downloads it on first use) */
function electronBinary() {
  const r = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd: root, encoding: 'utf8', timeout: 300_000 })
  const path = (r.stdout ?? '').trim()
  if (r.status === 0 && path && existsSync(path)) return { path }
  if (r.status === 0 && path) return { reason: `its program is missing (${path})` }
  return { reason: probeProblem({ stderr: r.stderr, error: r.error ?? null }) }
}

/** the server this script started: the Electron child, or browser mode in this very process */
let electronChild = null
function stopAll(signal) {
  if (electronChild && electronChild.exitCode === null && electronChild.signalCode === null) electronChild.kill(signal)
  // browser mode: its own SIGINT/SIGTERM handler (scripts/serve.mjs) stops the server and exits
  else if (fellBack) process.kill(process.pid, signal)
  else process.exit(signal === 'SIGINT' ? 130 : 143)
}
const launcher = process.ppid
const orphanWatch = setInterval(() => {
  if (process.ppid !== launcher) {
    clearInterval(orphanWatch)
    stopAll('SIGTERM')
  }
}, 500)
orphanWatch.unref()

let fellBack = false
async function fallback(reason) {
  if (fellBack) return
  fellBack = true
  console.log(fallbackLine(reason))
  await runServe(argv)
}

// GM_CONSOLE_SKIP_BUILD=1: the build in out/ is current (the end-to-end tests build once for all)
if (process.env.GM_CONSOLE_SKIP_BUILD !== '1') {
  console.log('Building GM Console…')
  build()
}
const bin = process.env.GM_CONSOLE_BROWSER === '1' ? { reason: 'GM_CONSOLE_BROWSER=1 asks for browser mode' } : electronBinary()
if (!bin.path) {
  await fallback(bin.reason)
} else {
  const started = Date.now()
  const child = spawn(bin.path, [root], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env: { ...process.env, ELECTRON_RUN_AS_NODE: undefined } })
  electronChild = child
  // forward the signals to the app; this script exits when it does (below)
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig))
  let stderr = ''
  child.stderr.on('data', (d) => {
    stderr += d
    process.stderr.write(d)
  })
  child.on('error', (e) => void fallback(launchProblem({ error: e })))
  child.on('exit', (code, signal) => {
    // a crash at launch (no display, missing system libraries) falls back; a normal quit ends here
    if (code !== 0 && code !== null && Date.now() - started < 10_000) void fallback(launchProblem({ stderr, code }))
    else process.exit(code ?? (signal ? 1 : 0))
  })
}
