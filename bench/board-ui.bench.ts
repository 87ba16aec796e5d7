/**
 * Board UI benchmark (issue 5): with 200 combatants, the time from a "next turn" reaching each page to that page's
 * DOM showing the new current combatant, laid out: the GM board (the pop-out board window, the same EncounterBoard
 * as the console's) and the player page, in Chromium against browser mode.
 *
 * In each page an init script notes when the first WebSocket message after the command arrives (t0); a
 * MutationObserver sees the `current` marker move (after Vue's patch), forces layout with getBoundingClientRect()
 * and notes t1. t1 − t0 is the page's script (JSON parse, store, render, patch) + layout for that push, i.e. what one
 * frame must hold. The command itself is sent over a separate socket, like another GM client would.
 * Build needed (`out/renderer`; built here when missing). Temp data dir, removed afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import WebSocket from 'ws'
import { chromium, type Page } from 'playwright-core'
import { browserEndpoint, createWsBridge, type SocketLike } from '../src-shared/ipc/ws-client'
import type { Result } from '../src-shared/result'
import type { Figure } from './run'
import { PLAYER_SETTLE_MS } from '../src-main/services/play/player-board'

export const name = 'board-ui'

// BOARD_UI_WARMUP: turns before the measured ones (V8 is still compiling the hot paths for a few dozen turns)
const WARMUP = Number(process.env.BOARD_UI_WARMUP ?? 10)
const SAMPLES = 60
const PAGE_PACE_MS = 300
// run.ts is run as CommonJS by tsx: no import.meta; the project root is the bench folder's parent
const root = join(dirname(resolve(process.argv[1])), '..')
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const round2 = (x: number) => Math.round(x * 100) / 100

export function must<T>(r: Result<T>, what: string): T {
  if (!r.ok) throw new Error(`${what}: ${r.error.code} ${r.error.message} (${r.error.field ?? ''})`)
  return r.value
}

function startServer(dataDir: string): Promise<{ consoleUrl: string; playerUrl: string; child: ChildProcess }> {
  // BOARD_UI_SERVER_NODE_ARGS: Node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
  const nodeArgs = process.env.BOARD_UI_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'scripts', 'serve.mjs'), '--port', '0', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  return new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`serve printed no URLs:\n${out}`)), 30_000)
    const onData = (d: Buffer) => {
      out += String(d)
      const [consoleUrl, playerUrl] = out.match(/https?:\/\/\S+/g) ?? []
      if (consoleUrl && playerUrl) {
        clearTimeout(timer)
        res({ consoleUrl, playerUrl, child })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => (out += String(d)))
    child.once('exit', (code) => rej(new Error(`serve exited with ${code}:\n${out}`)))
  })
}

/** installed in every page before its scripts: t0 = first socket message once armed */
const PROBE = `(() => {
  const b = (window.__bench = { armed: false, t0: 0 })
  const Orig = window.WebSocket
  window.WebSocket = class extends Orig {
    constructor(...a) {
      super(...a)
      this.addEventListener('message', () => {
        if (b.armed && !b.t0) {
          b.t0 = performance.now()
          performance.mark('bu-t0')
        }
      })
    }
  }
  b.arm = (selector) => {
    b.armed = true
    b.t0 = 0
    const before = document.querySelector(selector)?.getAttribute('data-testid') ?? null
    return new Promise((done) => {
      const obs = new MutationObserver(() => {
        const el = document.querySelector(selector)
        const id = el ? el.getAttribute('data-testid') : null
        if (!el || id === before || !b.t0) return
        const tm = performance.now()
        el.getBoundingClientRect() // layout, as the frame would
        const t1 = performance.now()
        performance.mark('bu-t1')
        obs.disconnect()
        b.armed = false
        b.split = [tm - b.t0, t1 - tm]
        // the frame that shows it: from its start (the animation frame callback) to the first task after it, i.e.
        // prepaint, paint, layerize and commit on this thread (work that follows the measured part)
        b.frame = new Promise((framed) => requestAnimationFrame(() => {
          const tf = performance.now()
          const c = new MessageChannel()
          c.port1.onmessage = () => framed(performance.now() - tf)
          c.port2.postMessage(0)
        }))
        done(t1 - b.t0)
      })
      obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] })
    })
  }
  // the GM page plays the turns itself, as a GM would: it clicks Next turn, waits for the turn to show and its frame
  // to be done (and \`pace\` ms more), then clicks again; [total, script, layout, frame] per turn. Nothing outside the
  // app (the bench's Playwright calls, its socket) runs while it does.
  b.drive = async (n, selector, pace) => {
    const out = []
    for (let i = 0; i < n; i++) {
      if (pace) await new Promise((r) => setTimeout(r, pace))
      const shown = b.arm(selector)
      const clicked = performance.timeOrigin + performance.now()
      document.querySelector('[data-testid="board-next"]').click()
      const total = await shown
      out.push([total, b.split[0], b.split[1], await b.frame, clicked])
    }
    return out
  }
  // the player page notes every turn it shows: the same t1 − t0, and when (epoch ms, comparable with the GM page's
  // clicks); armed again after each
  b.watch = (selector) => {
    b.times = []
    const next = () => b.arm(selector).then((t) => (b.times.push([t, performance.timeOrigin + performance.now()]), next()))
    next()
  }
})()`

