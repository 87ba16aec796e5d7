/** Copies of a campaign (store/transfer.ts): export to one JSON file and import it back, duplicate. */
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignExport } from '@shared/domain/campaign'
import { block, makeStore, ok, snapshot, tempDir } from '../helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('export to one JSON file / import from one', () => {
  it('round-trips campaign.json and every session log into a new campaign', async () => {
    const data = join(dir, 'data')
    const store = makeStore(data)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'starchasers' }))
    ok(await store.updateCampaign(c.id, (d) => {
      d.library.push({ id: 'pc-1', name: 'Kestrel', kind: 'pc', tags: ['pilot'], data: { hull: 3 }, updatedAt: d.createdAt })
      d.party.push('pc-1')
    }))
    const s = ok(await store.startSession(c.id, { title: 'One', notes: 'gm only' }))
    for (let seq = 1; seq <= 5; seq++) ok(await store.appendEvent(c.id, s.id, { seq, event: { type: 'core.note', text: `line ${seq}` } }))
    const file = join(dir, 'alpha.gmc.json')
    const exported = ok(await store.exportToFile(c.id, file))
    expect(exported).toEqual({ filePath: file, warnings: [] })
    const parsed = JSON.parse(await readFile(file, 'utf8')) as CampaignExport
    expect(parsed).toMatchObject({ kind: 'gm-console.campaign-export', schemaVersion: 1 })
    expect(parsed.sessions[0].records).toHaveLength(5)

    const imported = ok(await store.importFromFile(file))
    expect(imported.id).not.toBe(c.id)
    const original = ok(await store.get(c.id)).data
    const copy = ok(await store.get(imported.id)).data
    expect({ ...copy, lastOpened: null }).toEqual({ ...original, lastOpened: null })
    expect(ok(await store.readSession(imported.id, s.id))).toEqual(ok(await store.readSession(c.id, s.id)))
    await store.close()
  })

  it('export warns about damaged session lines and skips them', async () => {
    const data = join(dir, 'data')
    const store = makeStore(data)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const s = ok(await store.startSession(c.id, { title: 'One' }))
    ok(await store.appendEvent(c.id, s.id, { seq: 1 }))
    await store.close()
    await writeFile(join(data, c.id, 'sessions', `${s.id}.ndjson`), '{"seq":2, torn\n', { flag: 'a' })
    const out = ok(await makeStore(data).exportToFile(c.id, join(dir, 'out.json')))
    expect(out.warnings).toEqual([expect.stringMatching(/line 3 skipped/)])
  })

  it('bad paths and bad files give clear errors and change nothing on disk', async () => {
    const data = join(dir, 'data')
    const store = makeStore(data)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    await writeFile(join(dir, 'garbage.json'), '{ nope')
    await writeFile(join(dir, 'wrong.json'), JSON.stringify({ kind: 'something-else' }))
    await writeFile(join(dir, 'future.json'), JSON.stringify({ kind: 'gm-console.campaign-export', schemaVersion: 9 }))
    const badCampaign: CampaignExport = { kind: 'gm-console.campaign-export', schemaVersion: 1, exportedAt: '2026-11-29T10:00:00.000Z', campaign: { ...ok(await store.get(c.id)).data, party: ['ghost'] }, sessions: [] }
    await writeFile(join(dir, 'bad-campaign.json'), JSON.stringify(badCampaign))
    const before = await snapshot(dir)
    const expectations: Array<[Promise<{ ok: boolean; error?: { code: string; field?: string; message: string } }>, string, string | undefined]> = [
      [store.exportToFile(c.id, join(dir, 'no-such-folder', 'x.json')), 'not-found', 'filePath'],
      [store.exportToFile(c.id, dir), 'invalid', 'filePath'],
      [store.exportToFile(c.id, ''), 'invalid', 'filePath'],
      [store.importFromFile(join(dir, 'missing.json')), 'not-found', 'filePath'],
      [store.importFromFile(dir), 'invalid', 'filePath'],
      [store.importFromFile(join(dir, 'garbage.json')), 'damaged', undefined],
      [store.importFromFile(join(dir, 'wrong.json')), 'invalid', 'kind'],
      [store.importFromFile(join(dir, 'future.json')), 'newer-version', 'schemaVersion'],
      [store.importFromFile(join(dir, 'bad-campaign.json')), 'damaged', 'campaign.party.0'],
    ]
    for (const [promise, code, field] of expectations) {
      const r = await promise
      expect(r.ok).toBe(false)
      expect(r.error?.code).toBe(code)
      if (field) expect(r.error?.field).toBe(field)
      expect(r.error?.message.length).toBeGreaterThan(10)
    }
    expect(await snapshot(dir)).toEqual(before)
  })
})

