/**
 * Granular campaign writes (issue 13): campaign.json is a snapshot, each edit one line of campaign.changes.ndjson
 * (src-main/campaign/campaign-changes.ts, campaign-db.ts). Atomic per edit, a torn last line left out, a damaged
 * one refused and never written over, compaction, backups, and export/import round-trips.
 */
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { err, ok as okR } from '@shared/result'
import { block, compactNow, makeStore, ok, onDisk, sha256, snapshot, tempDir } from './helpers'
import { changeLine, changeLineWithin, type Op } from '../../../../src-main/campaign/campaign-changes'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

const lines = async (path: string): Promise<string[]> => (await readFile(path, 'utf8')).split('\n').filter((l) => l.length > 0)

async function campaignWithBlocks(n: number) {
  const store = makeStore(dir)
  const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
  ok(await store.updateCampaign(c.id, (d) => void d.library.push(...Array.from({ length: n }, (_, i) => block(`npc-${i}`)))))
  await compactNow(dir, c.id)
  const cdir = join(dir, c.id)
  return { store: makeStore(dir), id: c.id, cdir, file: join(cdir, 'campaign.json'), changes: join(cdir, 'campaign.changes.ndjson') }
}

describe('an edit is one appended line', () => {
  it('saving one stat block appends one line holding only that block; campaign.json is not rewritten', async () => {
    const { store, id, file, changes, cdir } = await campaignWithBlocks(200)
    const hash = await sha256(file)
    ok(await store.update(id, (f) => okR({ ...f, library: f.library.map((b) => (b.id === 'npc-7' ? { ...b, name: 'Sergeant' } : b)) })))
    ok(await store.update(id, (f) => okR({ ...f, library: [...f.library, block('npc-new')] })))
    expect(await sha256(file)).toBe(hash)
    const [header, first, second] = await lines(changes)
    expect(JSON.parse(header)).toMatchObject({ kind: 'gm-console.campaign-changes', schemaVersion: 1, base: hash })
    const ops = (JSON.parse(first) as { ops: Array<Record<string, unknown>> }).ops
    expect(ops.filter((o) => 'put' in o)).toEqual([{ put: 'library', value: expect.objectContaining({ id: 'npc-7', name: 'Sergeant' }) }])
    // one block's line, whatever the library's size: far smaller than the 200 blocks
    expect(first.length).toBeLessThan(400)
    expect((JSON.parse(second) as { ops: Array<Record<string, unknown>> }).ops).toContainEqual({ put: 'library', value: expect.objectContaining({ id: 'npc-new' }) })
    // a restart reads the same campaign, in the same order
    const after = await onDisk(cdir)
    expect(after.library).toHaveLength(201)
    expect(after.library[7].name).toBe('Sergeant')
    expect(after.library.at(-1)?.id).toBe('npc-new')
    expect(ok(await makeStore(dir).get(id)).data).toEqual(ok(await store.get(id)).data)
  })

  it('a change that changes a record in place is refused (records are shared and frozen) and writes nothing', async () => {
    const { store, id } = await campaignWithBlocks(3)
    const before = await snapshot(dir)
    const r = await store.update(id, (f) => {
      f.library[0].name = 'Changed in place'
      return { ok: true, value: f }
    })
    expect(!r.ok && r.error.code).toBe('invalid')
    expect(await snapshot(dir)).toEqual(before)
    expect(ok(await store.get(id)).data.library[0].name).toBe('Block npc-0')
  })

  it('a refused record names its field and place, and nothing is appended', async () => {
    const { store, id } = await campaignWithBlocks(3)
    const before = await snapshot(dir)
    const bad = await store.update(id, (f) => ({ ok: true, value: { ...f, library: f.library.map((b, i) => (i === 1 ? { ...b, kind: 'dragon' as never } : b)) } }))
    expect(!bad.ok && bad.error).toMatchObject({ code: 'invalid', field: 'library.1.kind' })
    const plan = await store.update(id, (f) => ({ ok: true, value: { ...f, encounters: [{ id: 'p', name: 'P', notes: '', entries: [{ statBlockId: 'ghost', count: 1, side: 'enemies', aware: true, hidden: false }], updatedAt: f.updatedAt }] } }))
    expect(!plan.ok && plan.error).toMatchObject({ code: 'invalid', field: 'encounters.0.entries.0.statBlockId' })
    expect(await store.update(id, () => err('rule', 'no'))).toEqual(err('rule', 'no'))
    expect(await snapshot(dir)).toEqual(before)
  })

  it('removing a stat block takes a backup of the whole campaign first (changes included), as before', async () => {
    const { store, id, cdir } = await campaignWithBlocks(3)
    ok(await store.update(id, (f) => okR({ ...f, library: f.library.map((b) => (b.id === 'npc-0' ? { ...b, name: 'Renamed' } : b)) })))
    ok(await store.update(id, (f) => okR({ ...f, library: f.library.filter((b) => b.id !== 'npc-2') })))
    const [backup] = ok(await store.listBackups(id))
    expect(backup.reason).toBe('update')
    const saved = JSON.parse(await readFile(join(cdir, 'backups', backup.name), 'utf8')) as { library: Array<{ id: string; name: string }> }
    expect(saved.library.map((b) => b.name)).toEqual(['Renamed', 'Block npc-1', 'Block npc-2'])
    expect((await onDisk(cdir)).library.map((b) => b.id)).toEqual(['npc-0', 'npc-1'])
  })

  it('reordering the library falls back to writing the collection whole, validated whole', async () => {
    const { store, id, cdir } = await campaignWithBlocks(3)
    ok(await store.update(id, (f) => okR({ ...f, library: [...f.library].reverse() })))
    expect((await onDisk(cdir)).library.map((b) => b.id)).toEqual(['npc-2', 'npc-1', 'npc-0'])
  })
})

