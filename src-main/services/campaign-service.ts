/**
 * Campaign handlers (`campaign:list|create|open|rename|duplicate|delete|trash|restore|export|exportSave|import|
 * restoreBackup`): call the store, build the view models, keep the player board's campaign in step and push
 * `campaigns:changed`, `campaign:changed` and `player:view`.
 * The store is reached through the narrow `CampaignStoreForService` (src-main/campaign's store satisfies it); the
 * operations beyond list/create/open/update are optional so small test stores need not have them.
 */
import type { CampaignFile, CampaignListEntry, CampaignRecord, TrashEntry } from '@shared/domain/campaign'
import type { SystemId } from '@shared/domain/systems'
import { err, ok, type Result } from '@shared/result'
import type { CampaignOverview, CampaignSummary } from '@shared/views/campaign-views'
import type { HandlerMap } from '../ipc/handlers'
import type { PushHub } from '../ipc/push-hub'
import type { PlayerBoard } from '../core/player-board'
import type { WindowShell } from '../core/shell'
import { slugify } from '../campaign/paths'

export interface CampaignStoreForService {
  list(): Promise<Result<CampaignListEntry[]>>
  create(input: { name: string; systemId: SystemId }): Promise<Result<CampaignRecord>>
  /** reads (and migrates) the campaign and records `lastOpened` */
  open(campaignId: string): Promise<Result<CampaignRecord>>
  update(campaignId: string, change: (file: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignFile>>
  duplicate?(campaignId: string, name?: string): Promise<Result<CampaignSummary>>
  delete?(campaignId: string): Promise<Result<TrashEntry>>
  listTrash?(): Promise<Result<TrashEntry[]>>
  restore?(trashId: string): Promise<Result<CampaignSummary>>
  exportText?(campaignId: string): Promise<Result<{ name: string; text: string; warnings: string[] }>>
  exportToFile?(campaignId: string, filePath: string): Promise<Result<{ filePath: string; warnings: string[] }>>
  importText?(text: string, source?: string): Promise<Result<CampaignSummary>>
  restoreBackup?(campaignId: string): Promise<Result<CampaignRecord>>
}

export function toSummary(id: string, data: CampaignFile): CampaignSummary {
  const last = data.sessions.at(-1)
  return {
    id,
    name: data.name,
    systemId: data.systemId,
    lastOpened: data.lastOpened,
    lastSession: last ? { id: last.id, title: last.title, date: last.date } : null,
  }
}

export function toOverview(id: string, data: CampaignFile): CampaignOverview {
  return {
    ...toSummary(id, data),
    counts: { party: data.party.length, library: data.library.length, encounters: data.encounters.length, sessions: data.sessions.length },
    partyIds: [...data.party],
  }
}

/** `The Hangar: ambush!` → `the-hangar-ambush.gmc.json` */
export function exportFileName(name: string): string {
  return `${slugify(name, 60)}.gmc.json`
}

export interface CampaignService {
  handlers: HandlerMap
}

export function createCampaignService(deps: {
  store: CampaignStoreForService
  hub: Pick<PushHub, 'publish'>
  board: PlayerBoard
  /** the window shell (Electron's save dialog for `campaign:exportSave`) */
  shell?: () => WindowShell | null
}): CampaignService {
  const { store, hub, board } = deps
  const unsupported = () => err('internal', 'this campaign store cannot do that')

  const publishList = async () => {
    const list = await store.list()
    if (list.ok) hub.publish('campaigns:changed', list.value)
  }
  /** after a change to the list: push it, and pass the result through */
  const thenPublish = async <T>(r: Result<T>): Promise<Result<T>> => {
    if (r.ok) await publishList()
    return r
  }
  const openOverview = (record: CampaignRecord): CampaignOverview => {
    const overview = toOverview(record.id, record.data)
    if (board.campaignId() !== overview.id) board.setCampaign({ id: overview.id, name: overview.name, systemId: overview.systemId })
    hub.publish('campaign:changed', overview)
    return overview
  }

  return {
    handlers: {
      'campaign:list': async () => store.list(),
      'campaign:create': async (req) => {
        const created = await store.create({ name: req.name, systemId: req.systemId })
        if (!created.ok) return created
        await publishList()
        return ok(toSummary(created.value.id, created.value.data))
      },
      'campaign:open': async (req) => {
        const opened = await store.open(req.campaignId)
        if (!opened.ok) return opened
        const overview = openOverview(opened.value)
        await publishList()
        return ok(overview)
      },
      'campaign:rename': async (req) => {
        const updated = await store.update(req.campaignId, (file) => ok({ ...file, name: req.name }))
        if (!updated.ok) return updated
        const overview = toOverview(req.campaignId, updated.value)
        if (board.campaignId() === req.campaignId) board.setCampaign({ id: overview.id, name: overview.name, systemId: overview.systemId })
        hub.publish('campaign:changed', overview)
        await publishList()
        return ok(toSummary(req.campaignId, updated.value))
      },
      'campaign:duplicate': async (req) => (store.duplicate ? thenPublish(await store.duplicate(req.campaignId, req.name)) : unsupported()),
      'campaign:delete': async (req) => {
        if (!store.delete) return unsupported()
        const deleted = await store.delete(req.campaignId)
        // the player display must not keep showing a campaign that went to the trash
        if (deleted.ok && board.campaignId() === req.campaignId) board.setCampaign(null)
        return thenPublish(deleted)
      },
      'campaign:trash': async () => (store.listTrash ? store.listTrash() : unsupported()),
      'campaign:restore': async (req) => {
        if (!store.restore) return unsupported()
        const restored = await store.restore(req.trashId)
        // a campaign damaged when deleted comes back damaged (an error naming it): it is in the list again all the same
        if (restored.ok || restored.error.details?.restoredAs) await publishList()
        return restored
      },
      'campaign:export': async (req) => {
        if (!store.exportText) return unsupported()
        const r = await store.exportText(req.campaignId)
        return r.ok ? ok({ fileName: exportFileName(r.value.name), text: r.value.text, warnings: r.value.warnings }) : r
      },
      'campaign:exportSave': async (req) => {
        const shell = deps.shell?.()
        if (!shell?.chooseSavePath) return err('internal', 'no save dialog here: use campaign:export and save the text', 'campaignId')
        if (!store.exportToFile || !store.exportText) return unsupported()
        // the campaign must be readable before the GM is asked where to put it
        const probe = await store.exportText(req.campaignId)
        if (!probe.ok) return probe
        const chosen = await shell.chooseSavePath(exportFileName(probe.value.name))
        if (!chosen.ok) return chosen
        if (chosen.value === null) return ok({ saved: false, warnings: [] })
        const written = await store.exportToFile(req.campaignId, chosen.value)
        return written.ok ? ok({ saved: true, filePath: written.value.filePath, warnings: written.value.warnings }) : written
      },
      'campaign:import': async (req) => {
        if (!store.importText) return unsupported()
        const imported = await store.importText(req.text, 'the imported file')
        // every import error names a field: a problem with the whole text is the `text` field
        if (!imported.ok && !imported.error.field) return { ok: false, error: { ...imported.error, field: 'text' } }
        return thenPublish(imported)
      },
      'campaign:restoreBackup': async (req) => {
        if (!store.restoreBackup) return unsupported()
        const restored = await store.restoreBackup(req.campaignId)
        return thenPublish(restored.ok ? ok(toSummary(restored.value.id, restored.value.data)) : restored)
      },
    },
  }
}
