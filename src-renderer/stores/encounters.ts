/** Live encounters: summaries per campaign and the GM view of each open encounter, kept in sync by `encounter:changed`. */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppError, Result } from '@shared/result'
import type { EngineCommand, Side } from '@shared/domain/encounter'
import type { DisplayMode, EncounterSummary, GmEncounterView, OddsView } from '@shared/views/encounter-views'
import { call, listen } from '../bridge/call'
import { reconcile } from './reconcile'
import { mergeWindow, olderBefore, prependPage } from './log-window'

export const useEncountersStore = defineStore('encounters', () => {
  const summaries = ref<EncounterSummary[]>([])
  // replaced, never mutated: a shallow ref (no deep proxies over 200 combatants), with structural sharing per push
  // `log` of a held view is the run of entries the log pane holds (log-window.ts): the pushed window merged into it
  const views = shallowRef<Record<string, GmEncounterView>>({})
  /** per encounter, the lowest log index the GM paged in (those are kept; pushed-in entries beyond LOG_KEEP go) */
  const floors = new Map<string, number>()
  const paging = new Map<string, Promise<unknown>>()
  /** `fresh`: a whole new view (encounter:get), not a change to the held one */
  function put(v: GmEncounterView, fresh = false) {
    const id = v.encounter.id
    const prev = fresh ? undefined : views.value[id]
    if (fresh) floors.delete(id)
    const held = mergeWindow(prev && { entries: prev.log, total: prev.logTotal }, v, floors.get(id))
    const { log: _log, logChanged: _changed, ...rest } = v
    const { log: _prevLog, ...prevRest } = prev ?? ({} as Partial<GmEncounterView>)
    const shared = reconcile(prev ? prevRest : undefined, { ...rest, logTotal: held.total })
    const next = prev && shared === prevRest && held.entries === prev.log ? prev : { ...shared, log: held.entries }
    if (next !== views.value[id]) views.value = { ...views.value, [id]: next }
  }
  const error = ref<AppError | null>(null)
  const busy = ref(false)
  let unsub: (() => void) | null = null

  function summarize(v: GmEncounterView) {
    summaries.value = summaries.value.map((s) =>
      s.id === v.encounter.id ? { ...s, round: v.encounter.turn.round, phase: v.encounter.turn.phase, combatants: v.encounter.combatants.length, shownToPlayers: v.shownToPlayers } : s,
    )
  }
  function start() {
    unsub?.()
    unsub = listen('encounter:changed', (v) => {
      put(v)
      summarize(v)
    }, (id) => {
      // a push of this encounter was lost (a dropped delta): asked for again if held here (the next change may be long)
      if (views.value[id]) void get(id).then((r) => r.ok && summarize(r.value))
    })
  }

  function keep(r: Result<GmEncounterView>, fresh = false): Result<GmEncounterView> {
    if (r.ok) {
      put(r.value, fresh)
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
  const get = async (encounterId: string) => keep(await call('encounter:get', { encounterId }), true)

  /** page the next older entries of the encounter's log in front of those held (one request at a time) */
  function loadOlder(encounterId: string, limit = 200): Promise<unknown> {
    const running = paging.get(encounterId)
    if (running) return running
    const v = views.value[encounterId]
    const before = v ? olderBefore({ entries: v.log, total: v.logTotal }) : 0
    if (!v || before <= 0) return Promise.resolve()
    const p = call('encounter:log', { encounterId, before, limit }).then((r) => {
      paging.delete(encounterId)
      if (!r.ok) return void (error.value = r.error)
      const now = views.value[encounterId]
      if (!now) return
      const held = prependPage({ entries: now.log, total: now.logTotal }, r.value)
      if (held.entries === now.log) return
      floors.set(encounterId, held.total - held.entries.length)
      views.value = { ...views.value, [encounterId]: { ...now, log: held.entries } }
    })
    paging.set(encounterId, p)
    return p
  }
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

  return { summaries, views, error, busy, start, loadList, get, loadOlder, launch, command, odds, undo, redo, setDisplay, showToPlayers }
})
