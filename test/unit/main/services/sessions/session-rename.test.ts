/**
 * Issue 10: a renamed session keeps its first title in the log ("Session “2026-12-01” started") and in what is
 * read back from its export, while the index (session:rename) has the new one. Everything the GM reads shows the
 * current title: the log's first line, every export format (GM and player-safe) and the replay of the export.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { trooper } from '../fixtures'
import { gmCore, harness, type Harness } from '../helpers'

describe('a renamed session shows its current title (issue 10)', () => {
  let h: Harness
  let call: Awaited<ReturnType<typeof gmCore>>
  beforeEach(async () => {
    h = await harness('saga')
    call = await gmCore(h)
  })
  afterEach(async () => h.cleanup())

  async function renamed() {
    // a launch starts the session, titled with the date
    const st = await call<{ id: string }>('library:save', { campaignId: h.campaignId, record: { name: 'Stormtrooper', kind: 'npc', data: trooper } })
    const plan = await call<{ id: string }>('plan:save', { campaignId: h.campaignId, plan: { name: 'Door', entries: [{ statBlockId: st.value.id, count: 1, side: 'enemies' }] } })
    await call('encounter:launch', { campaignId: h.campaignId, planId: plan.value.id })
    const s = { value: (await call<Array<{ id: string; title: string }>>('session:list', { campaignId: h.campaignId })).value[0] }
    expect(s.value.title).toBe('2026-12-01')
    // read once before the rename, so a cached log is what the rename must not leave stale
    await call('session:log', { campaignId: h.campaignId, sessionId: s.value.id, filter: {} })
    await call('session:rename', { campaignId: h.campaignId, sessionId: s.value.id, title: 'The hangar' })
    return s.value.id
  }

  it('the log’s first line names the new title', async () => {
    const sessionId = await renamed()
    const log = await call<Array<{ key: string; params: Record<string, string> }>>('session:log', { campaignId: h.campaignId, sessionId, filter: {} })
    const started = log.value.find((e) => e.key === 'log.session.started')!
    expect(formatLog(started, 'en')).toBe('Session “The hangar” started (2026-12-01)')
    expect(formatLog(started, 'pl')).toBe('Sesja „The hangar” rozpoczęta (2026-12-01)')
  })

  it('every export, GM and player-safe, says the new title and never the first one', async () => {
    const sessionId = await renamed()
    for (const format of ['md', 'html', 'json', 'csv'] as const) {
      for (const playerSafe of [false, true]) {
        const r = await call<{ data: string; fileName: string }>('export:session', { campaignId: h.campaignId, sessionId, format, playerSafe, lang: 'en' })
        expect(r.value.fileName, `${format} ${playerSafe}`).toMatch(/^the-hangar/)
        // the json GM export keeps the log's records as they are on disk (replayable): the started record there
        // is the raw line; every text a person reads says the new title
        const text = format === 'json' && !playerSafe ? JSON.stringify({ ...JSON.parse(r.value.data), records: [] }) : r.value.data
        // (the CSV lists the encounters' lines only, no session line)
        if (format !== 'csv') expect(text, `${format} ${playerSafe}`).toContain('The hangar')
        expect(text, `${format} ${playerSafe}`).not.toContain('“2026-12-01”')
      }
    }
  })

  it('the replay of the JSON export is titled with the new title', async () => {
    const sessionId = await renamed()
    const j = await call<{ data: string }>('export:session', { campaignId: h.campaignId, sessionId, format: 'json', playerSafe: false, lang: 'en' })
    const opened = await call<{ title: string }>('session:replayOpen', { text: j.value.data })
    expect(opened.value.title).toBe('The hangar')
  })
})
