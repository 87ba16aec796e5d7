/**
 * Stat blocks from other tools (issue 30): what a rule system declares to read them, and what a reading gives.
 *
 * A reading is pure: source data in (an already parsed JSON item, or a text), stat blocks of the campaign's
 * system out, each with where every field it found landed, what could not be read (named, never dropped in
 * silence) and, where the system can recompute what the source states (Saga: defenses, HP, damage threshold),
 * the stated value next to the rules' value. Nothing here touches a file or the campaign: the service
 * (services/campaigns/library-import.ts) reads files, guards hostile input, asks the questions, previews, and
 * saves in one step.
 *
 * Messages are i18n keys with parameters, never English sentences: a key `import.*` is generic (the ui catalogs
 * in src-shared/i18n), a key `<systemId>.import.*` lives in the system's own ui catalog (its i18n/en.ts, pl.ts).
 */
import type { StatBlockKind } from '@shared/domain/campaign'
import type { Disagreement, FieldLanding, ImportAnswers, ImportNote, ImportQuestion, StatBlockFigure, WrittenStatBlock } from '@shared/views/import-views'

// the data types a reading gives are the views' (the console shows them as they are)
export type { Disagreement, FieldLanding, ImportAnswers, ImportNote, ImportQuestion, ImportText, LostField, StatBlockFigure, WrittenStatBlock } from '@shared/views/import-views'

/** a stat block read from the source, before the system's schema has checked it */
export interface ReadStatBlock {
  /** the name the source gives (also the library record's name) */
  name: string
  kind: StatBlockKind
  tags: string[]
  /** the system's stat block (validated by the campaign system's `statBlockSchema` afterwards) */
  data: Record<string, unknown>
  fields: FieldLanding[]
  notes: ImportNote[]
  disagreements: Disagreement[]
}

/** a source item this reader recognised but cannot turn into a stat block (why, named) */
export interface ReadRefusal {
  name: string
  refused: ImportNote
}

export type ReadOutcome = ReadStatBlock | ReadRefusal
export const isRefusal = (o: ReadOutcome): o is ReadRefusal => 'refused' in o

export interface ReadContext {
  /** answers to this reader's questions (the suggested ones when the GM has not answered) */
  answers: ImportAnswers
  /** the source file's name, for tags or notes */
  file: string
  /**
   * false: where each field landed is not wanted now (`fields` may be left empty). A large preview reads thousands
   * of stat blocks and shows their landings one at a time: the service reads the item again, with `fields`, when
   * the GM opens it (the readers are pure, so the second reading is the first one's). Absent: wanted.
   */
  fields?: boolean
}

/** one format a system reads */
export interface ImportReader {
  /** `foundry-swse`, `foundry-2d20`, `improved-initiative`, `saga-text`, `storyteller-text` */
  format: string
  /** i18n key of the format's name (`import.format.foundry`) */
  label: string
  /** `json`: `read` gets one parsed JSON item (an actor, a stat block); `text`: the whole pasted text */
  input: 'json' | 'text'
  /** how surely `source` is in this format: 0 not at all … 1 certainly (the highest reader above 0 reads it) */
  detect(source: unknown): number
  /** the questions a batch of items needs answered before `read` (absent: none) */
  questions?(sources: unknown[]): ImportQuestion[]
  /** a text may hold several stat blocks, a JSON item one */
  read(source: unknown, ctx: ReadContext): ReadOutcome[]
}

/** Import and export of stat blocks (issue 30): a system's member `imports` */
export interface SystemImports {
  /** the formats it reads (its own JSON is read by the service itself) */
  readers: ImportReader[]
  /** the derived values the library shows, computed by the same code as the board's (absent: none), of a stat
   *  block the system's schema has parsed (its output: defaults filled in) */
  figures?(statBlock: Record<string, unknown>): StatBlockFigure[]
  /** the stat block as an Improved Initiative StatBlock (absent: the system cannot export to it) */
  toImprovedInitiative?(name: string, statBlock: Record<string, unknown>): WrittenStatBlock
  /** the stat block as a Fantasy Statblocks (Obsidian) monster (absent: cannot) */
  toFantasyStatblocks?(name: string, statBlock: Record<string, unknown>): WrittenStatBlock
}
