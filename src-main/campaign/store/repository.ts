/**
 * The repository: each campaign's `campaign.json` and its changes file, read (and migrated, a backup first),
 * validated and kept in memory (../campaign-db.ts); an edit appends its changes, validated record by record
 * (../campaign-changes.ts), so its cost does not grow with the campaign (issue 13). First-run seeding, the list,
 * create, open/get, rename and the one validated update every edit goes through (a backup is taken first when an
 * edit removes anything). A damaged or newer-version file gives a `damaged` / `newer-version` error naming the
 * file (details: file, newest backup) and is never modified. Opening a campaign writes nothing.
 */
import { mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { CAMPAIGN_SCHEMA_VERSION, type CampaignFile, type CampaignRecord } from '@shared/domain/campaign'
import type { CampaignListEntry } from '@shared/views/campaign-views'
import type { SystemId } from '@shared/domain/systems'
import { err, ok, type AppError, type Result } from '@shared/result'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { removeStaleTempFiles, writeFileAtomic } from '../atomic-write'
import { takeBackup } from '../backups'
import { diffCampaign } from '../campaign-changes'
import { CampaignDb, changesPathOf, readCampaignFolder } from '../campaign-db'
import { serializeCampaign } from '../campaign-file'
import { campaignFileSchema } from '../campaign-file-schema'
import { hasSystem, listSystems, systemIdSchema } from '../../rules/index'
import { stripBom } from '../json-text'
import { BACKUPS_DIR, CAMPAIGN_FILE, SESSIONS_DIR } from '../paths'
import { campaignFolders, seedDefaults } from '../seed-default'
import { summaryOf, zodErr, type StoreContext } from './context'

export const nameSchema = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters')
const createSchema = z.object({ name: nameSchema, systemId: systemIdSchema, systemSettings: z.record(z.string(), z.unknown()).optional() }).strict()

export interface InitOutcome {
  /** ids of the sample campaigns copied now (first run only) */
  seeded: string[]
  /** on the first run, the campaign the console opens: the first sample just seeded (the Saga one); null on a later
   *  start, when init reads no campaign (the console lists them when it asks: issue 13, start-up) */
  suggestedCampaignId: string | null
}

/** a list entry for a campaign whose file cannot be used: name and system from the raw file when possible */
function problemEntry(id: string, text: string | null, problem: AppError): CampaignListEntry {
  let raw: { name?: unknown; systemId?: unknown; system?: unknown } = {}
  try {
    if (text !== null) raw = JSON.parse(stripBom(text)) ?? {}
  } catch {
    // unreadable JSON: fall back to the id
  }
  const system = [raw.systemId, raw.system].find(hasSystem)
  return { id, name: typeof raw.name === 'string' && raw.name.trim() ? raw.name.slice(0, 120) : id, systemId: system ?? listSystems()[0], lastOpened: null, lastSession: null, problem }
}

/**
 * An edit's working copy: the file object copied, its arrays and records shared (frozen: an edit returns new arrays
 * and records for what it changes, it cannot change them in place), so an edit costs nothing for what it leaves
 * alone.
 */
const shallowDraft = (c: CampaignFile): CampaignFile => ({ ...c })

const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b)

/**
 * The draft API (updateCampaign) hands out a deep copy the caller may change anywhere; afterwards every record
 * still equal to the current one is swapped back for it, so only the changed ones are written.
 */
function reconcile(current: CampaignFile, next: CampaignFile): CampaignFile {
  const out = { ...next }
  for (const c of ['library', 'encounters', 'sessions'] as const) {
    if (!Array.isArray(next[c])) continue
    const byId = new Map<string, unknown>((current[c] as Array<{ id: string }>).map((r) => [r.id, r]))
    ;(out as Record<string, unknown>)[c] = (next[c] as unknown[]).map((r) => {
      const was = r && typeof r === 'object' ? byId.get((r as { id?: string }).id as string) : undefined
      return was !== undefined && sameJson(was, r) ? was : r
    })
  }
  if (sameJson(current.systemSettings, next.systemSettings)) out.systemSettings = current.systemSettings
  return out
}

