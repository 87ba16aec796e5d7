/**
 * Reading stat blocks of other tools (issue 30), pure: source files in, a preview out. Used by the library's
 * import (library-import.ts: preview, then save in one step) and by `gmc import`.
 *
 * - A file is JSON (one item, an array, this app's own export `{ statBlocks: [...] }`, an Improved Initiative
 *   library `{ "Creatures.<id>": {...} }`), NDJSON (a compendium, one item per line), or text (a pasted book stat
 *   block). Hostile input is refused with a plain sentence before anything reads it: a file over the size limit,
 *   nesting deeper than MAX_JSON_DEPTH, prototype keys (`__proto__`, `constructor`, `prototype`), too many items.
 * - Each item goes to the reader of the campaign system that recognises it best (`detect`), or to the one the GM
 *   named (`--format`); this app's own JSON is read here (`gmc`). A reader's questions (attribute mappings) are
 *   answered by the campaign's remembered answers, else the reader's suggestion.
 * - Every stat block is checked by the campaign system's schema: one it refuses is refused here with the field,
 *   never saved half. The figures are the system's own (`imports.figures`: the same code as the board's).
 */
import type { StatBlockKind } from '@shared/domain/campaign'
import type { FieldLanding, ImportAnswers, ImportNote, StatBlockFigure, ImportPreviewFile, ImportPreviewItem, ImportQuestion } from '@shared/views/import-views'
import { firstIssue } from '@shared/zod-issue'
import type { ImportReader, ReadOutcome } from '../../rules/kit/imports'
import { isRefusal } from '../../rules/kit/imports'
import { schemaVerdict, type Verdict } from '../../rules/kit/check-present'
import type { RuleSystem } from '../../rules/kit/system'
import { MAX_JSON_DEPTH, stripBom, tooDeepAt, UNSAFE_KEYS, unsafeKeyAt } from '../../campaign/json-text'

/** one file of an import: its name and its text */
export interface ImportSource {
  name: string
  text: string
}

/** the largest import, all files together (the contract's limit of a request) */
export const MAX_IMPORT_CHARS = 20_000_000
/** the most stat blocks one import reads (a large compendium holds a few thousand) */
export const MAX_IMPORT_ITEMS = 10_000

export interface ReadOptions {
  /** `auto` (absent) or a reader's format; `gmc` is this app's own JSON */
  format?: string
  /** the GM's answers to the readers' questions (else the suggestions) */
  answers?: ImportAnswers
  /** called every `PROGRESS_EVERY` items (a large compendium: the console's progress bar) */
  progress?: (done: number, total: number) => void | Promise<void>
  /**
   * false: the items' landings (`fields`) are left out, and `fieldsLater` says so: `fieldsOf` reads them when the GM
   * opens an item (the console's preview). Most of a reading's work is recording where each field landed, and a
   * compendium's 2,000 stat blocks are shown a page at a time, their landings one at a time. Absent: read (the CLI).
   */
  fields?: boolean
  /**
   * How many items (in the preview's order) get their figures now; the others carry `figuresLater`, and `figuresOf`
   * computes them when their rows are shown (the console shows a compendium a page at a time). Absent: all (the CLI).
   */
  figuresFor?: number
}

export interface ReadResult {
  files: ImportPreviewFile[]
  items: ImportPreviewItem[]
  questions: ImportQuestion[]
  answers: ImportAnswers
  counts: { ok: number; notes: number; refused: number }
}

const PROGRESS_EVERY = 100

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const note = (field: string, key: string, params?: Record<string, string | number>): ImportNote => ({ field, key, ...(params ? { params } : {}) })

/** this app's own stat block JSON: `{ name, kind, tags, data }` (an export's item) or a bare system stat block */
function ownReader(system: RuleSystem): ImportReader {
  return {
    format: 'gmc',
    label: 'importer.format.gmc',
    input: 'json',
    detect: (s) => {
      if (!isObject(s)) return 0
      if (isObject(s.data) && typeof s.name === 'string') return 0.9
      return system.statBlockSchema.safeParse(s).success ? 0.6 : 0
    },
    read: (s) => {
      const o = s as Record<string, unknown>
      const wrapped = isObject(o.data)
      const data = (wrapped ? o.data : o) as Record<string, unknown>
      const name = typeof o.name === 'string' && o.name.trim() ? o.name.trim() : typeof data.name === 'string' ? data.name : ''
      const kind: StatBlockKind = o.kind === 'pc' || o.kind === 'ally' || o.kind === 'npc' ? o.kind : 'npc'
      const tags = Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string' && t.trim().length > 0).map((t) => t.trim().slice(0, 60)).slice(0, 50) : []
      const { id: _id, ...rest } = data
      void _id
      return [{ name, kind, tags, data: rest, fields: [], notes: [], disagreements: [] }]
    },
  }
}

