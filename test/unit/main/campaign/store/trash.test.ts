/** The trash part of the campaign store (store/trash.ts): delete to <data>/.trash, list it, restore. */
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { block, makeStore, ok, tempDir } from '../helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('campaign store: delete to trash, restore', () => {

  it('deletes to <data>/.trash (after a backup) and restores it intact', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1'))))
    const trashed = ok(await store.delete(c.id))
    expect(trashed).toMatchObject({ campaignId: c.id, name: 'Alpha' })
    expect(ok(await store.list())).toEqual([])
    expect((await readdir(join(dir, '.trash'))).length).toBe(1)
    expect((await readdir(join(dir, '.trash', trashed.trashId, 'backups')))[0]).toMatch(/\.delete\.json$/)
    expect(ok(await store.listTrash())).toEqual([trashed])
    const restored = ok(await store.restore(trashed.trashId))
    expect(restored).toMatchObject({ id: c.id, name: 'Alpha' })
    expect(ok(await store.get(c.id)).data.library.map((s) => s.id)).toEqual(['npc-1'])
    expect(ok(await store.listTrash())).toEqual([])
  })

  it('restores under a new id when the old one was taken again', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const trashed = ok(await store.delete(c.id))
    await mkdir(join(dir, c.id))
    await writeFile(join(dir, c.id, 'campaign.json'), JSON.stringify(c.data))
    const restored = ok(await store.restore(trashed.trashId))
    expect(restored.id).not.toBe(c.id)
    expect(restored.id.startsWith('alpha-000001-restored')).toBe(true)
  })

  it('rejects a bad or unknown trash id', async () => {
    const store = makeStore(dir)
    const bad = await store.restore('../../x')
    expect(!bad.ok && bad.error).toMatchObject({ code: 'invalid', field: 'trashId' })
    const missing = await store.restore('alpha~20261129T100000000Z')
    expect(!missing.ok && missing.error).toMatchObject({ code: 'not-found', field: 'trashId' })
  })
})
