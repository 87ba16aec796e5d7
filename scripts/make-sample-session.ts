/**
 * Generates the finished sample session of the bundled Saga campaign (resources/campaigns/sample-saga/sessions/
 * session-2.ndjson + its sessions index entry) by PLAYING it: the real campaign store, session and encounter
 * services and the real Saga engine, on a copy of the sample campaign in a temp folder, with a fixed clock, fixed
 * ids and fixed seeds, so the output is honest data and the same on every run. One roll is entered by hand (a
 * natural 20), as a GM would type in a physical die.
 *
 *   npx tsx --tsconfig tsconfig.node.json scripts/make-sample-session.ts [--check]
 *
 * --check: generate and compare with the committed file; exit 1 when they differ.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { EncounterState } from '../src-shared/domain/encounter'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { createPlayServices } from '../src-main/services/play-services'

const ROOT = resolve(import.meta.dirname, '..')
const CAMPAIGN = 'sample-saga'
const SESSION_ID = 'session-2'
const OUT = join(ROOT, 'resources', 'campaigns', CAMPAIGN, 'sessions', `${SESSION_ID}.ndjson`)
const CAMPAIGN_JSON = join(ROOT, 'resources', 'campaigns', CAMPAIGN, 'campaign.json')
const TITLE = 'The hangar ambush'
const DATE = '2026-11-15'
const NOTES = 'Tira and Dax fight their way through the hangar; the sniper on the gantry stays unseen.'

/** real Saga stat blocks for the sample's library ids (used only in the temp copy; the events carry them) */
const STAT_BLOCKS = [
  {
    id: 'pc-tira-vos', name: 'Tira Vos', kind: 'pc', tags: ['party', 'scout'],
    data: { name: 'Tira Vos', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 30, bab: 2, initiative: 8, abilities: { str: 10, dex: 16, con: 12, int: 12, wis: 14, cha: 10 }, defenses: { reflex: { class: 2 } }, weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged', damageType: 'energy' }] },
  },
  {
    id: 'pc-dax-orrin', name: 'Dax Orrin', kind: 'pc', tags: ['party', 'soldier'],
    data: { name: 'Dax Orrin', kind: 'heroic', role: 'pc', heroicLevel: 3, hp: 42, bab: 3, initiative: 5, abilities: { str: 14, dex: 13, con: 14, int: 10, wis: 10, cha: 10 }, defenses: { fortitude: { class: 2 } }, weapons: [{ name: 'Blaster rifle', damage: '3d8', kind: 'ranged', damageType: 'energy' }] },
  },
  {
    id: 'ally-r4-k7', name: 'R4-K7', kind: 'ally', tags: ['droid', 'companion'],
    data: { name: 'R4-K7', kind: 'droid', role: 'ally', hp: 12, bab: 0, initiative: 2, abilities: { str: 8, dex: 12, con: null, int: 14, wis: 12, cha: 8 }, weapons: [{ name: 'Shock prod', damage: '1d6', kind: 'melee', damageType: 'energy' }] },
  },
  {
    id: 'npc-outpost-trooper', name: 'Outpost Trooper', kind: 'npc', tags: ['mook', 'outpost'],
    data: { name: 'Outpost Trooper', kind: 'nonheroic', role: 'npc', hp: 10, bab: 1, initiative: 2, abilities: { str: 10, dex: 11, con: 10, int: 10, wis: 10, cha: 10 }, totals: { reflex: 13, fortitude: 11, will: 10 }, weapons: [{ name: 'Blaster carbine', damage: '3d6', kind: 'ranged', damageType: 'energy' }] },
  },
  {
    id: 'npc-sniper', name: 'Sniper', kind: 'npc', tags: ['outpost'],
    data: { name: 'Sniper', kind: 'nonheroic', role: 'npc', hp: 18, bab: 3, initiative: 6, abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 12, cha: 8 }, totals: { reflex: 15, fortitude: 11, will: 11 }, weapons: [{ name: 'Sniper rifle', damage: '3d10', kind: 'ranged', damageType: 'energy' }] },
  },
]

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string; field?: string } }
async function must<T>(what: string, p: Promise<R<T>> | R<T>): Promise<T> {
  const r = await p
  if (!r.ok) throw new Error(`${what}: ${r.error.message}${r.error.field ? ` (${r.error.field})` : ''}`)
  return r.value
}

