import { readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BackupEntry, CampaignFile } from '@shared/domain/campaign'
import { campaignWithFile, compactNow, makeStore, ok, onDisk, sha256, snapshot, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

describe('damaged and newer-version campaign.json', () => {
  const cases: Array<[string, string, string, RegExp, string | undefined]> = [
    ['truncated JSON', '{"schemaVersion":1,"name":"Alp', 'damaged', /not valid JSON/, undefined],
    ['a schema failure', JSON.stringify({ schemaVersion: 1, name: 'Alpha', systemId: 'saga', systemSettings: {}, party: [], library: [{ id: 'x', name: 'X', kind: 'dragon', tags: [], data: {}, updatedAt: '2026-01-01T00:00:00.000Z' }], encounters: [], sessions: [], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', lastOpened: null }), 'damaged', /library\.0\.kind/, 'library.0.kind'],
    ['a newer schemaVersion', JSON.stringify({ schemaVersion: 7, name: 'From the future' }), 'newer-version', /newer GM Console \(schemaVersion 7; this version reads up to 1\)/, 'schemaVersion'],
    ['a non-numeric schemaVersion', JSON.stringify({ schemaVersion: 'one' }), 'damaged', /schemaVersion must be a whole number/, 'schemaVersion'],
    ['a JSON array', '[]', 'damaged', /expected a JSON object/, undefined],
  ]

  for (const [what, content, code, message, field] of cases) {
    it(`${what}: open gives ${code}, names the file, offers the newest backup and leaves the file byte-identical`, async () => {
      const { store, id, file } = await campaignWithFile(dir, content)
      const hash = await sha256(file)
      const before = await snapshot(dir)
      const opened = await store.open(id)
      expect(opened.ok).toBe(false)
      if (opened.ok) return
      expect(opened.error.code).toBe(code)
      expect(opened.error.message).toContain(file)
      expect(opened.error.message).toMatch(message)
      if (field) expect(opened.error.field).toBe(field)
      const newest = opened.error.details?.newestBackup as BackupEntry
      expect(newest.reason).toBe('update')
      expect(opened.error.details?.file).toBe(file)
      // nothing else may write it either
      expect((await store.get(id)).ok).toBe(false)
      expect((await store.rename(id, 'Other')).ok).toBe(false)
      expect((await store.updateCampaign(id, (d) => void (d.name = 'Other'))).ok).toBe(false)
      expect(await sha256(file)).toBe(hash)
      expect(await snapshot(dir)).toEqual(before)
    })
  }

  it('lists a damaged campaign with its problem instead of hiding it', async () => {
    const { store, id } = await campaignWithFile(dir, '{"schemaVersion":1,"name":"Alpha","systemId":"saga"')
    const list = ok(await store.list())
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ id, name: id, problem: { code: 'damaged' } })
    expect((list[0].problem?.details?.newestBackup as BackupEntry).reason).toBe('update')
  })

  it('refuses to overwrite a file that was damaged on disk after it was read', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    ok(await store.open(c.id))
    const file = join(dir, c.id, 'campaign.json')
    await writeFile(file, '{ broken by another program')
    const hash = await sha256(file)
    const r = await store.rename(c.id, 'Beta')
    expect(!r.ok && r.error.code).toBe('damaged')
    expect(await sha256(file)).toBe(hash)
  })
})

describe('the text of campaign.json (issue 10)', () => {
  it('a UTF-8 byte order mark is accepted: open, list and the next write work, and the next snapshot drops the BOM', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const file = join(dir, c.id, 'campaign.json')
    await writeFile(file, `\uFEFF${await readFile(file, 'utf8')}`)
    const fresh = makeStore(dir)
    expect(ok(await fresh.list())[0]).toMatchObject({ id: c.id, name: 'Alpha' })
    expect(ok(await fresh.list())[0].problem).toBeUndefined()
    expect(ok(await fresh.open(c.id)).data.name).toBe('Alpha')
    ok(await fresh.rename(c.id, 'Beta'))
    expect((await onDisk(join(dir, c.id))).name).toBe('Beta')
    // an edit appends to campaign.changes.ndjson; a new snapshot (a compaction) is written without the BOM
    await compactNow(dir, c.id)
    const text = await readFile(file, 'utf8')
    expect(text.charCodeAt(0)).toBe('{'.charCodeAt(0))
    expect((JSON.parse(text) as CampaignFile).name).toBe('Beta')
  })

  it('a symlinked campaign.json whose target is not a campaign is damaged, and no error echoes the target’s content', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const secret = join(dir, 'secret.txt')
    await writeFile(secret, 'root:x:0:0:hunter2-SECRET\n')
    const file = join(dir, c.id, 'campaign.json')
    await rm(file)
    await symlink(secret, file)
    const fresh = makeStore(dir)
    const opened = await fresh.open(c.id)
    expect(!opened.ok && opened.error.code).toBe('damaged')
    const listed = ok(await fresh.list()).find((x) => x.id === c.id)
    expect(listed?.problem?.code).toBe('damaged')
    for (const text of [JSON.stringify(opened), JSON.stringify(listed)]) {
      expect(text).not.toMatch(/root|hunter2|SECRET/)
      expect(text).toMatch(/not valid JSON/)
    }
  })

  it('a syntax error says where, not what the file says', async () => {
    const { store } = await campaignWithFile(dir, '{\n  "schemaVersion": 1,\n  "name": "Alpha" "oops-SECRET": 1\n}\n')
    const list = ok(await store.list())
    expect(list[0].problem?.message).toMatch(/campaign\.json: not valid JSON \(at line 3, column 19\)$/)
    expect(list[0].problem?.message).not.toMatch(/SECRET/)
  })
})

