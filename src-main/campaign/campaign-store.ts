/**
 * The campaign store: campaign folders in a data folder, Electron-free (the data folder is a parameter).
 *
 *   const store = createCampaignStore({ dataDir, resourcesDir, now })
 *   await store.init()                      → { seeded, suggestedCampaignId }  (first run copies the samples)
 *   await store.list()                      → CampaignListEntry[] (unreadable campaigns carry `problem`)
 *   await store.create({ name, systemId, systemSettings? })              → CampaignRecord
 *   await store.open(id)                    → CampaignRecord (sets lastOpened; migrates an older file, backup first)
 *   await store.get(id)                     → CampaignRecord (no lastOpened change)
 *   await store.rename(id, name) / duplicate(id, name?)                  → CampaignSummary
 *   await store.updateCampaign(id, draft => { draft.library.push(...) }) → CampaignRecord (one validated write;
 *                                              a backup is taken first when the edit removes anything)
 *   await store.update(id, file => ok({ ...file, ... }))                → CampaignFile (same, Result-returning fn)
 *   await store.delete(id)                  → TrashEntry (moved to <data>/.trash/, backup first)
 *   await store.listTrash() / restore(trashId)
 *   await store.exportToFile(id, path)      → { filePath, warnings }     / importFromFile(path) → CampaignSummary
 *   await store.exportText(id)              → { name, text, warnings }   / importText(text, source?) → CampaignSummary
 *   await store.listBackups(id) / newestBackup(id) / restoreBackup(id, backupName?)
 *   await store.startSession(id, { title, date?, notes? }) / endSession(id, sessionId)   (index + log together)
 *   await store.createSessionLog(id, sessionId)  (just the log file with its header; the caller keeps the index)
 *   await store.appendEvent(id, sessionId, record) / readSession(id, sessionId)
 *   await store.close()                     (closes open session logs)
 *
 * Every method returns a Result and never throws. A damaged or newer-version campaign.json gives a `damaged` /
 * `newer-version` error whose message names the file and the problem, with `details.file` and
 * `details.newestBackup` (a BackupEntry or null); such a file is never modified. Bad input changes nothing.
 * File formats: docs/data-format.md.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { z } from 'zod'
import type { Low } from 'lowdb'
import {
  CAMPAIGN_EXPORT_SCHEMA_VERSION,
  CAMPAIGN_SCHEMA_VERSION,
  SESSION_LOG_SCHEMA_VERSION,
  type BackupEntry,
  type CampaignExport,
  type CampaignFile,
  type CampaignListEntry,
  type CampaignRecord,
  type SessionIndexEntry,
  type SessionLogContent,
  type SessionLogHeader,
  type SessionLogRecord,
  type TrashEntry,
} from '@shared/domain/campaign'
import { SYSTEM_IDS, type SystemId } from '@shared/domain/systems'
import { err, ok, type AppError, type Result } from '@shared/result'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write'
import { listBackups, parseBackupName, takeBackup } from './backups'
import { type CampaignFileAdapter, CampaignFileError, createCampaignDb, parseCampaignText, serializeCampaign, validateCampaignJson } from './campaign-file'
import { campaignExportEnvelopeSchema, campaignFileSchema, firstIssue, SESSION_ID_RE, sessionLogHeaderSchema } from './campaign-file-schema'
import { CAMPAIGN_FILE, checkId, compactStamp, SESSIONS_DIR, slugify, stampToIso, TRASH_DIR, TRASH_ID_RE } from './paths'
import { campaignFolders, copyCampaignFolder, seedDefaults } from './seed-default'
import { encodeRecord, readSessionLog, SessionLog } from './session-log'

export interface CampaignStoreOptions {
  /** the data folder (Electron: userData/campaigns; browser mode: --data-dir or defaultDataDir()) */
  dataDir: string
  /** folder holding the bundled sample campaigns (`resources/campaigns`); omitted: no seeding */
  resourcesDir?: string
  /** ISO-8601 clock (injected in tests) */
  now?: () => string
  /** random hex of the given byte count, for new ids (injected in tests) */
  randomHex?: (bytes: number) => string
  /**
   * session log durability: 'background' (default; an append resolves once written to the OS, the datasync follows
   * at once without being awaited), 'each' or true (await a datasync per append), false (never sync: tests)
   */
  syncAppends?: boolean | 'background' | 'each'
}

