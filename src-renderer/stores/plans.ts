/** Encounter plans of the open campaign and the danger check (plan:danger with danger:progress pushes). */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppError } from '@shared/result'
import type { EncounterPlan } from '@shared/domain/campaign'
import type { PlanInput } from '@shared/ipc/contract-encounter'
import type { DangerProgress, DangerReport, TuneReport, TuneTarget } from '@shared/views/encounter-views'
import { call, listen } from '../bridge/call'

export const usePlansStore = defineStore('plans', () => {
  const plans = ref<EncounterPlan[]>([])
  const campaignId = ref<string | null>(null)
  const error = ref<AppError | null>(null)
  const progress = ref<DangerProgress | null>(null)
  const report = ref<Record<string, DangerReport>>({})
  const running = ref<string | null>(null)
  /** the plan's entries (JSON) each report was simulated from: a figure of the plan as it was is marked stale */
  const basis = ref<Record<string, string>>({})
  const entriesKey = (planId: string) => JSON.stringify(plans.value.find((p) => p.id === planId)?.entries ?? null)
  /** the report was simulated from another version of the plan than the one saved now (issue 27) */
  const reportStale = (planId: string) => !!report.value[planId] && basis.value[planId] !== entriesKey(planId)

  async function load(id: string) {
    campaignId.value = id
    const r = await call('plan:list', { campaignId: id })
    if (r.ok) {
      plans.value = r.value
      error.value = null
    } else error.value = r.error
    return r
  }
  function upsert(p: EncounterPlan) {
    plans.value = plans.value.some((x) => x.id === p.id) ? plans.value.map((x) => (x.id === p.id ? p : x)) : [...plans.value, p]
  }
  async function save(plan: PlanInput) {
    const r = await call('plan:save', { campaignId: campaignId.value ?? '', plan })
    if (r.ok) upsert(r.value)
    return r
  }
  async function remove(planId: string) {
    const r = await call('plan:delete', { campaignId: campaignId.value ?? '', planId })
    if (r.ok) plans.value = plans.value.filter((p) => p.id !== planId)
    else error.value = r.error
    return r
  }
  async function duplicate(planId: string) {
    const r = await call('plan:duplicate', { campaignId: campaignId.value ?? '', planId })
    if (r.ok) upsert(r.value)
    else error.value = r.error
    return r
  }
  async function danger(planId: string, runs: number) {
    running.value = planId
    progress.value = { planId, done: 0, total: runs }
    const from = entriesKey(planId)
    const unsub = listen('danger:progress', (p) => {
      if (p.planId === planId) progress.value = p
    })
    const r = await call('plan:danger', { campaignId: campaignId.value ?? '', planId, runs })
    unsub()
    running.value = null
    if (r.ok) {
      report.value = { ...report.value, [planId]: r.value }
      basis.value = { ...basis.value, [planId]: from }
    } else error.value = r.error
    return r
  }
  const cancel = (planId: string) => call('plan:dangerCancel', { campaignId: campaignId.value ?? '', planId })

  /** tune the plan toward a target (plan:tune): suggestions with their figures; progress counts plans simulated */
  const tuned = ref<Record<string, TuneReport>>({})
  async function tune(planId: string, target: TuneTarget, runs?: number) {
    running.value = planId
    progress.value = null
    const unsub = listen('danger:progress', (p) => {
      if (p.planId === planId) progress.value = p
    })
    const r = await call('plan:tune', { campaignId: campaignId.value ?? '', planId, target, ...(runs ? { runs } : {}) })
    unsub()
    running.value = null
    if (r.ok) tuned.value = { ...tuned.value, [planId]: r.value }
    else error.value = r.error
    return r
  }
  /** the plan changed: its figures and suggestions are out of date */
  function forget(planId: string) {
    const { [planId]: _r, ...reports } = report.value
    const { [planId]: _t, ...tunes } = tuned.value
    report.value = reports
    tuned.value = tunes
  }

  return { plans, campaignId, error, progress, report, reportStale, running, tuned, load, save, remove, duplicate, danger, cancel, tune, forget }
})
