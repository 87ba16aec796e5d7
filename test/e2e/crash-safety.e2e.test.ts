/**
 * Crash safety (issue 14, proving issue 10's "nothing is lost"). The built app in browser mode (a real
 * `scripts/serve.mjs` process on a temporary data folder) is driven over its WebSocket as a GM: notes, rolls,
 * stat-block saves, launches, commands (start, next turn, attacks), undo, and session ends (carrying the running
 * encounters). At a random moment (seeded) the server is SIGKILLed, restarted, and checked:
 * - every campaign opens, and no temporary file is left in the data folder;
 * - every acknowledged note, roll and stat block is there;
 * - every acknowledged encounter is there and equals (state and log) the last view the GM was given; when a
 *   change was in flight at the kill it either did not land, or landed whole (undoing it gives that view back);
 * - a launch in flight either left no encounter or a whole one (all its combatants);
 * - no record follows a `session.ended` line in any session log.
 * `npm test` runs GMC_CRASH_KILLS (default 30) kills; `npm run soak` runs 200. GMC_CRASH_SEED picks the seed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Gm, rng } from '../support/gm-socket'
import { startServe, type ServeProcess } from '../support/serve-process'
import { bundleServe } from '../support/serve-bundle'

const KILLS = Number(process.env.GMC_CRASH_KILLS ?? 30)
const SEED = Number(process.env.GMC_CRASH_SEED ?? 20261201)
const CAMPAIGN = 'sample-saga'
const PLAN = 'enc-hangar-ambush'

interface View {
  sessionId: string
  encounter: { id: string; combatants: Array<{ id: string; side: string }>; turn: { phase: string; order: string[]; index: number } }
  log: unknown[]
}

/** what the GM was told landed (the oracle), kept across kills */
interface Acked {
  notes: Set<string>
  rolls: Set<string>
  blocks: Set<string>
  /** encounter id → the last view the GM was given, and the change in flight at the kill (if any) */
  encounters: Map<string, { view: View; inflight: 'command' | 'undo' | null }>
  launchesInFlight: number
  /** how many combatants a whole launch of PLAN brings */
  launchSize: number
  /** counts for the run's summary: encounter changes acknowledged, and kills that hit a change in flight */
  changes: number
  inFlightAtKill: number
}

const stateOf = (v: View) => JSON.stringify({ encounter: v.encounter, log: v.log })

