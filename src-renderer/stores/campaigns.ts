/** Campaign list and the open campaign, mirrored from main (campaigns:changed, campaign:changed). */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppError } from '@shared/result'
import type { CampaignOverview, CampaignSummary } from '@shared/views/campaign-views'
import type { SystemId } from '@shared/domain/systems'
import { call, listen } from '../core/bridge'

export const useCampaignsStore = defineStore('campaigns', () => {
  const list = ref<CampaignSummary[]>([])
  const current = ref<CampaignOverview | null>(null)
  const loading = ref(false)
  const error = ref<AppError | null>(null)
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

  /** most recently opened first */
  function recent(n = 3): CampaignSummary[] {
    return [...list.value].filter((c) => c.lastOpened).sort((a, b) => (b.lastOpened ?? '').localeCompare(a.lastOpened ?? '')).slice(0, n)
  }

  return { list, current, loading, error, start, stop, load, create, open, rename, recent }
})
