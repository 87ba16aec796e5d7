/**
 * Backups seen from the store: list a campaign's backups (newest first; the files themselves are made by
 * ../backups.ts) and put one back as campaign.json. The current file, damaged or not, is kept as a `restore`
 * backup first, so nothing is lost.
 */
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { BackupEntry, CampaignRecord } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import { writeFileAtomic } from '../atomic-write'
import { listBackups, parseBackupName, takeBackup } from '../backups'
import { changesPathOf } from '../campaign-db'
import { parseCampaignText } from '../campaign-file'
import { errnoOf, type StoreContext } from './context'
import type { CampaignFiles } from './repository'

export function createBackupRestore(ctx: StoreContext, files: CampaignFiles) {
  const { now, dbs, locked, dirOf, fileOf, checkExisting } = ctx
  return {
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
        await ctx.closeLogsOf(id.value)
        // the current campaign (with its changes; a damaged one: campaign.json's bytes) is kept as a backup first
        const loaded = await files.loadDb(id.value)
        dbs.delete(id.value)
        const current = loaded.ok ? loaded.value.serialize() : await readFile(fileOf(id.value)).catch(() => null)
        if (current) await takeBackup(dir, 'restore', current, now())
        await writeFileAtomic(fileOf(id.value), text)
        // the changes file followed the old campaign.json: it no longer applies (its base names the old bytes)
        await rm(changesPathOf(dir), { force: true })
        const db = await files.loadDb(id.value, true)
        return db.ok ? ok({ id: id.value, data: structuredClone(db.value.data) }) : db
      })
    },
  }
}