export interface InitOutcome {
  /** ids of the sample campaigns copied now (first run only) */
  seeded: string[]
  /** the campaign to open at start: the most recently opened one, else the first sample just seeded */
  suggestedCampaignId: string | null
}

export type CampaignStore = ReturnType<typeof createCampaignStore>

const nameSchema = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters')
const createSchema = z.object({ name: nameSchema, systemId: z.enum(SYSTEM_IDS), systemSettings: z.record(z.string(), z.unknown()).optional() }).strict()
const sessionInputSchema = z.object({ title: z.string().trim().min(1).max(200), date: z.string().max(100).optional(), notes: z.string().max(20_000).optional() }).strict()
const MAX_IMPORT_BYTES = 256 * 1024 * 1024

const exists = async (p: string): Promise<boolean> => stat(p).then(() => true, () => false)
const errnoOf = (e: unknown): string | undefined => (e as NodeJS.ErrnoException)?.code

function zodErr(error: z.ZodError, prefix = ''): { ok: false; error: AppError } {
  const issue = firstIssue(error)
  const field = prefix && issue.field ? `${prefix}.${issue.field}` : prefix || issue.field
  return err('invalid', issue.message, field || undefined)
}

function summaryOf(id: string, data: CampaignFile): CampaignSummary {
  const last = [...data.sessions].sort((a, b) => (a.startedAt < b.startedAt ? 1 : -1))[0]
  return { id, name: data.name, systemId: data.systemId, lastOpened: data.lastOpened, lastSession: last ? { id: last.id, title: last.title, date: last.date } : null }
}