/** the items of a parsed JSON file: an array, this app's export, or one item (an Improved Initiative library export is
 *  one item: its reader takes it apart, and names an entry it cannot read) */
function itemsOfJson(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw
  if (isObject(raw)) {
    if (Array.isArray(raw.statBlocks)) return raw.statBlocks
    // an Improved Initiative library export: "Creatures.<id>" (and other "Kind.<id>") keys holding stat blocks
  }
  return [raw]
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

type Parsed = { as: 'json' | 'ndjson'; items: unknown[] } | { as: 'text'; text: string } | { refused: ImportNote }

/** a file as JSON, NDJSON or text; hostile or broken input refused with why */
export function parseSource(src: ImportSource): Parsed {
  const text = stripBom(src.text)
  if (text.length > MAX_IMPORT_CHARS) return { refused: note(src.name, 'importer.refused.tooLarge', { mb: Math.round(MAX_IMPORT_CHARS / 1_000_000) }) }
  const trimmed = text.trim()
  if (!trimmed) return { refused: note(src.name, 'importer.refused.empty') }
  const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[')
  if (!looksJson) return { as: 'text', text }
  // V8's JSON.parse is iterative (2,000,000 levels parse): the nesting is measured after it, by one walk that also
  // looks for prototype keys (`suspect`), before anything recursive (zod, the readers) meets the value
  let raw: unknown
  try {
    raw = JSON.parse(trimmed)
  } catch {
    // NDJSON: a compendium of one JSON item per line
    // (JSON.parse takes a line's `\r` as whitespace; a blank line is skipped, a broken one named by its number)
    const lines = trimmed.split('\n')
    const items: unknown[] = []
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]
      if (line.trim() === '') continue
      const v = safeParse(line)
      if (v === undefined) {
        // one line of text that is not JSON is not a compendium either
        if (!lines.some((l, j) => j !== i && l.trim() !== '')) break
        return { refused: note(`${src.name}:${i + 1}`, 'importer.refused.notJsonLine', { line: i + 1 }) }
      }
      items.push(v)
    }
    if (items.length > 1) return guard(src.name, { as: 'ndjson', items })
    return { refused: note(src.name, 'importer.refused.notJson') }
  }
  return guard(src.name, { as: 'json', items: itemsOfJson(raw) })
}

function guard(name: string, p: { as: 'json' | 'ndjson'; items: unknown[] }): Parsed {
  if (p.items.length === 0) return { refused: note(name, 'importer.refused.empty') }
  if (p.items.length > MAX_IMPORT_ITEMS) return { refused: note(name, 'importer.refused.tooMany', { max: MAX_IMPORT_ITEMS }) }
  for (const [i, item] of p.items.entries()) {
    // one walk finds both (a compendium of thousands); the path is looked for only once something is found
    if (!suspect(item)) continue
    const deep = tooDeepAt(item)
    if (deep) return { refused: note(`${name}[${i}]`, 'importer.refused.tooDeep', { depth: MAX_JSON_DEPTH }) }
    const at = unsafeKeyAt(item)
    if (at) return { refused: note(`${name}[${i}].${at.join('.')}`, 'importer.refused.unsafeKey', { key: String(at.at(-1)) }) }
  }
  return p
}