/**
 * A browser-mode server on a temp data dir with a GM socket of the bench's own (its commands go there, as another GM
 * window's would); null without Chromium (no figures rather than made-up ones; the other benches still report).
 * The build is made when missing. `close` stops the server and removes the data dir.
 */
export async function openServedBench(bench: string): Promise<{ chromiumPath: string; consoleUrl: string; playerUrl: string; gm: ReturnType<typeof createWsBridge>; close(): Promise<void> } | null> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromiumPath)) {
    process.stderr.write(`${bench}: no Chromium at ${chromiumPath} (set CHROMIUM_PATH); skipped\n`)
    return null
  }
  if (!existsSync(join(root, 'out', 'renderer', 'console.html'))) {
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'pipe' })
    if (r.status !== 0) throw new Error(`build failed:\n${String(r.stderr)}`)
  }
  const dataDir = mkdtempSync(join(tmpdir(), `gmc-${bench}-bench-`))
  const { consoleUrl, playerUrl, child } = await startServer(dataDir)
  const u = new URL(consoleUrl)
  const gm = createWsBridge({ ...browserEndpoint({ protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search })!, connect: (url) => new WebSocket(url) as unknown as SocketLike })
  const close = async () => {
    gm.close()
    await new Promise<void>((res) => {
      if (child.exitCode !== null) return res()
      const force = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(force)
        res()
      })
      child.kill('SIGTERM')
    })
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { chromiumPath, consoleUrl, playerUrl, gm, close }
}

