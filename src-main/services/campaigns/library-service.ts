/**
 * Prep (issue 5): the campaign's stat block library (validated by the campaign system's statBlockSchema),
 * import/export as JSON (library-transfer.ts, the format there), the party, and encounter plans (library-plans.ts).
 * Every edit is one validated campaign.json update.
 */
import type { EncounterPlan, StatBlockRecord } from '@shared/domain/campaign'
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { statBlockInput, type PlanInput, type StatBlockInput } from '@shared/ipc/contract-encounter'
import type { ServiceEnv } from '../ports'
import type { FieldProblem } from '@shared/zod-issue'
import { freshId, inLibrary, invalidInput, libraryProblems, makeRecord } from './library-records'
import { createPlanService } from './library-plans'
import { createLibraryTransfer } from './library-transfer'
import { createLibraryImport, type LibraryImport } from './library-import'

export { libraryProblems } from './library-records'
export { STAT_BLOCKS_EXPORT_KIND } from './library-transfer'

export interface LibraryService {
  list(campaignId: string): Promise<Result<StatBlockRecord[]>>
  /** the stat blocks the system's schema refuses now (saved before a check, or edited by hand), by id (issue 27) */
  problems(campaignId: string): Promise<Result<Record<string, FieldProblem>>>
  save(campaignId: string, record: StatBlockInput): Promise<Result<StatBlockRecord>>
  remove(campaignId: string, id: string): Promise<Result<{ deleted: string }>>
  duplicate(campaignId: string, id: string): Promise<Result<StatBlockRecord>>
  importText(campaignId: string, text: string): Promise<Result<StatBlockRecord[]>>
  exportText(campaignId: string, ids: string[]): Promise<Result<string>>
  /** other tools' stat blocks: preview, import in one step, undo; the library in their formats (issue 30) */
  imports: LibraryImport
  setParty(campaignId: string, ids: string[]): Promise<Result<string[]>>
  listPlans(campaignId: string): Promise<Result<EncounterPlan[]>>
  savePlan(campaignId: string, plan: PlanInput): Promise<Result<EncounterPlan>>
  removePlan(campaignId: string, planId: string): Promise<Result<{ deleted: string }>>
  duplicatePlan(campaignId: string, planId: string): Promise<Result<EncounterPlan>>
}

export function createLibraryService(env: ServiceEnv): LibraryService {
  return {
    imports: createLibraryImport(env),

    async list(campaignId) {
      const f = await env.store.read(campaignId)
      return f.ok ? ok(f.value.library) : f
    },

    async problems(campaignId) {
      const f = await env.store.read(campaignId)
      return f.ok ? ok(libraryProblems(f.value)) : f
    },

    async save(campaignId, raw) {
      const parsed = statBlockInput.safeParse(raw)
      if (!parsed.success) return invalidInput(parsed.error, '')
      let saved: StatBlockRecord | null = null
      const r = await env.store.update(campaignId, (file) => {
        const rec = makeRecord(env, file, parsed.data, parsed.data.id ?? freshId(env, file), 'data')
        if (!rec.ok) return rec
        saved = rec.value
        const exists = file.library.some((x) => x.id === rec.value.id)
        return ok({ ...file, library: exists ? file.library.map((x) => (x.id === rec.value.id ? rec.value : x)) : [...file.library, rec.value] })
      })
      return r.ok && saved ? ok(saved) : (r as Result<never>)
    },

    async remove(campaignId, id) {
      const r = await env.store.update(campaignId, (file) => {
        if (!file.library.some((x) => x.id === id)) return refuse('not-found', core.en, 'refusal.core.noStatBlock', {}, { field: 'id', details: { id } })
        const usedBy = file.encounters.find((p) => p.entries.some((e) => e.statBlockId === id))
        if (usedBy) return refuse('conflict', core.en, 'refusal.core.statBlockInPlan', { plan: usedBy.name }, { field: 'id', details: { planId: usedBy.id } })
        return ok({ ...file, library: file.library.filter((x) => x.id !== id), party: file.party.filter((x) => x !== id) })
      })
      return r.ok ? ok({ deleted: id }) : r
    },

    async duplicate(campaignId, id) {
      let copy: StatBlockRecord | null = null
      const r = await env.store.update(campaignId, (file) => {
        const src = file.library.find((x) => x.id === id)
        if (!src) return refuse('not-found', core.en, 'refusal.core.noStatBlock', {}, { field: 'id', details: { id } })
        const name = `${src.name} (copy)`
        copy = { ...structuredClone(src), id: freshId(env, file), name, data: { ...structuredClone(src.data), name }, updatedAt: env.now() }
        return ok({ ...file, library: [...file.library, copy] })
      })
      return r.ok && copy ? ok(copy) : (r as Result<never>)
    },

    async setParty(campaignId, ids) {
      let party: string[] = []
      const r = await env.store.update(campaignId, (file) => {
        // a look-up per id, nothing built per stat block: the cost does not grow with the library (issue 13)
        for (const [i, id] of ids.entries()) if (!inLibrary(file, id)) return refuse('not-found', core.en, 'refusal.core.noStatBlock', {}, { field: `ids.${i}`, details: { id } })
        party = [...new Set(ids)]
        return ok({ ...file, party })
      })
      return r.ok ? ok(party) : r
    },

    ...createLibraryTransfer(env),
    ...createPlanService(env),
  }
}

