/**
 * The library's import from other tools, and its export to them (issue 30).
 *
 * - `preview`: the files read by the campaign system's readers (import-read.ts), nothing saved. The preview is kept
 *   in memory under its id (the last few), so a compendium is sent once; the answers to the readers' questions are
 *   the GM's, else the campaign's remembered ones, else the readers' suggestions. A large import pushes
 *   `import:progress`.
 * - `apply`: what the preview showed, minus the stat blocks the GM left out, with the GM's choice for each value the
 *   source states and the rules compute otherwise: saved in ONE update of campaign.json (all or nothing), the answers
 *   remembered with the campaign. A refused stat block is never saved.
 * - `undo`: the whole import taken back in one step; refused (nothing removed) when a stat block of it was edited
 *   since, or an encounter plan or the party uses one.
 * - `exportAs`: the library as this app's JSON, an Improved Initiative library, or Fantasy Statblocks YAML, with what
 *   each format could not hold, by stat block.
 */
import type { CampaignFile, StatBlockRecord } from '@shared/domain/campaign'
import { IMPORT_PAGE, type FieldLanding, type ImportAnswers, type ImportPreview, type ImportPreviewItem, type ImportResult, type KeepChoice, type LibraryExportText, type StatBlockFigure } from '@shared/views/import-views'
import { ok, type Result } from '@shared/result'
import { firstIssue } from '@shared/zod-issue'
import core from '@shared/i18n/log-core'
import { refuse } from '../../rules/kit/refuse'
import { getSystem } from '../../rules/index'
import type { RuleSystem } from '../../rules/kit/system'
import { libraryToFantasyStatblocks, libraryToImprovedInitiative } from '../../export/stat-blocks'
import type { ServiceEnv } from '../ports'
import { chosenRecords, freshId } from './library-records'
import { formatsOf, readSourcesKept, type ImportSource, type KeptReading } from './import-read'
import { createLibraryTransfer } from './library-transfer'

export interface ApplyChoices {
  /** item keys the GM left out */
  skip?: string[]
  /** per item key: per disagreement key, which value to keep (absent: the stated one) */
  keep?: Record<string, Record<string, KeepChoice>>
}

export interface LibraryImport {
  preview(campaignId: string, sources: ImportSource[], opts?: { format?: string; answers?: ImportAnswers }): Promise<Result<ImportPreview>>
  /** where each field of the preview's item `key` landed (the preview leaves them out: ReadOptions.fields) */
  fields(campaignId: string, previewId: string, key: string): Promise<Result<FieldLanding[]>>
  /** the figures of the preview's items `keys` (the preview computes those of its first page only) */
  figures(campaignId: string, previewId: string, keys: string[]): Promise<Result<Record<string, StatBlockFigure[]>>>
  apply(campaignId: string, previewId: string, choices?: ApplyChoices): Promise<Result<ImportResult>>
  undo(campaignId: string, importId: string): Promise<Result<{ removed: number }>>
  exportAs(campaignId: string, format: LibraryExportText['format'], ids: string[]): Promise<Result<LibraryExportText>>
  /** the formats the campaign system reads */
  formats(campaignId: string): Promise<Result<Array<{ format: string; label: string }>>>
}

/** previews kept for `apply` (a GM previews, changes an answer, previews again) */
const KEPT_PREVIEWS = 4
/** imports kept for `undo` */
const KEPT_IMPORTS = 20

interface Done {
  campaignId: string
  /** id → updatedAt at the import: a record edited since is not taken back silently */
  records: Map<string, string>
}

/** the value at `path` removed (or set to `value`), on a copy */
function withRules(data: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  if (path.length === 0) return data
  const [head, ...rest] = path
  const copy: Record<string, unknown> = { ...data }
  if (rest.length === 0) {
    if (value === undefined) delete copy[head]
    else copy[head] = value
  } else {
    const inner = copy[head]
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return data
    const next = withRules(inner as Record<string, unknown>, rest, value)
    // an object left empty by the removal (`totals: {}`) goes too
    if (Object.keys(next).length === 0) delete copy[head]
    else copy[head] = next
  }
  return copy
}

/** a preview item as the console is sent it: without the stat block it would save */
function withoutData(item: ImportPreviewItem): ImportPreviewItem {
  const { data: _data, ...rest } = item
  void _data
  return rest
}

