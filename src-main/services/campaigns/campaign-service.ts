/**
 * Campaigns (served as `campaign:list|create|open|rename|duplicate|delete|trash|restore|export|exportSave|import|
 * restoreBackup` by src-main/ipc/handlers/campaign.ts): call the store, build the view models, keep the player
 * board's campaign in step and push `campaigns:changed`, `campaign:changed` and `player:view`.
 * The store is reached through the narrow `CampaignStoreForService` (src-main/campaign's store satisfies it); the
 * operations beyond list/create/open/update are optional so small test stores need not have them.
 */
import { DEFAULT_HIDDEN_TURN, type CampaignFile, type CampaignRecord, type HiddenTurnDisplay, type TrashEntry } from '@shared/domain/campaign'
import type { SystemId } from '@shared/domain/systems'
import { tableSettings, type TableSettings } from '@shared/domain/table'
import { tvPatchSchema, tableChannels } from '@shared/ipc/contract-table'
import { firstIssue } from '@shared/zod-issue'
import type { z } from 'zod'
import { err, ok, type Result } from '@shared/result'
import type { CampaignListEntry, CampaignOverview, CampaignSummary } from '@shared/views/campaign-views'
import type { CampaignExportSaved, CampaignExportText } from '@shared/ipc/contract-core'
import { slugify } from '../../campaign/paths'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { hasSystem } from '../../rules/index'
import type { PlayerBoard } from '../play/player-board'
import type { Publish, Shell } from '../ports'

export interface CampaignStoreForService {
  list(): Promise<Result<CampaignListEntry[]>>
  create(input: { name: string; systemId: SystemId }): Promise<Result<CampaignRecord>>
  /** reads (and migrates) the campaign and records `lastOpened` */
  open(campaignId: string): Promise<Result<CampaignRecord>>
  /** writes the lastOpened that `open` set in memory (a restart comes back to this campaign) */
  recordOpened?(campaignId: string): Promise<Result<void>>
  update(campaignId: string, change: (file: CampaignFile) => Result<CampaignFile>): Promise<Result<CampaignFile>>
  /** reads the campaign without opening it (the table settings of a campaign not open) */
  get?(campaignId: string): Promise<Result<CampaignRecord>>
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
    hiddenTurn: data.playerDisplay?.hiddenTurn ?? DEFAULT_HIDDEN_TURN,
  }
}

/** `The Hangar: ambush!` → `the-hangar-ambush.gmc.json` */
export function exportFileName(name: string): string {
  return `${slugify(name, 60)}.gmc.json`
}

export interface CampaignService {
  list(): Promise<Result<CampaignListEntry[]>>
  create(input: { name: string; systemId: SystemId }): Promise<Result<CampaignSummary>>
  /** opens the campaign, puts it on the player board, then runs the `afterOpen` hook (live encounters) */
  open(campaignId: string, opts?: { resumed?: boolean }): Promise<Result<CampaignOverview>>
  rename(campaignId: string, name: string): Promise<Result<CampaignSummary>>
  /** the campaign's table settings (issue 29: the TV's arrangement, the requests policy, the odds switch), defaults
   *  filled in; refused when the campaign cannot be read */
  table(campaignId: string): Promise<Result<TableSettings>>
  /** the same, for other services (the requests service asks it for the policy and the odds switch): the defaults
   *  when the campaign cannot be read */
  tableOf(campaignId: string): Promise<TableSettings>
  /** change some table settings: checked (a damaged value refused naming its field), saved in campaign.json in one
   *  write; the TV and the console's preview follow at once when the campaign is on the player board */
  setTable(campaignId: string, change: TableChange): Promise<Result<TableSettings>>
  /** the campaign's setting of what players see while a hidden combatant acts; the player display follows at once */
  setHiddenTurn(campaignId: string, hiddenTurn: HiddenTurnDisplay): Promise<Result<CampaignOverview>>
  duplicate(campaignId: string, name?: string): Promise<Result<CampaignSummary>>
  delete(campaignId: string): Promise<Result<TrashEntry>>
  trash(): Promise<Result<TrashEntry[]>>
  restore(trashId: string): Promise<Result<CampaignSummary>>
  exportText(campaignId: string): Promise<Result<CampaignExportText>>
  /** the shell's save dialog, then the export written there (`saved: false` when cancelled) */
  exportSave(campaignId: string): Promise<Result<CampaignExportSaved>>
  importText(text: string): Promise<Result<CampaignSummary>>
  restoreBackup(campaignId: string): Promise<Result<CampaignSummary>>
}