/** the first path where two JSON values differ (for the failure message) */
function firstDiff(a: unknown, b: unknown, path = ''): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return ''
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = firstDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`)
    if (d) return d
  }
  return path
}

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...filesUnder(p))
    else out.push(p)
  }
  return out
}

async function verify(gm: Gm, dataDir: string, acked: Acked, cycle: number): Promise<void> {
  const where = `after kill ${cycle} (seed ${SEED})`
  // every campaign opens (the open also cleans leftover temp files)
  const campaigns = await gm.must<Array<{ id: string; problem?: unknown }>>('campaign:list', {})
  for (const c of campaigns) {
    expect(c.problem, `${where}: ${c.id} lists as damaged`).toBeUndefined()
    const opened = await gm.call('campaign:open', { campaignId: c.id })
    expect(opened.ok, `${where}: campaign ${c.id} opens: ${JSON.stringify(opened)}`).toBe(true)
  }
  await gm.must('campaign:open', { campaignId: CAMPAIGN })
  const files = filesUnder(dataDir)
  expect(files.filter((f) => /\.tmp$|[/\\]\.tmp-/.test(f)), `${where}: stray temp files`).toEqual([])

  // nothing after session.ended, in any log (a whole session.ended line means its whole group was written: it is
  // the group's last line, and a group is one write)
  for (const f of files.filter((x) => x.endsWith('.ndjson'))) {
    const records = readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((l) => {
        try {
          const v = JSON.parse(l) as { kind?: string }
          return typeof v === 'object' && v !== null ? [v] : []
        } catch {
          return []
        }
      })
    const end = records.findIndex((x) => x.kind === 'session.ended')
    if (end >= 0) expect(records.slice(end + 1), `${where}: records after session.ended in ${f}`).toEqual([])
  }
  // the newest session's log reads through the server (damaged lines, if any, are reported, never a failure)
  const sessions = await gm.must<Array<{ id: string }>>('session:list', { campaignId: CAMPAIGN })
  if (sessions.length) await gm.must('session:log', { campaignId: CAMPAIGN, sessionId: sessions.at(-1)!.id })

  // every acknowledged note and roll, read from the logs on disk (one line each: a whole line is a landed record)
  const texts = new Set<string>()
  for (const f of files.filter((x) => x.endsWith('.ndjson'))) {
    for (const l of readFileSync(f, 'utf8').split('\n')) {
      if (!l.includes('"kind":"note"') && !l.includes('"kind":"roll"')) continue
      try {
        const v = JSON.parse(l) as { kind: string; text?: string; label?: string }
        texts.add(String(v.kind === 'note' ? v.text : v.label))
      } catch {
        // a torn line: not landed
      }
    }
  }
  for (const n of acked.notes) expect(texts.has(n), `${where}: acknowledged note "${n}"`).toBe(true)
  for (const r of acked.rolls) expect(texts.has(r), `${where}: acknowledged roll "${r}"`).toBe(true)
  const library = await gm.must<Array<{ name: string }>>('library:list', { campaignId: CAMPAIGN })
  const names = new Set(library.map((b) => b.name))
  for (const b of acked.blocks) expect(names.has(b), `${where}: acknowledged stat block "${b}"`).toBe(true)

  // every acknowledged encounter, exactly as the GM last saw it (or with the change in flight landed whole)
  const list = await gm.must<Array<{ id: string }>>('encounter:list', { campaignId: CAMPAIGN })
  const live = new Set(list.map((e) => e.id))
  acked.inFlightAtKill += [...acked.encounters.values()].filter((a) => a.inflight).length + acked.launchesInFlight
  for (const [id, a] of acked.encounters) {
    expect(live.has(id), `${where}: encounter ${id} is back`).toBe(true)
    const now = await gm.must<View>('encounter:get', { encounterId: id })
    if (stateOf(now) !== stateOf(a.view)) {
      if (!a.inflight) writeFileSync(join(dataDir, `mismatch-${id}.json`), JSON.stringify({ acked: a.view, now }, null, 1))
      expect(a.inflight, `${where}: encounter ${id} changed with nothing in flight (${firstDiff(a.view, now)}; both in ${dataDir})`).not.toBeNull()
      // the change in flight landed: it must have landed whole, so its inverse gives the acknowledged view back
      const back = await gm.must<View>(a.inflight === 'undo' ? 'encounter:redo' : 'encounter:undo', { encounterId: id })
      // (the state only: the log keeps the undone entries, marked)
      expect(JSON.stringify(back.encounter), `${where}: encounter ${id}: the change in flight (${a.inflight}) landed half (${firstDiff(a.view.encounter, back.encounter)})`).toBe(JSON.stringify(a.view.encounter))
      const again = await gm.must<View>(a.inflight === 'undo' ? 'encounter:undo' : 'encounter:redo', { encounterId: id })
      expect(stateOf(again)).toBe(stateOf(now))
    }
    a.view = now
    a.inflight = null
  }
  // a launch in flight: nothing, or a whole encounter
  for (const id of live) {
    if (acked.encounters.has(id)) continue
    expect(acked.launchesInFlight, `${where}: an encounter ${id} nobody launched`).toBeGreaterThan(0)
    const v = await gm.must<View>('encounter:get', { encounterId: id })
    expect(v.encounter.combatants.length, `${where}: launch ${id} landed half`).toBe(acked.launchSize)
    acked.encounters.set(id, { view: v, inflight: null })
  }
  acked.launchesInFlight = 0
}

/** GM actions until the kill; each acknowledged one goes into `acked` */
async function play(gm: Gm, r: ReturnType<typeof rng>, acked: Acked, cycle: number, killed: () => boolean): Promise<void> {
  let k = 0
  const tag = () => `c${cycle}-${++k}`
  let sessionId: string | null = null
  const openSession = async (): Promise<string> => {
    if (sessionId) return sessionId
    const list = await gm.must<Array<{ id: string; endedAt: string | null }>>('session:list', { campaignId: CAMPAIGN })
    const open = list.find((s) => s.endedAt === null)
    sessionId = open ? open.id : (await gm.must<{ id: string }>('session:start', { campaignId: CAMPAIGN, title: `Session ${tag()}`, date: '2026-12-01' })).id
    return sessionId
  }
  const encounterStep = async (id: string) => {
    const a = acked.encounters.get(id)!
    const v = a.view
    const undo = r.next() < 0.2
    let command: Record<string, unknown>
    if (v.encounter.turn.phase === 'setup') command = { type: 'startCombat' }
    else if (r.next() < 0.5) command = { type: 'nextTurn' }
    else {
      const actor = v.encounter.turn.order[v.encounter.turn.index]
      const side = v.encounter.combatants.find((c) => c.id === actor)?.side
      const target = r.pick(v.encounter.combatants.filter((c) => c.side !== side && c.id !== actor))
      command = target ? { type: 'attack', attackerId: actor, targetId: target.id, weapon: 0, override: true } : { type: 'nextTurn' }
    }
    a.inflight = undo ? 'undo' : 'command'
    const res = undo ? await gm.call<View>('encounter:undo', { encounterId: id }) : await gm.call<View>('encounter:command', { encounterId: id, command })
    a.inflight = null
    if (res.ok) {
      a.view = res.value
      acked.changes++
    }
  }
  while (!killed()) {
    const roll = r.next()
    if (roll < 0.3) {
      // notes, sometimes several at once
      const sid = await openSession()
      const texts = Array.from({ length: r.int(1, 3) }, () => `note ${tag()}`)
      const res = await Promise.all(texts.map((text) => gm.call('session:note', { campaignId: CAMPAIGN, sessionId: sid, text })))
      res.forEach((x, i) => (x.ok ? acked.notes.add(texts[i]) : (sessionId = null)))
    } else if (roll < 0.4) {
      const label = `roll ${tag()}`
      const res = await gm.call('session:roll', { campaignId: CAMPAIGN, sessionId: await openSession(), notation: '2d6+1', label })
      if (res.ok) acked.rolls.add(label)
      else sessionId = null
    } else if (roll < 0.47) {
      const name = `Trooper ${tag()}`
      const res = await gm.call('library:save', { campaignId: CAMPAIGN, record: { name, kind: 'npc', tags: ['crash'], data: { name, kind: 'nonheroic', hp: 10 + r.int(0, 20), bab: 1, initiative: 0, abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } } } })
      if (res.ok) acked.blocks.add(name)
    } else if (roll < 0.52 && acked.encounters.size < 6) {
      acked.launchesInFlight++
      const res = await gm.call<View>('encounter:launch', { campaignId: CAMPAIGN, planId: PLAN })
      acked.launchesInFlight--
      if (res.ok) {
        acked.encounters.set(res.value.encounter.id, { view: res.value, inflight: null })
        sessionId = res.value.sessionId
      }
    } else if (roll < 0.535) {
      const sid = await openSession()
      const res = await gm.call('session:end', { campaignId: CAMPAIGN, sessionId: sid, encounters: 'carry' })
      if (res.ok) sessionId = null
    } else if (acked.encounters.size > 0) {
      await encounterStep(r.pick([...acked.encounters.keys()]))
    }
  }
}

let server: ServeProcess | undefined
afterAll(async () => {
  await server?.stop()
})

describe('crash safety: SIGKILL at random moments, restart, nothing lost or half-applied', () => {
  it(`${KILLS} kills (seed ${SEED})`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gmc-crash-'))
    const r = rng(SEED)
    const acked: Acked = { notes: new Set(), rolls: new Set(), blocks: new Set(), encounters: new Map(), launchesInFlight: 0, launchSize: 0, changes: 0, inFlightAtKill: 0 }
    const entry = await bundleServe()
    const start = () => startServe(dataDir, 60_000, entry)
    // a first launch, not killed: how many combatants a whole launch brings
    server = await start()
    let gm = await Gm.connect(server.consoleUrl)
    await gm.must('campaign:open', { campaignId: CAMPAIGN })
    const first = await gm.must<View>('encounter:launch', { campaignId: CAMPAIGN, planId: PLAN })
    acked.launchSize = first.encounter.combatants.length
    acked.encounters.set(first.encounter.id, { view: first, inflight: null })
    let landedChanges = 0
    for (let cycle = 1; cycle <= KILLS; cycle++) {
      let killed = false
      const playing = play(gm, r, acked, cycle, () => killed).catch(() => undefined)
      await new Promise((res) => setTimeout(res, r.int(150, 1200)))
      killed = true
      await server.kill()
      gm.close()
      await playing
      server = await start()
      gm = await Gm.connect(server.consoleUrl)
      await verify(gm, dataDir, acked, cycle)
      landedChanges = acked.notes.size + acked.rolls.size + acked.blocks.size
    }
    gm.close()
    console.log(
      `crash safety: ${KILLS} kills (seed ${SEED}); acknowledged and found again: ${acked.notes.size} notes, ${acked.rolls.size} rolls, ${acked.blocks.size} stat blocks, ${acked.encounters.size} encounters after ${acked.changes} changes; ${acked.inFlightAtKill} kills hit a change in flight`,
    )
    // the run did something worth checking
    expect(landedChanges).toBeGreaterThan(KILLS)
    expect(acked.changes).toBeGreaterThan(0)
  }, 60_000 + KILLS * 15_000)
})