/** a list entry for a campaign whose file cannot be used: name and system from the raw file when possible */
function problemEntry(id: string, text: string | null, problem: AppError): CampaignListEntry {
  let raw: { name?: unknown; systemId?: unknown; system?: unknown } = {}
  try {
    if (text !== null) raw = JSON.parse(text) ?? {}
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

export function createCampaignStore(options: CampaignStoreOptions) {
  const dataDir = resolve(options.dataDir)
  const resourcesDir = options.resourcesDir ? resolve(options.resourcesDir) : undefined
  const now = options.now ?? (() => new Date().toISOString())
  const randomHex = options.randomHex ?? ((n: number) => randomBytes(n).toString('hex'))
  const syncAppends = options.syncAppends === true ? 'each' : (options.syncAppends ?? 'background')

  const dbs = new Map<string, Low<CampaignFile>>()
  const logs = new Map<string, SessionLog>()
  const tails = new Map<string, Promise<unknown>>()

  /** serialize operations per key (a campaign id, or '#ids' for id allocation) */
  function locked<T>(key: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    const safe = async (): Promise<Result<T>> => {
      try {
        return await fn()
      } catch (e) {
        if (e instanceof CampaignFileError) return { ok: false, error: e.appError }
        return err(errnoOf(e) ? 'io' : 'internal', (e as Error)?.message ?? String(e))
      }
    }
    const prev = tails.get(key) ?? Promise.resolve()
    const next = prev.then(safe, safe)
    tails.set(key, next)
    void next.finally(() => {
      if (tails.get(key) === next) tails.delete(key)
    })
    return next
  }

  const dirOf = (id: string) => join(dataDir, id)
  const fileOf = (id: string) => join(dataDir, id, CAMPAIGN_FILE)
  const logPathOf = (id: string, sessionId: string) => join(dataDir, id, SESSIONS_DIR, `${sessionId}.ndjson`)

  async function withBackupDetails(id: string, error: AppError): Promise<AppError> {
    if (error.code !== 'damaged' && error.code !== 'newer-version') return error
    const newest = (await listBackups(dirOf(id)).catch(() => []))[0] ?? null
    return { ...error, details: { ...error.details, file: fileOf(id), newestBackup: newest } }
  }

  async function checkExisting(idValue: unknown, field = 'campaignId'): Promise<Result<string>> {
    const id = checkId(idValue, field)
    if (!id.ok) return id
    if (!(await exists(dirOf(id.value)))) return err('not-found', `no campaign "${id.value}" in ${dataDir}`, field)
    return id
  }

  /** load (or reuse) the lowdb instance of a campaign; `fresh` re-reads the file */
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

  async function allocateId(base: string): Promise<string> {
    for (;;) {
      const id = `${slugify(base)}-${randomHex(3)}`
      if (!(await exists(dirOf(id)))) return id
    }
  }

  async function closeLogsOf(id: string): Promise<void> {
    for (const [key, log] of [...logs]) {
      if (key.startsWith(`${id}/`)) {
        logs.delete(key)
        await log.close()
      }
    }
  }

  async function readSummary(id: string): Promise<Result<CampaignSummary>> {
    const db = await loadDb(id)
    return db.ok ? ok(summaryOf(id, db.value.data)) : db
  }

  async function update(id: string, fn: (draft: CampaignFile) => CampaignFile | void): Promise<Result<CampaignRecord>> {
    const db = await loadDb(id)
    if (!db.ok) return db
    const current = db.value.data
    const draft = structuredClone(current)
    let next: CampaignFile
    try {
      next = fn(draft) ?? draft
    } catch (e) {
      return err('invalid', `the update failed: ${(e as Error).message}`)
    }
    next = { ...next, schemaVersion: CAMPAIGN_SCHEMA_VERSION, createdAt: current.createdAt, updatedAt: now() }
    return commit(id, db.value, next, removedAny(current, next) ? 'update' : undefined)
  }

  const store = {
    dataDir,

    /** Create the data folder, copy the samples on first run, clean up what a crash left. */
    init(): Promise<Result<InitOutcome>> {
      return locked('#ids', async () => {
        const seeded = await seedDefaults(dataDir, resourcesDir)
        if (!seeded.ok) return seeded
        for (const name of await readdir(dataDir)) {
          if (name.startsWith('.tmp-')) await rm(join(dataDir, name), { recursive: true, force: true })
        }
        const listed = await store.list()
        if (!listed.ok) return listed
        const readable = listed.value.filter((c) => !c.problem)
        const suggestedCampaignId = readable.find((c) => c.lastOpened !== null)?.id ?? seeded.value.seeded[0] ?? readable[0]?.id ?? null
        return ok({ seeded: seeded.value.seeded, suggestedCampaignId })
      })
    },

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
          const parsed = parseCampaignText(text, fileOf(id), now())
          entries.push(parsed.ok ? summaryOf(id, parsed.value.data) : problemEntry(id, text, await withBackupDetails(id, parsed.error)))
        }
        entries.sort((a, b) => (b.lastOpened ?? '').localeCompare(a.lastOpened ?? '') || a.name.localeCompare(b.name))
        return ok(entries)
      })
    },

    create(input: { name: string; systemId: SystemId; systemSettings?: Record<string, unknown> }): Promise<Result<CampaignRecord>> {
      return locked('#ids', async () => {
        const parsed = createSchema.safeParse(input)
        if (!parsed.success) return zodErr(parsed.error)
        await mkdir(dataDir, { recursive: true })
        const id = await allocateId(parsed.data.name)
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

    /** Load a campaign for play/prep and record that it was opened. */
    open(campaignId: string): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
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
    update(campaignId: string, change: (file: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignFile>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        let failure: Result<CampaignFile> | null = null
        const done = await update(id.value, (draft) => {
          const next = change(draft)
          if (!next.ok) {
            failure = next
            return draft
          }
          return next.value
        })
        if (failure) return failure
        return done.ok ? ok(done.value.data) : done
      })
    },

    /** Copy a campaign (sessions included, backups not) under a new id and name. */
    duplicate(campaignId: string, name?: string): Promise<Result<CampaignSummary>> {
      return locked('#ids', () =>
        locked(String(campaignId), async () => {
          const id = await checkExisting(campaignId)
          if (!id.ok) return id
          let newName: string | undefined
          if (name !== undefined) {
            const parsed = nameSchema.safeParse(name)
            if (!parsed.success) return zodErr(parsed.error, 'name')
            newName = parsed.data
          }
          const db = await loadDb(id.value)
          if (!db.ok) return db
          const source = db.value.data
          const t = now()
          const copy: CampaignFile = { ...structuredClone(source), name: newName ?? `${source.name} (copy)`.slice(0, 120), createdAt: t, updatedAt: t, lastOpened: null }
          const newId = await allocateId(copy.name)
          await copyCampaignFolder(dirOf(id.value), dirOf(newId), {
            beforeRename: async (tmp) => {
              await removeStaleTempFiles(tmp)
              await writeFileAtomic(join(tmp, CAMPAIGN_FILE), serializeCampaign(copy))
            },
          })
          return ok(summaryOf(newId, copy))
        }),
      )
    },

    /** Move a campaign to `<data>/.trash/<id>~<time>` (a backup of campaign.json is taken first). */
    delete(campaignId: string): Promise<Result<TrashEntry>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        await closeLogsOf(id.value)
        dbs.delete(id.value)
        const t = now()
        let name = id.value
        try {
          const raw = await readFile(fileOf(id.value))
          await takeBackup(dirOf(id.value), 'delete', raw, t)
          const parsed = JSON.parse(raw.toString('utf8')) as { name?: unknown }
          if (typeof parsed.name === 'string') name = parsed.name
        } catch {
          // a damaged or missing campaign.json can still be thrown away (its bytes were backed up if readable)
        }
        const trash = join(dataDir, TRASH_DIR)
        await mkdir(trash, { recursive: true })
        let trashId = `${id.value}~${compactStamp(t)}`
        for (let n = 2; await exists(join(trash, trashId)); n++) trashId = `${id.value}~${compactStamp(t)}-${n}`
        await rename(dirOf(id.value), join(trash, trashId))
        return ok({ trashId, campaignId: id.value, name, deletedAt: stampToIso(compactStamp(t)) })
      })
    },

    listTrash(): Promise<Result<TrashEntry[]>> {
      return locked('#ids', async () => {
        const trash = join(dataDir, TRASH_DIR)
        const names = await readdir(trash).catch((e) => (errnoOf(e) === 'ENOENT' ? [] : Promise.reject(e)))
        const entries: TrashEntry[] = []
        for (const trashId of names) {
          const m = TRASH_ID_RE.exec(trashId)
          if (!m) continue
          let name = m[1]
          try {
            const parsed = JSON.parse(await readFile(join(trash, trashId, CAMPAIGN_FILE), 'utf8')) as { name?: unknown }
            if (typeof parsed.name === 'string') name = parsed.name
          } catch {
            // keep the id as its name
          }
          entries.push({ trashId, campaignId: m[1], name, deletedAt: stampToIso(m[2]) })
        }
        return ok(entries.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt)))
      })
    },

    /** Bring a campaign back from the trash (under a new id if its old one is taken again). */
    restore(trashId: string): Promise<Result<CampaignSummary>> {
      return locked('#ids', async () => {
        const m = typeof trashId === 'string' ? TRASH_ID_RE.exec(trashId) : null
        if (!m) return err('invalid', `trashId must look like "<campaignId>~<time>" (got ${JSON.stringify(trashId)?.slice(0, 60)})`, 'trashId')
        const from = join(dataDir, TRASH_DIR, trashId)
        if (!(await exists(from))) return err('not-found', `nothing named "${trashId}" in ${join(dataDir, TRASH_DIR)}`, 'trashId')
        let id = m[1]
        if (await exists(dirOf(id))) id = await allocateId(`${m[1].slice(0, 30)}-restored`)
        await rename(from, dirOf(id))
        const summary = await readSummary(id)
        // a campaign that was damaged when deleted comes back damaged: report it, it is still restored
        return summary.ok ? summary : { ok: false, error: { ...summary.error, details: { ...summary.error.details, restoredAs: id } } }
      })
    },

    /** Write the whole campaign (campaign.json and every session log) to one JSON file. */
    exportToFile(campaignId: string, filePath: string): Promise<Result<{ filePath: string; warnings: string[] }>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const target = await checkTarget(filePath)
        if (!target.ok) return target
        const built = await buildExport(id.value)
        if (!built.ok) return built
        await writeFileAtomic(target.value, built.value.text)
        return ok({ filePath: target.value, warnings: built.value.warnings })
      })
    },

    /** The same export as `exportToFile`, as text (browser mode downloads it; nothing is written). */
    exportText(campaignId: string): Promise<Result<{ name: string; text: string; warnings: string[] }>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        return buildExport(id.value)
      })
    },

    /** Read an export file and add it as a new campaign (older versions are migrated; nothing is written on error). */
    importFromFile(filePath: string): Promise<Result<CampaignSummary>> {
      return locked('#ids', async () => {
        if (typeof filePath !== 'string' || filePath.trim() === '') return err('invalid', 'filePath must be a path to a .json file', 'filePath')
        const path = resolve(filePath)
        let text: string
        try {
          const s = await stat(path)
          if (!s.isFile()) return err('invalid', `${path} is not a file`, 'filePath')
          if (s.size > MAX_IMPORT_BYTES) return err('invalid', `${path} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, 'filePath')
          text = await readFile(path, 'utf8')
        } catch (e) {
          return err(errnoOf(e) === 'ENOENT' ? 'not-found' : 'io', `${path}: ${(e as Error).message}`, 'filePath')
        }
        return addImported(text, path)
      })
    },

    /** Add an export file's text as a new campaign (`source` names it in errors; nothing is written on error). */
    importText(text: string, source = 'the imported text'): Promise<Result<CampaignSummary>> {
      return locked('#ids', async () => {
        if (typeof text !== 'string' || text.trim() === '') return err('invalid', 'text must be the content of a campaign export (.json)', 'text')
        if (text.length > MAX_IMPORT_BYTES) return err('invalid', `${source} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, 'text')
        return addImported(text, source)
      })
    },

    listBackups(campaignId: string): Promise<Result<BackupEntry[]>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        return id.ok ? ok(await listBackups(dirOf(id.value))) : id
      })
    },

    newestBackup(campaignId: string): Promise<Result<BackupEntry | null>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        return id.ok ? ok((await listBackups(dirOf(id.value)))[0] ?? null) : id
      })
    },

    /**
     * Put a backup (default: the newest) back as campaign.json. The current file, damaged or not, is kept as a
     * `restore` backup first, so nothing is lost.
     */
    restoreBackup(campaignId: string, backupName?: string): Promise<Result<CampaignRecord>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const dir = dirOf(id.value)
        let chosen: BackupEntry | null
        if (backupName === undefined) chosen = (await listBackups(dir))[0] ?? null
        else {
          chosen = typeof backupName === 'string' ? parseBackupName(backupName) : null
          if (!chosen) return err('invalid', `backupName must be a backup file name like campaign.<time>.<reason>.json (got ${JSON.stringify(backupName)?.slice(0, 80)})`, 'backupName')
        }
        if (!chosen) return err('not-found', `${dir} has no backups`, 'backupName')
        let text: string
        try {
          text = await readFile(join(dir, 'backups', chosen.name), 'utf8')
        } catch (e) {
          return err(errnoOf(e) === 'ENOENT' ? 'not-found' : 'io', `${join(dir, 'backups', chosen.name)}: ${(e as Error).message}`, 'backupName')
        }
        const valid = parseCampaignText(text, join(dir, 'backups', chosen.name), now())
        if (!valid.ok) return valid
        await closeLogsOf(id.value)
        dbs.delete(id.value)
        const current = await readFile(fileOf(id.value)).catch(() => null)
        if (current) await takeBackup(dir, 'restore', current, now())
        await writeFileAtomic(fileOf(id.value), text)
        const db = await loadDb(id.value, true)
        return db.ok ? ok({ id: id.value, data: structuredClone(db.value.data) }) : db
      })
    },

    /** Add a session to the index and create its log (header line). */
    startSession(campaignId: string, input: { title: string; date?: string; notes?: string }): Promise<Result<SessionIndexEntry>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        const parsed = sessionInputSchema.safeParse(input)
        if (!parsed.success) return zodErr(parsed.error)
        const t = now()
        const entry: SessionIndexEntry = { id: `s-${compactStamp(t).toLowerCase()}-${randomHex(2)}`, title: parsed.data.title, date: parsed.data.date ?? t.slice(0, 10), notes: parsed.data.notes ?? '', startedAt: t, endedAt: null }
        const db = await loadDb(id.value)
        if (!db.ok) return db
        await mkdir(join(dirOf(id.value), SESSIONS_DIR), { recursive: true })
        const header: SessionLogHeader = { schemaVersion: SESSION_LOG_SCHEMA_VERSION, kind: 'gm-console.session-log', sessionId: entry.id, createdAt: t }
        const log = await SessionLog.create(logPathOf(id.value, entry.id), header, { sync: syncAppends })
        if (!log.ok) return log
        const done = await update(id.value, (d) => {
          d.sessions.push(entry)
        })
        if (!done.ok) {
          await log.value.close()
          await rm(logPathOf(id.value, entry.id), { force: true })
          return done
        }
        logs.set(`${id.value}/${entry.id}`, log.value)
        return ok(entry)
      })
    },

    /** Create `sessions/<sessionId>.ndjson` with its header only (`conflict` if it exists). */
    createSessionLog(campaignId: string, sessionId: string): Promise<Result<void>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id (a–z, 0–9, "-", "_")`, 'sessionId')
        await mkdir(join(dirOf(id.value), SESSIONS_DIR), { recursive: true })
        const header: SessionLogHeader = { schemaVersion: SESSION_LOG_SCHEMA_VERSION, kind: 'gm-console.session-log', sessionId, createdAt: now() }
        const log = await SessionLog.create(logPathOf(id.value, sessionId), header, { sync: syncAppends })
        if (!log.ok) return log
        logs.set(`${id.value}/${sessionId}`, log.value)
        return ok(undefined)
      })
    },

    endSession(campaignId: string, sessionId: string): Promise<Result<SessionIndexEntry>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        let ended: SessionIndexEntry | undefined
        const done = await update(id.value, (d) => {
          ended = d.sessions.find((s) => s.id === sessionId)
          if (ended) ended.endedAt = now()
        })
        if (!done.ok) return done
        if (!ended) return err('not-found', `campaign "${id.value}" has no session "${sessionId}"`, 'sessionId')
        const key = `${id.value}/${sessionId}`
        await logs.get(key)?.close()
        logs.delete(key)
        return ok(ended)
      })
    },

    /** Append one event record (a plain JSON object) to a session's log. Fast path: no campaign.json I/O. */
    async appendEvent(campaignId: string, sessionId: string, record: SessionLogRecord): Promise<Result<void>> {
      const key = `${campaignId}/${sessionId}`
      let log = logs.get(key)
      if (!log) {
        const opened = await locked(String(campaignId), () => openLog(campaignId, sessionId))
        if (!opened.ok) return opened
        log = opened.value
      }
      const line = encodeRecord(record)
      if (!line.ok) return line
      return log.append(record)
    },

    /** Every record of a session log; damaged lines are listed with their line numbers, the rest still returned. */
    readSession(campaignId: string, sessionId: string): Promise<Result<SessionLogContent>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id`, 'sessionId')
        const open = logs.get(`${id.value}/${sessionId}`)
        return open ? open.readAll() : readSessionLog(logPathOf(id.value, sessionId))
      })
    },

    /** Path of a session's log file (for exporters that stream it). */
    sessionLogPath(campaignId: string, sessionId: string): Result<string> {
      const id = checkId(campaignId, 'campaignId')
      if (!id.ok) return id
      if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id`, 'sessionId')
      return ok(logPathOf(id.value, sessionId))
    },

    /** Close every open session log (call on quit). */
    async close(): Promise<void> {
      for (const log of logs.values()) await log.close()
      logs.clear()
      dbs.clear()
    },
  }

  /** write a parsed export as a new campaign folder (under a temp name, renamed at the end: nothing half-imported) */
  async function addImported(text: string, source: string): Promise<Result<CampaignSummary>> {
    const parsed = parseExport(text, source)
    if (!parsed.ok) return parsed
    const { campaign, sessions } = parsed.value
    await mkdir(dataDir, { recursive: true })
    const id = await allocateId(campaign.name)
    const tmp = join(dataDir, `.tmp-${id}`)
    try {
      await mkdir(join(tmp, SESSIONS_DIR), { recursive: true })
      for (const s of sessions) {
        const lines = [JSON.stringify(s.header), ...s.records.map((r) => JSON.stringify(r))].join('\n')
        await writeFileAtomic(join(tmp, SESSIONS_DIR, `${s.header.sessionId}.ndjson`), `${lines}\n`)
      }
      await writeFileAtomic(join(tmp, CAMPAIGN_FILE), serializeCampaign(campaign))
      await rename(tmp, dirOf(id))
    } catch (e) {
      await rm(tmp, { recursive: true, force: true })
      throw e
    }
    return ok(summaryOf(id, campaign))
  }

  /** the export file's content for a campaign (session logs flushed first; damaged log lines become warnings) */
  async function buildExport(id: string): Promise<Result<{ name: string; text: string; warnings: string[] }>> {
    const db = await loadDb(id)
    if (!db.ok) return db
    const warnings: string[] = []
    const sessions: CampaignExport['sessions'] = []
    for (const s of db.value.data.sessions) {
      await logs.get(`${id}/${s.id}`)?.flush()
      const log = await readSessionLog(logPathOf(id, s.id))
      if (!log.ok) {
        warnings.push(log.error.message)
        continue
      }
      for (const d of log.value.damaged) warnings.push(`${logPathOf(id, s.id)}: line ${d.line} skipped: ${d.message}`)
      sessions.push({ header: log.value.header, records: log.value.records })
    }
    const out: CampaignExport = { kind: 'gm-console.campaign-export', schemaVersion: CAMPAIGN_EXPORT_SCHEMA_VERSION, exportedAt: now(), campaign: db.value.data, sessions }
    return ok({ name: db.value.data.name, text: `${JSON.stringify(out)}\n`, warnings })
  }

  async function openLog(campaignId: string, sessionId: string): Promise<Result<SessionLog>> {
    const key = `${campaignId}/${sessionId}`
    const already = logs.get(key)
    if (already) return ok(already)
    const id = await checkExisting(campaignId)
    if (!id.ok) return id
    if (typeof sessionId !== 'string' || !SESSION_ID_RE.test(sessionId)) return err('invalid', `sessionId ${JSON.stringify(sessionId)?.slice(0, 60)} is not a session id`, 'sessionId')
    const log = await SessionLog.open(logPathOf(id.value, sessionId), { sync: syncAppends })
    if (log.ok) logs.set(key, log.value)
    return log
  }

  /** the export file's target: an absolute or relative path whose folder exists */
  async function checkTarget(filePath: unknown): Promise<Result<string>> {
    if (typeof filePath !== 'string' || filePath.trim() === '') return err('invalid', 'filePath must be a file path', 'filePath')
    const target = resolve(filePath)
    const dirStat = await stat(dirname(target)).catch(() => null)
    if (!dirStat?.isDirectory()) return err('not-found', `the folder ${dirname(target)} does not exist`, 'filePath')
    const fileStat = await stat(target).catch(() => null)
    if (fileStat?.isDirectory()) return err('invalid', `${target} is a folder, not a file`, 'filePath')
    return ok(target)
  }

  function parseExport(text: string, path: string): Result<{ campaign: CampaignFile; sessions: Array<{ header: SessionLogHeader & { sessionId: string }; records: SessionLogRecord[] }> }> {
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch (e) {
      return err('damaged', `${path}: not valid JSON (${(e as Error).message})`)
    }
    const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion
    if (typeof version === 'number' && version > CAMPAIGN_EXPORT_SCHEMA_VERSION) {
      return err('newer-version', `${path} was written by a newer GM Console (export schemaVersion ${version}; this version reads up to ${CAMPAIGN_EXPORT_SCHEMA_VERSION})`, 'schemaVersion')
    }
    const envelope = campaignExportEnvelopeSchema.safeParse(raw)
    if (!envelope.success) {
      const issue = firstIssue(envelope.error)
      return err('invalid', `${path}: not a GM Console campaign export: ${issue.message}`, issue.field)
    }
    const campaign = validateCampaignJson(envelope.data.campaign, `${path} (campaign)`, now())
    if (!campaign.ok) return { ok: false, error: { ...campaign.error, field: campaign.error.field ? `campaign.${campaign.error.field}` : 'campaign' } }
    const sessions: Array<{ header: SessionLogHeader & { sessionId: string }; records: SessionLogRecord[] }> = []
    const indexIds = new Set(campaign.value.data.sessions.map((s) => s.id))
    const seen = new Set<string>()
    for (const [i, s] of envelope.data.sessions.entries()) {
      const header = sessionLogHeaderSchema.safeParse(s.header)
      if (!header.success) {
        const issue = firstIssue(header.error)
        return err('invalid', `${path}: sessions.${i}.header: ${issue.message}`, `sessions.${i}.header${issue.field ? `.${issue.field}` : ''}`)
      }
      if (header.data.sessionId === undefined) return err('invalid', `${path}: sessions.${i}.header has no sessionId`, `sessions.${i}.header.sessionId`)
      if (!indexIds.has(header.data.sessionId)) return err('invalid', `${path}: session "${header.data.sessionId}" is not in the campaign's sessions index`, `sessions.${i}.header.sessionId`)
      if (seen.has(header.data.sessionId)) return err('invalid', `${path}: session "${header.data.sessionId}" appears twice`, `sessions.${i}.header.sessionId`)
      seen.add(header.data.sessionId)
      sessions.push({ header: { ...header.data, sessionId: header.data.sessionId }, records: s.records })
    }
    return ok({ campaign: { ...campaign.value.data, lastOpened: null }, sessions })
  }

  return store
}
