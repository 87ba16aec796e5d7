import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isTempFile, removeStaleTempFiles, tempPathFor, writeFileAtomic } from '../../../../src-main/campaign/atomic-write'
import { KEEP_BACKUPS, listBackups, parseBackupName, takeBackup } from '../../../../src-main/campaign/backups'
import { makeStore, ok, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('atomic writes', () => {
  it('replaces the file and leaves no temp file behind', async () => {
    const target = join(dir, 'campaign.json')
    await writeFile(target, 'old')
    await writeFileAtomic(target, 'new')
    expect(await readFile(target, 'utf8')).toBe('new')
    expect(await readdir(dir)).toEqual(['campaign.json'])
  })

  it('when the final rename fails, the target is untouched and the temp file is removed', async () => {
    const target = join(dir, 'taken')
    await mkdir(join(target, 'inner'), { recursive: true }) // a non-empty folder: rename over it fails
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow()
    expect((await readdir(dir)).sort()).toEqual(['taken'])
    expect(await readdir(target)).toEqual(['inner'])
  })

  it('writes the temp file in the same folder under a recognisable name', () => {
    const tmp = tempPathFor(join(dir, 'campaign.json'))
    expect(tmp.startsWith(join(dir, '.campaign.json.'))).toBe(true)
    expect(isTempFile(tmp.slice(dir.length + 1))).toBe(true)
    expect(isTempFile('campaign.json')).toBe(false)
  })

  it('a temp file left by a crash is ignored by list, removed by open, and cleaned up by removeStaleTempFiles', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const campaignDir = join(dir, c.id)
    // simulate a crash between "write temp" and "rename": a half-written temp next to the real file
    const stray = tempPathFor(join(campaignDir, 'campaign.json'))
    await writeFile(stray, '{"schemaVersion":1,"name":"Half wr')
    await mkdir(join(dir, '.tmp-half-created'))
    const fresh = makeStore(dir)
    expect(ok(await fresh.open(c.id)).data.name).toBe('Alpha')
    expect(ok(await fresh.list()).map((x) => x.id)).toEqual([c.id])
    // open already removed it (issue 10); removeStaleTempFiles removes one left later
    expect((await readdir(campaignDir)).sort()).toEqual(['campaign.json', 'sessions'])
    await writeFile(tempPathFor(join(campaignDir, 'campaign.json')), '{"schemaVersion":1,"name":"Half wr')
    expect(await removeStaleTempFiles(campaignDir)).toBe(1)
    expect((await readdir(campaignDir)).sort()).toEqual(['campaign.json', 'sessions'])
    ok(await fresh.init())
    expect(await readdir(dir)).not.toContain('.tmp-half-created')
  })
})

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
