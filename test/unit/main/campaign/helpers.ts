/** Test helpers for the campaign store: a temp data folder, a stepping clock, file hashes, a directory listing. */
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { CampaignFile, StatBlockRecord } from '@shared/domain/campaign'
import { createCampaignStore, type CampaignStoreOptions } from '../../../../src-main/campaign/campaign-store'
import { readCampaignFolder } from '../../../../src-main/campaign/campaign-db'

export const RESOURCES = join(import.meta.dirname, '../../../../resources/campaigns')

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'gmc-store-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** An ISO clock that starts at 2026-11-29T10:00:00Z and moves one second per call. */
export function steppingClock(start = Date.parse('2026-11-29T10:00:00.000Z')): () => string {
  let t = start
  return () => {
    const s = new Date(t).toISOString()
    t += 1000
    return s
  }
}

export function makeStore(dataDir: string, extra: Partial<CampaignStoreOptions> = {}) {
  let n = 0
  return createCampaignStore({ dataDir, now: steppingClock(), randomHex: (bytes) => (++n).toString(16).padStart(bytes * 2, '0'), ...extra })
}

/** what a campaign folder holds on disk: campaign.json with the changes appended since (issue 13), read strictly */
export async function onDisk(campaignDir: string): Promise<CampaignFile> {
  const r = await readCampaignFolder(campaignDir, { now: () => new Date(0).toISOString() })
  if (!r.ok) throw new Error(`expected a readable campaign, got ${r.error.code}: ${r.error.message}`)
  return r.value.data
}

/** fold a campaign's changes into a new campaign.json now (a store that compacts after every write, one empty edit) */
export async function compactNow(dataDir: string, id: string): Promise<void> {
  const store = makeStore(dataDir, { compactAfterBytes: 0 })
  ok(await store.updateCampaign(id, (d) => d))
  await store.close()
}

export const sha256 = async (path: string): Promise<string> => createHash('sha256').update(await readFile(path)).digest('hex')

/** Every file under `dir` (relative paths) with its hash: a snapshot to compare "nothing on disk changed". */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) {
        out[`${relative(dir, p)}/`] = 'dir'
        await walk(p)
      } else out[relative(dir, p)] = await sha256(p)
    }
  }
  await walk(dir)
  return out
}

export const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`)
  return r.value
}

/** a small library item */
export const block = (id: string, kind: StatBlockRecord['kind'] = 'npc'): StatBlockRecord => ({ id, name: `Block ${id}`, kind, tags: [], data: { hp: 10 }, updatedAt: '2026-11-29T09:00:00.000Z' })

/** a campaign with one backup (from a removing edit), then its campaign.json replaced by `content`; a fresh store over it */
export async function campaignWithFile(dir: string, content: string) {
  const store = makeStore(dir)
  const c = ok(await store.create({ name: 'Alpha', systemId: 'saga' }))
  ok(await store.updateCampaign(c.id, (d) => void d.library.push({ id: 'n1', name: 'N', kind: 'npc', tags: [], data: {}, updatedAt: d.createdAt })))
  ok(await store.updateCampaign(c.id, (d) => ({ ...d, library: [] })))
  const file = join(dir, c.id, 'campaign.json')
  await writeFile(file, content)
  // a fresh store, as after a restart
  return { store: makeStore(dir), id: c.id, file }
}
