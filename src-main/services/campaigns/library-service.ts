/**
 * Prep (issue 5): the campaign's stat block library (validated by the campaign system's statBlockSchema),
 * import/export as JSON, the party, and encounter plans. Every edit is one validated campaign.json update.
 *
 * Export format (`library:export`, accepted back by `library:import`):
 *   { "kind": "gm-console.stat-blocks", "schemaVersion": 1, "systemId": "saga",
 *     "statBlocks": [{ "name", "kind": "pc"|"npc"|"ally", "tags": [], "data": { ...the system's stat block } }] }
 * Import also takes one such item, an array of them, or bare system stat blocks (`{ "name": ..., ... }`).
 */
import { z } from 'zod'
import type { CampaignFile, EncounterPlan, StatBlockRecord } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { planInput, statBlockInput, type PlanInput, type StatBlockInput } from '@shared/ipc/contract-encounter'
import { jsonSyntaxProblem, stripBom, unsafeKeyAt } from '../../campaign/json-text'
import { getSystem } from '../../rules/index'
import type { ServiceEnv } from '../ports'
import { firstIssue, type FieldProblem, type IssueDetail } from '@shared/zod-issue'

export const STAT_BLOCKS_EXPORT_KIND = 'gm-console.stat-blocks'

export interface LibraryService {
  list(campaignId: string): Promise<Result<StatBlockRecord[]>>
  /** the stat blocks the system's schema refuses now (saved before a check, or edited by hand), by id (issue 27) */
  problems(campaignId: string): Promise<Result<Record<string, FieldProblem>>>
  save(campaignId: string, record: StatBlockInput): Promise<Result<StatBlockRecord>>
  remove(campaignId: string, id: string): Promise<Result<{ deleted: string }>>
  duplicate(campaignId: string, id: string): Promise<Result<StatBlockRecord>>
  importText(campaignId: string, text: string): Promise<Result<StatBlockRecord[]>>
  exportText(campaignId: string, ids: string[]): Promise<Result<string>>
  setParty(campaignId: string, ids: string[]): Promise<Result<string[]>>
  listPlans(campaignId: string): Promise<Result<EncounterPlan[]>>
  savePlan(campaignId: string, plan: PlanInput): Promise<Result<EncounterPlan>>
  removePlan(campaignId: string, planId: string): Promise<Result<{ deleted: string }>>
  duplicatePlan(campaignId: string, planId: string): Promise<Result<EncounterPlan>>
}

const zodField = (e: z.ZodError, prefix: string): { field: string; message: string; details: { issue: IssueDetail } } => {
  const { field, message, issue } = firstIssue(e, prefix)
  return { field, message: `${field}: ${message}`, details: { issue } }
}

/** the library's stat blocks that the campaign system's schema refuses */
export function libraryProblems(file: CampaignFile): Record<string, FieldProblem> {
  const sys = getSystem(file.systemId)
  const out: Record<string, FieldProblem> = {}
  if (!sys.ok) return out
  for (const r of file.library) {
    const parsed = sys.value.statBlockSchema.safeParse(r.data)
    if (!parsed.success) out[r.id] = firstIssue(parsed.error)
  }
  return out
}

/** validate a stat block's data with the campaign system's schema; errors name `<prefix>.<path>` */
function validateData(file: CampaignFile, data: Record<string, unknown>, prefix: string): Result<void> {
  const sys = getSystem(file.systemId)
  if (!sys.ok) return refuse('invalid', core.en, 'refusal.core.noSystem', { system: file.systemId }, { field: 'systemId' })
  const parsed = sys.value.statBlockSchema.safeParse(data)
  if (parsed.success) return ok(undefined)
  const f = zodField(parsed.error, prefix)
  return err('invalid', f.message, f.field, { issue: f.details.issue })
}

