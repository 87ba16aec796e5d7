/**
 * The trash: a deleted campaign moves to `<data>/.trash/<id>~<time>` (a backup of campaign.json is taken first),
 * is listed newest first, and comes back under its old id (or a new one when that was taken again).
 */
import { mkdir, readFile, readdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { TrashEntry } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import type { CampaignSummary } from '@shared/views/campaign-views'
import { takeBackup } from '../backups'
import { readCampaignJsonLoose } from '../campaign-db'
import { compactStamp, stampToIso, TRASH_DIR, TRASH_ID_RE } from '../paths'
import { errnoOf, exists, type StoreContext } from './context'
import type { CampaignFiles } from './repository'

export function createTrash(ctx: StoreContext, files: CampaignFiles) {
  const { dataDir, now, dbs, locked, dirOf, fileOf, checkExisting } = ctx
  return {
    /** Move a campaign to `<data>/.trash/<id>~<time>` (a backup of campaign.json is taken first). */
    delete(campaignId: string): Promise<Result<TrashEntry>> {
      return locked(String(campaignId), async () => {
        const id = await checkExisting(campaignId)
        if (!id.ok) return id
        await ctx.closeLogsOf(id.value)
        dbs.delete(id.value)
        const t = now()
        let name = id.value
        const loaded = await files.loadDb(id.value)
        dbs.delete(id.value)
        try {
          // the whole campaign (campaign.json with its changes); a damaged one: campaign.json's bytes as they are
          const raw = loaded.ok ? loaded.value.serialize() : await readFile(fileOf(id.value))
          await takeBackup(dirOf(id.value), 'delete', raw, t)
          const parsed = JSON.parse(raw.toString()) as { name?: unknown }
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
          const parsed = await readCampaignJsonLoose(join(trash, trashId))
          if (typeof parsed?.name === 'string') name = parsed.name
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
        if (await exists(dirOf(id))) id = await ctx.allocateId(`${m[1].slice(0, 30)}-restored`)
        await rename(from, dirOf(id))
        const summary = await files.readSummary(id)
        // a campaign that was damaged when deleted comes back damaged: report it, it is still restored
        return summary.ok ? summary : { ok: false, error: { ...summary.error, details: { ...summary.error.details, restoredAs: id } } }
      })
    },
  }
}
