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

export interface ReadContext {
  /** answers to this reader's questions (the suggested ones when the GM has not answered) */
  answers: ImportAnswers
  /** the source file's name, for tags or notes */
  file: string
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

/** Import and export of stat blocks (issue 30): a system's member `imports` */
export interface SystemImports {
  /** the formats it reads (its own JSON is read by the service itself) */
  readers: ImportReader[]
  /** the derived values the library shows, computed by the same code as the board's (absent: none) */
  figures?(statBlock: Record<string, unknown>): StatBlockFigure[]
  /** the stat block as an Improved Initiative StatBlock (absent: the system cannot export to it) */
  toImprovedInitiative?(name: string, statBlock: Record<string, unknown>): WrittenStatBlock
  /** the stat block as a Fantasy Statblocks (Obsidian) monster (absent: cannot) */
  toFantasyStatblocks?(name: string, statBlock: Record<string, unknown>): WrittenStatBlock
}
