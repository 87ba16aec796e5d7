/**
 * Copies of a campaign: duplicate (sessions included, backups not), export to one JSON file or text (campaign.json
 * and every session log), and import such a file as a new campaign (older versions migrated; validated first,
 * written under a temp name and renamed at the end, so nothing is half-imported). A copy's encounters get fresh
 * ids (fresh-ids.ts).
 */
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { CAMPAIGN_EXPORT_SCHEMA_VERSION, type CampaignExport, type CampaignFile, type SessionLogHeader, type SessionLogRecord } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { removeStaleTempFiles, writeFileAtomic } from '../atomic-write'
import { changesPathOf } from '../campaign-db'
import { serializeCampaign, validateCampaignJson } from '../campaign-file'
import { campaignExportEnvelopeSchema, firstIssue, sessionLogHeaderSchema } from '../campaign-file-schema'
import { parseJsonText, tooDeepAt, tooDeepError, unsafeKeyAt, unsafeKeyError } from '../json-text'
import { CAMPAIGN_FILE, SESSIONS_DIR } from '../paths'
import { copyCampaignFolder } from '../seed-default'
import { readSessionLog } from '../session-log'
import { errnoOf, summaryOf, zodErr, type StoreContext } from './context'
import { freshEncounterIds, refreshLogsInFolder } from './fresh-ids'
import { nameSchema, type CampaignFiles } from './repository'

const MAX_IMPORT_BYTES = 256 * 1024 * 1024

type ImportedSession = { header: SessionLogHeader & { sessionId: string }; records: SessionLogRecord[] }

export function createTransfer(ctx: StoreContext, files: CampaignFiles) {
  const { dataDir, now, logs, locked, dirOf, logPathOf, checkExisting } = ctx

  /** write a parsed export as a new campaign folder (under a temp name, renamed at the end: nothing half-imported) */
  async function addImported(text: string, source: string): Promise<Result<CampaignSummary>> {
    const parsed = parseExport(text, source)
    if (!parsed.ok) return parsed
    const { campaign, sessions } = parsed.value
    await mkdir(dataDir, { recursive: true })
    const id = await ctx.allocateId(campaign.name)
    const tmp = join(dataDir, `.tmp-${id}`)
    // a copy: its encounters get ids of their own
    const rekey = freshEncounterIds()
    try {
      await mkdir(join(tmp, SESSIONS_DIR), { recursive: true })
      for (const s of sessions) {
        const lines = [JSON.stringify(s.header), ...s.records.map((r) => JSON.stringify(rekey(r)))].join('\n')
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
    const db = await files.loadDb(id)
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

  function parseExport(text: string, path: string): Result<{ campaign: CampaignFile; sessions: ImportedSession[] }> {
    const parsed = parseJsonText(text, path)
    if (!parsed.ok) return parsed
    const raw = parsed.value
    const deep = tooDeepAt(raw)
    if (deep) return tooDeepError(deep, 'damaged', path)
    // the whole export (campaign and session records) before anything copies it (issue 14)
    const unsafe = unsafeKeyAt(raw)
    if (unsafe) return unsafeKeyError(unsafe, 'damaged', path)
    const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion
    if (typeof version === 'number' && version > CAMPAIGN_EXPORT_SCHEMA_VERSION) {
      return err('newer-version', `${path} was written by a newer GM Console (export schemaVersion ${version}; this version reads up to ${CAMPAIGN_EXPORT_SCHEMA_VERSION})`, 'schemaVersion')
    }
    const envelope = campaignExportEnvelopeSchema.safeParse(raw)
    if (!envelope.success) {
      const issue = firstIssue(envelope.error)
      return err('invalid', `${path}: not a GM Console campaign export: ${issue.message}`, issue.field, { issue: issue.issue, notExport: true })
    }
    const campaign = validateCampaignJson(envelope.data.campaign, `${path} (campaign)`, now())
    if (!campaign.ok) return { ok: false, error: { ...campaign.error, field: campaign.error.field ? `campaign.${campaign.error.field}` : 'campaign' } }
    const sessions: ImportedSession[] = []
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

  return {
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
          const db = await files.loadDb(id.value)
          if (!db.ok) return db
          const source = db.value.data
          const t = now()
          const copy: CampaignFile = { ...structuredClone(source), name: newName ?? `${source.name} (copy)`.slice(0, 120), createdAt: t, updatedAt: t, lastOpened: null }
          const newId = await ctx.allocateId(copy.name)
          for (const session of source.sessions) await logs.get(`${id.value}/${session.id}`)?.flush()
          await copyCampaignFolder(dirOf(id.value), dirOf(newId), {
            beforeRename: async (tmp) => {
              await removeStaleTempFiles(tmp)
              // a copy: its encounters get ids of their own
              await refreshLogsInFolder(join(tmp, SESSIONS_DIR), freshEncounterIds())
              await writeFileAtomic(join(tmp, CAMPAIGN_FILE), serializeCampaign(copy))
              // the copy's campaign.json holds everything: the source's changes file does not go with it
              await rm(changesPathOf(tmp), { force: true })
            },
          })
          return ok(summaryOf(newId, copy))
        }),
      )
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
  }
}
