/**
 * Generates the finished sample sessions of the bundled campaigns (resources/campaigns/sample-<id>:
 * sessions/session-2.ndjson + its sessions index entry) by PLAYING them: every registered system's sample session
 * (src-main/rules/systems/<id>/samples/session.ts, found by scripts/samples/load.ts) is played through the real
 * campaign store, session and encounter services and the real rules engines, on a copy of the sample campaigns in a
 * temp folder, with a fixed clock, fixed ids and fixed seeds, so the output is honest data and the same on every run.
 *
 *   npx tsx --tsconfig tsconfig.node.json scripts/make-sample-session.ts [--check]
 *
 * --check: generate and compare with the committed files; exit 1 when they differ.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createCampaignStore } from '../src-main/campaign/campaign-store'
import { createPlayServices } from '../src-main/services/play-services'
import { must, sampleClock, type SampleSession } from '../src-main/rules/kit/samples'
import { loadSamples } from './samples/load'

const ROOT = resolve(import.meta.dirname, '..')
const SESSION_ID = 'session-2'

async function generate(samples: SampleSession[]): Promise<Map<SampleSession, { log: string; index: Record<string, string | null> }>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gmc-sample-'))
  const clock = sampleClock()
  const store = createCampaignStore({ dataDir, resourcesDir: join(ROOT, 'resources', 'campaigns'), syncAppends: false, now: clock.now })
  const out = new Map<SampleSession, { log: string; index: Record<string, string | null> }>()
  try {
    await must('init', store.init())
    for (const sample of samples) {
      clock.startAt(sample.date)
      let n = 0
      const play = createPlayServices({ store, publish: () => {}, now: clock.step, newId: () => `${sample.prefix}-${++n}`, newSeed: () => `${sample.prefix}-seed-${++n}` })
      // the campaign's own stat blocks when it has them (scripts/make-samples.ts); these only fill placeholders
      const library = await must('library', play.library.list(sample.campaign))
      for (const b of sample.statBlocks ?? []) {
        const own = library.find((r) => r.id === b.id)
        if (!own || Object.keys(own.data).length === 0) await must(`library ${b.id}`, play.library.save(sample.campaign, b))
      }
      const started = await must('start', play.sessions.start({ campaignId: sample.campaign, title: sample.title, date: sample.date, notes: sample.notes }))
      await sample.play({ play, campaignId: sample.campaign, sessionId: started.id, later: clock.later })
      clock.later(3600)
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
  const made = await generate((await loadSamples()).flatMap((s) => (s.session ? [s.session] : [])))
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
