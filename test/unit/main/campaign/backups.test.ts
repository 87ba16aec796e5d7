/** Backups of campaign.json (backups.ts): the newest kept, newest first, names that sort and parse. */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KEEP_BACKUPS, listBackups, parseBackupName, takeBackup } from '../../../../src-main/campaign/backups'
import { tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('backups', () => {
  it(`keeps only the newest ${KEEP_BACKUPS}, newest first`, async () => {
    const campaignDir = join(dir, 'c')
    for (let i = 0; i < 13; i++) await takeBackup(campaignDir, 'update', `v${i}`, `2026-11-29T10:00:${String(i).padStart(2, '0')}.000Z`)
    const all = await listBackups(campaignDir)
    expect(all).toHaveLength(10)
    expect(all[0]).toEqual({ name: 'campaign.20261129T100012000Z.update.json', takenAt: '2026-11-29T10:00:12.000Z', reason: 'update' })
    expect(await readFile(join(campaignDir, 'backups', all[0].name), 'utf8')).toBe('v12')
    expect(await readFile(join(campaignDir, 'backups', all[9].name), 'utf8')).toBe('v3')
    expect((await readdir(join(campaignDir, 'backups'))).length).toBe(10)
  })

  it('two backups in the same millisecond get distinct, ordered names', async () => {
    const campaignDir = join(dir, 'c')
    const a = await takeBackup(campaignDir, 'delete', 'a', '2026-11-29T10:00:00.000Z')
    const b = await takeBackup(campaignDir, 'delete', 'b', '2026-11-29T10:00:00.000Z')
    expect(a.name).not.toBe(b.name)
    expect((await listBackups(campaignDir))[0].name).toBe(b.name)
  })

  it('ignores files in backups/ that are not backups', () => {
    expect(parseBackupName('notes.txt')).toBeNull()
    expect(parseBackupName('campaign.20261129T100000000Z.migration.json')?.reason).toBe('migration')
  })
})