describe('deeply nested JSON (issue 10)', () => {
  /** `{ "a": { "a": … } }`, `levels` objects deep */
  const nested = (levels: number): unknown => {
    let v: unknown = 1
    for (let i = 0; i < levels; i++) v = { a: v }
    return v
  }

  it('an edit nesting 3,000 levels deep is refused, naming the field, and writes nothing', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const before = await snapshot(dir)
    const r = await store.updateCampaign(c.id, (d) => void d.library.push({ id: 'deep', name: 'Deep', kind: 'npc', tags: [], data: { inner: nested(3000) as never }, updatedAt: d.createdAt }))
    expect(!r.ok && r.error).toMatchObject({ code: 'invalid', field: 'library.0.data.inner' }) // the path's first four steps
    expect(!r.ok && r.error.message).toMatch(/nested deeper than \d+ levels/)
    expect(await snapshot(dir)).toEqual(before)
    expect(ok(await makeStore(dir).open(c.id)).data.library).toEqual([])
  })

  /** the JSON text of `nested(levels)` (JSON.stringify itself overflows at this depth) */
  const nestedText = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

  it('a campaign.json nested 100,000 levels deep marks only that campaign damaged, naming the file', async () => {
    const store = makeStore(dir)
    const good = ok(await store.create({ name: 'Good', systemId: 'saga' }))
    const bad = ok(await store.create({ name: 'Bad', systemId: 'saga' }))
    const file = join(dir, bad.id, 'campaign.json')
    await writeFile(file, JSON.stringify({ ...bad.data, systemSettings: 'DEEP' }).replace('"DEEP"', nestedText(100_000)))
    const fresh = makeStore(dir)
    const list = ok(await fresh.list())
    expect(list.find((x) => x.id === good.id)?.problem).toBeUndefined()
    const entry = list.find((x) => x.id === bad.id)
    expect(entry?.problem).toMatchObject({ code: 'damaged', field: 'systemSettings.a.a.a' })
    expect(entry?.problem?.message).toContain(file)
    const opened = await fresh.open(bad.id)
    expect(!opened.ok && opened.error).toMatchObject({ code: 'damaged', field: 'systemSettings.a.a.a' })
    expect(!opened.ok && opened.error.message).toMatch(/nested deeper than \d+ levels/)
    expect(ok(await fresh.open(good.id)).data.name).toBe('Good')
  })

  it('an import nested too deep is refused naming the field, and adds nothing', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const text = ok(await store.exportText(c.id)).text
    const envelope = JSON.parse(text) as { campaign: { systemSettings: unknown } }
    envelope.campaign.systemSettings = 'DEEP'
    const r = await store.importText(JSON.stringify(envelope).replace('"DEEP"', nestedText(100_000)), 'deep.json')
    expect(!r.ok && r.error).toMatchObject({ code: 'damaged', field: 'campaign.systemSettings.a.a' })
    expect(ok(await store.list())).toHaveLength(1)
  })
})