async function generate(): Promise<{ log: string; index: Record<string, string | null> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gmc-sample-'))
  let t = Date.parse(`${DATE}T18:00:00.000Z`)
  let n = 0
  const now = () => new Date(t).toISOString()
  const later = (seconds: number) => {
    t += seconds * 1000
  }
  const store = createCampaignStore({ dataDir, resourcesDir: join(ROOT, 'resources', 'campaigns'), syncAppends: false, now })
  try {
    await must('init', store.init())
    const play = createPlayServices({ store, publish: () => {}, now: () => (later(20), now()), newId: () => `kessa-${++n}`, newSeed: () => `kessa-seed-${++n}` })
    for (const b of STAT_BLOCKS) await must(`library ${b.id}`, play.library.save(CAMPAIGN, b))

    const s = await must('start', play.sessions.start({ campaignId: CAMPAIGN, title: TITLE, date: DATE, notes: NOTES }))
    const sid = s.id
    const q = { campaignId: CAMPAIGN, sessionId: sid }
    await must('note', play.sessions.note({ ...q, text: 'The party slips into the hangar through a maintenance duct.' }))
    await must('roll', play.sessions.roll({ ...q, notation: '1d20+7', label: 'Tira Vos: Perception' }))
    await must('gm note', play.sessions.note({ ...q, text: 'Commander Vale knows the party is coming: the door code is AUREK-9-BESH.', gmOnly: true }))
    await must('hidden roll', play.sessions.roll({ ...q, notation: '1d20+6', label: 'Sniper: Stealth (hidden)', hidden: true }))

    let view = await must('launch', play.encounters.launch(CAMPAIGN, 'enc-hangar-ambush'))
    const eid = view.encounter.id
    const cmd = async (c: Record<string, unknown>) => (view = await must(`command ${String(c.type)}`, play.encounters.command(eid, c)))
    const st = (): EncounterState => view.encounter
    const sniper = st().combatants.find((c) => c.hidden)
    if (sniper) await cmd({ type: 'setNote', combatantId: sniper.id, notes: 'On the gantry; flees at half HP to warn Vale (VANTA-GANTRY).' })
    await cmd({ type: 'startCombat' })
    const alive = (id: string) => {
      const c = st().combatants.find((x) => x.id === id)
      const s2 = (c?.state ?? {}) as { hp?: number; status?: string }
      return c !== undefined && (s2.hp ?? 1) > 0 && (s2.status ?? 'ok') === 'ok'
    }
    const byName = (prefix: string) => st().combatants.filter((c) => c.name.startsWith(prefix)).map((c) => c.id)
    const pcs = () => st().combatants.filter((c) => c.side === 'party' && alive(c.id)).map((c) => c.id)
    const enemies = () => st().combatants.filter((c) => c.side === 'enemies' && alive(c.id) && !c.hidden).map((c) => c.id)
    let naturalTwentyEntered = false
    let undone = false
    for (let turn = 0; turn < 60 && st().turn.round <= 5; turn++) {
      if (turn > 0) await cmd({ type: 'nextTurn' })
      const cur = st().turn.order[st().turn.index]
      const me = st().combatants.find((c) => c.id === cur)
      if (!me || !alive(me.id)) continue
      const foes = me.side === 'enemies' ? pcs() : enemies()
      if (foes.length === 0) break
      const target = me.hidden ? byName('Dax')[0] : foes[0]
      if (!alive(target)) continue
      const attack: Record<string, unknown> = { type: 'attack', attacker: me.id, target, weapon: 0, range: 'short' }
      // the GM types in a physical natural 20 for Tira's first shot (manual dice are consumed before the RNG)
      if (me.name === 'Tira Vos' && !naturalTwentyEntered) {
        attack.dice = [20]
        naturalTwentyEntered = true
      }
      await cmd(attack)
      // the GM undoes one trooper shot (wrong target) and lets it stand against the other PC instead
      if (!undone && me.side === 'enemies' && !me.hidden && pcs().length > 1) {
        undone = true
        view = await must('undo', play.encounters.undo(eid))
        await cmd({ ...attack, target: pcs().find((x) => x !== target) })
      }
      if (enemies().length === 0) break
    }
    await cmd({ type: 'endEncounter' })

    later(600)
    await must('rest', play.sessions.rest({ ...q, who: 'Dax Orrin', kind: 'healing', amount: 6, text: 'R4-K7 patches Dax up with a medpac.' }))
    await must('pool', play.sessions.pool({ ...q, pool: 'Destiny', delta: -1, reason: 'Tira spends a Destiny Point to find the code cylinder.' }))
    await must('note', play.sessions.note({ ...q, text: 'The code cylinder points to the mines below the outpost.' }))
    later(3600)
    const ended = await must('end', play.sessions.end(q))

    const dir = (await readdir(dataDir, { recursive: true })).find((p) => p.endsWith(`${sid}.ndjson`))
    if (!dir) throw new Error('the generated session log is missing')
    const log = (await readFile(join(dataDir, dir), 'utf8')).split(sid).join(SESSION_ID)
    return { log, index: { id: SESSION_ID, title: TITLE, date: DATE, notes: NOTES, startedAt: ended.startedAt, endedAt: ended.endedAt } }
  } finally {
    await store.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** add (or replace) this session's entry in the sessions index of campaign.json, touching nothing else */
function withIndexEntry(text: string, entry: Record<string, string | null>): string {
  const line = `    ${JSON.stringify(entry).replace(/":/g, '": ').replace(/,"/g, ', "').replace(/^\{/, '{ ').replace(/\}$/, ' }')}`
  const lines = text.split('\n')
  const existing = lines.findIndex((l) => l.includes(`"id": "${SESSION_ID}"`))
  if (existing >= 0) {
    lines[existing] = line + (lines[existing].trimEnd().endsWith(',') ? ',' : '')
    return lines.join('\n')
  }
  const start = lines.findIndex((l) => /^\s*"sessions": \[/.test(l))
  let end = start
  while (end < lines.length && !/^\s*\],?\s*$/.test(lines[end])) end++
  if (start < 0 || end >= lines.length) throw new Error('no sessions index in campaign.json')
  if (end - 1 > start) lines[end - 1] = `${lines[end - 1].replace(/,\s*$/, '')},`
  lines.splice(end, 0, line)
  return lines.join('\n')
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const { log, index } = await generate()
  const campaignText = await readFile(CAMPAIGN_JSON, 'utf8')
  const nextCampaign = withIndexEntry(campaignText, index)
  if (check) {
    const same = (await readFile(OUT, 'utf8').catch(() => '')) === log && nextCampaign === campaignText
    console.log(same ? 'sample session is up to date' : 'sample session differs: run scripts/make-sample-session.ts')
    process.exit(same ? 0 : 1)
  }
  await writeFile(OUT, log)
  if (nextCampaign !== campaignText) await writeFile(CAMPAIGN_JSON, nextCampaign)
  console.log(`wrote ${OUT} (${log.trim().split('\n').length} lines)`)
}

main().catch((e) => {
  console.error(`make-sample-session: ${(e as Error).message}`)
  process.exit(1)
})
