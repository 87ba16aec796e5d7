/**
 * The snapshot the store writes is not validated whole again when the store built it only from validated parts
 * (campaign-db.ts `checked`, campaign-file.ts `AdapterHooks.checked`): the campaign as read (validated whole), changed
 * by ops that diffCampaign validated one by one. Issue 30: a compendium of 2,000 stat blocks was checked record by
 * record, then all of them again with the whole campaign before it was written. Anything else is still validated
 * whole before it is written, and an invalid campaign is never written.
 *
 * Nor does the first snapshot written after an open read and validate campaign.json again when it is the file the
 * store read: the store hands the adapter the size and time of the file it read (taken before reading it). A file
 * changed on disk since, even to one of the same size, is read again, and a damaged one is never overwritten.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok as okR } from '@shared/result'
import type { CampaignFile } from '@shared/domain/campaign'
import { CampaignDb } from '../../../../../src-main/campaign/campaign-db'
import { campaignBytes, createCampaignDb } from '../../../../../src-main/campaign/campaign-file'
import { campaignFileSchema } from '../../../../../src-main/campaign/campaign-file-schema'
import { diffCampaign } from '../../../../../src-main/campaign/campaign-changes'
import { block, makeStore, ok, onDisk, sha256, snapshot, steppingClock, tempDir } from '../helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
})

const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => block(`npc-${from + i}`))

describe('the store writes the snapshot it built from validated parts without validating it whole again', () => {
  it('a large change (written as campaign.json) and a compaction: no whole-campaign parse, and the file reads back the same', async () => {
    const store = makeStore(dir, { compactAfterBytes: 4000 })
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    // (read and validated whole once loaded: a file read is always validated)
    ok(await store.get(c.id))
    const whole = vi.spyOn(campaignFileSchema, 'safeParse')
    ok(await store.update(c.id, (f) => okR({ ...f, library: [...f.library, ...many(0, 100)] })))
    // small edits appended, until the changes outgrow the threshold and are folded into a new snapshot
    for (let i = 0; i < 40; i++) ok(await store.rename(c.id, `Alpha ${i}`))
    // (the file on disk, before the first snapshot is written over it, is read and validated: a file read always is)
    const written = whole.mock.calls.filter(([v]) => (v as CampaignFile).library.length > 0)
    expect(written).toEqual([])
    whole.mockRestore()
    const cdir = join(dir, c.id)
    const inMemory = ok(await store.get(c.id)).data
    // what is on disk is the campaign in memory, valid (read strictly), and written as campaignBytes writes it
    expect(await onDisk(cdir)).toEqual(inMemory)
    const text = await readFile(join(cdir, 'campaign.json'))
    expect(campaignFileSchema.safeParse(JSON.parse(text.toString('utf8'))).success).toBe(true)
    expect(ok(await makeStore(dir).get(c.id)).data).toEqual(inMemory)
  })

  it('an invalid record is refused by the diff before anything is written', async () => {
    const store = makeStore(dir, { compactAfterBytes: 4000 })
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const before = await snapshot(dir)
    const bad = { ...block('bad'), kind: 'dragon' } as unknown as CampaignFile['library'][number]
    const r = await store.update(c.id, (f) => okR({ ...f, library: [...f.library, ...many(0, 100), bad] }))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.field).toBe('library.100.kind')
    expect(await snapshot(dir)).toEqual(before)
  })
})

describe('a campaign the store cannot vouch for is validated whole before it is written', () => {
  it('an open stamped with a time that is not one: the compaction refuses it, and campaign.json is unchanged', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    await store.close()
    const cdir = join(dir, c.id)
    const before = await snapshot(dir)
    const db = ok(await CampaignDb.read(cdir, { now: steppingClock(), compactAfterBytes: 4000 }))
    db.markOpened('not a time')
    const whole = vi.spyOn(campaignFileSchema, 'safeParse')
    // a large change, made by validated ops: the compaction writes the campaign, lastOpened included
    const next = { ...db.data, library: many(0, 100), updatedAt: '2026-11-29T11:00:00.000Z' }
    const diff = diffCampaign(db.data, db.positions, next)
    if (!diff.ok) throw new Error(diff.error.message)
    await expect(db.commit(diff.value.ops, next.updatedAt)).rejects.toThrow(/lastOpened/)
    expect(whole).toHaveBeenCalled()
    expect(await snapshot(dir)).toEqual(before)
  })

  it('the adapter without the hook (or with a hook that does not vouch) validates, and writes nothing invalid', async () => {
    const file = join(dir, 'campaign.json')
    const now = steppingClock()
    const good: CampaignFile = { schemaVersion: 1, name: 'A', systemId: 'saga', systemSettings: {}, party: [], library: [block('a')], encounters: [], sessions: [], createdAt: now(), updatedAt: now(), lastOpened: null }
    const bad = { ...good, name: '' }
    for (const hooks of [{ now, beforeMigrationWrite: async () => undefined }, { now, beforeMigrationWrite: async () => undefined, checked: () => false }]) {
      const low = createCampaignDb(file, hooks)
      low.data = good
      await low.write()
      const written = await readFile(file)
      expect(written.equals(campaignBytes(good))).toBe(true)
      low.data = bad
      await expect(low.write()).rejects.toThrow(/name/)
      expect((await readFile(file)).equals(written)).toBe(true)
    }
  })
})

/** a campaign whose campaign.json holds `n` stat blocks, written by a store that is then let go */
async function campaignOf(n: number): Promise<string> {
  const store = makeStore(dir, { compactAfterBytes: 1 })
  const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
  ok(await store.update(c.id, (f) => okR({ ...f, library: many(0, n) })))
  await store.close()
  const onDisk = JSON.parse(await readFile(join(dir, c.id, 'campaign.json'), 'utf8')) as CampaignFile
  expect(onDisk.library).toHaveLength(n)
  return c.id
}

describe('the first snapshot after an open', () => {
  it('a large change to a campaign just opened is written without reading and validating campaign.json again', async () => {
    const id = await campaignOf(100)
    const store = makeStore(dir, { compactAfterBytes: 4000 })
    ok(await store.get(id))
    const whole = vi.spyOn(campaignFileSchema, 'safeParse')
    ok(await store.update(id, (f) => okR({ ...f, library: [...f.library, ...many(100, 100)] })))
    // the campaign as it was on disk (100 stat blocks) is not parsed again before the new one is written over it
    expect(whole.mock.calls.filter(([v]) => (v as CampaignFile).library?.length === 100)).toEqual([])
    whole.mockRestore()
    expect(ok(await makeStore(dir).get(id)).data.library).toHaveLength(200)
  })

  it('a campaign.json changed on disk after the open (to one of the same size) is read again; damaged, it is not overwritten', async () => {
    const id = await campaignOf(3)
    const file = join(dir, id, 'campaign.json')
    const db = ok(await CampaignDb.read(join(dir, id), { now: steppingClock(), compactAfterBytes: 1 }))
    const text = await readFile(file, 'utf8')
    // another program: the same number of bytes, not JSON
    const damaged = `{${'x'.repeat(Buffer.byteLength(text) - 2)}}`
    expect(Buffer.byteLength(damaged)).toBe(Buffer.byteLength(text))
    await new Promise((r) => setTimeout(r, 20))
    await writeFile(file, damaged)
    const hash = await sha256(file)
    await expect(db.compact()).rejects.toMatchObject({ appError: { code: 'damaged' } })
    expect(await sha256(file)).toBe(hash)
  })
})
