import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import { MIGRATIONS, migrate, versionOf } from '../../../../src-main/campaign/migrations'
import { makeStore, ok, tempDir } from './helpers'

/** the prototype (v0) shape: no schemaVersion, `system`/`settings`, stat blocks without tags */
const v0 = {
  name: 'Old Campaign',
  system: 'saga',
  settings: { houseRule: true },
  party: ['pc-1'],
  library: [
    { id: 'pc-1', name: 'Tira', kind: 'pc', data: { hp: 30 } },
    { id: 'npc-1', name: 'Trooper', kind: 'npc', data: {}, updatedAt: '2025-05-05T10:00:00.000Z' },
  ],
  encounters: [{ id: 'e1', name: 'Ambush', entries: [{ statBlockId: 'npc-1', count: 2, side: 'enemies', aware: true, hidden: false }] }],
  sessions: [],
  createdAt: '2025-01-01T00:00:00.000Z',
}

describe('migrations', () => {
  it('has named steps in order', () => {
    expect(MIGRATIONS.map((m) => m.name)).toEqual(['v0→v1'])
  })

  it('v0→v1: renames system/settings, adds tags, timestamps and lastOpened, without mutating the input', () => {
    const input = structuredClone(v0)
    const out = migrate(input, { now: '2026-11-29T10:00:00.000Z' })
    expect(input).toEqual(v0)
    expect(out.kind).toBe('migrated')
    if (out.kind !== 'migrated') return
    expect(out.applied).toEqual(['v0→v1'])
    expect(out.from).toBe(0)
    expect(out.data).toMatchObject({ schemaVersion: 1, systemId: 'saga', systemSettings: { houseRule: true }, updatedAt: '2025-01-01T00:00:00.000Z', lastOpened: null })
    expect(out.data).not.toHaveProperty('system')
    const lib = out.data.library as Array<Record<string, unknown>>
    expect(lib[0]).toMatchObject({ tags: [], updatedAt: '2025-01-01T00:00:00.000Z' })
    expect(lib[1].updatedAt).toBe('2025-05-05T10:00:00.000Z')
    expect((out.data.encounters as Array<Record<string, unknown>>)[0]).toMatchObject({ notes: '', updatedAt: '2025-01-01T00:00:00.000Z' })
  })

  it('leaves a current file alone and refuses a newer or malformed version', () => {
    expect(migrate({ schemaVersion: 1 }, { now: 'x' }).kind).toBe('current')
    expect(migrate({ schemaVersion: 2 }, { now: 'x' })).toEqual({ kind: 'newer', version: 2 })
    expect(migrate({ schemaVersion: -1 }, { now: 'x' }).kind).toBe('bad-version')
    expect(versionOf({})).toBe(0)
    expect(versionOf({ schemaVersion: 1.5 })).toBeNull()
  })

  it('reports a missing step instead of skipping it', () => {
    const out = migrate({ schemaVersion: 0 }, { now: 'x' }, [], 1)
    expect(out).toEqual({ kind: 'bad-version', message: 'no migration step from schemaVersion 0' })
  })
})

describe('migration on load', () => {
  let dir: string
  let cleanup: () => Promise<void>
  beforeEach(async () => ({ dir, cleanup } = await tempDir()))
  afterEach(async () => cleanup())

  it('open migrates a v0 file, writes v1, and keeps the original bytes as a migration backup', async () => {
    const original = `${JSON.stringify(v0, null, 1)}\n`
    await mkdir(join(dir, 'old-campaign'))
    await writeFile(join(dir, 'old-campaign', 'campaign.json'), original)
    const store = makeStore(dir)
    const opened = ok(await store.open('old-campaign'))
    expect(opened.data.schemaVersion).toBe(1)
    expect(opened.data.systemId).toBe('saga')
    expect(opened.data.library[0].tags).toEqual([])
    const onDisk = JSON.parse(await readFile(join(dir, 'old-campaign', 'campaign.json'), 'utf8')) as CampaignFile
    expect(onDisk.schemaVersion).toBe(1)
    const backups = ok(await store.listBackups('old-campaign'))
    expect(backups.map((b) => b.reason)).toEqual(['migration'])
    expect(await readFile(join(dir, 'old-campaign', 'backups', backups[0].name), 'utf8')).toBe(original)
    // a second open finds nothing to migrate
    ok(await store.open('old-campaign'))
    expect(ok(await store.listBackups('old-campaign'))).toHaveLength(1)
  })

  it('list migrates in memory only (no write, no backup)', async () => {
    const original = JSON.stringify(v0)
    await mkdir(join(dir, 'old-campaign'))
    await writeFile(join(dir, 'old-campaign', 'campaign.json'), original)
    const store = makeStore(dir)
    expect(ok(await store.list())[0]).toMatchObject({ id: 'old-campaign', name: 'Old Campaign', systemId: 'saga' })
    expect(await readFile(join(dir, 'old-campaign', 'campaign.json'), 'utf8')).toBe(original)
    expect(ok(await store.listBackups('old-campaign'))).toEqual([])
  })
})
