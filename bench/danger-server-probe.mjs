#!/usr/bin/env node
// The danger check as the app runs it (issue 13), for bench/danger.bench.ts: the built browser-mode server started in
// this process (scripts/lib.mjs importServer, as `npm run serve` does, on the data folder `argv[2]`) and a GM's socket.
// `save`: saves the bench's plan, 4 against 8 in the sample Saga campaign, and prints its id. `check <plan id>`: asks
// for 10,000 fights of it twice, the GM's first check of a session (below) and the next, with this thread's event
// loop watched meanwhile: it is the server's main thread, with the server's
// own heap (the bench's process holds tsx and every bench's data: its own garbage collection paused it up to 43 ms
// during a check). The GM's socket is in this process too, so the work of reading the answers and the progress
// pushes counts against the server's thread: a pessimistic reading. Prints one JSON line.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import WebSocket from 'ws'
import { importServer, root } from '../scripts/lib.mjs'

const [dataDir, mode, planId] = process.argv.slice(2)
if (!dataDir || !(mode === 'save' || (mode === 'check' && planId))) throw new Error('usage: danger-server-probe.mjs <data dir> save | check <plan id>')
if (process.env.PROBE_COLD) process.env.GM_CONSOLE_DANGER_IDLE_MS = '500'
const { serve } = await importServer()
const running = await serve(['--port', '0', '--data-dir', dataDir], { root, out: () => {} })
const url = new URL(running.server.consoleUrl)
const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`)
await new Promise((resolve, reject) => {
  ws.once('open', resolve)
  ws.once('error', reject)
})
const waiting = new Map()
let nextId = 1
ws.on('message', (data) => {
  const m = JSON.parse(String(data))
  if (m.id !== undefined && m.result && waiting.has(m.id)) {
    waiting.get(m.id)(m.result)
    waiting.delete(m.id)
  }
})
const call = (channel, payload) =>
  new Promise((resolve, reject) => {
    const id = nextId++
    waiting.set(id, (r) => (r.ok ? resolve(r.value) : reject(new Error(`${channel}: ${r.error.message}`))))
    ws.send(JSON.stringify({ id, channel, payload }))
  })

if (mode === 'save') {
  // the bench's 4 against 8 (danger.bench.ts sagaJob) as a plan of the sample campaign
  const plan = await call('plan:save', {
    campaignId: 'sample-saga',
    plan: {
      name: 'Bench: 4 against 8',
      entries: [
        ...['pc-tira-vos', 'pc-dax-orrin', 'pc-nira-sol'].map((statBlockId) => ({ statBlockId, count: 1, side: 'party' })),
        { statBlockId: 'ally-sgt-hale', count: 1, side: 'allies' },
        { statBlockId: 'npc-outpost-trooper', count: 8, side: 'enemies' },
      ],
    },
  })
  ws.close()
  await running.stop()
  process.stdout.write(`${JSON.stringify({ planId: plan.id })}\n`)
  process.exit(0)
}

// the lateness of a 1 ms timer (danger.bench.ts stallWatch), and the longest GC pause of this thread
const RESOLUTION_MS = 1
const lag = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
async function check() {
  let gc = 0
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc = Math.max(gc, e.duration)
  })
  obs.observe({ entryTypes: ['gc'] })
  lag.reset()
  lag.enable()
  const t0 = performance.now()
  // PROBE_LATE=1: when (ms into the check) the timer ran more than 5 ms late, and by how much
  const late = []
  let last = performance.now()
  const tick = process.env.PROBE_LATE ? setInterval(() => { const now = performance.now(); if (now - last - 1 > 5) late.push([Math.round(last - t0), Math.round(now - last - 1)]); last = now }, 1) : null
  const report = await call('plan:danger', { campaignId: 'sample-saga', planId, runs: 10_000, seed: 'bench' })
  const s = (performance.now() - t0) / 1000
  lag.disable()
  if (tick) clearInterval(tick)
  if (tick) process.stderr.write(`late: ${JSON.stringify(late)}\n`)
  await new Promise((r) => setTimeout(r, 50))
  obs.disconnect()
  return { s, stall: Math.max(0, lag.max / 1e6 - RESOLUTION_MS), gc, runs: report.runs, wins: report.partyWinChance }
}
// as a GM's first check comes: the campaign opened, its plans listed in prep (which starts the threads and has them
// fight a little of its first plan), and the click 1.5 s later. PROBE_COLD=1: the threads end 0.5 s after prep
// started them (GM_CONSOLE_DANGER_IDLE_MS, set above: they idled out, as after 20 minutes in the app), and the check
// starts them again
await call('campaign:open', { campaignId: 'sample-saga' })
await call('plan:list', { campaignId: 'sample-saga' })
await new Promise((r) => setTimeout(r, Number(process.env.PROBE_SETTLE_MS ?? 1500)))
const first = await check()
const next = await check()
ws.close()
await running.stop()
process.stdout.write(`${JSON.stringify({ first, next })}\n`)
process.exit(0)