export function createLibraryService(env: ServiceEnv): LibraryService {
  function makeRecord(file: CampaignFile, input: z.output<typeof statBlockInput>, id: string, prefix: string): Result<StatBlockRecord> {
    // a stat block without its own name takes the record's
    const data = typeof input.data.name === 'string' && input.data.name.length > 0 ? input.data : { ...input.data, name: input.name }
    const valid = validateData(file, data, prefix)
    if (!valid.ok) return valid
    return ok({ id, name: input.name, kind: input.kind, tags: input.tags, data, updatedAt: env.now() })
  }

  const freshId = (file: CampaignFile, taken: Set<string> = new Set()): string => {
    let id = env.newId()
    while (file.library.some((r) => r.id === id) || taken.has(id)) id = env.newId()
    return id
  }

  const service: LibraryService = {
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
      if (!parsed.success) {
        const f = zodField(parsed.error, '')
        return err('invalid', f.message, f.field, { issue: f.details.issue })
      }
      let saved: StatBlockRecord | null = null
      const r = await env.store.update(campaignId, (file) => {
        const rec = makeRecord(file, parsed.data, parsed.data.id ?? freshId(file), 'data')
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
        copy = { ...structuredClone(src), id: freshId(file), name, data: { ...structuredClone(src.data), name }, updatedAt: env.now() }
        return ok({ ...file, library: [...file.library, copy] })
      })
      return r.ok && copy ? ok(copy) : (r as Result<never>)
    },

    async importText(campaignId, text) {
      // a syntax error says where, never what the text says (issue 10: no file content in errors)
      const body = stripBom(text)
      let raw: unknown
      try {
        raw = JSON.parse(body)
      } catch (e) {
        return notJson(e, body)
      }
      const items: unknown[] = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { statBlocks?: unknown }).statBlocks) ? (raw as { statBlocks: unknown[] }).statBlocks : [raw]
      if (items.length === 0) return refuse('invalid', core.en, 'refusal.core.importEmpty', {}, { field: 'text' })
      // keys that name an object's prototype are refused before anything copies or merges the data (issue 14)
      for (const [i, item] of items.entries()) {
        const at = unsafeKeyAt(item)
        if (at) return refuse('invalid', core.en, 'refusal.core.importUnsafeKey', { n: i + 1, key: String(at.at(-1)) }, { field: `items.${i}.${at.join('.')}`, details: { index: i } })
      }
      let added: StatBlockRecord[] = []
      const r = await env.store.update(campaignId, (file) => {
        const taken = new Set<string>()
        const out: StatBlockRecord[] = []
        for (const [i, item] of items.entries()) {
          const asRecord = item && typeof item === 'object' && 'data' in item ? item : bareToInput(item)
          const parsed = statBlockInput.omit({ id: true }).safeParse(stripId(asRecord))
          if (!parsed.success) {
            const f = zodField(parsed.error, `items.${i}`)
            return err('invalid', f.message, f.field, { issue: f.details.issue, index: i })
          }
          const id = freshId(file, taken)
          taken.add(id)
          const rec = makeRecord(file, parsed.data, id, `items.${i}.data`)
          if (!rec.ok) return err(rec.error.code, rec.error.message, rec.error.field, { ...rec.error.details, index: i })
          out.push(rec.value)
        }
        added = out
        return ok({ ...file, library: [...file.library, ...out] })
      })
      return r.ok ? ok(added) : r
    },

    async exportText(campaignId, ids) {
      const f = await env.store.read(campaignId)
      if (!f.ok) return f
      const byId = new Map(f.value.library.map((x) => [x.id, x]))
      const chosen: StatBlockRecord[] = []
      for (const [i, id] of ids.entries()) {
        const rec = byId.get(id)
        if (!rec) return refuse('not-found', core.en, 'refusal.core.noStatBlock', {}, { field: `ids.${i}`, details: { id } })
        chosen.push(rec)
      }
      const list = ids.length === 0 ? f.value.library : chosen
      const doc = { kind: STAT_BLOCKS_EXPORT_KIND, schemaVersion: 1, systemId: f.value.systemId, statBlocks: list.map((x) => ({ name: x.name, kind: x.kind, tags: x.tags, data: x.data })) }
      return ok(`${JSON.stringify(doc, null, 2)}\n`)
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

    async listPlans(campaignId) {
      const f = await env.store.read(campaignId)
      return f.ok ? ok(f.value.encounters) : f
    },

    async savePlan(campaignId, raw) {
      const parsed = planInput.safeParse(raw)
      if (!parsed.success) {
        const f = zodField(parsed.error, 'plan')
        return err('invalid', f.message, f.field, { issue: f.details.issue })
      }
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

  return service
}

const inLibrary = (file: CampaignFile, id: string): boolean => file.library.some((x) => x.id === id)

/** an import that is not JSON: where it breaks, never what the text says (issue 10), in the reader's language (issue 27) */
function notJson(e: unknown, body: string) {
  const problem = jsonSyntaxProblem(e, body)
  const at = /line (\d+), column (\d+)|column (\d+)/.exec(problem)
  if (at) return refuse('invalid', core.en, 'refusal.core.importNotJsonAt', { line: Number(at[1] ?? 1), column: Number(at[2] ?? at[3]) }, { field: 'text' })
  return refuse('invalid', core.en, /too soon/.test(problem) ? 'refusal.core.importNotJsonEnd' : 'refusal.core.importNotJson', {}, { field: 'text' })
}

/** a bare system stat block (`{ name, role?, ... }`) as a library item */
function bareToInput(item: unknown): unknown {
  if (!item || typeof item !== 'object') return item
  const o = item as Record<string, unknown>
  const role = o.role === 'pc' || o.role === 'ally' ? o.role : o.kind === 'heroic' ? 'pc' : 'npc'
  return { name: o.name, kind: role, tags: [], data: o }
}

function stripId(item: unknown): unknown {
  if (!item || typeof item !== 'object') return item
  const { id: _id, ...rest } = item as Record<string, unknown>
  return rest
}
