/**
 * A change larger than the compaction threshold (a compendium imported into a small campaign, issue 30): written as
 * the new campaign.json directly, not appended to the changes file and then written again by the compaction
 * (campaign-db.ts `commit`). The end on disk is the same; when that write fails, the campaign is as it was, in
 * memory and on disk.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok as okR } from '@shared/result'
import { block, makeStore, ok, onDisk, snapshot, tempDir } from '../helpers'

/** the targets of the atomic writes, and a target to fail */
const writes = vi.hoisted(() => ({ targets: [] as string[], failOn: null as RegExp | null }))
vi.mock('../../../../../src-main/campaign/atomic-write', async (original) => {
  const real = await original<typeof import('../../../../../src-main/campaign/atomic-write')>()
  return {
    ...real,
    writeFileAtomic: async (target: string, content: string | Uint8Array) => {
      writes.targets.push(target)
      if (writes.failOn?.test(target)) throw new Error('the disk is full')
      return real.writeFileAtomic(target, content)
    },
  }
})

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
  writes.targets.length = 0
  writes.failOn = null
})
afterEach(async () => cleanup())

const exists = (p: string) => stat(p).then(() => true, () => false)

describe('a change larger than the compaction threshold', () => {
  it('is written as campaign.json itself, once (no changes line for it); a small edit before one is folded in with it', async () => {
    const store = makeStore(dir, { compactAfterBytes: 4000 })
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const cdir = join(dir, c.id)
    const changes = join(cdir, 'campaign.changes.ndjson')
    writes.targets.length = 0
    const many = (from: number) => Array.from({ length: 100 }, (_, i) => block(`npc-${from + i}`))
    ok(await store.update(c.id, (f) => okR({ ...f, library: [...f.library, ...many(0)] })))
    // one atomic write, campaign.json's (not the changes file's first, then campaign.json's)
    expect(writes.targets.map((t) => t.split('/').pop())).toEqual(['campaign.json'])
    expect(await exists(changes)).toBe(false)
    // a small edit is one line appended, as always
    ok(await store.rename(c.id, 'Beta'))
    expect(await exists(changes)).toBe(true)
    writes.targets.length = 0
    ok(await store.update(c.id, (f) => okR({ ...f, library: [...f.library, ...many(100)] })))
    expect(writes.targets.map((t) => t.split('/').pop())).toEqual(['campaign.json'])
    expect(await exists(changes)).toBe(false)
    const json = JSON.parse(await readFile(join(cdir, 'campaign.json'), 'utf8')) as { name: string; library: unknown[] }
    expect([json.name, json.library.length]).toEqual(['Beta', 200])
    // a restart reads the same campaign
    expect(ok(await makeStore(dir).get(c.id)).data).toEqual(ok(await store.get(c.id)).data)
    ok(await store.rename(c.id, 'Gamma'))
    expect(await onDisk(cdir)).toMatchObject({ name: 'Gamma', library: expect.any(Array) })
    expect((await onDisk(cdir)).library).toHaveLength(200)
  })

  it('that fails to write leaves the campaign as it was, in memory and on disk; the next change is made over it', async () => {
    const store = makeStore(dir, { compactAfterBytes: 4000 })
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const cdir = join(dir, c.id)
    ok(await store.update(c.id, (f) => okR({ ...f, library: [block('kept')] })))
    const before = await snapshot(dir)
    const inMemory = ok(await store.get(c.id)).data
    writes.failOn = /campaign\.json$/
    const many = Array.from({ length: 100 }, (_, i) => block(`npc-${i}`))
    const r = await store.update(c.id, (f) => okR({ ...f, library: [...f.library, ...many] }))
    expect(r.ok).toBe(false)
    expect(await snapshot(dir)).toEqual(before)
    expect(ok(await store.get(c.id)).data).toEqual(inMemory)
    writes.failOn = null
    // the positions of the records are the ones before: an edit of the kept block lands on it, not beyond
    ok(await store.update(c.id, (f) => okR({ ...f, library: f.library.map((b) => ({ ...b, name: 'Renamed' })) })))
    expect((await onDisk(cdir)).library.map((b) => [b.id, b.name])).toEqual([['kept', 'Renamed']])
  })
})
