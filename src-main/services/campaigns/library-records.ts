/**
 * The library's stat block records (library-service.ts): checked by the campaign system's statBlockSchema, built
 * with a fresh id, and the zod issue of a refused input named at its field.
 */
import type { z } from 'zod'
import type { CampaignFile, StatBlockRecord } from '@shared/domain/campaign'
import type { statBlockInput } from '@shared/ipc/contract-encounter'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { firstIssue, type FieldProblem, type IssueDetail } from '@shared/zod-issue'
import { refuse } from '../../rules/kit/refuse'
import { getSystem } from '../../rules/index'
import type { ServiceEnv } from '../ports'

export const zodField = (e: z.ZodError, prefix: string): { field: string; message: string; details: { issue: IssueDetail } } => {
  const { field, message, issue } = firstIssue(e, prefix)
  return { field, message: `${field}: ${message}`, details: { issue } }
}

/** a zod refusal of an input as the service's `invalid`, at the field */
export function invalidInput(e: z.ZodError, prefix: string, details: Record<string, unknown> = {}): Result<never> {
  const f = zodField(e, prefix)
  return err('invalid', f.message, f.field, { issue: f.details.issue, ...details })
}

/**
 * Each stat block's problem (null: none) by its data, per system. The store's records are frozen and an edit
 * copies what it changes, so an unchanged block keeps its data object: opening the library checks only the blocks
 * changed since (a compendium of 2,000 took 55 ms at every opening; issue 30). Unfrozen data is checked each time.
 */
const checkedData = new Map<string, WeakMap<object, FieldProblem | null>>()

/** the library's stat blocks that the campaign system's schema refuses */
export function libraryProblems(file: CampaignFile): Record<string, FieldProblem> {
  const sys = getSystem(file.systemId)
  const out: Record<string, FieldProblem> = {}
  if (!sys.ok) return out
  let seen = checkedData.get(file.systemId)
  if (!seen) checkedData.set(file.systemId, (seen = new WeakMap()))
  for (const r of file.library) {
    let problem = seen.get(r.data)
    if (problem === undefined) {
      const parsed = sys.value.statBlockSchema.safeParse(r.data)
      problem = parsed.success ? null : firstIssue(parsed.error)
      if (Object.isFrozen(r.data)) seen.set(r.data, problem)
    }
    if (problem) out[r.id] = problem
  }
  return out
}

/** validate a stat block's data with the campaign system's schema; errors name `<prefix>.<path>` */
function validateData(file: CampaignFile, data: Record<string, unknown>, prefix: string): Result<void> {
  const sys = getSystem(file.systemId)
  if (!sys.ok) return refuse('invalid', core.en, 'refusal.core.noSystem', { system: file.systemId }, { field: 'systemId' })
  const parsed = sys.value.statBlockSchema.safeParse(data)
  return parsed.success ? ok(undefined) : invalidInput(parsed.error, prefix)
}

/** a checked record of an input (a stat block without its own name takes the record's) */
export function makeRecord(env: ServiceEnv, file: CampaignFile, input: z.output<typeof statBlockInput>, id: string, prefix: string): Result<StatBlockRecord> {
  const data = typeof input.data.name === 'string' && input.data.name.length > 0 ? input.data : { ...input.data, name: input.name }
  const valid = validateData(file, data, prefix)
  if (!valid.ok) return valid
  return ok({ id, name: input.name, kind: input.kind, tags: input.tags, data, updatedAt: env.now() })
}

/** the ids of a library, by its (frozen) records array: a compendium's import asks for 2,000 fresh ids */
const libraryIds = new WeakMap<readonly StatBlockRecord[], ReadonlySet<string>>()
function idsOf(library: readonly StatBlockRecord[]): ReadonlySet<string> {
  let ids = libraryIds.get(library)
  if (!ids) {
    ids = new Set(library.map((r) => r.id))
    if (Object.isFrozen(library)) libraryIds.set(library, ids)
  }
  return ids
}

/** an id no stat block of the library (nor `taken`) has */
export function freshId(env: ServiceEnv, file: CampaignFile, taken: Set<string> = new Set()): string {
  const used = idsOf(file.library)
  let id = env.newId()
  while (used.has(id) || taken.has(id)) id = env.newId()
  return id
}

/** the library's records of `ids`, in that order (none: the whole library); an unknown id is refused at its index */
export function chosenRecords(file: CampaignFile, ids: readonly string[]): Result<StatBlockRecord[]> {
  if (ids.length === 0) return ok(file.library)
  const byId = new Map(file.library.map((x) => [x.id, x]))
  const chosen: StatBlockRecord[] = []
  for (const [i, id] of ids.entries()) {
    const rec = byId.get(id)
    if (!rec) return refuse('not-found', core.en, 'refusal.core.noStatBlock', {}, { field: `ids.${i}`, details: { id } })
    chosen.push(rec)
  }
  return ok(chosen)
}

export const inLibrary = (file: CampaignFile, id: string): boolean => file.library.some((x) => x.id === id)
