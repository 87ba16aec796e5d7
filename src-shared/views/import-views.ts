/**
 * Stat blocks from other tools (issue 30): what an import preview shows. The rules' readers give these values
 * (src-main/rules/kit/imports.ts); the service adds the figures and the verdict of the campaign system's schema.
 * Messages are i18n keys with parameters: `import.*` generic (ui catalogs), `<systemId>.import.*` the system's own.
 */
import type { StatBlockKind } from '../domain/campaign'

/** a message in the reader's language: an i18n key and its parameters */
export interface ImportText {
  key: string
  params?: Record<string, string | number>
}

/** one thing the source held that this reading could not use, or used with a caveat */
export interface ImportNote extends ImportText {
  /** where in the source: a JSON path (`system.attributes.con.value`, `items[3].name`) or a text label (`Speed`) */
  field: string
}

/** one field found in the source and where it landed in the stat block */
export interface FieldLanding {
  /** where in the source (as ImportNote.field) */
  from: string
  /** where in the stat block: a path of the system's schema (`abilities.dex`, `weapons[0].damage`, `hp`) */
  to: string
  /** the value as saved, short (`13`, `3d8`, `Blaster rifle`) */
  value: string
}

/**
 * A value the source states that the rules can recompute (Saga: "the source says Reflex 15; the rules give 14
 * from Dex 13, Nonheroic 4, …"). The stated value is what the stat block keeps unless the GM chooses the rules':
 * then the value at `path` is removed from the stat block (the rules compute it again), or set to `rulesValue`
 * when `rulesValue` is given (a value the stat block must hold, such as HP).
 */
export interface Disagreement {
  /** a short id, unique in the stat block: `reflex`, `fortitude`, `will`, `damageThreshold`, `hp` */
  key: string
  /** i18n key of its label (`saga.reflex`) */
  label: string
  stated: number
  rules: number
  /** the rules' terms, in order: `{ term: 'dex', value: 1 }` (labels: `<systemId>.term.<term>` in its catalog) */
  terms: Array<{ term: string; value: number }>
  /** where the stated value sits in the stat block (`['totals', 'reflex']`) */
  path: string[]
  /** what keeping the rules' value writes at `path` (absent: the key is removed there) */
  rulesValue?: unknown
}

/**
 * A question the reading needs answered first: how a source's attributes map onto this system's (2d20 games each
 * have their own six; Improved Initiative's AC and HP). Asked once per `id`, remembered per campaign.
 */
export interface ImportQuestion {
  /** stable id, also the key under which the answer is remembered: `2d20.attributes.sta`, `ii.saga` */
  id: string
  /** i18n key of the question's title (`2d20.import.askAttributes`) and its parameters (the game's name) */
  title: ImportText
  /** the source's keys, each with its label as the source names it */
  from: Array<{ key: string; label: string }>
  /** the system's keys it may map to, each with an i18n label key; `null` (no counterpart) is always allowed */
  to: Array<{ key: string; label: string }>
  /** the reader's suggestion for every `from` key (null: no counterpart) */
  suggested: Record<string, string | null>
}

/** answers by question id: source key → system key, or null (no counterpart) */
export type ImportAnswers = Record<string, Record<string, string | null>>

/** one value the library and `gmc import` show of a stat block (Saga: the three defenses, HP, DT, attacks) */
export interface StatBlockFigure {
  /** i18n key of the label (`saga.reflex`) or a literal name (`weapon` figures: the weapon's name), see `literal` */
  label: string
  literal?: boolean
  value: string
}

/** what a format of another tool cannot hold of one stat block */
export interface LostField {
  /** the stat block's path (`conditionTrack`, `weapons[0].ranges`) */
  field: string
  /** i18n key of why (`import.lost.noPlace`) */
  key: string
}

/** the library in another tool's format: one entry per stat block and what it could not hold */
export interface WrittenStatBlock {
  value: Record<string, unknown>
  lost: LostField[]
}

/** the GM's choice for one disagreement: keep the source's value or the rules' */
export type KeepChoice = 'stated' | 'rules'

/** one stat block of an import preview: what will be saved, or why it will not */
export interface ImportPreviewItem {
  /** `<file index>:<item index>`: the key the GM's choices use */
  key: string
  /** the source file's name (`pasted text` for a paste) */
  file: string
  /** the reader's format (`foundry-swse`, `improved-initiative`, `gmc`, …) and the i18n key of its name */
  format: string
  formatLabel: string
  name: string
  kind: StatBlockKind
  /** ok: saved as it is; notes: saved, with what could not be read named; refused: not saved (why: `refused`) */
  status: 'ok' | 'notes' | 'refused'
  /** where each field the source gives landed (empty when `fieldsLater`) */
  fields: FieldLanding[]
  /** the landings were left out of a large preview: `library:importFields` reads them when the GM opens the item */
  fieldsLater?: boolean
  notes: ImportNote[]
  refused?: ImportNote
  disagreements: Disagreement[]
  /** the derived values the library shows, by the rules engine's own code (Saga: defenses, HP, DT, attacks); empty
   *  when `figuresLater` */
  figures: StatBlockFigure[]
  /** an item past a large preview's first page: `library:importFigures` computes its figures when its row is shown */
  figuresLater?: boolean
  /** the stat block as it would be saved (with the stated values kept) */
  data?: Record<string, unknown>
  tags: string[]
}

/** the rows a preview shows at once (the console's page), and the items whose figures a preview computes at once */
export const IMPORT_PAGE = 100

/** one source file of an import, as read */
export interface ImportPreviewFile {
  name: string
  /** how the file was read: `json`, `ndjson` or `text`; null when it could not be read at all */
  as: 'json' | 'ndjson' | 'text' | null
  items: number
  /** the whole file refused (too large, too deep, not a known format): why */
  refused?: ImportNote
}

export interface ImportPreview {
  /** the preview's id: `library:importApply` saves what it shows */
  id: string
  campaignId: string
  systemId: string
  files: ImportPreviewFile[]
  items: ImportPreviewItem[]
  /** questions the readers asked (attribute mappings), with the answers used (the campaign's remembered ones, else
   *  the suggested) */
  questions: ImportQuestion[]
  answers: ImportAnswers
  counts: { ok: number; notes: number; refused: number }
}

/** what an import saved: the records' ids (Undo takes them all back) and the report's counts */
export interface ImportResult {
  importId: string
  added: Array<{ id: string; name: string }>
  counts: { ok: number; notes: number; refused: number }
}

/** the library in another tool's format, and what it could not hold (by stat block) */
export interface LibraryExportText {
  format: 'gmc' | 'improved-initiative' | 'fantasy-statblocks'
  text: string
  lost: Array<{ name: string; fields: LostField[] }>
}