/** whether a value nests deeper than MAX_JSON_DEPTH or holds a prototype key anywhere (iterative, no paths built) */
function suspect(value: unknown): boolean {
  // read once (a compendium's every key is looked up)
  const unsafe = UNSAFE_KEYS
  const maxDepth = MAX_JSON_DEPTH
  const values: unknown[] = [value]
  const depths: number[] = [0]
  while (values.length > 0) {
    const v = values.pop()
    const d = depths.pop() as number
    if (typeof v !== 'object' || v === null) continue
    if (d >= maxDepth) return true
    if (Array.isArray(v)) {
      for (const x of v) {
        if (typeof x !== 'object' || x === null) continue
        values.push(x)
        depths.push(d + 1)
      }
      continue
    }
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue
      if (unsafe.has(k)) return true
      const x = (v as Record<string, unknown>)[k]
      if (typeof x !== 'object' || x === null) continue
      values.push(x)
      depths.push(d + 1)
    }
  }
  return false
}

/** the campaign system's readers, this app's own first */
export function readersOf(system: RuleSystem): ImportReader[] {
  return [ownReader(system), ...(system.imports?.readers ?? [])]
}

/** the formats `--format` and the console offer for a system */
export function formatsOf(system: RuleSystem): Array<{ format: string; label: string }> {
  const seen = new Set<string>()
  return readersOf(system).filter((r) => !seen.has(r.format) && seen.add(r.format)).map((r) => ({ format: r.format, label: r.label }))
}

/** a reader this sure of an item is taken without asking the others (this app's own reader checks the whole
 *  schema, the costliest detection: a Foundry compendium's actors need not pay it) */
const SURE = 0.9

/** the readers that may read an input, in the order they are asked: the system's own formats first (readersOf puts
 *  this app's reader first: it is asked last) */
function askOrder(readers: ImportReader[], input: 'json' | 'text', format: string | undefined): ImportReader[] {
  const fit = readers.filter((r) => r.input === input && (!format || format === 'auto' || r.format === format))
  return [...fit.slice(1), ...fit.slice(0, 1)]
}

function pick(order: ImportReader[], source: unknown, format: string | undefined): ImportReader | null {
  let best: ImportReader | null = null
  let score = 0
  for (const r of order) {
    if (score >= SURE) break
    let s = 0
    try {
      s = r.detect(source)
    } catch {
      s = 0
    }
    if (s > score) [best, score] = [r, s]
  }
  // a format the GM named reads the item even when it does not look like one (its notes say what was not read)
  if (!best && format && format !== 'auto' && order.length > 0) return order.at(-1)!
  return best
}

const nameOf = (v: unknown): string => (isObject(v) && typeof v.name === 'string' ? v.name : isObject(v) && typeof v.Name === 'string' ? v.Name : '')

/** Read the sources with the campaign system's readers, check every stat block with its schema. */
export async function readSources(system: RuleSystem, sources: ImportSource[], opts: ReadOptions = {}): Promise<ReadResult> {
  return (await readSourcesKept(system, sources, opts)).result
}

/** a reading, and what it left for later of any of its items: the landings (`fieldsOf(key)`: the item read again
 *  with them; null: no such item, or one that has none) and the figures (`figuresOf`) */
export interface KeptReading {
  result: ReadResult
  fieldsOf(key: string): FieldLanding[] | null
  /** the figures of the items `keys` (an item without a stat block to show, or unknown, is left out) */
  figuresOf(keys: string[]): Record<string, StatBlockFigure[]>
}

/** `readSources`, keeping the parsed items so an item's landings and figures can be had when asked for (a preview) */
export async function readSourcesKept(system: RuleSystem, sources: ImportSource[], opts: ReadOptions = {}): Promise<KeptReading> {
  const result = await readAll(system, sources, opts)
  const jobs = new Map(result.jobs.map((j) => [`${j.file}:${j.index}`, j]))
  const byKey = new Map(result.read.items.map((it) => [it.key, it]))
  // the reading let go of each parsed item once read (readAll): an item's landings are read from its file parsed
  // again, the last one kept for the next item the GM opens (mostly of the same file)
  let again: { file: number; parsed: Parsed } | null = null
  const sourceOf = (j: Job): unknown => {
    if (j.source !== undefined) return j.source
    if (again?.file !== j.file) again = { file: j.file, parsed: parseSource(sources[j.file]) }
    const p = again.parsed
    return 'refused' in p ? undefined : p.as === 'text' ? p.text : p.items[j.index]
  }
  return {
    result: result.read,
    figuresOf(keys) {
      const out: Record<string, StatBlockFigure[]> = {}
      for (const key of keys) {
        const it = byKey.get(key)
        if (!it?.data || it.status === 'refused') continue
        const parsed = system.statBlockSchema.safeParse(it.data)
        out[key] = parsed.success ? figuresOfParsed(system, parsed.data as Record<string, unknown>) : []
      }
      return out
    },
    fieldsOf(key) {
      const m = /^(\d+:\d+)(?:\.(\d+))?$/.exec(key)
      const j = m ? jobs.get(m[1]) : undefined
      if (!j?.reader) return null
      const source = sourceOf(j)
      if (source === undefined) return null
      let outcomes: ReadOutcome[]
      try {
        outcomes = j.reader.read(source, { answers: result.read.answers, file: j.fileName, fields: true })
      } catch {
        return null
      }
      const o = outcomes[m![2] === undefined ? 0 : Number(m![2])]
      return o && !isRefusal(o) ? o.fields : null
    },
  }
}

