/** The repository part of the campaign store (store/repository.ts): create, list, open, rename, and the one validated update. */
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import { ok as okResult, err } from '@shared/result'
import { tempPathFor } from '../../../../../src-main/campaign/atomic-write'
import { block, makeStore, ok, onDisk, snapshot, tempDir } from '../helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('campaign store: create, list, open, rename', () => {
  it('creates a campaign folder with a valid campaign.json and an empty sessions folder', async () => {
    const store = makeStore(dir)
    const created = ok(await store.create({ name: 'Łódź Nights', systemId: 'saga' }))
    expect(created.id).toBe('lodz-nights-000001')
    expect(created.data).toMatchObject({ schemaVersion: 1, name: 'Łódź Nights', systemId: 'saga', party: [], library: [], lastOpened: null })
    const onDisk = JSON.parse(await readFile(join(dir, created.id, 'campaign.json'), 'utf8')) as CampaignFile
    expect(onDisk).toEqual(created.data)
    expect((await stat(join(dir, created.id, 'sessions'))).isDirectory()).toBe(true)
  })

  it('lists campaigns most recently opened first, with system and last opened', async () => {
    const store = makeStore(dir)
    const a = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const b = ok(await store.create({ name: 'Beta', systemId: 'starchasers' }))
    expect(ok(await store.list()).map((c) => c.name)).toEqual(['Alpha', 'Beta'])
    ok(await store.open(b.id))
    const opened = ok(await store.open(a.id))
    const list = ok(await store.list())
    expect(list.map((c) => c.id)).toEqual([a.id, b.id])
    expect(list[0]).toMatchObject({ name: 'Alpha', systemId: 'saga', lastOpened: opened.data.lastOpened })
    expect(list[1].systemId).toBe('starchasers')
    expect(list.every((c) => c.problem === undefined)).toBe(true)
  })

  it('open writes nothing (issue 13); lastOpened reaches the disk with the next edit, or at close', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const before = await snapshot(dir)
    const opened = ok(await store.open(c.id))
    expect(opened.data.lastOpened).not.toBeNull()
    expect(await snapshot(dir), 'opening wrote nothing').toEqual(before)
    // the list of the same store already knows it
    expect(ok(await store.list())[0].lastOpened).toBe(opened.data.lastOpened)
    await store.close()
    expect((await onDisk(join(dir, c.id))).lastOpened).toBe(opened.data.lastOpened)
    // with an edit: it goes with the edit's line
    const again = makeStore(dir, { now: () => '2026-11-30T08:00:00.000Z' })
    ok(await again.open(c.id))
    ok(await again.rename(c.id, 'Beta'))
    expect(await onDisk(join(dir, c.id))).toMatchObject({ name: 'Beta', lastOpened: '2026-11-30T08:00:00.000Z' })
  })

  it('open removes the temp files a crash left (campaign folder, sessions/, backups/) and nothing else (issue 10)', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1'))))
    ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [] }))) // a backup
    const s = ok(await store.startSession(c.id, { title: 'One' }))
    await store.close()
    const campaignDir = join(dir, c.id)
    const strays = [
      tempPathFor(join(campaignDir, 'campaign.json')),
      tempPathFor(join(campaignDir, 'sessions', `${s.id}.ndjson`)),
      tempPathFor(join(campaignDir, 'backups', 'campaign.20261129T100000000Z.update.json')),
    ]
    for (const p of strays) await writeFile(p, '{"half written')
    const before = await snapshot(campaignDir)
    const fresh = makeStore(dir)
    expect(ok(await fresh.open(c.id)).data.name).toBe('Alpha')
    const after = await snapshot(campaignDir)
    for (const p of strays) expect(after[relative(campaignDir, p)]).toBeUndefined()
    // everything else is still there (campaign.json changed: open records lastOpened)
    const kept = (snap: Record<string, string>) => Object.keys(snap).filter((k) => !k.endsWith('.tmp')).sort()
    expect(kept(after)).toEqual(kept(before))
    expect(ok(await fresh.readSession(c.id, s.id)).records).toEqual([])
  })

  it('get hands out the campaign as it is, deep-frozen, not a copy (issue 30: a copy of a 2,000-block library cost 20–30 ms a read); it cannot be changed through it', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [block('a')] })))
    const first = ok(await store.get(c.id))
    const again = ok(await store.get(c.id))
    expect(again.data).toBe(first.data)
    expect(Object.isFrozen(first.data) && Object.isFrozen(first.data.library) && Object.isFrozen(first.data.library[0].data)).toBe(true)
    expect(() => {
      ;(first.data.library as unknown as unknown[]).push(block('b'))
    }).toThrow(TypeError)
    expect(() => {
      ;(first.data.library[0] as { name: string }).name = 'Renamed'
    }).toThrow(TypeError)
    expect(ok(await store.get(c.id)).data.library.map((r) => r.name)).toEqual(['Block a'])
    // an update still gives a new value, and the next get shows it
    ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [...d.library, block('b')] })))
    expect(ok(await store.get(c.id)).data.library.map((r) => r.name)).toEqual(['Block a', 'Block b'])
  })

  it('renames, keeping the id and the rest of the file', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const renamed = ok(await store.rename(c.id, '  Alpha Reborn '))
    expect(renamed).toMatchObject({ id: c.id, name: 'Alpha Reborn' })
    expect(ok(await store.get(c.id)).data.createdAt).toBe(c.data.createdAt)
  })

  it('rejects bad input with a field and changes nothing on disk', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const before = await snapshot(dir)
    const cases = [
      [await store.create({ name: '   ', systemId: 'saga' }), 'invalid', 'name'],
      [await store.create({ name: 'X', systemId: 'dnd' }), 'invalid', 'systemId'],
      [await store.rename(c.id, ''), 'invalid', 'name'],
      [await store.rename('../etc', 'X'), 'invalid', 'campaignId'],
      [await store.open('../../etc/passwd'), 'invalid', 'campaignId'],
      [await store.open('no-such-campaign'), 'not-found', 'campaignId'],
      [await store.delete('Bad Id'), 'invalid', 'campaignId'],
      [await store.duplicate(c.id, 'x'.repeat(121)), 'invalid', 'name'],
    ] as const
    for (const [result, code, field] of cases) {
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error).toMatchObject({ code, field })
    }
    expect(await snapshot(dir)).toEqual(before)
  })
})

