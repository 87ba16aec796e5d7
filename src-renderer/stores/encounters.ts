/** Live encounters: summaries per campaign and the GM view of each open encounter, kept in sync by `encounter:changed`. */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppError, Result } from '@shared/result'
import type { EngineCommand, Side } from '@shared/domain/encounter'
import type { DisplayMode, EncounterSummary, GmEncounterView, OddsView } from '@shared/views/encounter-views'
import { call, listen } from '../core/bridge'
import { reconcile } from './reconcile'

export const useEncountersStore = defineStore('encounters', () => {
  const summaries = ref<EncounterSummary[]>([])
  // replaced, never mutated: a shallow ref (no deep proxies over 200 combatants), with structural sharing per push
  const views = shallowRef<Record<string, GmEncounterView>>({})
  const put = (v: GmEncounterView) => (views.value = { ...views.value, [v.encounter.id]: reconcile(views.value[v.encounter.id], v) })
  const error = ref<AppError | null>(null)
  const busy = ref(false)
  let unsub: (() => void) | null = null

  function start() {
    unsub?.()
    unsub = listen('encounter:changed', (v) => {
      put(v)
      summaries.value = summaries.value.map((s) =>
        s.id === v.encounter.id ? { ...s, round: v.encounter.turn.round, phase: v.encounter.turn.phase, combatants: v.encounter.combatants.length, shownToPlayers: v.shownToPlayers } : s,
      )
    })
  }

  function keep(r: Result<GmEncounterView>): Result<GmEncounterView> {
    if (r.ok) {
      put(r.value)
      error.value = null
    } else error.value = r.error
    return r
  }

  async function loadList(campaignId: string) {
    const r = await call('encounter:list', { campaignId })
    if (r.ok) summaries.value = r.value
    else error.value = r.error
    return r
  }
  const get = async (encounterId: string) => keep(await call('encounter:get', { encounterId }))
  const launch = async (campaignId: string, planId: string) => keep(await call('encounter:launch', { campaignId, planId }))

  async function command(encounterId: string, cmd: EngineCommand) {
    busy.value = true
    const r = keep(await call('encounter:command', { encounterId, command: cmd }))
    busy.value = false
    return r
  }
  const odds = (encounterId: string, cmd: EngineCommand): Promise<Result<OddsView>> => call('encounter:odds', { encounterId, command: cmd })
  const undo = async (encounterId: string) => keep(await call('encounter:undo', { encounterId }))
  const redo = async (encounterId: string) => keep(await call('encounter:redo', { encounterId }))
  const setDisplay = async (encounterId: string, side: Side, mode: DisplayMode) => keep(await call('encounter:setDisplay', { encounterId, side, mode }))

  async function showToPlayers(encounterId: string | null) {
    const r = await call('encounter:showToPlayers', { encounterId })
    if (r.ok) {
      views.value = Object.fromEntries(Object.entries(views.value).map(([id, v]) => [id, { ...v, shownToPlayers: id === r.value.shown }]))
      summaries.value = summaries.value.map((s) => ({ ...s, shownToPlayers: s.id === r.value.shown }))
    } else error.value = r.error
    return r
  }

  return { summaries, views, error, busy, start, loadList, get, launch, command, odds, undo, redo, setDisplay, showToPlayers }
})