describe('duplicate', () => {
  it('duplicates under a new id and name, with sessions but without backups', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.updateCampaign(c.id, (d) => void d.library.push(block('npc-1'))))
    ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [] }))) // makes a backup
    const s = ok(await store.startSession(c.id, { title: 'One' }))
    ok(await store.appendEvent(c.id, s.id, { seq: 1, text: 'hello' }))
    const copy = ok(await store.duplicate(c.id))
    expect(copy.id).not.toBe(c.id)
    expect(copy.name).toBe('Alpha (copy)')
    expect(copy.lastOpened).toBeNull()
    expect(await readdir(join(dir, copy.id))).not.toContain('backups')
    expect(ok(await store.readSession(copy.id, s.id)).records).toEqual([{ seq: 1, text: 'hello' }])
    const named = ok(await store.duplicate(c.id, 'Beta'))
    expect(named.name).toBe('Beta')
    expect(ok(await store.list()).map((x) => x.name).sort()).toEqual(['Alpha', 'Alpha (copy)', 'Beta'])
  })
})

describe('copies get fresh encounter ids (issue 10)', () => {
  /** a session log with one encounter as the encounter service writes it (started, created event, command, display) */
  async function campaignWithEncounter(store: ReturnType<typeof makeStore>) {
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const s = ok(await store.startSession(c.id, { title: 'One' }))
    const at = '2026-11-29T10:00:00.000Z'
    const records = [
      { kind: 'session.started', at, sessionId: s.id, title: 'One', date: '2026-11-29', notes: '' },
      { kind: 'encounter.started', at, encounterId: 'enc-1', planId: null, name: 'Ambush', systemId: 'saga', seed: 'x' },
      { kind: 'encounter.event', at, encounterId: 'enc-1', record: { v: 2, seq: 1, at, batch: 0, status: 'active', event: { type: 'core.encounterCreated', params: { id: 'enc-1', name: 'Ambush', systemId: 'saga', seed: 'x' } } } },
      { kind: 'encounter.command', at, encounterId: 'enc-1', batch: 1, command: { type: 'nextTurn' } },
      { kind: 'encounter.display', at, encounterId: 'enc-1', side: 'enemies', mode: 'hidden' },
      { kind: 'note', at, text: 'enc-1 is the ambush', gmOnly: false },
    ]
    for (const r of records) ok(await store.appendEvent(c.id, s.id, r))
    return { c, s, records }
  }

  /** every encounter id a copy's log names, and that it is used the same way as the original's */
  function expectRenamed(copy: Array<Record<string, unknown>>, original: Array<Record<string, unknown>>) {
    const ids = new Set(copy.filter((r) => 'encounterId' in r).map((r) => r.encounterId))
    expect(ids.size).toBe(1)
    const [fresh] = [...ids] as string[]
    expect(fresh).not.toBe('enc-1')
    const created = copy.find((r) => r.kind === 'encounter.event') as { record: { event: { params: { id: string } } } }
    expect(created.record.event.params.id).toBe(fresh)
    // nothing else changes: the note's text keeps its words
    expect(copy.map((r) => ({ ...r, encounterId: r.encounterId ? 'X' : undefined, record: undefined }))).toEqual(
      original.map((r) => ({ ...r, encounterId: r.encounterId ? 'X' : undefined, record: undefined })),
    )
    return fresh
  }

  it('duplicate: the copy’s logs name new encounter ids; the original keeps its own', async () => {
    const store = makeStore(dir)
    const { c, s, records } = await campaignWithEncounter(store)
    const copy = ok(await store.duplicate(c.id))
    const copied = ok(await store.readSession(copy.id, s.id)).records
    expectRenamed(copied, records)
    expect(ok(await store.readSession(c.id, s.id)).records).toEqual(records)
    await store.close()
  })

  it('import: each import of the same export gets its own encounter ids', async () => {
    const store = makeStore(dir)
    const { c, s, records } = await campaignWithEncounter(store)
    const text = ok(await store.exportText(c.id)).text
    const a = ok(await store.importText(text))
    const b = ok(await store.importText(text))
    const idA = expectRenamed(ok(await store.readSession(a.id, s.id)).records, records)
    const idB = expectRenamed(ok(await store.readSession(b.id, s.id)).records, records)
    expect(idA).not.toBe(idB)
    await store.close()
  })
})
