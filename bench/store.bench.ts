/**
 * Campaign store budgets (foundation issue): append one event to a session log that already holds 50,000 events
 * while campaign.json holds 2,000 stat blocks (p50 / p95, target p95 < 5 ms), and the time to open that
 * campaign (target < 500 ms). Issue 13: saving one stat block, one plan and the party through the library
 * service, in a campaign of 2,000 and one of 10,000 stat blocks, measured alternately in one run; the growth
 * ratio (10,000 ÷ 2,000, medians) must stay ≤ 1.5. And opening a campaign writes nothing.
 * Everything is built in a temp folder and removed afterwards.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CAMPAIGN_SCHEMA_VERSION, SESSION_LOG_SCHEMA_VERSION, type CampaignFile, type StatBlockRecord } from '../src-shared/domain/campaign'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { createLibraryService } from '../src-main/services/campaigns/library-service'
import { campaignPort } from '../src-main/services/store-adapter'

export const name = 'store'

const STAT_BLOCKS = 2_000
const EVENTS = 50_000
const APPENDS = 1_000
const OPENS = 5

const t0 = Date.parse('2026-11-01T18:00:00.000Z')
const iso = (ms: number) => new Date(t0 + ms).toISOString()

/** a stat block about the size of a real one (abilities, defenses, attacks, talents) */
function statBlock(i: number): StatBlockRecord {
  return {
    id: `npc-${i}`,
    name: `Trooper ${i}`,
    kind: i % 10 === 0 ? 'ally' : 'npc',
    tags: ['mook', `squad-${i % 40}`],
    data: {
      level: 1 + (i % 12),
      hp: { max: 10 + (i % 50) },
      abilities: { str: 10 + (i % 6), dex: 12, con: 11, int: 10, wis: 10, cha: 8 },
      defenses: { reflex: 15, fortitude: 13, will: 11, damageThreshold: 13 },
      attacks: [{ name: 'Blaster rifle', bonus: 4, damage: '3d8', range: 'ranged' }, { name: 'Stun grenade', bonus: 3, damage: '4d6', area: 2 }],
      talents: ['Armor Proficiency (light)', 'Weapon Proficiency (rifles)', 'Coordinated Attack'],
      notes: 'Standard outpost trooper; falls back when half the squad is down.',
    },
    updatedAt: iso(i),
  }
}