describe('crashes and damage', () => {
  it('a torn last line (a kill mid-append) is left out; the next write cuts it off and lands whole', async () => {
    const { store, id, changes, cdir } = await campaignWithBlocks(3)
    ok(await store.rename(id, 'Beta'))
    await store.close()
    await appendFile(changes, '{"at":"2026-11-29T10:00:00.000Z","ops":[{"set":"name","val')
    const fresh = makeStore(dir)
    expect(ok(await fresh.open(id)).data.name).toBe('Beta')
    ok(await fresh.rename(id, 'Gamma'))
    expect((await lines(changes)).every((l) => JSON.parse(l) !== null)).toBe(true)
    expect((await onDisk(cdir)).name).toBe('Gamma')
  })

  it('a damaged line before the last: the campaign is damaged, named with the file and line, and nothing writes either file', async () => {
    const { store, id, changes, file } = await campaignWithBlocks(3)
    ok(await store.rename(id, 'Beta'))
    ok(await store.rename(id, 'Gamma'))
    await store.close()
    const text = (await readFile(changes, 'utf8')).split('\n')
    text[1] = text[1].slice(0, 20)
    await writeFile(changes, text.join('\n'))
    const before = await snapshot(dir)
    const fresh = makeStore(dir)
    const opened = await fresh.open(id)
    expect(!opened.ok && opened.error.code).toBe('damaged')
    expect(!opened.ok && opened.error.message).toContain(`${changes}: line 2`)
    expect((await fresh.rename(id, 'Delta')).ok).toBe(false)
    expect(ok(await fresh.list())[0].problem?.code).toBe('damaged')
    expect(await snapshot(dir)).toEqual(before)
    expect(await sha256(file)).toBe(before[`${id}/campaign.json`])
  })

  it('a changes file of a newer GM Console gives newer-version', async () => {
    const { store, id, changes, file } = await campaignWithBlocks(1)
    await writeFile(changes, `${JSON.stringify({ kind: 'gm-console.campaign-changes', schemaVersion: 9, base: await sha256(file) })}\n`)
    const r = await store.open(id)
    expect(!r.ok && r.error).toMatchObject({ code: 'newer-version', field: 'schemaVersion' })
  })

  it('changes that follow another campaign.json (it was replaced) no longer apply', async () => {
    const { store, id, file, cdir } = await campaignWithBlocks(1)
    ok(await store.rename(id, 'Beta'))
    await store.close()
    const replaced = { ...(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>), name: 'Put back by hand' }
    await writeFile(file, JSON.stringify(replaced))
    expect((await onDisk(cdir)).name).toBe('Put back by hand')
    expect(ok(await makeStore(dir).open(id)).data.name).toBe('Put back by hand')
  })
})

