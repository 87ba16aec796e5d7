/**
 * Generates the finished sample sessions of the bundled campaigns (resources/campaigns/sample-saga,
 * sample-starchasers, sample-2d20 (scripts/samples/session-2d20.ts) and sample-storyteller
 * (scripts/samples/storyteller-session.ts): sessions/session-2.ndjson + its sessions index entry) by PLAYING them: the real campaign
 * store, session and encounter services and the real rules engines (Saga, Starchasers), on a copy of the sample
 * campaigns in a temp folder, with a fixed clock, fixed ids and fixed seeds, so the output is honest data and the
 * same on every run. One Saga roll is entered by hand (a natural 20), as a GM would type in a physical die; the
 * Starchasers session ends with a duel.
 *
 *   npx tsx --tsconfig tsconfig.node.json scripts/make-sample-session.ts [--check]
 *
 * --check: generate and compare with the committed files; exit 1 when they differ.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { EncounterState } from '../src-shared/domain/encounter'
import type { GmEncounterView } from '../src-shared/views/encounter-views'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { createPlayServices } from '../src-main/services/play-services'
import { bountyHunterBoss, hanSolo, chewbacca, scoutDroidCompanion, stormtrooper } from '../src-main/rules/systems/starchasers/samples/stat-blocks'
import { twoD20Session } from './samples/session-2d20'
import { must, type PlayContext } from './samples/session-kit'
import { storytellerSession } from './samples/storyteller-session'

const ROOT = resolve(import.meta.dirname, '..')
const SESSION_ID = 'session-2'

interface Sample {
  campaign: string
  /** prefix of the fixed ids and seeds */
  prefix: string
  title: string
  date: string
  notes: string
  statBlocks: Array<{ id: string; name: string; kind: 'pc' | 'npc' | 'ally'; tags: string[]; data: Record<string, unknown> }>
  play(ctx: PlayContext): Promise<void>
}

/** a live encounter driven through the encounter service, as the console would */
function driver(ctx: PlayContext, first: GmEncounterView) {
  let view = first
  const eid = first.encounter.id
  const st = (): EncounterState => view.encounter
  return {
    st,
    view: () => view,
    async cmd(c: Record<string, unknown>): Promise<GmEncounterView> {
      view = await must(`command ${String(c.type)}`, ctx.play.encounters.command(eid, c))
      return view
    },
    /** a command the rules may refuse (out of turn, out of range): then it is skipped, as a GM would */
    async tryCmd(c: Record<string, unknown>): Promise<boolean> {
      const r = await ctx.play.encounters.command(eid, c)
      if (r.ok) view = r.value
      return r.ok
    },
    async undo(): Promise<void> {
      view = await must('undo', ctx.play.encounters.undo(eid))
    },
    current: () => st().combatants.find((c) => c.id === st().turn.order[st().turn.index]),
  }
}

// ---------------------------------------------------------------------------------------------------- Saga

const saga: Sample = {
  campaign: 'sample-saga',
  prefix: 'kessa',
  title: 'The hangar ambush',
  date: '2026-11-15',
  notes: 'The party fights its way through the hangar; the sniper on the gantry stays unseen.',
  // Saga stat blocks for the sample's library ids, used only where the campaign has a placeholder (temp copy only)
  statBlocks: [
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
  ],
  async play(ctx) {
    const q = { campaignId: ctx.campaignId, sessionId: ctx.sessionId }
    const s = ctx.play.sessions
    await must('note', s.note({ ...q, text: 'The party slips into the hangar through a maintenance duct.' }))
    await must('roll', s.roll({ ...q, notation: '1d20+7', label: 'Tira Vos: Perception' }))
    await must('gm note', s.note({ ...q, text: 'Commander Vale knows the party is coming: the door code is AUREK-9-BESH.', gmOnly: true }))
    await must('hidden roll', s.roll({ ...q, notation: '1d20+6', label: 'Sniper: Stealth (hidden)', hidden: true }))

    const d = driver(ctx, await must('launch', ctx.play.encounters.launch(ctx.campaignId, 'enc-hangar-ambush')))
    const st = d.st
    const alive = (id: string) => {
      const c = st().combatants.find((x) => x.id === id)
      const s2 = (c?.state ?? {}) as { hp?: number; status?: string }
      return c !== undefined && (s2.hp ?? 1) > 0 && (s2.status ?? 'ok') === 'ok'
    }
    const pcs = () => st().combatants.filter((c) => c.side === 'party' && alive(c.id)).map((c) => c.id)
    const enemies = () => st().combatants.filter((c) => c.side === 'enemies' && alive(c.id) && !c.hidden).map((c) => c.id)
    const sniper = st().combatants.find((c) => c.hidden)
    if (sniper) await d.cmd({ type: 'setNote', combatantId: sniper.id, notes: 'On the gantry; flees at half HP to warn Vale (VANTA-GANTRY).' })
    await d.cmd({ type: 'startCombat' })
    let naturalTwentyEntered = false
    let undone = false
    for (let turn = 0; turn < 60 && st().turn.round <= 5; turn++) {
      if (turn > 0) await d.cmd({ type: 'nextTurn' })
      const me = d.current()
      if (!me || !alive(me.id)) continue
      const foes = me.side === 'enemies' ? pcs() : enemies()
      if (foes.length === 0) break
      const target = me.hidden ? (st().combatants.find((c) => c.name.startsWith('Dax'))?.id ?? foes[0]) : foes[0]
      if (!alive(target)) continue
      const attack: Record<string, unknown> = { type: 'attack', attackerId: me.id, targetId: target, weapon: 0, range: 'short' }
      // the GM types in a physical natural 20 for Tira's first shot (manual dice are consumed before the RNG)
      if (me.name === 'Tira Vos' && !naturalTwentyEntered) {
        attack.dice = [20]
        naturalTwentyEntered = true
      }
      await d.cmd(attack)
      // the GM undoes one trooper shot (wrong target) and lets it stand against the other PC instead
      if (!undone && me.side === 'enemies' && !me.hidden && pcs().length > 1) {
        undone = true
        await d.undo()
        await d.cmd({ ...attack, targetId: pcs().find((x) => x !== target) })
      }
      if (enemies().length === 0) break
    }
    await d.cmd({ type: 'endEncounter' })
    ctx.later(600)
    await must('rest', s.rest({ ...q, who: 'Dax Orrin', kind: 'healing', amount: 6, text: 'R4-K7 patches Dax up with a medpac.' }))
    await must('pool', s.pool({ ...q, pool: 'Destiny', delta: -1, reason: 'Tira spends a Destiny Point to find the code cylinder.' }))
    await must('note', s.note({ ...q, text: 'The code cylinder points to the mines below the outpost.' }))
  },
}

