/** Campaign list and the open campaign, mirrored from main (campaigns:changed, campaign:changed). */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppError } from '@shared/result'
import type { CampaignOverview, CampaignSummary } from '@shared/views/campaign-views'
import type { SystemId } from '@shared/domain/systems'
import type { HiddenTurnDisplay, TrashEntry } from '@shared/domain/campaign'
import { call, listen } from '../bridge/call'
import { downloadFile } from '../bridge/download'

export const useCampaignsStore = defineStore('campaigns', () => {
  const list = ref<CampaignSummary[]>([])
  const current = ref<CampaignOverview | null>(null)
  const loading = ref(false)
  const error = ref<AppError | null>(null)
  const trash = ref<TrashEntry[]>([])
  let unsubs: Array<() => void> = []

  function start() {
    stop()
    unsubs = [
      listen('campaigns:changed', (v) => (list.value = v)),
      listen('campaign:changed', (v) => {
        if (!current.value || current.value.id === v.id) current.value = v
      }),
    ]
  }
  function stop() {
    unsubs.forEach((u) => u())
    unsubs = []
  }

  async function load() {
    loading.value = true
    const r = await call('campaign:list', {})
    loading.value = false
    if (r.ok) {
      list.value = r.value
      error.value = null
    } else error.value = r.error
    return r
  }

  async function create(name: string, systemId: SystemId) {
    const r = await call('campaign:create', { name, systemId })
    if (r.ok) {
      if (!list.value.some((c) => c.id === r.value.id)) list.value = [...list.value, r.value]
      error.value = null
    }
    return r
  }

  async function open(campaignId: string) {
    const r = await call('campaign:open', { campaignId })
    if (r.ok) {
      current.value = r.value
      error.value = null
    } else error.value = r.error
    return r
  }

  async function rename(campaignId: string, name: string) {
    const r = await call('campaign:rename', { campaignId, name })
    if (r.ok) {
      list.value = list.value.map((c) => (c.id === campaignId ? r.value : c))
      if (current.value?.id === campaignId) current.value = { ...current.value, name: r.value.name }
    }
    return r
  }

  async function loadTrash() {
    const r = await call('campaign:trash', {})
    if (r.ok) trash.value = r.value
    return r
  }

  /** the list changes arrive as `campaigns:changed`; the trash is re-read here */
  async function duplicate(campaignId: string) {
    return call('campaign:duplicate', { campaignId })
  }

  async function remove(campaignId: string) {
    const r = await call('campaign:delete', { campaignId })
    if (r.ok) {
      list.value = list.value.filter((c) => c.id !== campaignId)
      if (current.value?.id === campaignId) current.value = null
      await loadTrash()
    }
    return r
  }

  async function restore(trashId: string) {
    const r = await call('campaign:restore', { trashId })
    if (r.ok && !list.value.some((c) => c.id === r.value.id)) list.value = [...list.value, r.value]
    // even a failed restore may have moved it (a damaged campaign comes back damaged)
    await loadTrash()
    return r
  }

  /**
   * Electron: a save dialog in main writes the file (`saved: false` when cancelled). Browser mode: main sends the
   * JSON text and it is downloaded through a Blob link.
   */
  async function exportCampaign(campaignId: string): Promise<{ ok: true; savedTo: string | null; warnings: string[] } | { ok: false; error: AppError }> {
    const r = await call('campaign:exportSave', { campaignId })
    if (!r.ok) return r
    if (r.value.download) {
      downloadFile(r.value.download.fileName, r.value.download.mimeType, r.value.download.text, 'utf8')
      return { ok: true, savedTo: r.value.download.fileName, warnings: r.value.warnings }
    }
    return { ok: true, savedTo: r.value.saved ? (r.value.filePath ?? null) : null, warnings: r.value.warnings }
  }

  async function importText(text: string) {
    const r = await call('campaign:import', { text })
    if (r.ok && !list.value.some((c) => c.id === r.value.id)) list.value = [...list.value, r.value]
    return r
  }

  /** put the newest backup back (the damaged file is kept as a backup in main), then re-read the list */
  async function restoreBackup(campaignId: string) {
    const r = await call('campaign:restoreBackup', { campaignId })
    if (r.ok) await load()
    return r
  }

  /** what the TV shows while a hidden combatant acts (issue 27); the overview comes back as `campaign:changed` */
  async function setHiddenTurn(campaignId: string, hiddenTurn: HiddenTurnDisplay) {
    return call('campaign:setHiddenTurn', { campaignId, hiddenTurn })
  }

  /** the party is these stat blocks (party:set replaces it) */
  async function setParty(campaignId: string, ids: string[]) {
    return call('party:set', { campaignId, ids })
  }

  /** most recently opened first */
  function recent(n = 3): CampaignSummary[] {
    return [...list.value].filter((c) => c.lastOpened).sort((a, b) => (b.lastOpened ?? '').localeCompare(a.lastOpened ?? '')).slice(0, n)
  }

  return { list, current, loading, error, trash, start, stop, load, create, open, rename, recent, loadTrash, duplicate, remove, restore, exportCampaign, importText, restoreBackup, setHiddenTurn, setParty }
})