export async function run(): Promise<Record<string, Figure>> {
  const served = await openServedBench('board-ui')
  if (!served) return {}
  const { chromiumPath, consoleUrl, playerUrl, gm } = served
  const u = new URL(consoleUrl)
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // BOARD_UI_JS_FLAGS: V8 flags for the pages (e.g. --trace-deopt; the output shows with DEBUG=pw:browser)
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows', ...(process.env.BOARD_UI_JS_FLAGS ? [`--js-flags=${process.env.BOARD_UI_JS_FLAGS}`] : [])],
  })
  try {
    // 1 PC and 199 numbered troopers, launched, started, shown to players
    const camp = must(await gm.invoke('campaign:create', { name: 'Bench', systemId: 'saga' }), 'campaign')
    const cid = camp.id
    const pc = must(await gm.invoke('library:save', { campaignId: cid, record: { name: 'Vela Ren', kind: 'pc', data: { name: 'Vela Ren', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 30, bab: 3, initiative: 6, weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }] } } }), 'pc')
    const npc = must(await gm.invoke('library:save', { campaignId: cid, record: { name: 'Stormtrooper', kind: 'npc', data: { name: 'Stormtrooper', kind: 'nonheroic', hp: 37, bab: 2, initiative: 1, weapons: [{ name: 'Blaster rifle', damage: '3d8', kind: 'ranged' }] } } }), 'npc')
    must(await gm.invoke('party:set', { campaignId: cid, ids: [pc.id] }), 'party')
    const plan = must(await gm.invoke('plan:save', { campaignId: cid, plan: { name: 'Legion', entries: [{ statBlockId: npc.id, count: 100, side: 'enemies' }, { statBlockId: npc.id, count: 99, side: 'enemies' }] } }), 'plan')
    const launched = must(await gm.invoke('encounter:launch', { campaignId: cid, planId: plan.id }), 'launch')
    if (launched.encounter.combatants.length !== 200) throw new Error(`expected 200 combatants, got ${launched.encounter.combatants.length}`)
    const eid = launched.encounter.id
    must(await gm.invoke('encounter:command', { encounterId: eid, command: { type: 'startCombat' } }), 'start')
    // the client that sends the commands shows the encounter, like the GM's console: it holds the view, takes each
    // change as a delta and each command's answer as a reference to that push (an unsubscribed client would be sent
    // the whole 200-combatant view as every answer, work of the server and this process that no GM console causes)
    const unsubscribe = gm.subscribe('encounter:changed', () => undefined)
    must(await gm.invoke('encounter:get', { encounterId: eid }), 'get') // answered after the subscription is made
    must(await gm.invoke('encounter:showToPlayers', { encounterId: eid }), 'show')
    const board = must(await gm.invoke('window:openBoard', { encounterId: eid }), 'board')
    const boardUrl = new URL(board.url ?? `/board?encounter=${eid}`, consoleUrl)
    if (!boardUrl.searchParams.has('token')) boardUrl.searchParams.set('token', u.searchParams.get('token') ?? '')

    const open = async (url: string, ready: string) => {
      const page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
      await page.addInitScript(PROBE)
      await page.goto(url, { waitUntil: 'networkidle' })
      await page.locator(ready).first().waitFor({ timeout: 30_000 })
      return page
    }
    const gmSel = '[data-testid^="combatant-card-"].current'
    const playerSel = '[data-testid^="player-combatant-"].current'
    const gmPage = await open(boardUrl.href, gmSel)
    // BOARD_UI_HIDE=<css selector>: that region of the GM page not displayed (what it costs, by difference)
    if (process.env.BOARD_UI_HIDE)
      await gmPage.evaluate(`document.querySelectorAll(${JSON.stringify(process.env.BOARD_UI_HIDE)}).forEach((el) => el.style.setProperty('display', 'none', 'important'))`)
    // BOARD_UI_CLICK=<css selector>: clicked on the GM page before the loop (e.g. another action, what its form costs)
    if (process.env.BOARD_UI_CLICK) await gmPage.locator(process.env.BOARD_UI_CLICK).first().click()
    // BOARD_UI_COUNT_UPDATES=1: each GM component's updates per turn (its render effect wrapped, by component name)
    const COUNT = `(() => {
      const counts = (window.__updates = {})
      const seen = new Set()
      const walk = (i) => {
        if (!i || seen.has(i)) return
        seen.add(i)
        const name = i.type.__name ?? i.type.name ?? '?'
        const run = i.effect.run.bind(i.effect)
        i.effect.run = () => { counts[name] = (counts[name] ?? 0) + 1; return run() }
        // an update from the parent's patch calls instance.update (bound to the effect's run before this wrap)
        const update = i.update
        i.update = () => { counts[name + ' (from parent)'] = (counts[name + ' (from parent)'] ?? 0) + 1; return update() }
        const visit = (v) => {
          if (!v) return
          if (v.component) walk(v.component)
          if (Array.isArray(v.children)) v.children.forEach((c) => typeof c === 'object' && visit(c))
          if (v.suspense) visit(v.suspense.activeBranch)
        }
        visit(i.subTree)
      }
      walk(document.querySelector('[data-v-app]')._vnode.component)
      return seen.size
    })()`
    if (process.env.BOARD_UI_COUNT_UPDATES) process.stderr.write(`components wrapped: ${await gmPage.evaluate(COUNT)}\n`)
    // BOARD_UI_NO_PLAYER=1: no player page (what the player display's work costs the GM page, by difference)
    const noPlayer = Boolean(process.env.BOARD_UI_NO_PLAYER)
    const playerPage = noPlayer ? gmPage : await open(playerUrl, playerSel)
    // BOARD_UI_CSS=<css>: a style sheet added to the GM page before the loop (what a layout change would save)
    if (process.env.BOARD_UI_CSS)
      await gmPage.evaluate(`document.head.appendChild(Object.assign(document.createElement('style'), { textContent: ${JSON.stringify(process.env.BOARD_UI_CSS)} }))`)
    // BOARD_UI_SCREENSHOT=<prefix>: both pages as PNGs before the loop (<prefix>-gm.png, <prefix>-player.png), the GM page after it (<prefix>-gm-after.png)
    if (process.env.BOARD_UI_SCREENSHOT) {
      await gmPage.screenshot({ path: `${process.env.BOARD_UI_SCREENSHOT}-gm.png` })
      await playerPage.screenshot({ path: `${process.env.BOARD_UI_SCREENSHOT}-player.png` })
    }
    const arm = (page: Page, sel: string) => page.evaluate((s) => (globalThis as unknown as { __bench: { arm(s: string): Promise<number> } }).__bench.arm(s), sel)

    // BOARD_UI_PROFILE=gm|player: a CPU profile of that page over the measured loop, top self times on stderr
    const profiled = process.env.BOARD_UI_PROFILE === 'player' ? playerPage : process.env.BOARD_UI_PROFILE ? gmPage : null
    const cdp = profiled ? await profiled.context().newCDPSession(profiled) : null
    // BOARD_UI_METRICS=1: the GM page's script / style / layout time per push (Performance.getMetrics, whole loop)
    const metrics = process.env.BOARD_UI_METRICS ? await gmPage.context().newCDPSession(gmPage) : null
    const readMetrics = async () => {
      const r = (await metrics!.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
      return Object.fromEntries(r.metrics.map((m) => [m.name, m.value]))
    }
    if (metrics) await metrics.send('Performance.enable')
    // with BOARD_UI_METRICS also the CPU time per turn of each process on this machine (from /proc): where else a
    // push spends this 2-core machine's time while the GM page renders
    const cpuByProcess = () => {
      const out = new Map<string, number>()
      for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
          const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)
          const kind = cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? (cmd[0].includes('chromium') ? 'browser' : (cmd.find((a) => a.includes('serve.mjs')) ? 'server' : cmd.find((a) => a.includes('bench/run.ts')) ? 'bench' : ''))
          if (!kind) continue
          const label = `${kind}${kind === 'renderer' ? ' ' + pid : ''}`
          out.set(label, (out.get(label) ?? 0) + Number(f[11]) + Number(f[12]))
        } catch {
          // gone meanwhile
        }
      }
      return out
    }
    const turnProfiles: CpuProfile[] | null = cdp && process.env.BOARD_UI_TURN_PROFILES ? [] : null
    let cpuBefore = new Map<string, number>()
    let before: Record<string, number> = {}
    const gmTimes: number[] = []
    // the GM page's push split at the DOM change: script (parse, store, render, patch) and then style + layout
    const gmScript: number[] = []
    const gmLayout: number[] = []
    const gmFrame: number[] = []
    const playerTimes: number[] = []
    // BOARD_UI_PACE_MS: the pause before each turn. Page-driven: 300 ms by default, a GM's quickest pace (the machine
    // is then idle when a turn starts, as at a table); by socket: none
    // BOARD_UI_DRIVER=socket: the bench sends each command on its own socket and arms both pages before it (the
    // figures of the earlier runs, and what BOARD_UI_TURN_PROFILES needs); default: the GM page clicks Next turn
    // itself (drive, in PROBE) and the player page notes its turns (watch), so no bench work overlaps a turn
    const bySocket = process.env.BOARD_UI_DRIVER === 'socket' || !!turnProfiles
    const pace = Number(process.env.BOARD_UI_PACE_MS ?? (bySocket ? 0 : PAGE_PACE_MS))
    /** before the measured turns: what the diagnostics note or start then */
    const startDiagnostics = async () => {
      if (metrics) {
        before = await readMetrics()
        cpuBefore = cpuByProcess()
      }
      // BOARD_UI_TRACE=<file>: a Chromium trace of the GM page over the measured loop (t0 and t1 marked bu-t0, bu-t1)
      if (process.env.BOARD_UI_TRACE)
        await browser.startTracing(gmPage, { categories: (process.env.BOARD_UI_TRACE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing,blink').split(',') })
      if (cdp) {
        await cdp.send('Profiler.enable')
        // BOARD_UI_PROFILE_INTERVAL_US: the sampling interval (Chromium's default is about 1 ms)
        if (process.env.BOARD_UI_PROFILE_INTERVAL_US) await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.BOARD_UI_PROFILE_INTERVAL_US) })
        if (!turnProfiles) await cdp.send('Profiler.start')
      }
    }
    // from the GM's click to the player display showing that turn (page-driven runs): what the display's settle time
    // (PLAYER_SETTLE_MS) and its render add up to
    const playerFromClick: number[] = []
    if (!bySocket) {
      type Turn = [number, number, number, number, number]
      /** the player page's turns: [t1 − t0, when shown (epoch ms)] */
      type Shown = Array<[number, number]>
      const drive = (n: number) => gmPage.evaluate(([n, sel, pace]) => (globalThis as unknown as { __bench: { drive(n: number, s: string, p: number): Promise<Turn[]> } }).__bench.drive(n, sel, pace), [n, gmSel, pace] as const)
      // this process sends no command now: it need not be told of the turns either
      unsubscribe()
      if (!noPlayer) await playerPage.evaluate((sel) => (globalThis as unknown as { __bench: { watch(s: string): void } }).__bench.watch(sel), playerSel)
      await drive(WARMUP)
      await startDiagnostics()
      const measuredFrom = noPlayer ? 0 : await playerPage.evaluate(() => (globalThis as unknown as { __bench: { times: Shown } }).__bench.times.length)
      const clicks: number[] = []
      for (const [total, script, layout, frame, clicked] of await drive(SAMPLES)) {
        gmTimes.push(total)
        gmScript.push(script)
        gmLayout.push(layout)
        gmFrame.push(frame)
        clicks.push(clicked)
      }
      if (!noPlayer) {
        // the player's last turn may still be on its way (turns closer than the settle time show as one)
        await playerPage.waitForFunction((last) => (globalThis as unknown as { __bench: { times: Shown } }).__bench.times.some(([, at]) => at >= last), clicks[clicks.length - 1])
        const shown = await playerPage.evaluate((from) => (globalThis as unknown as { __bench: { times: Shown } }).__bench.times.slice(from), measuredFrom)
        for (const [t, at] of shown) {
          playerTimes.push(t)
          const click = clicks.filter((c) => c <= at).pop()
          if (click !== undefined) playerFromClick.push(at - click)
        }
      }
    }
    for (let i = 0; bySocket && i < WARMUP + SAMPLES; i++) {
      if (pace) await new Promise((r) => setTimeout(r, pace))
      // arm both pages, then send the command; each page resolves when its DOM shows the new current combatant
      // BOARD_UI_TURN_PROFILES=<file> (with BOARD_UI_PROFILE): one CPU profile per measured turn, from before the
      // command to 30 ms after the DOM change, written as a JSON array (what one turn costs, without the loop's gaps)
      if (turnProfiles && i >= WARMUP) await cdp!.send('Profiler.start')
      const [g, p] = [arm(gmPage, gmSel), noPlayer ? Promise.resolve(0) : arm(playerPage, playerSel)]
      await Promise.all([gmPage.evaluate(() => 0), playerPage.evaluate(() => 0)])
      must(await gm.invoke('encounter:command', { encounterId: eid, command: { type: 'nextTurn' } }), 'nextTurn')
      const [tg, tp] = await Promise.all([g, p])
      if (turnProfiles && i >= WARMUP) {
        await new Promise((r) => setTimeout(r, 30))
        turnProfiles.push((await cdp!.send('Profiler.stop')).profile as unknown as CpuProfile)
      }
      if (i === WARMUP - 1) await startDiagnostics()
      if (i >= WARMUP) {
        gmTimes.push(tg)
        const [script, layout] = await gmPage.evaluate(() => (globalThis as unknown as { __bench: { split: [number, number] } }).__bench.split)
        gmFrame.push(await gmPage.evaluate(() => (globalThis as unknown as { __bench: { frame: Promise<number> } }).__bench.frame))
        gmScript.push(script)
        gmLayout.push(layout)
        if (!noPlayer) playerTimes.push(tp)
      }
    }
    if (process.env.BOARD_UI_COUNT_UPDATES)
      for (const [k, v] of Object.entries((await gmPage.evaluate('window.__updates')) as Record<string, number>).sort((a, b) => b[1] - a[1])) process.stderr.write(`${(v / (WARMUP + SAMPLES)).toFixed(2).padStart(8)} updates/turn  ${k}\n`)
    if (process.env.BOARD_UI_EVAL) process.stderr.write(`eval: ${JSON.stringify(await gmPage.evaluate(process.env.BOARD_UI_EVAL))}\n`)
    if (process.env.BOARD_UI_SCREENSHOT) await gmPage.screenshot({ path: `${process.env.BOARD_UI_SCREENSHOT}-gm-after.png` })
    if (metrics) {
      const tick = 1000 / 100 // ms per clock tick (USER_HZ)
      for (const [k, v] of cpuByProcess()) if (v - (cpuBefore.get(k) ?? 0) > 0) process.stderr.write(`cpu ${k.padEnd(20)} ${(((v - (cpuBefore.get(k) ?? 0)) * tick) / SAMPLES).toFixed(1)} ms/turn\n`)
      const after = await readMetrics()
      for (const k of ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration', 'RecalcStyleCount', 'LayoutCount', 'Nodes'])
        process.stderr.write(`${k.padEnd(22)} ${k.endsWith('Duration') ? (((after[k] - before[k]) * 1000) / SAMPLES).toFixed(2) + ' ms/push' : ((after[k] - (k === 'Nodes' ? 0 : before[k])) / (k === 'Nodes' ? 1 : SAMPLES)).toFixed(1)}\n`)
    }
    // BOARD_UI_SAMPLES=1: every GM sample (total = script + layout), slowest first
    if (process.env.BOARD_UI_SAMPLES)
      process.stderr.write(gmTimes.map((t, i) => [t, gmScript[i], gmLayout[i]]).sort((a, b) => b[0] - a[0]).map(([t, s, l]) => `${t.toFixed(1)} = ${s.toFixed(1)} + ${l.toFixed(1)}`).join('\n') + '\n')
    if (process.env.BOARD_UI_TRACE) writeFileSync(process.env.BOARD_UI_TRACE, await browser.stopTracing())
    if (cdp && !turnProfiles) printProfile((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile)
    if (turnProfiles) writeFileSync(process.env.BOARD_UI_TURN_PROFILES!, JSON.stringify(turnProfiles))
    return {
      'board-ui.nextTurn.gm.p50': { value: round2(pct(gmTimes, 50)), unit: 'ms', target: '< 16 ms' },
      'board-ui.nextTurn.gm.p95': { value: round2(pct(gmTimes, 95)), unit: 'ms', target: '< 16 ms' },
      'board-ui.nextTurn.gm.script.p50': { value: round2(pct(gmScript, 50)), unit: 'ms', target: 'part of the above: to the DOM change' },
      'board-ui.nextTurn.gm.layout.p50': { value: round2(pct(gmLayout, 50)), unit: 'ms', target: 'part of the above: style and layout' },
      'board-ui.nextTurn.gm.frame.p50': { value: round2(pct(gmFrame, 50)), unit: 'ms', target: 'info: after the above, the frame (prepaint, paint, commit)' },
      'board-ui.nextTurn.gm.frame.p95': { value: round2(pct(gmFrame, 95)), unit: 'ms', target: 'info: after the above, the frame (prepaint, paint, commit)' },
      // none with BOARD_UI_NO_PLAYER
      ...(playerTimes.length
        ? {
            'board-ui.nextTurn.player.p50': { value: round2(pct(playerTimes, 50)), unit: 'ms', target: '< 16 ms' },
            'board-ui.nextTurn.player.p95': { value: round2(pct(playerTimes, 95)), unit: 'ms', target: '< 16 ms' },
          }
        : {}),
      ...(playerFromClick.length
        ? {
            'board-ui.nextTurn.player.fromClick.p50': { value: round2(pct(playerFromClick, 50)), unit: 'ms', target: `info: the GM's click to the display showing it (settle ${PLAYER_SETTLE_MS} ms)` },
            'board-ui.nextTurn.player.fromClick.p95': { value: round2(pct(playerFromClick, 95)), unit: 'ms', target: `info: the GM's click to the display showing it (settle ${PLAYER_SETTLE_MS} ms)` },
          }
        : {}),
    }
  } finally {
    await browser.close()
    await served.close()
  }
}

