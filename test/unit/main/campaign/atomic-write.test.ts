/** Atomic writes (atomic-write.ts): a temp file in the same folder, then a rename; stray temp files cleaned up. */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isTempFile, removeStaleTempFiles, tempPathFor, writeFileAtomic } from '../../../../src-main/campaign/atomic-write'
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
