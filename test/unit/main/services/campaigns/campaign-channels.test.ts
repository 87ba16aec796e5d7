/**
 * Campaign operations over the real dispatch and the real store (foundation issue): duplicate, delete to the trash
 * and restore, export/import as text, Electron's save dialog through the shell, a damaged file's newest backup,
 * the first-run campaign in app:info, party ids in the overview. Bad payloads name the field and change nothing.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TrashEntry } from '@shared/domain/campaign'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { wireCore, type Core } from '../../../../../src-main/wiring/create-core'
import { urlShell, type WindowShell } from '../../../../../src-main/wiring/shell'
import { ok as okResult } from '@shared/result'
import { recordingLogger } from '../../../../support/recording-logger'
import { makeStore, ok, RESOURCES, snapshot, tempDir } from '../../campaign/helpers'

const gm = { role: 'gm' as const, callerId: 'gm-1' }
const player = { role: 'player' as const, callerId: 'player-1' }

describe('campaign channels', () => {
  let dir: string
  let cleanup: () => Promise<void>
  let store: ReturnType<typeof makeStore>
  let core: Core
  let pushed: Array<[string, unknown]>
  let sampleId: string
  const call = async <T>(channel: string, req: unknown, ctx: { role: 'gm' | 'player'; callerId: string } = gm) => (await core.dispatch(channel, req, ctx)) as { ok: true; value: T } | { ok: false; error: { code: string; message: string; field?: string; details?: Record<string, unknown> } }

  beforeEach(async () => {
    ;({ dir, cleanup } = await tempDir())
    store = makeStore(dir, { resourcesDir: RESOURCES, syncAppends: false })
    const init = ok(await store.init())
    sampleId = init.seeded.find((id) => id.includes('saga')) ?? init.seeded[0]
    core = wireCore({ mode: 'browser', version: 'test', log: recordingLogger(), campaignStore: store, firstRunCampaignId: init.seeded.length ? init.suggestedCampaignId : null })
    pushed = []
    core.hub.subscribe({ id: 'spy', role: 'gm', send: (t, p) => pushed.push([t, p]) }, 'campaigns:changed')
  })
  afterEach(async () => {
    await store.close()
    await cleanup()
  })

  it('app:info names the sample seeded on the first start, once, to a GM; a second start seeds none', async () => {
    const asPlayer = ok(await call<{ firstRunCampaignId: string | null }>('app:info', {}, player))
    expect(asPlayer.firstRunCampaignId).toBeNull()
    const info = ok(await call<{ firstRunCampaignId: string | null }>('app:info', {}))
    expect(info.firstRunCampaignId).toMatch(/^sample-/)
    // once: a reloaded console (or a second GM window) is not sent back to the sample
    const later = ok(await call<{ firstRunCampaignId: string | null }>('app:info', {}))
    expect(later.firstRunCampaignId).toBeNull()
    const again = makeStore(dir, { resourcesDir: RESOURCES })
    const init2 = ok(await again.init())
    expect(init2.seeded).toEqual([])
  })

  it('campaign:open lists the party ids; the library can mark them', async () => {
    const file = JSON.parse(await readFile(join(dir, sampleId, 'campaign.json'), 'utf8')) as { party: string[] }
    expect(file.party.length).toBeGreaterThan(0)
    const overview = ok(await call<{ partyIds: string[]; counts: { party: number } }>('campaign:open', { campaignId: sampleId }))
    expect(overview.partyIds).toEqual(file.party)
    expect(overview.counts.party).toBe(file.party.length)
  })

  it('duplicate, delete to the trash, restore from it', async () => {
    const copy = ok(await call<CampaignSummary>('campaign:duplicate', { campaignId: sampleId }))
    expect(copy.id).not.toBe(sampleId)
    expect(copy.name).toMatch(/\(copy\)$/)
    const named = ok(await call<CampaignSummary>('campaign:duplicate', { campaignId: sampleId, name: '  Second table ' }))
    expect(named.name).toBe('Second table')
    expect(pushed.length).toBe(2)

    const trashed = ok(await call<TrashEntry>('campaign:delete', { campaignId: copy.id }))
    expect(trashed.campaignId).toBe(copy.id)
    const list = ok(await call<CampaignSummary[]>('campaign:list', {}))
    expect(list.some((c) => c.id === copy.id)).toBe(false)
    const trash = ok(await call<TrashEntry[]>('campaign:trash', {}))
    expect(trash.map((t) => t.trashId)).toEqual([trashed.trashId])

    const back = ok(await call<CampaignSummary>('campaign:restore', { trashId: trashed.trashId }))
    expect(back).toMatchObject({ id: copy.id, name: copy.name })
    expect(ok(await call<TrashEntry[]>('campaign:trash', {}))).toEqual([])
    expect(ok(await call<CampaignSummary[]>('campaign:list', {})).some((c) => c.id === copy.id)).toBe(true)
  })

  it('a campaign damaged when deleted comes back from the trash damaged: the error names it and the list shows it', async () => {
    const trashed = ok(await call<TrashEntry>('campaign:delete', { campaignId: sampleId }))
    await writeFile(join(dir, '.trash', trashed.trashId, 'campaign.json'), '{oops')
    pushed = []
    const back = await call('campaign:restore', { trashId: trashed.trashId })
    expect(!back.ok && back.error).toMatchObject({ code: 'damaged', details: { restoredAs: sampleId } })
    const listed = pushed.at(-1)?.[1] as Array<{ id: string; problem?: { code: string } }>
    expect(listed.find((c) => c.id === sampleId)?.problem?.code).toBe('damaged')
  })

  it('deleting the campaign on the player display clears it there', async () => {
    ok(await call('campaign:open', { campaignId: sampleId }))
    expect(core.board.campaignId()).toBe(sampleId)
    ok(await call('campaign:delete', { campaignId: sampleId }))
    expect(core.board.campaignId()).toBeNull()
  })

  it('export as text, then import it as a new campaign with the same content and session logs', async () => {
    const exported = ok(await call<{ fileName: string; text: string; warnings: string[] }>('campaign:export', { campaignId: sampleId }))
    expect(exported.fileName).toMatch(/^[a-z0-9-]+\.gmc\.json$/)
    expect(exported.warnings).toEqual([])
    const parsed = JSON.parse(exported.text) as { kind: string; campaign: { name: string; library: unknown[] } }
    expect(parsed.kind).toBe('gm-console.campaign-export')
    const imported = ok(await call<CampaignSummary>('campaign:import', { text: exported.text }))
    expect(imported.id).not.toBe(sampleId)
    expect(imported.name).toBe(parsed.campaign.name)
    const original = JSON.parse(await readFile(join(dir, sampleId, 'campaign.json'), 'utf8')) as { library: unknown[]; sessions: unknown[] }
    const copy = JSON.parse(await readFile(join(dir, imported.id, 'campaign.json'), 'utf8')) as { library: unknown[]; sessions: unknown[] }
    expect(copy.library).toEqual(original.library)
    expect(copy.sessions).toEqual(original.sessions)
  })

  it('bad payloads name the field and leave the data folder byte-identical', async () => {
    const before = await snapshot(dir)
    const cases: Array<[string, unknown, string, string]> = [
      ['campaign:duplicate', { campaignId: sampleId, name: '' }, 'invalid', 'name'],
      ['campaign:duplicate', { campaignId: 'no-such' }, 'not-found', 'campaignId'],
      ['campaign:delete', { campaignId: '../etc' }, 'invalid', 'campaignId'],
      ['campaign:delete', {}, 'invalid', 'campaignId'],
      ['campaign:restore', { trashId: 'nope' }, 'invalid', 'trashId'],
      ['campaign:restore', { trashId: 'gone~20260101T000000000Z' }, 'not-found', 'trashId'],
      ['campaign:export', { campaignId: 7 }, 'invalid', 'campaignId'],
      ['campaign:import', { text: '' }, 'invalid', 'text'],
      ['campaign:import', { text: '{not json' }, 'damaged', 'text'],
      ['campaign:import', { text: JSON.stringify({ kind: 'something-else' }) }, 'invalid', 'kind'],
      ['campaign:import', { text: JSON.stringify({ kind: 'gm-console.campaign-export', schemaVersion: 99 }) }, 'newer-version', 'schemaVersion'],
      ['campaign:restoreBackup', { campaignId: sampleId, extra: 1 }, 'invalid', ''],
      ['campaign:restoreBackup', { campaignId: sampleId }, 'not-found', 'backupName'],
    ]
    for (const [channel, req, code, field] of cases) {
      const r = await call(channel, req)
      expect(r.ok, `${channel} ${JSON.stringify(req)}`).toBe(false)
      if (!r.ok) {
        expect(r.error.code, `${channel} ${JSON.stringify(req)}`).toBe(code)
        if (field) expect(r.error.field, `${channel} ${JSON.stringify(req)}`).toBe(field)
      }
    }
    // an import whose campaign is invalid deep inside: the field path, and no half-written folder
    const good = JSON.parse(ok(await call<{ text: string }>('campaign:export', { campaignId: sampleId })).text) as { campaign: { library: Array<{ kind: string }> } }
    good.campaign.library[0].kind = 'dragon'
    const deep = await call('campaign:import', { text: JSON.stringify(good) })
    expect(!deep.ok && deep.error.field).toBe('campaign.library.0.kind')
    expect(await snapshot(dir)).toEqual(before)
    // a player window may do none of it
    const forbidden = await call('campaign:delete', { campaignId: sampleId }, player)
    expect(!forbidden.ok && forbidden.error.code).toBe('forbidden')
    expect(await snapshot(dir)).toEqual(before)
  })

  it('a damaged campaign names its file and newest backup; restoreBackup brings it back and keeps the damaged bytes', async () => {
    // a backup exists once an edit removed something (here: a rename keeps none, a party change does)
    ok(await store.update(sampleId, (f) => okResult({ ...f, party: f.party.slice(1) })))
    const file = join(dir, sampleId, 'campaign.json')
    const damaged = '{"schemaVersion": 1, "name": "Broken'
    await writeFile(file, damaged)
    const opened = await call('campaign:open', { campaignId: sampleId })
    expect(!opened.ok && opened.error.code).toBe('damaged')
    if (!opened.ok) {
      expect(opened.error.message).toContain(file)
      expect((opened.error.details?.newestBackup as { name: string } | null)?.name).toMatch(/^campaign\./)
    }
    expect(await readFile(file, 'utf8')).toBe(damaged)

    const restored = ok(await call<CampaignSummary>('campaign:restoreBackup', { campaignId: sampleId }))
    expect(restored.id).toBe(sampleId)
    expect(ok(await call('campaign:open', { campaignId: sampleId }))).toMatchObject({ id: sampleId })
    const backups = ok(await store.listBackups(sampleId))
    const kept = backups.find((b) => b.reason === 'restore')
    expect(kept).toBeDefined()
    expect(await readFile(join(dir, sampleId, 'backups', kept!.name), 'utf8')).toBe(damaged)
  })

  it('campaign:exportSave asks the shell for a path (Electron), writes there, and says when the GM cancels', async () => {
    const answers: Array<string | null> = [join(dir, 'saved.gmc.json'), null]
    const asked: string[] = []
    const shell: WindowShell = {
      openPlayer: async () => okResult({ opened: true }),
      displays: async () => okResult([]),
      openBoard: async () => okResult({ opened: true }),
      chooseSavePath: async (name) => {
        asked.push(name)
        return okResult(answers.shift() ?? null)
      },
    }
    // browser mode (issue 10): no save dialog in main, so the export comes back for the browser to download
    const noDialog = ok(await call<{ saved: boolean; download?: { fileName: string; mimeType: string; text: string } }>('campaign:exportSave', { campaignId: sampleId }))
    expect(noDialog.saved).toBe(false)
    expect(noDialog.download?.fileName).toMatch(/\.gmc\.json$/)
    expect(noDialog.download?.mimeType).toBe('application/json')
    expect(JSON.parse(noDialog.download!.text)).toMatchObject({ kind: 'gm-console.campaign-export' })
    // a URL shell (browser mode) has no save dialog either: the download again
    core.attachShell(urlShell({ playerUrl: 'http://127.0.0.1:1/player', boardUrl: (e) => `http://127.0.0.1:1/board?encounter=${e}` }))
    const browser = ok(await call<{ download?: { fileName: string } }>('campaign:exportSave', { campaignId: sampleId }))
    expect(browser.download?.fileName).toMatch(/\.gmc\.json$/)
    core.attachShell(shell)
    const saved = ok(await call<{ saved: boolean; filePath?: string }>('campaign:exportSave', { campaignId: sampleId }))
    expect(saved).toMatchObject({ saved: true, filePath: join(dir, 'saved.gmc.json') })
    expect(JSON.parse(await readFile(join(dir, 'saved.gmc.json'), 'utf8'))).toMatchObject({ kind: 'gm-console.campaign-export' })
    const cancelled = ok(await call<{ saved: boolean }>('campaign:exportSave', { campaignId: sampleId }))
    expect(cancelled.saved).toBe(false)
    expect(asked).toHaveLength(2)
    expect(asked[0]).toMatch(/\.gmc\.json$/)
  })
})