interface Job {
  file: number
  index: number
  reader: ImportReader | null
  /** the parsed item; undefined once read (readSourcesKept's `sourceOf` parses its file again when asked) */
  source: unknown
  fileName: string
}

async function readAll(system: RuleSystem, sources: ImportSource[], opts: ReadOptions): Promise<{ read: ReadResult; jobs: Job[] }> {
  const readers = readersOf(system)
  const withFields = opts.fields !== false
  const figuresFor = opts.figuresFor ?? Infinity
  const files: ImportPreviewFile[] = []
  // first: every file parsed and every item given its reader (the questions are asked of the whole batch)
  const jobs: Job[] = []
  let total = 0
  if (sources.reduce((n, s) => n + s.text.length, 0) > MAX_IMPORT_CHARS) {
    return { read: { files: sources.map((s) => ({ name: s.name, as: null, items: 0, refused: note(s.name, 'importer.refused.tooLarge', { mb: Math.round(MAX_IMPORT_CHARS / 1_000_000) }) })), items: [], questions: [], answers: {}, counts: { ok: 0, notes: 0, refused: 0 } }, jobs: [] }
  }
  sources.forEach((src, fi) => {
    const p = parseSource(src)
    if ('refused' in p) {
      files.push({ name: src.name, as: null, items: 0, refused: p.refused })
      return
    }
    if (p.as === 'text') {
      const reader = pick(askOrder(readers, 'text', opts.format), p.text, opts.format)
      files.push({ name: src.name, as: 'text', items: 1, ...(reader ? {} : { refused: note(src.name, 'importer.refused.unknownText') }) })
      if (reader) jobs.push({ file: fi, index: 0, reader, source: p.text, fileName: src.name })
      total += 1
      return
    }
    if (total + p.items.length > MAX_IMPORT_ITEMS) {
      files.push({ name: src.name, as: null, items: 0, refused: note(src.name, 'importer.refused.tooMany', { max: MAX_IMPORT_ITEMS }) })
      return
    }
    files.push({ name: src.name, as: p.as, items: p.items.length })
    const order = askOrder(readers, 'json', opts.format)
    p.items.forEach((item, i) => jobs.push({ file: fi, index: i, reader: pick(order, item, opts.format), source: item, fileName: src.name }))
    total += p.items.length
  })

  // the readers' questions, over the items each reads; answered by the GM's answers, else the suggestions
  const questions: ImportQuestion[] = []
  const answers: ImportAnswers = {}
  for (const r of readers) {
    if (!r.questions) continue
    const mine = jobs.filter((j) => j.reader === r).map((j) => j.source)
    if (mine.length === 0) continue
    for (const q of r.questions(mine)) {
      if (questions.some((x) => x.id === q.id)) continue
      questions.push(q)
      const given = opts.answers?.[q.id] ?? {}
      answers[q.id] = Object.fromEntries(q.from.map((f) => [f.key, f.key in given && (given[f.key] === null || q.to.some((t) => t.key === given[f.key])) ? given[f.key] : (q.suggested[f.key] ?? null)]))
    }
  }

  const items: ImportPreviewItem[] = []
  let done = 0
  for (const j of jobs) {
    const key = `${j.file}:${j.index}`
    if (!j.reader) {
      items.push(refusedItem(key, j.fileName, 'unknown', 'importer.format.unknown', nameOf(j.source), note(`${j.fileName}[${j.index}]`, 'importer.refused.unknownFormat')))
    } else {
      let outcomes: ReadOutcome[]
      try {
        outcomes = j.reader.read(j.source, withFields ? { answers, file: j.fileName } : { answers, file: j.fileName, fields: false })
      } catch {
        // a reader must not throw; if it does, the item is refused, never the whole import
        outcomes = [{ name: nameOf(j.source), refused: note(`${j.fileName}[${j.index}]`, 'importer.refused.unreadable') }]
      }
      if (outcomes.length === 0) items.push(refusedItem(key, j.fileName, j.reader.format, j.reader.label, nameOf(j.source), note(j.fileName, 'importer.refused.nothing')))
      outcomes.forEach((o, k) => items.push(checked(system, outcomes.length > 1 ? `${key}.${k}` : key, j.fileName, j.reader!, o, withFields, items.length < figuresFor)))
    }
    // let go of the parsed item: a compendium's parsed actors take several times the memory of its text, and the
    // reading's own garbage collections would copy every one still held (issue 30: a compendium of 2,000)
    j.source = undefined
    done++
    if (opts.progress && done % PROGRESS_EVERY === 0) await opts.progress(done, jobs.length)
  }
  if (opts.progress) await opts.progress(jobs.length, jobs.length)
  const counts = { ok: 0, notes: 0, refused: 0 }
  for (const it of items) counts[it.status]++
  return { read: { files, items, questions, answers, counts }, jobs }
}