/** What the other parts of the store use of the repository (inside their own lock). */
export interface CampaignFiles {
  /** load (or reuse) a campaign; `fresh` re-reads its files */
  loadDb(id: string, fresh?: boolean): Promise<Result<CampaignDb>>
  /** one validated write of an edit (`fn` returns the new file, or changes top-level fields of the draft: its arrays
   *  and records are frozen); the caller holds the lock */
  update(id: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>>
  readSummary(id: string): Promise<Result<CampaignSummary>>
}

export function createRepository(ctx: StoreContext) {
  const { dataDir, now, dbs, locked, dirOf, fileOf, withBackupDetails, checkExisting } = ctx

  async function loadDb(id: string, fresh = false): Promise<Result<CampaignDb>> {
    const cached = dbs.get(id)
    // reuse the loaded copy unless another program changed the files since (then re-read and re-validate them)
    if (cached && !fresh && !(await cached.changedOnDisk())) return ok(cached)
    const opened = cached?.openedPending ? cached.data.lastOpened : null
    dbs.delete(id)
    const dir = dirOf(id)
    const db = await CampaignDb.read(dir, {
      now,
      compactAfterBytes: ctx.compactAfterBytes,
      beforeMigrationWrite: async (original) => {
        await takeBackup(dir, 'migration', original, now())
      },
    })
    if (!db.ok) return { ok: false, error: await withBackupDetails(id, db.error) }
    if (opened) db.value.markOpened(opened)
    dbs.set(id, db.value)
    return ok(db.value)
  }

  async function readSummary(id: string): Promise<Result<CampaignSummary>> {
    const db = await loadDb(id)
    return db.ok ? ok(summaryOf(id, db.value.data)) : db
  }

  /**
   * One validated write of a change: only what it changed is validated and appended (a backup first when it
   * removes anything); a change that refuses (an error Result) or throws writes nothing. The result's data is the
   * store's own frozen copy. `deep`: the change gets a deep copy it may edit anywhere (the draft API).
   */
  async function change(id: string, fn: (draft: CampaignFile) => Result<CampaignFile>, deep = false): Promise<Result<CampaignRecord>> {
    const db = await loadDb(id)
    if (!db.ok) return db
    const current = db.value.data
    let proposed: Result<CampaignFile>
    try {
      proposed = fn(deep ? structuredClone(current) : shallowDraft(current))
    } catch (e) {
      return err('invalid', `the update failed: ${(e as Error).message}`)
    }
    if (!proposed.ok) return proposed
    const value = deep ? reconcile(current, proposed.value) : proposed.value
    const next = { ...value, schemaVersion: CAMPAIGN_SCHEMA_VERSION, createdAt: current.createdAt, updatedAt: now() }
    const diff = diffCampaign(current, db.value.positions, next)
    if (!diff.ok) return diff
    if (diff.value.removes) await takeBackup(dirOf(id), 'update', db.value.serialize(), now())
    await db.value.commit(diff.value.ops, next.updatedAt)
    return ok({ id, data: db.value.data })
  }

  /** the same for an edit of a shallow draft (or one returning a new value) */
  const update = (id: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>> => change(id, (draft) => ok(fn(draft) ?? draft))

  const files: CampaignFiles = { loadDb, update, readSummary }

  /** the list's entry of each campaign not loaded here, by id, with the sizes and times of its files when read */
  const listed = new Map<string, { stamp: string; entry: CampaignListEntry }>()
  const stampOf = async (id: string): Promise<string> => {
    const parts = await Promise.all([fileOf(id), changesPathOf(dirOf(id))].map((p) => stat(p).then((s) => `${s.size}:${s.mtimeMs}:${s.ino}`, () => '-')))
    return parts.join('|')
  }

  /** one campaign's list entry: the loaded copy, else the files read once and remembered until they change */
  async function listEntry(id: string): Promise<CampaignListEntry> {
    const loaded = dbs.get(id)
    if (loaded && !(await loaded.changedOnDisk())) return summaryOf(id, loaded.data)
    const stamp = await stampOf(id)
    const known = listed.get(id)
    if (known && known.stamp === stamp) return known.entry
    let entry: CampaignListEntry
    const read = await readCampaignFolder(dirOf(id), { now }).catch((e: unknown) => err('damaged', `${fileOf(id)}: ${(e as Error).message}`))
    if (read.ok) entry = summaryOf(id, read.value.data)
    else entry = problemEntry(id, await readFile(fileOf(id), 'utf8').catch(() => null), await withBackupDetails(id, read.error))
    listed.set(id, { stamp, entry })
    return entry
  }

  const api = {
    /** Every campaign folder, most recently opened first, then by name; unreadable ones carry `problem`. */
    list(): Promise<Result<CampaignListEntry[]>> {
      return locked('#list', async () => {
        const entries: CampaignListEntry[] = []
        // one file that cannot be read marks only its own campaign
        for (const id of await campaignFolders(dataDir)) entries.push(await listEntry(id))
        entries.sort((a, b) => (b.lastOpened ?? '').localeCompare(a.lastOpened ?? '') || a.name.localeCompare(b.name))
        return ok(entries)
      })
    },

    /** Create the data folder, copy the samples on first run, clean up what a crash left. Reads no campaign. */
    init(): Promise<Result<InitOutcome>> {
      return locked('#ids', async () => {
        const seeded = await seedDefaults(dataDir, ctx.resourcesDir)
        if (!seeded.ok) return seeded
        for (const name of await readdir(dataDir)) {
          if (name.startsWith('.tmp-')) await rm(join(dataDir, name), { recursive: true, force: true })
        }
        return ok({ seeded: seeded.value.seeded, suggestedCampaignId: seeded.value.seeded[0] ?? null })
      })
    },

    create(input: { name: string; systemId: SystemId; systemSettings?: Record<string, unknown> }): Promise<Result<CampaignRecord>> {
      return locked('#ids', async () => {
        const parsed = createSchema.safeParse(input)
        if (!parsed.success) return zodErr(parsed.error)
        await mkdir(dataDir, { recursive: true })
        const id = await ctx.allocateId(parsed.data.name)
        const t = now()
        const data: CampaignFile = {
          schemaVersion: CAMPAIGN_SCHEMA_VERSION,
          name: parsed.data.name,
          systemId: parsed.data.systemId,
          systemSettings: parsed.data.systemSettings ?? {},
          party: [],
          library: [],
          encounters: [],
          sessions: [],
          createdAt: t,
          updatedAt: t,
          lastOpened: null,
        }
        const checked = campaignFileSchema.safeParse(data)
        if (!checked.success) return zodErr(checked.error)
        const tmp = join(dataDir, `.tmp-${id}`)
        try {
          await mkdir(join(tmp, SESSIONS_DIR), { recursive: true })
          await writeFileAtomic(join(tmp, CAMPAIGN_FILE), serializeCampaign(checked.data))
          await rename(tmp, dirOf(id))
        } catch (e) {
          await rm(tmp, { recursive: true, force: true })
          throw e
        }
        return ok({ id, data: checked.data })
      })
    },

    /** Load a campaign for play/prep and record that it was opened (temp files a crash left are removed first). */
    open(campaignId: string): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        // every write to the folder happens under this lock, so a temp file here now is one a crash left
        for (const sub of ['', SESSIONS_DIR, BACKUPS_DIR]) await removeStaleTempFiles(join(dirOf(id.value), sub))
        const db = await loadDb(id.value, true)
        if (!db.ok) return db
        // in memory only: it reaches the disk with the next edit or at close (opening writes nothing)
        db.value.markOpened(now())
        return ok({ id: id.value, data: db.value.data })
      })
    },