// ---------------------------------------------------------------------------------------------- Starchasers

const starchasers: Sample = {
  campaign: 'sample-starchasers',
  prefix: 'ember',
  title: 'Raid at the Ember Gate',
  date: '2026-11-22',
  notes: 'The raiders spring their trap at the Ember Gate; Juno Marr duels Captain Soot.',
  // the system's sample stat blocks under the campaign's names, used only where the campaign has a placeholder
  statBlocks: [
    { id: 'pc-kestrel', name: 'Kestrel', kind: 'pc', tags: ['party', 'pilot'], data: { ...hanSolo, name: 'Kestrel' } },
    { id: 'pc-juno-marr', name: 'Juno Marr', kind: 'pc', tags: ['party', 'muscle'], data: { ...chewbacca, name: 'Juno Marr' } },
    { id: 'ally-sparky', name: 'Sparky', kind: 'ally', tags: ['droid', 'companion'], data: { ...scoutDroidCompanion, name: 'Sparky' } },
    { id: 'npc-ember-raider', name: 'Ember Raider', kind: 'npc', tags: ['raider'], data: { ...stormtrooper, name: 'Ember Raider' } },
    { id: 'npc-captain-soot', name: 'Captain Soot', kind: 'npc', tags: ['boss', 'raider'], data: { ...bountyHunterBoss, name: 'Captain Soot' } },
  ],
  async play(ctx) {
    const q = { campaignId: ctx.campaignId, sessionId: ctx.sessionId }
    const s = ctx.play.sessions
    await must('note', s.note({ ...q, text: 'The freighter drops out of the jump short of the Ember Gate.' }))
    await must('gm note', s.note({ ...q, text: 'Soot has a tracker on the cargo: beacon code EMBER-7-TRACE.', gmOnly: true }))
    await must('roll', s.roll({ ...q, notation: '2d6+1', label: 'Kestrel: sensors sweep' }))

    const d = driver(ctx, await must('launch', ctx.play.encounters.launch(ctx.campaignId, 'enc-ember-gate')))
    const st = d.st
    const view = d.view
    const up = (id: string) => {
      const c = st().combatants.find((x) => x.id === id)
      const s2 = (c?.state ?? {}) as { hp?: number; unconscious?: boolean; dead?: boolean }
      return c !== undefined && (s2.hp ?? 1) > 0 && s2.unconscious !== true && s2.dead !== true
    }
    const side = (x: string) => st().combatants.filter((c) => (x === 'party' ? c.side !== 'enemies' : c.side === 'enemies') && up(c.id)).map((c) => c.id)
    const soot = () => st().combatants.find((c) => c.name.startsWith('Captain Soot'))
    const duel = async () => {
      // Juno Marr closes in on Captain Soot: a duel (000 Dueling System), exchanges until one side DOMINATEs
      const j = st().combatants.find((x) => x.name === 'Juno Marr')
      const c = soot()
      if (!j || !c || !up(j.id) || !up(c.id)) return
      if (!(await d.tryCmd({ type: 'duelStart', fighters: [j.id, c.id], activeId: j.id }))) return
      for (let i = 0; i < 10; i++) {
        const running = (st().system as { duel?: { active?: string } | null }).duel
        if (!running || !up(j.id) || !up(c.id)) break
        const active = running.active ?? j.id
        if (!(await d.tryCmd({ type: 'duelExchange', attackerId: active, defenderId: active === j.id ? c.id : j.id }))) break
        const last = st().combatants.length > 0 ? (view().log.at(-1)?.key ?? '') : ''
        if (/dominate/i.test(last) && i >= 2) break
      }
      if ((st().system as { duel?: unknown }).duel) await d.tryCmd({ type: 'duelEnd' })
    }
    await d.cmd({ type: 'startCombat' })
    let dueled = false
    for (let turn = 0; turn < 30 && st().turn.round <= 2; turn++) {
      if (turn > 0) await d.cmd({ type: 'nextTurn' })
      if (!dueled && st().turn.round >= 1) {
        dueled = true
        await duel()
      }
      const me = d.current()
      if (!me || !up(me.id)) continue
      const foes = side(me.side === 'enemies' ? 'party' : 'enemies').filter((id) => id !== soot()?.id)
      if (foes.length === 0) break
      await d.tryCmd({ type: 'attack', attackerId: me.id, targetId: foes[0] })
    }
    await d.cmd({ type: 'endEncounter' })
    ctx.later(900)
    await must('rest', s.rest({ ...q, who: 'Juno Marr', kind: 'short', text: 'The crew patches the hull and catches its breath.' }))
    await must('pool', s.pool({ ...q, pool: 'fuel', delta: -1, reason: 'Burn through the Ember Gate' }))
    await must('note', s.note({ ...q, text: 'Soot escapes in a lifepod, swearing revenge.' }))
  },
}