/** `table:set` without its campaign id: any of the TV's fields, the requests policy, the odds switch */
export type TableChange = Omit<z.input<(typeof tableChannels)['table:set']['request']>, 'campaignId'>

export interface CampaignServiceDeps {
  store: CampaignStoreForService
  publish: Publish
  board: Pick<PlayerBoard, 'setCampaign' | 'campaignId'> & Partial<Pick<PlayerBoard, 'setTv'>>
  /** the shell (Electron's save dialog for `exportSave`), looked up per call */
  shell?: () => Shell | null
  /** after a successful open: rebuild that campaign's live encounters from its log (its outcome is not the open's) */
  afterOpen?: (campaignId: string) => Promise<unknown>
  /** after a player display setting changed: the player display shows it (the encounters' redaction reads it) */
  afterPlayerDisplay?: (campaignId: string) => Promise<unknown>
}

export function createCampaignService(deps: CampaignServiceDeps): CampaignService {
  const { store, publish, board } = deps
  const unsupported = () => err('internal', 'this campaign store cannot do that')

  const publishList = async () => {
    const list = await store.list()
    if (list.ok) publish('campaigns:changed', list.value)
  }
  /** after a change to the list: push it, and pass the result through */
  const thenPublish = async <T>(r: Result<T>): Promise<Result<T>> => {
    if (r.ok) await publishList()
    return r
  }
  /** each campaign's table settings as last read or written (the requests service asks on every request) */
  const tables = new Map<string, TableSettings>()
  const remember = (campaignId: string, data: CampaignFile): TableSettings => {
    const settings = tableSettings(data.playerDisplay)
    tables.set(campaignId, settings)
    return settings
  }
  const readTable = async (campaignId: string): Promise<Result<TableSettings>> => {
    const known = tables.get(campaignId)
    if (known) return ok(known)
    if (!store.get) return unsupported()
    const read = await store.get(campaignId)
    return read.ok ? ok(remember(campaignId, read.value.data)) : read
  }
  const openOverview = (record: CampaignRecord): CampaignOverview => {
    const overview = toOverview(record.id, record.data)
    const { tv } = remember(record.id, record.data)
    if (board.campaignId() !== overview.id) board.setCampaign({ id: overview.id, name: overview.name, systemId: overview.systemId }, tv)
    publish('campaign:changed', overview)
    return overview
  }

  return {
    list: () => store.list(),
    async create(input) {
      // a SystemId is any string up to here: the registry says whether this version has it (issue 28)
      if (!hasSystem(input.systemId)) return refuse('invalid', core.en, 'refusal.core.noSystem', { system: input.systemId }, { field: 'systemId' })
      const created = await store.create({ name: input.name, systemId: input.systemId })
      if (!created.ok) return created
      await publishList()
      return ok(toSummary(created.value.id, created.value.data))
    },
    async open(campaignId, opts = {}) {
      const opened = await store.open(campaignId)
      if (!opened.ok) return opened
      // the GM's choice is on disk before anything is shown from it: a crash comes back to this campaign (issue 27);
      // opening it again at start (resume) changes nothing
      if (!opts.resumed) await store.recordOpened?.(campaignId)
      const overview = openOverview(opened.value)
      await publishList()
      // replay the open session's log (never re-rolling); a damaged log does not block opening the campaign
      await deps.afterOpen?.(campaignId)
      return ok(overview)
    },
    async rename(campaignId, name) {
      const updated = await store.update(campaignId, (file) => ok({ ...file, name }))
      if (!updated.ok) return updated
      const overview = toOverview(campaignId, updated.value)
      if (board.campaignId() === campaignId) board.setCampaign({ id: overview.id, name: overview.name, systemId: overview.systemId })
      publish('campaign:changed', overview)
      await publishList()
      return ok(toSummary(campaignId, updated.value))
    },
    table: (campaignId) => readTable(campaignId),
    async tableOf(campaignId) {
      const r = await readTable(campaignId)
      return r.ok ? r.value : tableSettings(undefined)
    },
    async setTable(campaignId, change) {
      const checked = checkTableChange(change)
      if (!checked.ok) return checked
      const tv = checked.value
      const updated = await store.update(campaignId, (file) => ok({ ...file, playerDisplay: withTable(file.playerDisplay, tv, change) }))
      if (!updated.ok) return updated
      const settings = remember(campaignId, updated.value)
      if (board.campaignId() === campaignId) board.setTv?.(settings.tv)
      // the phones read the requests policy and the odds switch again (issue 29)
      if (change.requests !== undefined || change.odds !== undefined) await deps.afterPlayerDisplay?.(campaignId)
      return ok(settings)
    },
    async setHiddenTurn(campaignId, hiddenTurn) {
      const updated = await store.update(campaignId, (file) => ok({ ...file, playerDisplay: { ...file.playerDisplay, hiddenTurn } }))
      if (!updated.ok) return updated
      const overview = toOverview(campaignId, updated.value)
      publish('campaign:changed', overview)
      await deps.afterPlayerDisplay?.(campaignId)
      return ok(overview)
    },
    async duplicate(campaignId, name) {
      return store.duplicate ? thenPublish(await store.duplicate(campaignId, name)) : unsupported()
    },
    async delete(campaignId) {
      if (!store.delete) return unsupported()
      const deleted = await store.delete(campaignId)
      // the player display must not keep showing a campaign that went to the trash
      if (deleted.ok && board.campaignId() === campaignId) board.setCampaign(null)
      return thenPublish(deleted)
    },
    trash: async () => (store.listTrash ? store.listTrash() : unsupported()),
    async restore(trashId) {
      if (!store.restore) return unsupported()
      const restored = await store.restore(trashId)
      // a campaign damaged when deleted comes back damaged (an error naming it): it is in the list again all the same
      if (restored.ok || restored.error.details?.restoredAs) await publishList()
      return restored
    },
    async exportText(campaignId) {
      if (!store.exportText) return unsupported()
      const r = await store.exportText(campaignId)
      return r.ok ? ok({ fileName: exportFileName(r.value.name), text: r.value.text, warnings: r.value.warnings }) : r
    },
    async exportSave(campaignId) {
      const shell = deps.shell?.()
      if (!store.exportText || (shell?.chooseSavePath && !store.exportToFile)) return unsupported()
      // the campaign must be readable before the GM is asked where to put it
      const probe = await store.exportText(campaignId)
      if (!probe.ok) return probe
      // browser mode: no save dialog in main; the browser downloads the file
      if (!shell?.chooseSavePath) return ok({ saved: false, warnings: probe.value.warnings, download: { fileName: exportFileName(probe.value.name), mimeType: 'application/json', text: probe.value.text } })
      if (!store.exportToFile) return unsupported()
      const chosen = await shell.chooseSavePath(exportFileName(probe.value.name))
      if (!chosen.ok) return chosen
      if (chosen.value === null) return ok({ saved: false, warnings: [] })
      const written = await store.exportToFile(campaignId, chosen.value)
      return written.ok ? ok({ saved: true, filePath: written.value.filePath, warnings: written.value.warnings }) : written
    },
    async importText(text) {
      if (!store.importText) return unsupported()
      const imported = await store.importText(text, 'the imported file')
      // every import error names a field: a problem with the whole text is the `text` field
      if (!imported.ok && !imported.error.field) return { ok: false, error: { ...imported.error, field: 'text' } }
      return thenPublish(imported)
    },
    async restoreBackup(campaignId) {
      if (!store.restoreBackup) return unsupported()
      const restored = await store.restoreBackup(campaignId)
      tables.delete(campaignId)
      return thenPublish(restored.ok ? ok(toSummary(restored.value.id, restored.value.data)) : restored)
    },
  }
}

