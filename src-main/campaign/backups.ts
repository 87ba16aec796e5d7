/**
 * Timestamped backups of `campaign.json` in `<campaign>/backups/`, taken before a migration or a destructive
 * operation. Names are `campaign.<YYYYMMDDTHHmmssSSSZ>.<reason>.json`; only the newest KEEP_BACKUPS are kept.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { BackupEntry } from '@shared/domain/campaign'
import { writeFileAtomic } from './atomic-write'
import { BACKUPS_DIR, compactStamp, stampToIso } from './paths'

export const KEEP_BACKUPS = 10
const NAME_RE = /^campaign\.(\d{8}T\d{9}Z)\.([a-z-]{1,30})\.json$/

export const backupsDir = (campaignDir: string): string => join(campaignDir, BACKUPS_DIR)

export function parseBackupName(name: string): BackupEntry | null {
  const m = NAME_RE.exec(name)
  return m ? { name, takenAt: stampToIso(m[1]), reason: m[2] } : null
}

/** Every backup of the campaign, newest first. */
export async function listBackups(campaignDir: string): Promise<BackupEntry[]> {
  let names: string[]
  try {
    names = await readdir(backupsDir(campaignDir))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
  return names
    .map(parseBackupName)
    .filter((b): b is BackupEntry => b !== null)
    .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
}

const exists = async (p: string): Promise<boolean> => stat(p).then(() => true, () => false)

/** Write `content` (the file's exact bytes) as a new backup, then drop the oldest beyond KEEP_BACKUPS. */
export async function takeBackup(campaignDir: string, reason: string, content: string | Uint8Array, now: string): Promise<BackupEntry> {
  const dir = backupsDir(campaignDir)
  await mkdir(dir, { recursive: true })
  // two backups in the same millisecond: step the stamp forward so names stay unique and ordered
  let t = new Date(now).getTime()
  if (Number.isNaN(t)) t = Date.now()
  const newest = (await listBackups(campaignDir))[0]
  if (newest) t = Math.max(t, new Date(newest.takenAt).getTime() + 1)
  let name = `campaign.${compactStamp(new Date(t).toISOString())}.${reason}.json`
  while (await exists(join(dir, name))) {
    t += 1
    name = `campaign.${compactStamp(new Date(t).toISOString())}.${reason}.json`
  }
  await writeFileAtomic(join(dir, name), content)
  const all = await listBackups(campaignDir)
  await Promise.all(all.slice(KEEP_BACKUPS).map((b) => rm(join(dir, b.name), { force: true })))
  return parseBackupName(name) as BackupEntry
}