// ---------------------------------------------------------------------------------------------- run

async function generate(samples: Sample[]): Promise<Map<Sample, { log: string; index: Record<string, string | null> }>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gmc-sample-'))
  let t = 0
  const now = () => new Date(t).toISOString()
  const store = createCampaignStore({ dataDir, resourcesDir: join(ROOT, 'resources', 'campaigns'), syncAppends: false, now })
  const out = new Map<Sample, { log: string; index: Record<string, string | null> }>()
  try {
    await must('init', store.init())
    for (const sample of samples) {
      t = Date.parse(`${sample.date}T18:00:00.000Z`)
      let n = 0
      const play = createPlayServices({ store, publish: () => {}, now: () => ((t += 20_000), now()), newId: () => `${sample.prefix}-${++n}`, newSeed: () => `${sample.prefix}-seed-${++n}` })
      // the campaign's own stat blocks when it has them (scripts/make-samples.ts); these only fill placeholders
      const library = await must('library', play.library.list(sample.campaign))
      for (const b of sample.statBlocks) {
        const own = library.find((r) => r.id === b.id)
        if (!own || Object.keys(own.data).length === 0) await must(`library ${b.id}`, play.library.save(sample.campaign, b))
      }
      const started = await must('start', play.sessions.start({ campaignId: sample.campaign, title: sample.title, date: sample.date, notes: sample.notes }))
      await sample.play({ play, campaignId: sample.campaign, sessionId: started.id, later: (sec) => void (t += sec * 1000) })
      t += 3_600_000
      const ended = await must('end', play.sessions.end({ campaignId: sample.campaign, sessionId: started.id, encounters: 'end' }))
      const file = (await readdir(join(dataDir, sample.campaign, 'sessions'))).find((f) => f === `${started.id}.ndjson`)
      if (!file) throw new Error(`the generated session log of ${sample.campaign} is missing`)
      const log = (await readFile(join(dataDir, sample.campaign, 'sessions', file), 'utf8')).split(started.id).join(SESSION_ID)
      out.set(sample, { log, index: { id: SESSION_ID, title: sample.title, date: sample.date, notes: sample.notes, startedAt: ended.startedAt, endedAt: ended.endedAt } })
    }
    return out
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
  const made = await generate([saga, starchasers, twoD20Session, storytellerSession])
  let same = true
  for (const [sample, { log, index }] of made) {
    const dir = join(ROOT, 'resources', 'campaigns', sample.campaign)
    const logFile = join(dir, 'sessions', `${SESSION_ID}.ndjson`)
    const campaignText = await readFile(join(dir, 'campaign.json'), 'utf8')
    const nextCampaign = withIndexEntry(campaignText, index)
    if (check) {
      same &&= (await readFile(logFile, 'utf8').catch(() => '')) === log && nextCampaign === campaignText
      continue
    }
    await writeFile(logFile, log)
    if (nextCampaign !== campaignText) await writeFile(join(dir, 'campaign.json'), nextCampaign)
    console.log(`wrote ${logFile} (${log.trim().split('\n').length} lines)`)
  }
  if (check) {
    console.log(same ? 'sample sessions are up to date' : 'sample sessions differ: run scripts/make-sample-session.ts')
    process.exit(same ? 0 : 1)
  }
}

main().catch((e) => {
  console.error(`make-sample-session: ${(e as Error).stack ?? (e as Error).message}`)
  process.exit(1)
})