/** a table change checked here too (the contract checks a request; a service caller may not have one), naming the
 *  field; its TV part parsed */
function checkTableChange(change: TableChange): Result<z.output<typeof tvPatchSchema> | undefined> {
  const tv = change.tv === undefined ? undefined : tvPatchSchema.safeParse(change.tv)
  if (tv && !tv.success) {
    const p = firstIssue(tv.error, 'tv')
    return err('invalid', `${p.field}: ${p.message}`, p.field, { issue: p.issue })
  }
  if (change.requests !== undefined && change.requests !== 'ask' && change.requests !== 'auto') return refuse('invalid', core.en, 'refusal.core.requestsPolicy', {}, { field: 'requests' })
  if (change.odds !== undefined && typeof change.odds !== 'boolean') return refuse('invalid', core.en, 'refusal.core.oddsSwitch', {}, { field: 'odds' })
  return ok(tv?.data)
}

/** the saved display settings with a table change in (a TV change merged field by field, panels too) */
function withTable(saved: CampaignFile['playerDisplay'] = {}, tv: z.output<typeof tvPatchSchema> | undefined, change: TableChange): NonNullable<CampaignFile['playerDisplay']> {
  const next = { ...saved }
  if (tv) next.tv = { ...saved.tv, ...tv, ...(tv.panels ? { panels: { ...saved.tv?.panels, ...tv.panels } } : {}) }
  if (change.requests !== undefined) next.requests = change.requests
  if (change.odds !== undefined) next.odds = change.odds
  return next
}
