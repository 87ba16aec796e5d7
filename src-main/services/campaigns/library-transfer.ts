/**
 * The library's stat blocks as JSON (library-service.ts): `library:export` writes
 *   { "kind": "gm-console.stat-blocks", "schemaVersion": 1, "systemId": "saga",
 *     "statBlocks": [{ "name", "kind": "pc"|"npc"|"ally", "tags": [], "data": { ...the system's stat block } }] }
 * and `library:import` takes it back, or one such item, an array of them, or bare system stat blocks
 * (`{ "name": ..., ... }`). Every stat block is checked by the campaign system's schema; an import is one update.
 */
import type { StatBlockRecord } from '@shared/domain/campaign'
import { statBlockInput } from '@shared/ipc/contract-encounter'
import { err, ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { jsonSyntaxProblem, stripBom, unsafeKeyAt } from '../../campaign/json-text'
import { refuse } from '../../rules/kit/refuse'
import type { ServiceEnv } from '../ports'
import { chosenRecords, freshId, invalidInput, makeRecord } from './library-records'

export const STAT_BLOCKS_EXPORT_KIND = 'gm-console.stat-blocks'

export interface LibraryTransfer {
  importText(campaignId: string, text: string): Promise<Result<StatBlockRecord[]>>
  exportText(campaignId: string, ids: string[]): Promise<Result<string>>
}

export function createLibraryTransfer(env: ServiceEnv): LibraryTransfer {
  return {
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
          if (!parsed.success) return invalidInput(parsed.error, `items.${i}`, { index: i })
          const id = freshId(env, file, taken)
          taken.add(id)
          const rec = makeRecord(env, file, parsed.data, id, `items.${i}.data`)
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
      const list = chosenRecords(f.value, ids)
      if (!list.ok) return list
      const doc = { kind: STAT_BLOCKS_EXPORT_KIND, schemaVersion: 1, systemId: f.value.systemId, statBlocks: list.value.map((x) => ({ name: x.name, kind: x.kind, tags: x.tags, data: x.data })) }
      return ok(`${JSON.stringify(doc, null, 2)}\n`)
    },
  }
}

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
