import { readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BackupEntry, CampaignFile } from '@shared/domain/campaign'
import { makeStore, ok, sha256, snapshot, tempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => ({ dir, cleanup } = await tempDir()))
afterEach(async () => cleanup())

/** a campaign with one backup (from a removing edit), then its campaign.json replaced by `content` */
async function campaignWithFile(content: string) {
  const store = makeStore(dir)
  const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
  ok(await store.updateCampaign(c.id, (d) => void d.library.push({ id: 'n1', name: 'N', kind: 'npc', tags: [], data: {}, updatedAt: d.createdAt })))
  ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [] })))
  const file = join(dir, c.id, 'campaign.json')
  await writeFile(file, content)
  // a fresh store, as after a restart
  return { store: makeStore(dir), id: c.id, file }
}

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
      const { store, id, file } = await campaignWithFile(content)
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
    const { store, id } = await campaignWithFile('{"schemaVersion":1,"name":"Alpha","systemId":"saga"')
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
  it('a UTF-8 byte order mark is accepted: open, list and the next write work, and the write drops the BOM', async () => {
    const store = makeStore(dir)
    const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
    const file = join(dir, c.id, 'campaign.json')
    await writeFile(file, `\uFEFF${await readFile(file, 'utf8')}`)
    const fresh = makeStore(dir)
    expect(ok(await fresh.list())[0]).toMatchObject({ id: c.id, name: 'Alpha' })
    expect(ok(await fresh.list())[0].problem).toBeUndefined()
    expect(ok(await fresh.open(c.id)).data.name).toBe('Alpha')
    ok(await fresh.rename(c.id, 'Beta'))
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
    const { store } = await campaignWithFile('{\n  "schemaVersion": 1,\n  "name": "Alpha" "oops-SECRET": 1\n}\n')
    const list = ok(await store.list())
    expect(list[0].problem?.message).toMatch(/campaign\.json: not valid JSON \(at line 3, column 19\)$/)
    expect(list[0].problem?.message).not.toMatch(/SECRET/)
  })
})
