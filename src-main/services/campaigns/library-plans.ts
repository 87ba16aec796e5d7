/**
 * The campaign's encounter plans (library-service.ts): saved, removed, copied; every plan entry names a stat block
 * of the library. Each edit is one validated campaign.json update.
 */
import type { EncounterPlan } from '@shared/domain/campaign'
import { planInput, type PlanInput } from '@shared/ipc/contract-encounter'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import type { ServiceEnv } from '../ports'
import { inLibrary, invalidInput } from './library-records'

export interface PlanService {
  listPlans(campaignId: string): Promise<Result<EncounterPlan[]>>
  savePlan(campaignId: string, plan: PlanInput): Promise<Result<EncounterPlan>>
  removePlan(campaignId: string, planId: string): Promise<Result<{ deleted: string }>>
  duplicatePlan(campaignId: string, planId: string): Promise<Result<EncounterPlan>>
}

export function createPlanService(env: ServiceEnv): PlanService {
  return {
    async listPlans(campaignId) {
      const f = await env.store.read(campaignId)
      return f.ok ? ok(f.value.encounters) : f
    },

    async savePlan(campaignId, raw) {
      const parsed = planInput.safeParse(raw)
      if (!parsed.success) return invalidInput(parsed.error, 'plan')
      let saved: EncounterPlan | null = null
      const r = await env.store.update(campaignId, (file) => {
        for (const [i, e] of parsed.data.entries.entries()) {
          if (!inLibrary(file, e.statBlockId)) return refuse('not-found', core.en, 'refusal.core.planStatBlockGone', { n: i + 1 }, { field: `plan.entries.${i}.statBlockId`, details: { statBlockId: e.statBlockId } })
        }
        const id = parsed.data.id ?? env.newId()
        const plan: EncounterPlan = { id, name: parsed.data.name, notes: parsed.data.notes, entries: parsed.data.entries.map((e) => ({ ...e })), updatedAt: env.now() }
        saved = plan
        const exists = file.encounters.some((p) => p.id === id)
        return ok({ ...file, encounters: exists ? file.encounters.map((p) => (p.id === id ? plan : p)) : [...file.encounters, plan] })
      })
      return r.ok && saved ? ok(saved) : (r as Result<never>)
    },

    async removePlan(campaignId, planId) {
      const r = await env.store.update(campaignId, (file) =>
        file.encounters.some((p) => p.id === planId) ? ok({ ...file, encounters: file.encounters.filter((p) => p.id !== planId) }) : refuse('not-found', core.en, 'refusal.core.noPlan', {}, { field: 'planId', details: { planId } }),
      )
      return r.ok ? ok({ deleted: planId }) : r
    },

    async duplicatePlan(campaignId, planId) {
      let copy: EncounterPlan | null = null
      const r = await env.store.update(campaignId, (file) => {
        const src = file.encounters.find((p) => p.id === planId)
        if (!src) return refuse('not-found', core.en, 'refusal.core.noPlan', {}, { field: 'planId', details: { planId } })
        copy = { ...structuredClone(src), id: env.newId(), name: `${src.name} (copy)`, updatedAt: env.now() }
        return ok({ ...file, encounters: [...file.encounters, copy] })
      })
      return r.ok && copy ? ok(copy) : (r as Result<never>)
    },
  }
}
