/**
 * History benchmark (issue 13): growth ratios measured in one run, not absolute times.
 * - next turn, undo and redo through the real encounter and session services: an encounter of 10,000 events in a
 *   session of 50,000 lines ÷ an encounter of 100 events in a short session (target ≤ 1.5). The two campaigns
 *   take turns, so both see the same machine. The player display shows the encounter (both views are built). The
 *   store writes without fsync here (`syncAppends: false`): the flush costs the same per command at any size and
 *   would only hide the work that grows.
 * - restore (`campaign:open`: reading a session log and rebuilding its live encounter): 100,000 ÷ 25,000 lines
 *   (target ≤ 4.5, linear), and 100,000 lines ÷ a raw read + JSON.parse of the same file (target ≤ 3). Best of 8
 *   rounds, the three taking turns in each; a full garbage collection before each timed run, so none pays for the
 *   garbage an earlier one left (the play above keeps two campaigns' live encounters in the heap throughout).
 * Session logs are written straight through the store from the engine's own history (what play would write).
 * Temp data dir, removed afterwards.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { EngineCommand } from '../src-shared/domain/encounter'
import { createCampaignStore, type CampaignStore } from '../src-main/campaign/campaign-store'
import { createPlayServices, type PlayServices } from '../src-main/services/play-services'
import { campaignPort } from '../src-main/services/store-adapter'
import type { SessionRecord } from '../src-main/services/sessions/session-records'
import { createEncounter, openHistory } from '../src-main/rules/index'
import type { Figure } from './run'
import { trustedCommand } from '../src-main/rules/kit/command'

export const name = 'history'

const hero = { name: 'Han', kind: 'heroic', heroicLevel: 3, bab: 3, abilities: { str: 14, dex: 16, con: 12, int: 10, wis: 10, cha: 10 }, hp: 30, weapons: [{ name: 'Blaster Pistol', damage: '3d6', kind: 'ranged' }] }
const trooper = { name: 'Stormtrooper', kind: 'nonheroic', otherLevels: 4, bab: 3, hp: 37, weapons: [{ name: 'Blaster Rifle', damage: '3d8', kind: 'ranged' }] }
const at = '2026-01-01T18:00:00.000Z'

/** a full garbage collection (V8's gc, exposed at run time) */
function collector(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const round2 = (x: number) => Math.round(x * 100) / 100

/**
 * The lines of one encounter as play writes them: launch (6 combatants), start of combat, then next turns (every
 * 40th undone and redone, every 25th a second one undone and replaced: a discarded branch), until it holds
 * `events` event records or the lines reach `maxLines`; a note every 10 commands.
 */
export function encounterLines(id: string, events: number, maxLines = Infinity): SessionRecord[] {
  const created = createEncounter({ id, name: `Fight ${id}`, systemId: 'saga', seed: `seed-${id}` }, at)
  if (!created.ok) throw new Error(created.error.message)
  const h = openHistory(created.value.records, { state: created.value.state })
  const out: SessionRecord[] = [{ kind: 'encounter.started', at, encounterId: id, planId: null, name: `Fight ${id}`, systemId: 'saga', seed: `seed-${id}` }]
  for (const record of created.value.records) out.push({ kind: 'encounter.event', at, encounterId: id, record })
  const run = (command: EngineCommand) => {
    // built here in its schema's shape: trusted as parsed (play parses a window's command once, at the service)
    const p = h.prepare(trustedCommand(command), { now: at })
    if (!p.ok) throw new Error(`${command.type}: ${p.error.message}`)
    out.push({ kind: 'encounter.command', at, encounterId: id, batch: p.value.batch, command })
    for (const record of p.value.records) out.push({ kind: 'encounter.event', at, encounterId: id, record })
    h.commit(p.value)
  }
  const undo = () => {
    const u = h.undo()
    if (!u.ok) throw new Error(u.error.message)
    out.push({ kind: 'encounter.undo', at, encounterId: id, batch: u.value.batch })
  }
  run({ type: 'addCombatant', id: 'han', statBlock: hero })
  for (let i = 1; i <= 5; i++) run({ type: 'addCombatant', id: `st-${i}`, statBlock: trooper })
  run({ type: 'startCombat' })
  for (let n = 0; h.records.length < events && out.length < maxLines; n++) {
    run({ type: 'nextTurn' })
    if (n % 40 === 39) {
      undo()
      const r = h.redo()
      if (!r.ok) throw new Error(r.error.message)
      out.push({ kind: 'encounter.redo', at, encounterId: id, batch: r.value.batch })
    } else if (n % 25 === 24) {
      undo()
      run({ type: 'nextTurn' })
    }
    if (n % 10 === 0) out.push({ kind: 'note', at, text: `note ${n}`, gmOnly: false })
  }
  return out
}

export async function writeSession(store: CampaignStore, campaignId: string, records: SessionRecord[]): Promise<string> {
  const port = campaignPort(store)
  const s = await port.startSession(campaignId, { title: 'Bench', date: '2026-01-01', notes: '' })
  if (!s.ok) throw new Error(s.error.message)
  const all: SessionRecord[] = [{ kind: 'session.started', at, sessionId: s.value.id, title: 'Bench', date: '2026-01-01', notes: '' }, ...records]
  for (let i = 0; i < all.length; i += 5000) {
    const w = await port.append(campaignId, s.value.id, all.slice(i, i + 5000) as unknown as Array<Record<string, unknown>>)
    if (!w.ok) throw new Error(w.error.message)
  }
  return s.value.id
}

export async function campaign(store: CampaignStore, name: string): Promise<string> {
  const c = await store.create({ name, systemId: 'saga' })
  if (!c.ok) throw new Error(c.error.message)
  return c.value.id
}

const services = (store: CampaignStore): PlayServices => createPlayServices({ store, publish: () => {}, showOnBoard: () => {} })

/** the live encounter of a campaign whose open session holds `lines`, restored by fresh services (a restart) */
export async function restored(store: CampaignStore, campaignId: string): Promise<{ play: PlayServices; eid: string; ms: number; cpu: number }> {
  const play = services(store)
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const list = await play.encounters.list(campaignId)
  const ms = performance.now() - t0
  const cpu = cpuMs(process.cpuUsage(c0))
  if (!list.ok) throw new Error(list.error.message)
  const eid = list.value.find((e) => e.name.startsWith('Fight main'))?.id
  if (!eid) throw new Error('no restored encounter')
  return { play, eid, ms, cpu }
}

/** the process's CPU time (every thread: the garbage collector's helpers too), in ms */
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000

async function findFile(dir: string, file: string): Promise<string> {
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && e.name === file) return join(e.parentPath, e.name)
  throw new Error(`no ${file} under ${dir}`)
}

