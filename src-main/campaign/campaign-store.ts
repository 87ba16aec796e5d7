/**
 * The campaign store: campaign folders in a data folder, Electron-free (the data folder is a parameter).
 *
 *   const store = createCampaignStore({ dataDir, resourcesDir, now })
 *   await store.init()                      → { seeded, suggestedCampaignId }  (first run copies the samples)
 *   await store.list()                      → CampaignListEntry[] (unreadable campaigns carry `problem`)
 *   await store.create({ name, systemId, systemSettings? })              → CampaignRecord
 *   await store.open(id)                    → CampaignRecord (sets lastOpened in memory; migrates an older file, backup first)
 *   await store.recordOpened(id)            (writes the lastOpened that open set in memory: opened to play)
 *   await store.get(id)                     → CampaignRecord (no lastOpened change; the data deep-frozen, not a copy)
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
 *
 * The store is made of parts, one concern each, in store/: the repository (campaign.json read, validate, write;
 * the list, create, open, update), the trash, backups, copies (duplicate, export, import) and session logs. They
 * share one StoreContext (the data folder, the per-campaign lock, the open files); this module joins them into
 * the one API above.
 */
import { createStoreContext, type CampaignStoreOptions } from './store/context'
import { createBackupRestore } from './store/backup-restore'
import { createRepository } from './store/repository'
import { createSessions } from './store/sessions'
import { createTransfer } from './store/transfer'
import { createTrash } from './store/trash'

export type { CampaignStoreOptions } from './store/context'
export type { InitOutcome } from './store/repository'

export type CampaignStore = ReturnType<typeof createCampaignStore>

export function createCampaignStore(options: CampaignStoreOptions) {
  const ctx = createStoreContext(options)
  const repository = createRepository(ctx)
  return {
    dataDir: ctx.dataDir,
    ...repository.api,
    ...createTrash(ctx, repository.files),
    ...createBackupRestore(ctx, repository.files),
    ...createTransfer(ctx, repository.files),
    ...createSessions(ctx, repository.files),
  }
}