function refusedItem(key: string, file: string, format: string, formatLabel: string, name: string, why: ImportNote): ImportPreviewItem {
  return { key, file, format, formatLabel, name: name || '—', kind: 'npc', status: 'refused', fields: [], notes: [], refused: why, disagreements: [], figures: [], tags: [] }
}

/** the system's figures of a stat block its schema parsed (none when the system has none, or they fail) */
function figuresOfParsed(system: RuleSystem, parsed: Record<string, unknown>): StatBlockFigure[] {
  try {
    return system.imports?.figures?.(parsed) ?? []
  } catch {
    return []
  }
}

/** one reading checked by the system's schema, with its figures (`withFigures`) and landings (`withFields`) */
function checked(system: RuleSystem, key: string, file: string, reader: ImportReader, o: ReadOutcome, withFields: boolean, withFigures: boolean): ImportPreviewItem {
  if (isRefusal(o)) return refusedItem(key, file, reader.format, reader.label, o.name, o.refused)
  // the landings left for later (ReadOptions.fields): none sent now, `fieldsLater` says they are asked for
  const fields = withFields ? { fields: o.fields } : { fields: [], fieldsLater: true }
  const name = (o.name || (typeof o.data.name === 'string' ? o.data.name : '')).trim().slice(0, 200)
  if (!name) return refusedItem(key, file, reader.format, reader.label, '', note(`${file}`, 'importer.refused.noName'))
  const data = typeof o.data.name === 'string' && o.data.name ? o.data : { ...o.data, name }
  // the verdict of the whole schema; its output (the defaults filled in) only for the figures computed now
  const whole = withFigures ? system.statBlockSchema.safeParse(data) : null
  const parsed: Verdict = whole ?? schemaVerdict(system.statBlockSchema)(data)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error)
    return { ...refusedItem(key, file, reader.format, reader.label, name, note(issue.field || 'data', 'importer.refused.schema', { field: issue.field || 'data', message: issue.message })), kind: o.kind, ...fields, notes: o.notes }
  }
  // the figures of an item past the first ones shown: computed when its row is (`figuresOf`)
  const figures = whole?.success ? { figures: figuresOfParsed(system, whole.data as Record<string, unknown>) } : { figures: [], figuresLater: true }
  return {
    key,
    file,
    format: reader.format,
    formatLabel: reader.label,
    name,
    kind: o.kind,
    status: o.notes.length > 0 ? 'notes' : 'ok',
    ...fields,
    notes: o.notes,
    disagreements: o.disagreements,
    ...figures,
    // what is saved: the input as read (the schema's defaults are filled in when the engine reads it)
    data,
    tags: o.tags,
  }
}
