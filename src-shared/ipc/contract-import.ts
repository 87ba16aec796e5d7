/**
 * Stat blocks from other tools, and the library in their formats (issue 30): a preview of the files (nothing
 * saved), the import of what the preview showed in one step (with the GM's choices), its undo, and the export.
 * The sources' texts are checked again in main (size, depth, prototype keys) before anything reads them.
 */
import { z } from 'zod'
import type { FieldLanding, ImportPreview, ImportResult, LibraryExportText, StatBlockFigure } from '../views/import-views'
import { channel, topic } from './define'

const id = z.string().min(1).max(200)
const campaignId = id
const key = z.string().min(1).max(120)

/** the most files one import reads at once */
export const MAX_IMPORT_FILES = 200

const answers = z.record(key, z.record(key, key.nullable()))

export const importChannels = {
  /** read the files (or a pasted text) with the campaign system's readers; nothing is saved */
  'library:importPreview': channel<ImportPreview>()(
    z
      .object({
        campaignId,
        sources: z.array(z.object({ name: z.string().min(1).max(260), text: z.string().max(20_000_000) }).strict()).min(1).max(MAX_IMPORT_FILES),
        format: z.string().min(1).max(60).optional(),
        answers: answers.optional(),
      })
      .strict(),
  ),
  /** where each field of the preview's item `key` landed (a preview leaves them out until the GM opens an item) */
  'library:importFields': channel<FieldLanding[]>()(z.object({ campaignId, previewId: id, key }).strict()),
  /** the figures of the preview's items `keys` (a preview computes its first page's; the others' as they are shown) */
  'library:importFigures': channel<Record<string, StatBlockFigure[]>>()(z.object({ campaignId, previewId: id, keys: z.array(key).min(1).max(500) }).strict()),
  /** save what the preview `previewId` showed, minus `skip`, keeping per disagreement the stated or the rules' value */
  'library:importApply': channel<ImportResult>()(
    z
      .object({
        campaignId,
        previewId: id,
        skip: z.array(key).max(20_000).optional(),
        keep: z.record(key, z.record(key, z.enum(['stated', 'rules']))).optional(),
      })
      .strict(),
  ),
  /** take a whole import back (refused, nothing removed, when one of its stat blocks was edited or is used since) */
  'library:importUndo': channel<{ removed: number }>()(z.object({ campaignId, importId: id }).strict()),
  /** the formats the campaign system reads (for the console's format list and `gmc import --format`) */
  'library:importFormats': channel<Array<{ format: string; label: string }>>()(z.object({ campaignId }).strict()),
  /** the library (or the stat blocks `ids`) as this app's JSON, an Improved Initiative library or Fantasy Statblocks YAML */
  'library:exportAs': channel<LibraryExportText>()(z.object({ campaignId, format: z.enum(['gmc', 'improved-initiative', 'fantasy-statblocks']), ids: z.array(id).max(5000) }).strict()),
} as const

export interface ImportProgress {
  campaignId: string
  previewId: string
  done: number
  total: number
}

export const importTopics = {
  /** a large import's progress (every 100 stat blocks read) */
  'import:progress': topic<ImportProgress>()(['gm']),
} as const
