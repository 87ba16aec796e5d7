/**
 * The repository: each campaign's `campaign.json`, read (and migrated, a backup first), validated and written
 * through lowdb. First-run seeding, the list, create, open/get, rename and the one validated update every edit
 * goes through (a backup is taken first when an edit removes anything). A damaged or newer-version file gives a
 * `damaged` / `newer-version` error naming the file (details: file, newest backup) and is never modified.
 */
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Low } from 'lowdb'
import { CAMPAIGN_SCHEMA_VERSION, type CampaignFile, type CampaignListEntry, type CampaignRecord } from '@shared/domain/campaign'
import { SYSTEM_IDS, type SystemId } from '@shared/domain/systems'
import { err, ok, type AppError, type Result } from '@shared/result'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { removeStaleTempFiles, writeFileAtomic } from '../atomic-write'
import { takeBackup } from '../backups'
import { type CampaignFileAdapter, CampaignFileError, createCampaignDb, parseCampaignText, serializeCampaign } from '../campaign-file'
import { campaignFileSchema } from '../campaign-file-schema'
import { stripBom, tooDeepAt, tooDeepError } from '../json-text'
import { BACKUPS_DIR, CAMPAIGN_FILE, SESSIONS_DIR } from '../paths'
import { campaignFolders, seedDefaults } from '../seed-default'
import { errnoOf, summaryOf, zodErr, type StoreContext } from './context'

export const nameSchema = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters')
const createSchema = z.object({ name: nameSchema, systemId: z.enum(SYSTEM_IDS), systemSettings: z.record(z.string(), z.unknown()).optional() }).strict()

export interface InitOutcome {
  /** ids of the sample campaigns copied now (first run only) */
  seeded: string[]
  /** the campaign to open at start: the most recently opened one, else the first sample just seeded */
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
  const system = [raw.systemId, raw.system].find((v): v is SystemId => (SYSTEM_IDS as readonly unknown[]).includes(v))
  return { id, name: typeof raw.name === 'string' && raw.name.trim() ? raw.name.slice(0, 120) : id, systemId: system ?? SYSTEM_IDS[0], lastOpened: null, lastSession: null, problem }
}

/** ids present before the edit and missing after it */
const removedAny = (before: CampaignFile, after: CampaignFile): boolean => {
  const gone = (a: Array<{ id: string }>, b: Array<{ id: string }>) => {
    const keep = new Set(b.map((x) => x.id))
    return a.some((x) => !keep.has(x.id))
  }
  const party = new Set(after.party)
  return gone(before.library, after.library) || gone(before.encounters, after.encounters) || gone(before.sessions, after.sessions) || before.party.some((p) => !party.has(p))
}

