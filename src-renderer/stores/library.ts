/** The campaign's stat block library (per system), through library:* channels. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppError } from '@shared/result'
import type { StatBlockRecord } from '@shared/domain/campaign'
import type { StatBlockInput } from '@shared/ipc/contract-encounter'
import type { FieldProblem } from '@shared/zod-issue'
import { call } from '../bridge/call'

export const useLibraryStore = defineStore('library', () => {
  const records = ref<StatBlockRecord[]>([])
  const campaignId = ref<string | null>(null)
  const error = ref<AppError | null>(null)
  const loading = ref(false)
  /** stat blocks the rules refuse as saved (saved before a check, edited by hand), by id (issue 27) */
  const problems = ref<Record<string, FieldProblem>>({})

  async function load(id: string) {
    campaignId.value = id
    loading.value = true
    const [r, p] = await Promise.all([call('library:list', { campaignId: id }), call('library:problems', { campaignId: id })])
    loading.value = false
    problems.value = p.ok ? p.value : {}
    if (r.ok) {
      records.value = r.value
      error.value = null
    } else error.value = r.error
    return r
  }
  function upsert(rec: StatBlockRecord) {
    const i = records.value.findIndex((x) => x.id === rec.id)
    records.value = i >= 0 ? records.value.map((x) => (x.id === rec.id ? rec : x)) : [...records.value, rec]
  }
  async function save(record: StatBlockInput) {
    const r = await call('library:save', { campaignId: campaignId.value ?? '', record })
    if (r.ok) {
      upsert(r.value)
      // main saved it: the rules take it now
      const { [r.value.id]: _fixed, ...rest } = problems.value
      problems.value = rest
    }
    return r
  }
  async function remove(id: string) {
    const r = await call('library:delete', { campaignId: campaignId.value ?? '', id })
    if (r.ok) records.value = records.value.filter((x) => x.id !== id)
    else error.value = r.error
    return r
  }
  async function duplicate(id: string) {
    const r = await call('library:duplicate', { campaignId: campaignId.value ?? '', id })
    if (r.ok) upsert(r.value)
    else error.value = r.error
    return r
  }
  /** all-or-nothing in main: on error nothing was added */
  async function importText(text: string) {
    const r = await call('library:import', { campaignId: campaignId.value ?? '', text })
    if (r.ok) r.value.forEach(upsert)
    return r
  }
  const exportIds = (ids: string[]) => call('library:export', { campaignId: campaignId.value ?? '', ids })
  /** the library in another tool's format, with what it could not hold (issue 30) */
  const exportAs = (format: 'improved-initiative' | 'fantasy-statblocks', ids: string[]) => call('library:exportAs', { campaignId: campaignId.value ?? '', format, ids })

  return { records, campaignId, error, loading, problems, load, save, remove, duplicate, importText, exportIds, exportAs }
})
