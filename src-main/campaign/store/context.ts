/**
 * What every part of the campaign store shares: the data folder and its paths, the per-key lock that serializes
 * operations, the open campaign files and session logs, and small helpers (ids, errors, summaries). Each part
 * (repository.ts, trash.ts, backup-restore.ts, transfer.ts, sessions.ts) takes one StoreContext;
 * ../campaign-store.ts builds it and joins the parts into the one store API.
 */
import { randomBytes } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { z } from 'zod'
import type { CampaignFile } from '@shared/domain/campaign'
import { err, type AppError, type Result } from '@shared/result'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { listBackups } from '../backups'
import type { CampaignDb } from '../campaign-db'
import { CampaignFileError } from '../campaign-file'
import { firstIssue } from '../campaign-file-schema'
import { CAMPAIGN_FILE, checkId, SESSIONS_DIR, slugify } from '../paths'
import type { SessionLog } from '../session-log'

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
  /** fold a campaign's changes file into campaign.json once it is larger than this (default: larger than 512 KiB
   *  and than campaign.json; 0 in tests: after every write) */
  compactAfterBytes?: number
}

export const exists = async (p: string): Promise<boolean> => stat(p).then(() => true, () => false)
export const errnoOf = (e: unknown): string | undefined => (e as NodeJS.ErrnoException)?.code

/** the first zod issue as an `invalid` error naming its field (under `prefix` when given) */
export function zodErr(error: z.ZodError, prefix = ''): { ok: false; error: AppError } {
  const issue = firstIssue(error)
  const field = prefix && issue.field ? `${prefix}.${issue.field}` : prefix || issue.field
  return err('invalid', issue.message, field || undefined)
}

export function summaryOf(id: string, data: CampaignFile): CampaignSummary {
  const last = [...data.sessions].sort((a, b) => (a.startedAt < b.startedAt ? 1 : -1))[0]
  return { id, name: data.name, systemId: data.systemId, lastOpened: data.lastOpened, lastSession: last ? { id: last.id, title: last.title, date: last.date } : null }
}

export type StoreContext = ReturnType<typeof createStoreContext>

export function createStoreContext(options: CampaignStoreOptions) {
  const dataDir = resolve(options.dataDir)
  const resourcesDir = options.resourcesDir ? resolve(options.resourcesDir) : undefined
  const now = options.now ?? (() => new Date().toISOString())
  const randomHex = options.randomHex ?? ((n: number) => randomBytes(n).toString('hex'))
  const syncAppends: false | 'background' | 'each' = options.syncAppends === true ? 'each' : (options.syncAppends ?? 'background')

  /** the loaded campaign (campaign.json and its changes) of each campaign, by id */
  const dbs = new Map<string, CampaignDb>()
  /** the open session logs, by `${campaignId}/${sessionId}` */
  const logs = new Map<string, SessionLog>()
  const tails = new Map<string, Promise<unknown>>()

  /** serialize operations per key (a campaign id, or '#ids' for id allocation); a throw becomes an error Result */
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

  /** a damaged or newer-version error with the file and the newest backup in its details */
  async function withBackupDetails(id: string, error: AppError): Promise<AppError> {
    if (error.code !== 'damaged' && error.code !== 'newer-version') return error
    const newest = (await listBackups(dirOf(id)).catch(() => []))[0] ?? null
    return { ...error, details: { ...error.details, file: fileOf(id), newestBackup: newest } }
  }

  /** a valid id of a campaign folder that exists */
  async function checkExisting(idValue: unknown, field = 'campaignId'): Promise<Result<string>> {
    const id = checkId(idValue, field)
    if (!id.ok) return id
    if (!(await exists(dirOf(id.value)))) return err('not-found', `no campaign "${id.value}" in ${dataDir}`, field)
    return id
  }

  /** a new campaign id from a name: its slug and random hex, not taken yet */
  async function allocateId(base: string): Promise<string> {
    for (;;) {
      const id = `${slugify(base)}-${randomHex(3)}`
      if (!(await exists(dirOf(id)))) return id
    }
  }

  /** close and forget the open session logs of a campaign (before it moves or is replaced) */
  async function closeLogsOf(id: string): Promise<void> {
    for (const [key, log] of [...logs]) {
      if (key.startsWith(`${id}/`)) {
        logs.delete(key)
        await log.close()
      }
    }
  }

  const compactAfterBytes = options.compactAfterBytes
  return { dataDir, resourcesDir, now, randomHex, syncAppends, compactAfterBytes, dbs, logs, locked, dirOf, fileOf, logPathOf, withBackupDetails, checkExisting, allocateId, closeLogsOf }
}