export interface CpuProfile {
  nodes: Array<{ id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }>
  samples: number[]
  timeDeltas: number[]
}
export function printProfile(p: CpuProfile) {
  const self = new Map<number, number>()
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)))
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const fnName = (id: number) => byId.get(id)!.callFrame.functionName
  const where = (id: number) => `${byId.get(id)!.callFrame.url.split('/').pop()}:${byId.get(id)!.callFrame.lineNumber}`
  const label = (id: number) => `${fnName(id) || '(anon)'} ${where(id)}`
  const write = (us: number, text: string) => process.stderr.write(`${(us / 1000).toFixed(1).padStart(8)} ms  ${text}\n`)
  const top = (m: Map<string, number>, n: number, prefix = '') => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, us]) => write(us, prefix + k))
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us)
  /** a node's time with its callees', leaving out the subtrees `skip` names */
  const inclusive = (skip: (id: number) => boolean = () => false) => {
    const memo = new Map<number, number>()
    const incl = (id: number): number => {
      if (skip(id)) return 0
      let v = memo.get(id)
      if (v === undefined) memo.set(id, (v = (self.get(id) ?? 0) + (byId.get(id)!.children ?? []).reduce((a, c) => a + incl(c), 0)))
      return v
    }
    return incl
  }
  /** the call tree under `roots`, callees merged by name, at most `depth` levels, rows under `minUs` left out */
  const printTree = (roots: number[], incl: (id: number) => number, minUs: number, depth: number, level = 0) => {
    const groups = new Map<string, number[]>()
    for (const id of roots) if (incl(id) > 0) groups.set(label(id), [...(groups.get(label(id)) ?? []), id])
    const rows = [...groups.entries()].map(([k, g]) => [k, g, g.reduce((a, id) => a + incl(id), 0)] as const).sort((a, b) => b[2] - a[2])
    for (const [k, g, us] of rows.slice(0, 8)) {
      if (us < minUs) continue
      write(us, '  '.repeat(level) + k)
      if (level < depth) printTree(g.flatMap((id) => byId.get(id)!.children ?? []), incl, minUs, depth, level + 1)
    }
  }

  const bySelf = new Map<string, number>()
  for (const n of p.nodes) add(bySelf, label(n.id), self.get(n.id) ?? 0)
  top(bySelf, 25)
  if (process.env.BOARD_UI_PROFILE_TOTAL) {
    // inclusive time per function (a function counted once per stack, however deep it recurses)
    const total = new Map<string, number>()
    for (const n of p.nodes) {
      const us = self.get(n.id) ?? 0
      if (!us) continue
      const seen = new Set<string>()
      for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) seen.add(label(id))
      for (const k of seen) add(total, k, us)
    }
    process.stderr.write('-- inclusive\n')
    top(total, 45)
  }
  if (process.env.BOARD_UI_PROFILE_COMPONENTS) {
    // time per component update (its render and its own patch; a child's update counted to the child), named by the
    // source file the build notes above the render function. The profile merges identical stacks: the updates the
    // scheduler runs directly (flushJobs → componentUpdateFn) share one node, named after one of them, so read this
    // list for the components updated from their parent's patch, and a trace or an ablation for the rest.
    const renderOf = (id: number): string => {
      for (const c of byId.get(id)!.children ?? []) {
        if (fnName(c) !== 'renderComponentRoot') continue
        const r = (byId.get(c)!.children ?? []).find((x) => byId.get(x)!.callFrame.url.includes('/assets/'))
        if (r !== undefined) return where(r)
      }
      return '?'
    }
    const nameOfUpdate = new Map<number, string>()
    const owner = new Map<string, number>()
    for (const n of p.nodes) {
      const us = self.get(n.id) ?? 0
      if (!us) continue
      let id: number | undefined = n.id
      while (id !== undefined && fnName(id) !== 'componentUpdateFn') id = parent.get(id)
      if (id === undefined) continue
      if (!nameOfUpdate.has(id)) nameOfUpdate.set(id, renderOf(id))
      add(owner, nameOfUpdate.get(id)!, us)
    }
    // BOARD_UI_PROFILE_COMPONENT=<file:line> (a name from the list below): the call tree of that component's updates,
    // its children's updates left out
    const one = process.env.BOARD_UI_PROFILE_COMPONENT
    if (one) {
      const roots = [...nameOfUpdate.entries()].filter(([, k]) => k === one).map(([id]) => id)
      process.stderr.write(`-- update of ${one}\n`)
      printTree(roots.flatMap((id) => byId.get(id)!.children ?? []), inclusive((id) => fnName(id) === 'componentUpdateFn'), 500, 7)
    }
    process.stderr.write('-- per component update\n')
    top(owner, 20)
  }
  const under = process.env.BOARD_UI_PROFILE_CHILDREN
  if (under) {
    // inclusive time of the direct callees of the named function (e.g. renderComponentRoot: which component renders)
    const incl = inclusive()
    const out = new Map<string, number>()
    for (const n of p.nodes) if (n.callFrame.functionName === under) for (const c of n.children ?? []) add(out, label(c), incl(c))
    process.stderr.write(`-- callees of ${under}\n`)
    top(out, 25)
  }
  const want = process.env.BOARD_UI_PROFILE_TREE
  if (want) {
    // BOARD_UI_PROFILE_TREE=<function name or file:line>: the call tree under those frames, 5 levels deep
    const roots = p.nodes.filter((n) => fnName(n.id) === want || where(n.id) === want).map((n) => n.id)
    process.stderr.write(`-- under ${want}\n`)
    printTree(roots, inclusive(), 1000, 5)
  }
  const stackOf = process.env.BOARD_UI_PROFILE_STACK
  if (stackOf) {
    // the callers (8 deep) of the functions whose name contains it, by self time
    const stacks = new Map<string, number>()
    for (const n of p.nodes) {
      if (!fnName(n.id).includes(stackOf)) continue
      const chain: string[] = []
      for (let id = parent.get(n.id); id !== undefined && chain.length < 8; id = parent.get(id)) chain.push(fnName(id) || '(anon)')
      add(stacks, chain.join(' < '), self.get(n.id) ?? 0)
    }
    top(stacks, 6, '< ')
  }
}