function eventLine(seq: number): string {
  return JSON.stringify({
    seq,
    at: iso(seq * 1000),
    kind: 'encounter',
    encounterId: 'enc-1',
    record: { seq, at: iso(seq * 1000), batch: seq, status: 'active', event: { type: 'saga.attackResolved', attackerId: `npc-${seq % 2000}`, targetId: 'pc-1', dice: [{ die: 'd20', value: 1 + (seq % 20) }, { die: 'd8', value: 1 + (seq % 8) }], hit: seq % 3 !== 0, damage: seq % 17 } },
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const round = (v: number) => Number(v.toFixed(3))

export async function run(): Promise<Record<string, { value: number; unit: string; target: string }>> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-bench-store-'))
  try {
    const id = 'bench-campaign'
    const sessionId = 'bench-session'
    const library = Array.from({ length: STAT_BLOCKS }, (_, i) => statBlock(i))
    const campaign: CampaignFile = {
      schemaVersion: CAMPAIGN_SCHEMA_VERSION,
      name: 'Benchmark campaign',
      systemId: 'saga',
      systemSettings: {},
      party: library.slice(0, 4).map((s) => s.id),
      library,
      encounters: [{ id: 'enc-1', name: 'Big fight', notes: '', entries: library.slice(0, 20).map((s) => ({ statBlockId: s.id, count: 2, side: 'enemies' as const, aware: true, hidden: false })), updatedAt: iso(0) }],
      sessions: [{ id: sessionId, title: 'Long session', date: '2026-11-01', notes: '', startedAt: iso(0), endedAt: null }],
      createdAt: iso(0),
      updatedAt: iso(0),
      lastOpened: null,
    }
    await mkdir(join(dir, id, 'sessions'), { recursive: true })
    await writeFile(join(dir, id, 'campaign.json'), `${JSON.stringify(campaign, null, 2)}\n`)
    const header = JSON.stringify({ schemaVersion: SESSION_LOG_SCHEMA_VERSION, kind: 'gm-console.session-log', sessionId, createdAt: iso(0) })
    const lines = [header]
    for (let seq = 1; seq <= EVENTS; seq++) lines.push(eventLine(seq))
    await writeFile(join(dir, id, 'sessions', `${sessionId}.ndjson`), `${lines.join('\n')}\n`)

    // open: a fresh store each time (nothing cached), as at app start
    const opens: number[] = []
    for (let i = 0; i < OPENS; i++) {
      const store = createCampaignStore({ dataDir: dir })
      const start = performance.now()
      const opened = await store.open(id)
      opens.push(performance.now() - start)
      if (!opened.ok) throw new Error(opened.error.message)
      await store.close()
    }

    // append: the store as used at the table (log opened by the first append; default durability: each line is
    // written to the OS before append resolves, the datasync follows in the background)
    const store = createCampaignStore({ dataDir: dir })
    const warm = await store.appendEvent(id, sessionId, JSON.parse(eventLine(EVENTS + 1)) as Record<string, unknown>)
    if (!warm.ok) throw new Error(warm.error.message)
    const appends: number[] = []
    for (let i = 0; i < APPENDS; i++) {
      const record = JSON.parse(eventLine(EVENTS + 2 + i)) as Record<string, unknown>
      const start = performance.now()
      const r = await store.appendEvent(id, sessionId, record)
      appends.push(performance.now() - start)
      if (!r.ok) throw new Error(r.error.message)
    }
    // for comparison: awaiting a datasync on every append (syncAppends: 'each')
    const strict = createCampaignStore({ dataDir: dir, syncAppends: 'each' })
    await store.close()
    const strictTimes: number[] = []
    for (let i = 0; i < APPENDS / 4; i++) {
      const record = JSON.parse(eventLine(EVENTS + 2 + APPENDS + i)) as Record<string, unknown>
      const start = performance.now()
      const r = await strict.appendEvent(id, sessionId, record)
      strictTimes.push(performance.now() - start)
      if (!r.ok) throw new Error(r.error.message)
    }
    await strict.close()

    const readStart = performance.now()
    const all = await createCampaignStore({ dataDir: dir }).readSession(id, sessionId)
    const readMs = performance.now() - readStart
    if (!all.ok || all.value.records.length !== EVENTS + 1 + APPENDS + APPENDS / 4) throw new Error('the session log did not read back complete')

    const saves = await saveGrowth(dir)

    appends.sort((a, b) => a - b)
    strictTimes.sort((a, b) => a - b)
    const sortedOpens = [...opens].sort((a, b) => a - b)
    return {
      'store.append.p50': { value: round(percentile(appends, 50)), unit: 'ms', target: '< 5 ms' },
      'store.append.p95': { value: round(percentile(appends, 95)), unit: 'ms', target: '< 5 ms' },
      'store.open': { value: round(percentile(sortedOpens, 50)), unit: 'ms', target: '< 500 ms' },
      'store.open.first': { value: round(opens[0]), unit: 'ms', target: '< 500 ms' },
      'store.fsyncEach.p95': { value: round(percentile(strictTimes, 95)), unit: 'ms', target: 'informational (append awaiting a datasync)' },
      'store.session.readAll': { value: round(readMs), unit: 'ms', target: 'informational (50,000 events)' },
      ...saves,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const SAVE_SIZES = [2_000, 10_000] as const
const SAVE_ROUNDS = 30

/** a real Saga stat block from the bundled sample, as the template of the library's blocks */
async function sagaTemplate(): Promise<Record<string, unknown>> {
  const sample = JSON.parse(await readFile(join(__dirname, '..', 'resources', 'campaigns', 'sample-saga', 'campaign.json'), 'utf8')) as CampaignFile
  const npc = sample.library.find((b) => b.kind === 'npc') ?? sample.library[0]
  return npc.data
}

/** every file under a folder with its size and mtime (to prove that opening writes nothing) */
async function listing(d: string): Promise<string> {
  const out: string[] = []
  for (const e of await readdir(d, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const p = join(e.parentPath, e.name)
    const s = await stat(p)
    out.push(`${p}:${s.size}:${s.mtimeMs}`)
  }
  return out.sort().join('\n')
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50)

/** save one stat block / one plan / the party in campaigns of 2,000 and 10,000 blocks, alternately (issue 13) */
async function saveGrowth(root: string): Promise<Record<string, { value: number; unit: string; target: string }>> {
  const template = await sagaTemplate()
  const store = createCampaignStore({ dataDir: join(root, 'growth') })
  let n = 0
  const library = createLibraryService({ store: campaignPort(store), publish: () => {}, now: () => new Date().toISOString(), newId: () => `id-${++n}`, newSeed: () => '0' })
  const ids: Record<number, string> = {}
  for (const size of SAVE_SIZES) {
    const blocks: StatBlockRecord[] = Array.from({ length: size }, (_, i) => ({ id: `npc-${i}`, name: `Trooper ${i}`, kind: 'npc', tags: ['mook'], data: { ...template, name: `Trooper ${i}` }, updatedAt: iso(i) }))
    const c = await store.create({ name: `Growth ${size}`, systemId: 'saga' })
    if (!c.ok) throw new Error(c.error.message)
    const id = c.value.id
    // written as one campaign.json, as an older GM Console would have left it
    const file: CampaignFile = { ...c.value.data, library: blocks, party: blocks.slice(0, 4).map((b) => b.id), encounters: Array.from({ length: 20 }, (_, i) => ({ id: `plan-${i}`, name: `Plan ${i}`, notes: '', entries: [{ statBlockId: `npc-${i}`, count: 3, side: 'enemies' as const, aware: true, hidden: false }], updatedAt: iso(0) })) }
    await writeFile(join(root, 'growth', id, 'campaign.json'), `${JSON.stringify(file, null, 2)}\n`)
    const before = await listing(join(root, 'growth', id))
    const opened = await store.open(id)
    if (!opened.ok) throw new Error(opened.error.message)
    if ((await listing(join(root, 'growth', id))) !== before) throw new Error('opening the campaign wrote to its folder')
    ids[size] = id
  }
  const times: Record<string, number[]> = {}
  const time = async (key: string, fn: () => Promise<{ ok: boolean }>) => {
    const start = performance.now()
    const r = await fn()
    ;(times[key] ??= []).push(performance.now() - start)
    if (!r.ok) throw new Error(`${key} failed`)
  }
  for (let round = 0; round < SAVE_ROUNDS; round++) {
    for (const size of SAVE_SIZES) {
      const id = ids[size]
      const k = round % 50
      await time(`statBlock.${size}`, () => library.save(id, { id: `npc-${k}`, name: `Trooper ${k} (r${round})`, kind: 'npc', tags: ['mook'], data: { ...template, name: `Trooper ${k} (r${round})` } }))
      await time(`plan.${size}`, () => library.savePlan(id, { id: 'plan-1', name: `Plan 1 (r${round})`, notes: '', entries: [{ statBlockId: `npc-${k}`, count: 2, side: 'enemies', aware: true, hidden: false }] }))
      // the party gains a member each round (a removal would take a backup of the whole campaign first, as always)
      await time(`party.${size}`, () => library.setParty(id, ['npc-0', 'npc-1', 'npc-2', 'npc-3', ...Array.from({ length: round + 1 }, (_, i) => `npc-${100 + i}`)]))
    }
  }
  await store.close()
  const out: Record<string, { value: number; unit: string; target: string }> = {}
  for (const what of ['statBlock', 'plan', 'party'] as const) {
    const small = median(times[`${what}.2000`])
    const large = median(times[`${what}.10000`])
    out[`store.save.${what}.2000`] = { value: round(small), unit: 'ms', target: 'informational (median, 2,000 stat blocks)' }
    out[`store.save.${what}.10000`] = { value: round(large), unit: 'ms', target: 'informational (median, 10,000 stat blocks)' }
    out[`store.save.${what}.growth`] = { value: round(large / small), unit: 'ratio', target: '≤ 1.5 (10,000 ÷ 2,000 blocks)' }
  }
  return out
}