    /**
     * Write the lastOpened that only memory has, now: the GM opened this campaign to play it (issue 27). A restart,
     * even a crash, then comes back to it (core `resume()`), not to the one opened before. `open` itself still
     * writes nothing (issue 13: reading a campaign is not a change); a campaign changed on disk by another program
     * is not written.
     */
    recordOpened(campaignId: string): Promise<Result<void>> {
      return locked(String(campaignId), async () => {
        const db = dbs.get(String(campaignId))
        if (db?.openedPending && !(await db.changedOnDisk())) await db.flushOpened()
        return ok(undefined)
      })
    },

    get(campaignId: string): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const db = await loadDb(id.value)
        // the campaign as it is (deep-frozen, as `update` hands it out): a copy of a compendium's library took 20–30 ms
        // at every read (issue 30)
        return db.ok ? ok({ id: id.value, data: db.value.data }) : db
      })
    },

    rename(campaignId: string, name: string): Promise<Result<CampaignSummary>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const parsed = nameSchema.safeParse(name)
        if (!parsed.success) return zodErr(parsed.error, 'name')
        const done = await update(id.value, (d) => {
          d.name = parsed.data
        })
        return done.ok ? ok(summaryOf(id.value, done.value.data)) : done
      })
    },

    /** Library, party, encounters and session notes edits: `fn` edits a deep copy (or returns a new value). */
    updateCampaign(campaignId: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        return change(id.value, (draft) => ok(fn(draft) ?? draft), true)
      })
    },

    /** Like updateCampaign, for callers whose change returns a Result (an error from it is returned as is). */
    update(campaignId: string, fn: (file: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignFile>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const done = await change(id.value, fn)
        return done.ok ? ok(done.value.data) : done
      })
    },
  }

  return { api, files }
}