describe('the line of a change, within the room before a compaction', () => {
  it('is changeLine’s when it fits, by its UTF-8 bytes; null when it does not (a large change is written as campaign.json)', () => {
    const ops: Op[] = [{ put: 'library', value: { ...block('npc-1'), name: 'Żołnierz — “elite”' } }, { del: 'encounters', id: 'plan-1' }, { set: 'party', value: ['npc-1'] }]
    const line = changeLine('2026-12-06T10:00:00.000Z', ops)
    const bytes = Buffer.byteLength(line)
    expect(bytes).toBeGreaterThan(line.length)
    expect(changeLineWithin('2026-12-06T10:00:00.000Z', ops, bytes)).toBe(line)
    expect(changeLineWithin('2026-12-06T10:00:00.000Z', ops, bytes - 1)).toBeNull()
    expect(changeLineWithin('2026-12-06T10:00:00.000Z', ops, 50)).toBeNull()
    expect(changeLineWithin('2026-12-06T10:00:00.000Z', [], 100)).toBe(changeLine('2026-12-06T10:00:00.000Z', []))
  })

  it('a change far too large (a compendium) is told by its first ops, not written out up to the room (issue 30)', () => {
    const ops: Op[] = Array.from({ length: 2000 }, (_, i) => ({ put: 'library' as const, value: block(`npc-${i}`) }))
    const each = Buffer.byteLength(JSON.stringify(ops[0])) + 1
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      // room for a quarter of them: the first 16 tell (before, the ops were written until 500 had been)
      expect(changeLineWithin('2026-12-06T10:00:00.000Z', ops, each * 500)).toBeNull()
      expect(stringify.mock.calls.length).toBeLessThanOrEqual(16)
    } finally {
      stringify.mockRestore()
    }
    // room for three quarters: not more than twice too long by the estimate, so written out until it is too long
    expect(changeLineWithin('2026-12-06T10:00:00.000Z', ops, each * 1500)).toBeNull()
    // room for them all: the line
    const line = changeLine('2026-12-06T10:00:00.000Z', ops)
    expect(changeLineWithin('2026-12-06T10:00:00.000Z', ops, Buffer.byteLength(line))).toBe(line)
  })
})

describe('compaction, backups, copies', () => {
  it('folds the changes into campaign.json once they outgrow the threshold, and removes the changes file', async () => {
    const { id, changes, file, cdir } = await campaignWithBlocks(3)
    const store = makeStore(dir, { compactAfterBytes: 600 })
    for (let i = 0; i < 6; i++) ok(await store.rename(id, `Name ${i}`))
    const folded = JSON.parse(await readFile(file, 'utf8')) as { name: string }
    const pending = await stat(changes).then(() => lines(changes), () => [] as string[])
    expect(pending.length).toBeLessThan(6)
    expect((await onDisk(cdir)).name).toBe('Name 5')
    expect(folded.name === 'Name 5' || pending.length > 1).toBe(true)
  })

  it('restoring a backup drops the changes that followed the old campaign.json', async () => {
    const { store, id, cdir } = await campaignWithBlocks(2)
    ok(await store.update(id, (f) => okR({ ...f, library: f.library.slice(0, 1) })))
    ok(await store.rename(id, 'After the backup'))
    const restored = ok(await store.restoreBackup(id))
    expect(restored.data.library).toHaveLength(2)
    expect(restored.data.name).toBe('Alpha')
    expect((await onDisk(cdir)).name).toBe('Alpha')
    expect(ok(await makeStore(dir).get(id)).data.library).toHaveLength(2)
  })

  it('export and import round-trip a campaign whose edits are in its changes file; duplicate copies them too', async () => {
    const { store, id } = await campaignWithBlocks(3)
    ok(await store.rename(id, 'Beta'))
    ok(await store.update(id, (f) => okR({ ...f, party: ['npc-1'], library: [...f.library, block('npc-9')] })))
    const original = ok(await store.get(id)).data
    const exported = ok(await store.exportText(id))
    const imported = ok(await store.importText(exported.text))
    const back = ok(await makeStore(dir).get(imported.id)).data
    expect({ ...back, lastOpened: null, createdAt: '', updatedAt: '' }).toEqual({ ...original, lastOpened: null, createdAt: '', updatedAt: '' })
    const copy = ok(await store.duplicate(id, 'Copy'))
    expect(ok(await makeStore(dir).get(copy.id)).data.library.map((b) => b.id)).toEqual(original.library.map((b) => b.id))
  })

  it('deleting takes a backup of the whole campaign (changes included) and the trash shows its current name', async () => {
    const { store, id } = await campaignWithBlocks(1)
    ok(await store.rename(id, 'Renamed before delete'))
    const trashed = ok(await store.delete(id))
    expect(trashed.name).toBe('Renamed before delete')
    expect(ok(await store.listTrash())[0].name).toBe('Renamed before delete')
  })
})