/** the stat block of a preview item with the GM's choices applied */
export function chosenData(item: ImportPreviewItem, keep: Record<string, KeepChoice> = {}): Record<string, unknown> {
  let data = item.data ?? {}
  for (const d of item.disagreements) if (keep[d.key] === 'rules') data = withRules(data, d.path, d.rulesValue)
  return data
}

export function createLibraryImport(env: ServiceEnv): LibraryImport {
  /** `reading`: the parsed sources, for the landings and figures asked for later; only the newest preview keeps them
   *  (a compendium's parsed actors are large, and the console shows one preview), the older ones are kept for apply */
  const previews = new Map<string, { preview: ImportPreview; reading: KeptReading | null }>()
  /** the newest preview's reading, or a refusal that names it gone */
  const readingOf = (campaignId: string, previewId: string): Result<KeptReading> => {
    const kept = previews.get(previewId)
    return kept?.reading && kept.preview.campaignId === campaignId ? ok(kept.reading) : refuse('not-found', core.en, 'refusal.core.importPreviewGone', {}, { field: 'previewId' })
  }
  const imports = new Map<string, Done>()
  const own = createLibraryTransfer(env)

  const systemOf = (file: CampaignFile): Result<RuleSystem> => {
    const sys = getSystem(file.systemId)
    return sys.ok ? sys : refuse('invalid', core.en, 'refusal.core.noSystem', { system: file.systemId }, { field: 'systemId' })
  }

  return {
    async preview(campaignId, sources, opts = {}) {
      const f = await env.store.read(campaignId)
      if (!f.ok) return f
      const sys = systemOf(f.value)
      if (!sys.ok) return sys
      const remembered = f.value.importAnswers ?? {}
      const id = env.newId()
      const kept = await readSourcesKept(sys.value, sources, {
        format: opts.format,
        // the landings are read when the GM opens an item (`fields`), not for every one of a compendium; the figures
        // of the first page now, the others' when their rows are shown (`figures`)
        fields: false,
        figuresFor: IMPORT_PAGE,
        answers: { ...remembered, ...(opts.answers ?? {}) },
        progress: async (done, total) => {
          if (total < 200) return
          env.publish('import:progress', { campaignId, previewId: id, done, total })
          // let the push go out (and other requests in) between chunks of a large compendium
          await new Promise((r) => setImmediate(r))
        },
      })
      const preview: ImportPreview = { id, campaignId, systemId: sys.value.id, ...kept.result }
      for (const older of previews.values()) older.reading = null
      previews.set(id, { preview, reading: kept })
      while (previews.size > KEPT_PREVIEWS) previews.delete(previews.keys().next().value as string)
      // the stat blocks stay here, where the import saves them from: the console shows a preview's rows, notes and
      // figures, never the blocks (half of a compendium's preview: 1.2 of 2.4 MB for 2,000 actors)
      return ok({ ...preview, items: preview.items.map(withoutData) })
    },

    async fields(campaignId, previewId, key) {
      const reading = readingOf(campaignId, previewId)
      if (!reading.ok) return reading
      const fields = reading.value.fieldsOf(key)
      return fields ? ok(fields) : refuse('not-found', core.en, 'refusal.core.importItemGone', { key }, { field: 'key' })
    },

    async figures(campaignId, previewId, keys) {
      const reading = readingOf(campaignId, previewId)
      return reading.ok ? ok(reading.value.figuresOf(keys)) : reading
    },

    async apply(campaignId, previewId, choices = {}) {
      const kept = previews.get(previewId)
      if (!kept || kept.preview.campaignId !== campaignId) return refuse('not-found', core.en, 'refusal.core.importPreviewGone', {}, { field: 'previewId' })
      const { preview } = kept
      const skip = new Set(choices.skip ?? [])
      const chosen = preview.items.filter((it) => it.status !== 'refused' && !skip.has(it.key))
      if (chosen.length === 0) return refuse('invalid', core.en, 'refusal.core.importNothing', {}, { field: 'skip' })
      let added: StatBlockRecord[] = []
      const r = await env.store.update(campaignId, (file) => {
        const sys = systemOf(file)
        if (!sys.ok) return sys
        if (sys.value.id !== preview.systemId) return refuse('conflict', core.en, 'refusal.core.importOtherSystem', {}, { field: 'systemId' })
        const taken = new Set<string>()
        const out: StatBlockRecord[] = []
        // one step, one time: every record of the import is stamped alike (the clock read once, not 2,000 times)
        const at = env.now()
        for (const it of chosen) {
          const data = chosenData(it, choices.keep?.[it.key])
          // a choice of the rules' value changes the stat block: checked again as it will be saved (the preview
          // checked the others as they are)
          const parsed = data === it.data ? null : sys.value.statBlockSchema.safeParse(data)
          if (parsed && !parsed.success) return refuse('invalid', core.en, 'refusal.core.importChoiceRefused', { name: it.name, field: firstIssue(parsed.error).field || 'data' }, { field: `keep.${it.key}` })
          const id = freshId(env, file, taken)
          taken.add(id)
          out.push({ id, name: it.name, kind: it.kind, tags: it.tags, data, updatedAt: at })
        }
        added = out
        const answers = Object.keys(preview.answers).length > 0 ? { ...(file.importAnswers ?? {}), ...preview.answers } : file.importAnswers
        return ok({ ...file, library: [...file.library, ...out], ...(answers ? { importAnswers: answers } : {}) })
      })
      if (!r.ok) return r
      const importId = env.newId()
      imports.set(importId, { campaignId, records: new Map(added.map((x) => [x.id, x.updatedAt])) })
      while (imports.size > KEPT_IMPORTS) imports.delete(imports.keys().next().value as string)
      previews.delete(previewId)
      const counts = { ok: 0, notes: 0, refused: preview.counts.refused }
      for (const it of chosen) counts[it.status === 'notes' ? 'notes' : 'ok']++
      return ok({ importId, added: added.map((x) => ({ id: x.id, name: x.name })), counts })
    },

    async undo(campaignId, importId) {
      const done = imports.get(importId)
      if (!done || done.campaignId !== campaignId) return refuse('not-found', core.en, 'refusal.core.importUndoGone', {}, { field: 'importId' })
      let removed = 0
      const r = await env.store.update(campaignId, (file) => {
        const mine = file.library.filter((x) => done.records.has(x.id))
        const edited = mine.find((x) => x.updatedAt !== done.records.get(x.id))
        if (edited) return refuse('conflict', core.en, 'refusal.core.importUndoEdited', { name: edited.name }, { field: 'importId' })
        const ids = new Set(mine.map((x) => x.id))
        const inParty = file.party.find((p) => ids.has(p))
        if (inParty) return refuse('conflict', core.en, 'refusal.core.importUndoUsed', { name: mine.find((x) => x.id === inParty)!.name, plan: '—' }, { field: 'importId' })
        for (const plan of file.encounters) {
          const used = plan.entries.find((e) => ids.has(e.statBlockId))
          if (used) return refuse('conflict', core.en, 'refusal.core.importUndoUsed', { name: mine.find((x) => x.id === used.statBlockId)!.name, plan: plan.name }, { field: 'importId' })
        }
        removed = mine.length
        return ok({ ...file, library: file.library.filter((x) => !ids.has(x.id)) })
      })
      if (!r.ok) return r
      imports.delete(importId)
      return ok({ removed })
    },

    async formats(campaignId) {
      const f = await env.store.read(campaignId)
      if (!f.ok) return f
      const sys = systemOf(f.value)
      return sys.ok ? ok(formatsOf(sys.value)) : sys
    },

    async exportAs(campaignId, format, ids) {
      if (format === 'gmc') {
        const t = await own.exportText(campaignId, ids)
        return t.ok ? ok({ format, text: t.value, lost: [] }) : t
      }
      const f = await env.store.read(campaignId)
      if (!f.ok) return f
      const sys = systemOf(f.value)
      if (!sys.ok) return sys
      const records = chosenRecords(f.value, ids)
      if (!records.ok) return records
      const written = format === 'improved-initiative' ? libraryToImprovedInitiative(records.value, sys.value) : libraryToFantasyStatblocks(records.value, sys.value)
      return written.ok ? ok({ format, text: written.value.text, lost: written.value.lost }) : written
    },
  }
}