/** What the other parts of the store use of the repository (inside their own lock). */
export interface CampaignFiles {
  /** load (or reuse) the lowdb instance of a campaign; `fresh` re-reads the file */
  loadDb(id: string, fresh?: boolean): Promise<Result<Low<CampaignFile>>>
  /** one validated write of an edit (`fn` edits a draft or returns a new value); the caller holds the lock */
  update(id: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>>
  readSummary(id: string): Promise<Result<CampaignSummary>>
}

export function createRepository(ctx: StoreContext) {
  const { dataDir, now, dbs, locked, dirOf, fileOf, withBackupDetails, checkExisting } = ctx

  async function loadDb(id: string, fresh = false): Promise<Result<Low<CampaignFile>>> {
    const cached = dbs.get(id)
    // reuse the loaded copy unless another program changed the file since (then re-read and re-validate it)
    if (cached && !fresh && !(await (cached.adapter as CampaignFileAdapter).changedOnDisk())) return ok(cached)
    dbs.delete(id)
    const dir = dirOf(id)
    const db = createCampaignDb(fileOf(id), {
      now,
      beforeMigrationWrite: async (original) => {
        await takeBackup(dir, 'migration', original, now())
      },
    })
    try {
      await db.read()
    } catch (e) {
      if (e instanceof CampaignFileError) return { ok: false, error: await withBackupDetails(id, e.appError) }
      throw e
    }
    if (!db.data) return { ok: false, error: await withBackupDetails(id, { code: 'damaged', message: `${fileOf(id)}: the file is missing` }) }
    dbs.set(id, db)
    return ok(db)
  }

  /** validate and write new content; on failure the in-memory copy is left as it was */
  async function commit(id: string, db: Low<CampaignFile>, next: CampaignFile, backupReason?: string): Promise<Result<CampaignRecord>> {
    // before anything recursive (zod, structuredClone, the JSON writer) meets it
    const deep = tooDeepAt(next)
    if (deep) return tooDeepError(deep, 'invalid')
    const parsed = campaignFileSchema.safeParse(next)
    if (!parsed.success) return zodErr(parsed.error)
    if (backupReason) await takeBackup(dirOf(id), backupReason, await readFile(fileOf(id)), now())
    const before = db.data
    db.data = parsed.data
    try {
      await db.write()
    } catch (e) {
      db.data = before
      if (e instanceof CampaignFileError) return { ok: false, error: await withBackupDetails(id, e.appError) }
      throw e
    }
    return ok({ id, data: structuredClone(parsed.data) })
  }

  async function readSummary(id: string): Promise<Result<CampaignSummary>> {
    const db = await loadDb(id)
    return db.ok ? ok(summaryOf(id, db.value.data)) : db
  }

  /** one validated write of a change; a change that refuses (an error Result) writes nothing */
  async function change(id: string, fn: (draft: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignRecord>> {
    const db = await loadDb(id)
    if (!db.ok) return db
    const current = db.value.data
    const proposed = fn(structuredClone(current))
    if (!proposed.ok) return proposed
    const next = { ...proposed.value, schemaVersion: CAMPAIGN_SCHEMA_VERSION, createdAt: current.createdAt, updatedAt: now() }
    return commit(id, db.value, next, removedAny(current, next) ? 'update' : undefined)
  }

  /** the same for an edit of a draft (or one returning a new value); an edit that throws writes nothing */
  function update(id: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>> {
    return change(id, (draft) => {
      try {
        return ok(fn(draft) ?? draft)
      } catch (e) {
        return err('invalid', `the update failed: ${(e as Error).message}`)
      }
    })
  }

  const files: CampaignFiles = { loadDb, update, readSummary }

  const api = {
    /** Every campaign folder, most recently opened first, then by name; unreadable ones carry `problem`. */
    list(): Promise<Result<CampaignListEntry[]>> {
      return locked('#list', async () => {
        const entries: CampaignListEntry[] = []
        for (const id of await campaignFolders(dataDir)) {
          let text: string
          try {
            text = await readFile(fileOf(id), 'utf8')
          } catch (e) {
            const problem = await withBackupDetails(id, { code: 'damaged', message: `${fileOf(id)}: ${errnoOf(e) === 'ENOENT' ? 'the file is missing' : (e as Error).message}` })
            entries.push(problemEntry(id, null, problem))
            continue
          }
          let parsed: Result<{ data: CampaignFile }>
          try {
            parsed = parseCampaignText(text, fileOf(id), now())
          } catch (e) {
            // one file that cannot be read marks only its own campaign
            parsed = err('damaged', `${fileOf(id)}: ${(e as Error).message}`)
          }
          entries.push(parsed.ok ? summaryOf(id, parsed.value.data) : problemEntry(id, text, await withBackupDetails(id, parsed.error)))
        }
        entries.sort((a, b) => (b.lastOpened ?? '').localeCompare(a.lastOpened ?? '') || a.name.localeCompare(b.name))
        return ok(entries)
      })
    },

    /** Create the data folder, copy the samples on first run, clean up what a crash left. */
    init(): Promise<Result<InitOutcome>> {
      return locked('#ids', async () => {
        const seeded = await seedDefaults(dataDir, ctx.resourcesDir)
        if (!seeded.ok) return seeded
        for (const name of await readdir(dataDir)) {
          if (name.startsWith('.tmp-')) await rm(join(dataDir, name), { recursive: true, force: true })
        }
        const listed = await api.list()
        if (!listed.ok) return listed
        const readable = listed.value.filter((c) => !c.problem)
        const suggestedCampaignId = readable.find((c) => c.lastOpened !== null)?.id ?? seeded.value.seeded[0] ?? readable[0]?.id ?? null
        return ok({ seeded: seeded.value.seeded, suggestedCampaignId })
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
        return commit(id.value, db.value, { ...db.value.data, lastOpened: now() })
      })
    },

    get(campaignId: string): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const db = await loadDb(id.value)
        return db.ok ? ok({ id: id.value, data: structuredClone(db.value.data) }) : db
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

    /** Library, party, encounters and session notes edits: `fn` edits a draft (or returns a new value). */
    updateCampaign(campaignId: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        return update(id.value, fn)
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
