/** `export:save` (Electron): the export rendered in main and written where the GM chose in the shell's save dialog. */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCampaignStore, type CampaignStore } from '../../../../../src-main/campaign/campaign-store'
import type { Shell as ExportShell } from '../../../../../src-main/services/ports'
import { exportHandlersOver } from '../helpers'
import { err, ok } from '../../../../../src-shared/result'

const RESOURCES = resolve(import.meta.dirname, '../../../../../resources/campaigns')
const ctx = { role: 'gm' as const, callerId: 'test' }
const req = { campaignId: 'sample-saga', sessionId: 'session-2', format: 'md' as const, playerSafe: true, lang: 'en' as const }

describe('export:save handler', () => {
  let dir: string
  let out: string
  let store: CampaignStore
  let shell: ExportShell | null = null
  const asked: string[] = []
  let answer: () => ReturnType<NonNullable<ExportShell['chooseSavePath']>>
  let save: NonNullable<ReturnType<typeof exportHandlersOver>['export:save']>

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gmc-export-save-'))
    out = await mkdtemp(join(tmpdir(), 'gmc-export-out-'))
    store = createCampaignStore({ dataDir: dir, resourcesDir: RESOURCES, syncAppends: false })
    const init = await store.init()
    if (!init.ok) throw new Error(init.error.message)
    save = exportHandlersOver(store, () => shell)['export:save']!
  })
  afterAll(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
    await rm(out, { recursive: true, force: true })
  })

  // the save dialog of the Electron shell, faked: records the suggested name, answers what the test says
  const withDialog = (): ExportShell => ({
    printToPdf: async () => ok(new TextEncoder().encode('%PDF-1.7 fake')),
    chooseSavePath: async (name) => {
      asked.push(name)
      return answer()
    },
  })

  it('writes the player-safe Markdown where the GM chose; the suggested name is the export’s', async () => {
    shell = withDialog()
    const target = join(out, 'players.md')
    answer = async () => ok(target)
    const r = await save(req, ctx)
    expect(r).toEqual(ok({ saved: true, path: target, fileName: 'the-hangar-ambush-players.md', damagedLines: [] }))
    expect(asked.at(-1)).toBe('the-hangar-ambush-players.md')
    const text = await readFile(target, 'utf8')
    expect(text).toContain('The hangar ambush')
    expect(text).not.toContain('AUREK-9-BESH') // the sample's GM-only note
  })

  it('writes the PDF as bytes (not base64)', async () => {
    shell = withDialog()
    const target = join(out, 'log.pdf')
    answer = async () => ok(target)
    const r = await save({ ...req, format: 'pdf' }, ctx)
    expect(r.ok && r.value.saved).toBe(true)
    expect((await readFile(target)).toString()).toBe('%PDF-1.7 fake')
  })

  it('a cancelled dialog writes nothing', async () => {
    shell = withDialog()
    answer = async () => ok(null)
    const before = await readdir(out)
    const r = await save({ ...req, format: 'csv' }, ctx)
    expect(r).toEqual(ok({ saved: false, fileName: 'the-hangar-ambush-players.csv', damagedLines: [] }))
    expect(await readdir(out)).toEqual(before)
  })

  it('errors are results: dialog failure, unwritable path, no dialog (browser mode), unknown session', async () => {
    shell = withDialog()
    answer = async () => err('io', 'the save dialog failed: boom')
    expect(await save(req, ctx)).toMatchObject({ ok: false, error: { code: 'io' } })
    answer = async () => ok(join(out, 'no-such-folder', 'x.md'))
    expect(await save(req, ctx)).toMatchObject({ ok: false, error: { code: 'io', field: 'format' } })
    shell = { printToPdf: async () => ok(new Uint8Array()) }
    const n = asked.length
    expect(await save(req, ctx)).toMatchObject({ ok: false, error: { code: 'not-found', field: 'format' } })
    shell = null
    expect(await save(req, ctx)).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(asked.length).toBe(n)
    shell = withDialog()
    expect(await save({ ...req, sessionId: 'nope' }, ctx)).toMatchObject({ ok: false, error: { code: 'not-found', field: 'sessionId' } })
  })
})