export async function run(): Promise<Record<string, Figure>> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-history-bench-'))
  const store = createCampaignStore({ dataDir: dir, syncAppends: false })
  try {
    await store.init()
    // play: 100 events in a short session; 10,000 events in a session of 50,000 lines (an ended fight fills the rest)
    const small = await campaign(store, 'Small')
    await writeSession(store, small, encounterLines('main', 100))
    const large = await campaign(store, 'Large')
    const main = encounterLines('main', 10_000)
    const other = encounterLines('other', Infinity, 50_000 - main.length - 1)
    await writeSession(store, large, [...other, { kind: 'encounter.ended', at, encounterId: 'other' }, ...main])
    const sizes = [
      { name: 'small', ...(await restored(store, small)) },
      { name: 'large', ...(await restored(store, large)) },
    ]
    for (const s of sizes) await s.play.encounters.showToPlayers(s.eid)
    const times: Record<string, Record<'nextTurn' | 'undo' | 'redo', number[]>> = { small: { nextTurn: [], undo: [], redo: [] }, large: { nextTurn: [], undo: [], redo: [] } }
    const ops = {
      nextTurn: (p: PlayServices, eid: string) => p.encounters.command(eid, { type: 'nextTurn' }),
      undo: (p: PlayServices, eid: string) => p.encounters.undo(eid),
      redo: (p: PlayServices, eid: string) => p.encounters.redo(eid),
    }
    for (let i = 0; i < 160; i++) {
      for (const op of ['nextTurn', 'undo', 'redo'] as const) {
        for (const s of i % 2 === 0 ? sizes : [...sizes].reverse()) {
          const t0 = performance.now()
          const r = await ops[op](s.play, s.eid)
          const ms = performance.now() - t0
          if (!r.ok) throw new Error(`${op}: ${r.error.message}`)
          if (i >= 40) times[s.name][op].push(ms) // the first 40 warm up the JIT
        }
      }
    }
    const events = sizes[1].play.encounters.live(sizes[1].eid)!.records.length
    if (events < 10_000) throw new Error(`the large encounter holds ${events} events`)

    // restore: 25,000 and 100,000 lines, against a raw read + JSON.parse of the same file
    const restore: Record<number, number[]> = { 25_000: [], 100_000: [] }
    const raw: number[] = []
    const logs: Record<number, { cid: string; file: string }> = {}
    for (const n of [25_000, 100_000]) {
      const cid = await campaign(store, `Restore ${n}`)
      const sid = await writeSession(store, cid, encounterLines('main', Infinity, n - 1))
      logs[n] = { cid, file: await findFile(dir, `${sid}.ndjson`) }
    }
    const collect = collector()
    // the same in CPU time: less swayed by the other programs on a shared machine
    const restoreCpu: Record<number, number[]> = { 25_000: [], 100_000: [] }
    const rawCpu: number[] = []
    for (let i = 0; i < 8; i++) {
      for (const n of [25_000, 100_000]) {
        collect()
        const r = await restored(store, logs[n].cid)
        restore[n].push(r.ms)
        restoreCpu[n].push(r.cpu)
      }
      collect()
      const c0 = process.cpuUsage()
      const t0 = performance.now()
      const text = await readFile(logs[100_000].file, 'utf8')
      let parsed = 0
      for (const line of text.split('\n')) if (line) parsed += JSON.parse(line) ? 1 : 0
      raw.push(performance.now() - t0)
      rawCpu.push(cpuMs(process.cpuUsage(c0)))
      if (parsed < 100_000) throw new Error(`the 100k log holds ${parsed} lines`)
    }
    const best = (xs: number[]) => Math.min(...xs)
    const ratio = (op: 'nextTurn' | 'undo' | 'redo') => round2(median(times.large[op]) / median(times.small[op]))
    return {
      'history.nextTurn.small': { value: round2(median(times.small.nextTurn)), unit: 'ms', target: '(100 events)' },
      'history.nextTurn.large': { value: round2(median(times.large.nextTurn)), unit: 'ms', target: '(10k events, 50k lines)' },
      'history.nextTurn.growth': { value: ratio('nextTurn'), unit: '×', target: '<= 1.5' },
      'history.undo.small': { value: round2(median(times.small.undo)), unit: 'ms', target: '(100 events)' },
      'history.undo.large': { value: round2(median(times.large.undo)), unit: 'ms', target: '(10k events, 50k lines)' },
      'history.undo.growth': { value: ratio('undo'), unit: '×', target: '<= 1.5' },
      'history.redo.small': { value: round2(median(times.small.redo)), unit: 'ms', target: '(100 events)' },
      'history.redo.large': { value: round2(median(times.large.redo)), unit: 'ms', target: '(10k events, 50k lines)' },
      'history.redo.growth': { value: ratio('redo'), unit: '×', target: '<= 1.5' },
      'history.restore.25k': { value: round2(best(restore[25_000])), unit: 'ms', target: '' },
      'history.restore.100k': { value: round2(best(restore[100_000])), unit: 'ms', target: '' },
      'history.restore.growth': { value: round2(best(restore[100_000]) / best(restore[25_000])), unit: '×', target: '<= 4.5' },
      'history.restore.rawParse.100k': { value: round2(best(raw)), unit: 'ms', target: '' },
      'history.restore.vsRawParse': { value: round2(best(restore[100_000]) / best(raw)), unit: '×', target: '<= 3' },
      'history.restore.growth.cpu': { value: round2(best(restoreCpu[100_000]) / best(restoreCpu[25_000])), unit: '×', target: '(CPU time)' },
      'history.restore.vsRawParse.cpu': { value: round2(best(restoreCpu[100_000]) / best(rawCpu)), unit: '×', target: '(CPU time)' },
    }
  } finally {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
