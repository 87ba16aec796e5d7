/** Backups through the store (store/backup-restore.ts): rotation, newest first, and restoring one. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import { campaignWithFile, makeStore, ok, tempDir } from '../helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('backups through the store', () => {

  it('the store rotates too: 12 removing edits leave 10 backups and newestBackup is the last one', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    for (let i = 0; i < 12; i++) {
      ok(await store.updateCampaign(c.id, (d) => void d.library.push({ id: `n${i}`, name: `N${i}`, kind: 'npc', tags: [], data: {}, updatedAt: d.createdAt })))
      ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [] })))
    }
    const backups = ok(await store.listBackups(c.id))
    expect(backups).toHaveLength(10)
    expect(ok(await store.newestBackup(c.id))).toEqual(backups[0])
    const newest = JSON.parse(await readFile(join(dir, c.id, 'backups', backups[0].name), 'utf8')) as { library: Array<{ id: string }> }
    expect(newest.library.map((s) => s.id)).toEqual(['n11'])
  })


  it('restoreBackup puts the newest backup back and keeps the damaged bytes as a backup too', async () => {
    const { store, id, file } = await campaignWithFile(dir, 'garbage')
    const restored = ok(await store.restoreBackup(id))
    expect(restored.data.library.map((s) => s.id)).toEqual(['n1'])
    const backups = ok(await store.listBackups(id))
    expect(backups[0].reason).toBe('restore')
    expect(await readFile(join(dir, id, 'backups', backups[0].name), 'utf8')).toBe('garbage')
    expect((JSON.parse(await readFile(file, 'utf8')) as CampaignFile).name).toBe('Alpha')
    expect(ok(await store.open(id)).data.name).toBe('Alpha')
  })


  it('restoreBackup rejects a name that is not a backup file', async () => {
    const { store, id } = await campaignWithFile(dir, 'garbage')
    const r = await store.restoreBackup(id, '../../campaign.json')
    expect(!r.ok && r.error).toMatchObject({ code: 'invalid', field: 'backupName' })
  })
})
