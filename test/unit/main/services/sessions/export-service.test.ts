/** The `export:session` channel over the real campaign store (sample campaigns seeded into a temp data dir). */
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCampaignStore, type CampaignStore } from '../../../../../src-main/campaign/campaign-store'
import type { Shell } from '../../../../../src-main/services/ports'
import { exportHandlersOver } from '../helpers'
import { ok } from '../../../../../src-shared/result'

const RESOURCES = resolve(import.meta.dirname, '../../../../../resources/campaigns')
const ctx = { role: 'gm' as const, callerId: 'test' }

describe('export:session handler', () => {
  let dir: string
  let store: CampaignStore
  const printed: string[] = []
  // the Electron shell's print-to-PDF, faked: it records the HTML it is given
  const shell: Shell = {
    printToPdf: async (html) => {
      printed.push(html)
      return ok(new TextEncoder().encode('%PDF-1.7 fake'))
    },
  }
  let handler: NonNullable<ReturnType<typeof exportHandlersOver>['export:session']>

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gmc-export-svc-'))
    store = createCampaignStore({ dataDir: dir, resourcesDir: RESOURCES, syncAppends: false })
    const init = await store.init()
    if (!init.ok) throw new Error(init.error.message)
    const h = exportHandlersOver(store, () => shell)['export:session']
    if (!h) throw new Error('no export:session handler')
    handler = h
  })
  afterAll(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('renders the sample session as Markdown (UTF-8) with a file name', async () => {
    const r = await handler({ campaignId: 'sample-saga', sessionId: 'session-2', format: 'md', playerSafe: false, lang: 'pl' }, ctx)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value).toMatchObject({ format: 'md', encoding: 'utf8', fileName: 'the-hangar-ambush.md', damagedLines: [] })
    expect(r.value.data.startsWith('# Dziennik sesji: The hangar ambush')).toBe(true)
  })

  it('prints the PDF with the shell printer and sends it as base64; player-safe HTML goes to the printer', async () => {
    const r = await handler({ campaignId: 'sample-saga', sessionId: 'session-2', format: 'pdf', playerSafe: true, lang: 'en' }, ctx)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.encoding).toBe('base64')
    expect(r.value.fileName).toBe('the-hangar-ambush-players.pdf')
    expect(Buffer.from(r.value.data, 'base64').toString()).toBe('%PDF-1.7 fake')
    expect(printed).toHaveLength(1)
    expect(printed[0]).toContain('Player-safe version')
    expect(printed[0]).not.toContain('AUREK-9-BESH')
  })

  it('names the missing session or campaign in the error', async () => {
    const a = await handler({ campaignId: 'sample-saga', sessionId: 'nope', format: 'md', playerSafe: false, lang: 'en' }, ctx)
    expect(a.ok ? null : a.error.field).toBe('sessionId')
    const b = await handler({ campaignId: 'no-such-campaign', sessionId: 'session-2', format: 'md', playerSafe: false, lang: 'en' }, ctx)
    expect(b.ok).toBe(false)
  })

  it('reports a damaged log line by its number and still exports the rest', async () => {
    const file = join(dir, 'sample-saga', 'sessions', 'session-2.ndjson')
    const lines = (await readFile(file, 'utf8')).trim().split('\n').length
    await appendFile(file, '{"kind":"note","text":"cut sh\n')
    const r = await handler({ campaignId: 'sample-saga', sessionId: 'session-2', format: 'csv', playerSafe: false, lang: 'en' }, ctx)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.damagedLines).toEqual([lines + 1])
    expect(r.value.data).toContain('Natural 20! Tira Vos')
  })
})