describe('campaign store: one validated update', () => {
  it('applies library, party and encounter edits in one write and bumps updatedAt', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const updated = ok(
      await store.updateCampaign(c.id, (d) => {
        d.library.push(block('pc-1', 'pc'), block('npc-1'))
        d.party.push('pc-1')
        d.encounters.push({ id: 'e1', name: 'Ambush', notes: '', entries: [{ statBlockId: 'npc-1', count: 3, side: 'enemies', aware: true, hidden: false, band: 'short' }], updatedAt: '2026-11-29T09:00:00.000Z' })
      }),
    )
    expect(updated.data.library).toHaveLength(2)
    expect(updated.data.updatedAt > c.data.updatedAt).toBe(true)
    expect((await onDisk(join(dir, c.id))).encounters[0].entries[0]).toMatchObject({ statBlockId: 'npc-1', count: 3, band: 'short' })
  })

  it('refuses an edit that breaks the schema, naming the field, and leaves the file as it was', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1'))))
    const before = await snapshot(dir)
    const bad = await store.updateCampaign(c.id, (d) => {
      d.library[0].kind = 'monster' as never
    })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'invalid', field: 'library.0.kind' })
    const dangling = await store.updateCampaign(c.id, (d) => void d.party.push('nobody'))
    expect(dangling.ok).toBe(false)
    if (!dangling.ok) expect(dangling.error).toMatchObject({ code: 'invalid', field: 'party.0' })
    const dup = await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1')))
    if (!dup.ok) expect(dup.error.field).toBe('library.1.id')
    expect(dup.ok).toBe(false)
    expect(await snapshot(dir)).toEqual(before)
    expect(ok(await store.get(c.id)).data.library).toHaveLength(1)
  })

  it('picks up a valid change another program made to campaign.json instead of overwriting it', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.open(c.id))
    const file = join(dir, c.id, 'campaign.json')
    const edited = { ...(JSON.parse(await readFile(file, 'utf8')) as CampaignFile), systemSettings: { editedByHand: true } }
    await writeFile(file, JSON.stringify(edited))
    expect(ok(await store.get(c.id)).data.systemSettings).toEqual({ editedByHand: true })
    ok(await store.rename(c.id, 'Beta'))
    expect(await onDisk(join(dir, c.id))).toMatchObject({ name: 'Beta', systemSettings: { editedByHand: true } })
  })

  it('update(fn → Result) returns the new file, or the change’s own error', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const next = ok(await store.update(c.id, (f) => okResult({ ...f, systemSettings: { condensed: true } })))
    expect(next.systemSettings).toEqual({ condensed: true })
    const refused = await store.update(c.id, () => err('rule', 'not allowed', 'x'))
    expect(refused).toEqual(err('rule', 'not allowed', 'x'))
  })

  it('a refused update (the change’s own error, or a throw) writes nothing: campaign.json stays byte-identical (issue 10)', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1'))))
    const before = await snapshot(dir)
    expect(await store.update(c.id, () => err('not-found', 'no stat block x', 'id'))).toEqual(err('not-found', 'no stat block x', 'id'))
    expect(await snapshot(dir)).toEqual(before)
    const thrown = await store.updateCampaign(c.id, () => {
      throw new Error('boom')
    })
    expect(!thrown.ok && thrown.error.code).toBe('invalid')
    const thrownResult = await store.update(c.id, () => {
      throw new Error('boom')
    })
    expect(!thrownResult.ok && thrownResult.error).toMatchObject({ code: 'invalid', message: 'the update failed: boom' })
    expect(await snapshot(dir)).toEqual(before)
    // and a fresh store (after a restart) reads the same updatedAt
    expect(ok(await makeStore(dir).get(c.id)).data.updatedAt).toBe(ok(await store.get(c.id)).data.updatedAt)
  })

  it('takes a backup before an edit that removes something, not before one that only adds', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1'), block('npc-2'))))
    expect(ok(await store.listBackups(c.id))).toEqual([])
    ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: d.library.filter((s) => s.id !== 'npc-2') })))
    const backups = ok(await store.listBackups(c.id))
    expect(backups.map((b) => b.reason)).toEqual(['update'])
    const saved = JSON.parse(await readFile(join(dir, c.id, 'backups', backups[0].name), 'utf8')) as CampaignFile
    expect(saved.library.map((s) => s.id)).toEqual(['npc-1', 'npc-2'])
  })
})
