/**
 * The campaign's table settings (issue 29): the TV's arrangement, how players' requests are taken, whether players
 * see their odds. Read with `table:get`, changed with `table:set` (main saves them with the campaign and pushes the
 * player view: the TV and the console's preview follow from that push, not from this store).
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppError, Result } from '@shared/result'
import type { RequestPolicy, TableSettings, TvPatch } from '@shared/domain/table'
import { call } from '../bridge/call'

export const useTableStore = defineStore('table', () => {
  /** the settings of `campaignId`, as main last answered */
  const settings = shallowRef<TableSettings | null>(null)
  const campaignId = ref<string | null>(null)
  const error = ref<AppError | null>(null)

  const take = (id: string, r: Result<TableSettings>): Result<TableSettings> => {
    if (r.ok) {
      campaignId.value = id
      settings.value = r.value
      error.value = null
    } else error.value = r.error
    return r
  }
  async function load(id: string) {
    return take(id, await call('table:get', { campaignId: id }))
  }
  async function set(id: string, change: { tv?: TvPatch; requests?: RequestPolicy; odds?: boolean }) {
    return take(id, await call('table:set', { campaignId: id, ...change }))
  }
  return { settings, campaignId, error, load, set }
})
