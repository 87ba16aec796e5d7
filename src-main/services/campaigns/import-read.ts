/**
 * Reading stat blocks of other tools (issue 30), pure: source files in, a preview out. Used by the library's
 * import (library-import.ts: preview, then save in one step) and by `gmc import`.
 *
 * - A file is JSON (one item, an array, this app's own export `{ statBlocks: [...] }`, an Improved Initiative
 *   library `{ "Creatures.<id>": {...} }`), NDJSON (a compendium, one item per line), or text (a pasted book stat
 *   block). Hostile input is refused with a plain sentence before anything reads it: a file over the size limit,
 *   nesting deeper than MAX_JSON_DEPTH, prototype keys (`__proto__`, `constructor`, `prototype`), too many items.
 *   A compendium's array is checked on its text and read an item at a time, each parsed when it is read (`arrayItems`);
 *   an item that turns out not to be JSON refuses its whole file, and nothing read of that file is kept.
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

/**
 * A file read: its items parsed (`items`), or, for a compendium's JSON array, each item's text (`texts`, parsed when
 * the item is read: readAll); text; or refused with why.
 */
type Parsed = { as: 'json' | 'ndjson'; items: unknown[] } | { as: 'json'; texts: string[] } | { as: 'text'; text: string } | { refused: ImportNote }

/**
 * A file as JSON, NDJSON or text; hostile or broken input refused with why. A JSON array (a compendium) is split into
 * its items' texts (`arrayItems`), each parsed when it is read, unless `whole`: then, and for any array that split
 * cannot vouch for, the whole text is parsed at once.
 */
export function parseSource(src: ImportSource, whole = false): Parsed {
  const text = stripBom(src.text)
  if (text.length > MAX_IMPORT_CHARS) return { refused: note(src.name, 'importer.refused.tooLarge', { mb: Math.round(MAX_IMPORT_CHARS / 1_000_000) }) }
  const trimmed = text.trim()
  if (!trimmed) return { refused: note(src.name, 'importer.refused.empty') }
  const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[')
  if (!looksJson) return { as: 'text', text }
  const texts = whole ? null : arrayItems(trimmed)
  if (texts) return texts.length > MAX_IMPORT_ITEMS ? { refused: note(src.name, 'importer.refused.tooMany', { max: MAX_IMPORT_ITEMS }) } : { as: 'json', texts }
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

/** deeper than this in a JSON array's text, an item nests deeper than MAX_JSON_DEPTH (the array is one level) */
const ARRAY_TEXT_DEPTH = MAX_JSON_DEPTH + 1
/** the prototype keys, each compared where a string starts (no string cut out of the text for it) */
const UNSAFE_KEY_LIST = [...UNSAFE_KEYS]

/**
 * The items of a JSON array, each as its text: one scan of the brackets and strings (the guard's checks made on the
 * text: no item nests deeper than MAX_JSON_DEPTH, no prototype key can be in it). A compendium's items are then parsed
 * one at a time as they are read, and each is let go once read: the 2,000 parsed actors of a compendium never live at
 * once, and the garbage collections of the reading do not copy them (issue 30). Null when the text is not one array
 * that splits cleanly (a syntax error between items, a trailing comma, an empty array), nests too deep, or holds what
 * could be a prototype key: the whole text is then parsed and guarded as before, and says what is wrong. An item's
 * text that is not JSON makes the whole file not JSON (readAll reads it again whole).
 */
export function arrayItems(text: string): string[] | null {
  // (an escape may spell a prototype key: `"\u005f_proto__"`)
  if (text.charCodeAt(0) !== 91 || text.includes('\\u')) return null
  const out: string[] = []
  let depth = 0
  let start = 1
  const n = text.length
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      // to the string's end: the next quote after an even run of backslashes (an escaped quote does not end it)
      let end = i
      for (;;) {
        end = text.indexOf('"', end + 1)
        if (end === -1) return null
        let b = end - 1
        while (text.charCodeAt(b) === 92) b--
        if ((end - b) % 2 === 1) break
      }
      // a prototype key (or a string that spells one): the whole parse and its guard say where (compared in place:
      // cutting out every string of a prototype key's length took a tenth of this scan; issue 30)
      const length = end - i - 1
      for (const k of UNSAFE_KEY_LIST) if (length === k.length && text.startsWith(k, i + 1)) return null
      i = end
    } else if (c === 123 || c === 91) {
      if (++depth > ARRAY_TEXT_DEPTH) return null
    } else if (c === 125 || c === 93) {
      if (--depth > 0) continue
      // the array's end: the last character (the text is trimmed), after an item
      if (i !== n - 1) return null
      const last = text.slice(start, i)
      if (last.trim() === '') return null
      out.push(last)
      return out
    } else if (c === 44 && depth === 1) {
      const item = text.slice(start, i)
      if (item.trim() === '') return null
      out.push(item)
      start = i + 1
    }
  }
  return null
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
    if ('refused' in p) return undefined
    if (p.as === 'text') return p.text
    if (!('texts' in p)) return p.items[j.index]
    try {
      return JSON.parse(p.texts[j.index]) as unknown
    } catch {
      return undefined
    }
  }
  return {
    result: result.read,
    figuresOf(keys) {
      const out: Record<string, StatBlockFigure[]> = {}
      for (const key of keys) {
        const it = byKey.get(key)
        if (!it?.data || it.status === 'refused') continue
        out[key] = figuresOfData(system, it.data)
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
  /** null: no reader takes the item; undefined: not picked yet (an array's item, picked once parsed) */
  reader: ImportReader | null | undefined
  /** the parsed item; undefined before it is parsed (`text`) and once read (readSourcesKept's `sourceOf` parses it again) */
  source: unknown
  /** an array's item not parsed yet: its text (parseSource) */
  text?: string
  fileName: string
  /** what the item read as, once read (one item may hold several stat blocks) */
  out?: ImportPreviewItem[]
}

async function readAll(system: RuleSystem, sources: ImportSource[], opts: ReadOptions): Promise<{ read: ReadResult; jobs: Job[] }> {
  const readers = readersOf(system)
  const withFields = opts.fields !== false
  const figuresFor = opts.figuresFor ?? Infinity
  const jsonOrder = askOrder(readers, 'json', opts.format)
  const files: ImportPreviewFile[] = []
  let jobs: Job[] = []
  let total = 0
  if (sources.reduce((n, s) => n + s.text.length, 0) > MAX_IMPORT_CHARS) {
    return { read: { files: sources.map((s) => ({ name: s.name, as: null, items: 0, refused: note(s.name, 'importer.refused.tooLarge', { mb: Math.round(MAX_IMPORT_CHARS / 1_000_000) }) })), items: [], questions: [], answers: {}, counts: { ok: 0, notes: 0, refused: 0 } }, jobs: [] }
  }
  /** file `fi` as parsed: its entry, and a job for each of its items (given its reader now, or once parsed) */
  const take = (src: ImportSource, fi: number, p: Parsed): void => {
    if ('refused' in p) {
      files[fi] = { name: src.name, as: null, items: 0, refused: p.refused }
      return
    }
    if (p.as === 'text') {
      const reader = pick(askOrder(readers, 'text', opts.format), p.text, opts.format)
      files[fi] = { name: src.name, as: 'text', items: 1, ...(reader ? {} : { refused: note(src.name, 'importer.refused.unknownText') }) }
      if (reader) jobs.push({ file: fi, index: 0, reader, source: p.text, fileName: src.name })
      total += 1
      return
    }
    const count = 'texts' in p ? p.texts.length : p.items.length
    if (total + count > MAX_IMPORT_ITEMS) {
      files[fi] = { name: src.name, as: null, items: 0, refused: note(src.name, 'importer.refused.tooMany', { max: MAX_IMPORT_ITEMS }) }
      return
    }
    files[fi] = { name: src.name, as: p.as, items: count }
    if ('texts' in p) p.texts.forEach((text, i) => jobs.push({ file: fi, index: i, reader: undefined, source: undefined, text, fileName: src.name }))
    else p.items.forEach((item, i) => jobs.push({ file: fi, index: i, reader: pick(jsonOrder, item, opts.format), source: item, fileName: src.name }))
    total += count
  }
  sources.forEach((src, fi) => take(src, fi, parseSource(src)))

  const answers: ImportAnswers = {}
  let done = 0
  const progress = async () => {
    done++
    if (opts.progress && done % PROGRESS_EVERY === 0) await opts.progress(done, jobs.length)
  }
  // the figures of all items as they are read (the CLI), else of the first page's, once the order is known (below)
  const figuresNow = figuresFor === Infinity
  /** one item read and checked (its reader's questions answered, or it asks none), then let go: a compendium's parsed
   *  actors take several times the memory of its text, and the reading's own garbage collections would copy every
   *  one still held (issue 30: a compendium of 2,000) */
  const read = (j: Job): void => {
    const key = `${j.file}:${j.index}`
    const out: ImportPreviewItem[] = []
    if (!j.reader) {
      out.push(refusedItem(key, j.fileName, 'unknown', 'importer.format.unknown', nameOf(j.source), note(`${j.fileName}[${j.index}]`, 'importer.refused.unknownFormat')))
    } else {
      let outcomes: ReadOutcome[]
      try {
        outcomes = j.reader.read(j.source, withFields ? { answers, file: j.fileName } : { answers, file: j.fileName, fields: false })
      } catch {
        // a reader must not throw; if it does, the item is refused, never the whole import
        outcomes = [{ name: nameOf(j.source), refused: note(`${j.fileName}[${j.index}]`, 'importer.refused.unreadable') }]
      }
      if (outcomes.length === 0) out.push(refusedItem(key, j.fileName, j.reader.format, j.reader.label, nameOf(j.source), note(j.fileName, 'importer.refused.nothing')))
      outcomes.forEach((o, k) => out.push(checked(system, outcomes.length > 1 ? `${key}.${k}` : key, j.fileName, j.reader!, o, withFields, figuresNow)))
    }
    j.out = out
    j.source = undefined
  }

  // first: each item parsed (an array's, here), given its reader, and read at once when its reader asks nothing; the
  // items of a reader with questions wait for them (its questions are asked of all its items)
  const asks = (r: ImportReader | null | undefined): boolean => r?.questions !== undefined
  /** every item parsed and not read yet, but those whose reader asks questions unless `asked` */
  const readWaiting = async (asked: boolean): Promise<void> => {
    for (const j of jobs) {
      if (j.out || (!asked && asks(j.reader))) continue
      read(j)
      await progress()
    }
  }
  const broken = new Set<number>()
  for (const j of jobs) {
    if (broken.has(j.file)) continue
    if (j.text !== undefined) {
      try {
        j.source = JSON.parse(j.text)
      } catch {
        broken.add(j.file)
        continue
      }
      j.text = undefined
      j.reader = pick(jsonOrder, j.source, opts.format)
    }
    if (asks(j.reader)) continue
    read(j)
    await progress()
  }
  if (broken.size > 0) {
    // an array with an item that is not JSON is not JSON: the file read again whole says what it is (refused, with why)
    done -= jobs.filter((j) => broken.has(j.file) && j.out).length
    jobs = jobs.filter((j) => !broken.has(j.file))
    for (const fi of broken) {
      total -= files[fi].items
      take(sources[fi], fi, parseSource(sources[fi], true))
    }
    jobs.sort((a, b) => a.file - b.file || a.index - b.index)
    await readWaiting(false)
  }

  // the readers' questions, over the items each reads; answered by the GM's answers, else the suggestions
  const questions: ImportQuestion[] = []
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
  await readWaiting(true)
  if (opts.progress) await opts.progress(jobs.length, jobs.length)

  const items: ImportPreviewItem[] = []
  for (const j of jobs) for (const it of j.out!) items.push(it)
  // the first page's figures (the preview's order known now); the others' when their rows are shown (`figuresOf`)
  if (!figuresNow) {
    for (let i = 0; i < Math.min(figuresFor, items.length); i++) {
      const it = items[i]
      if (!it.figuresLater || !it.data) continue
      const { figuresLater: _later, ...rest } = it
      void _later
      items[i] = { ...rest, figures: figuresOfData(system, it.data) }
    }
  }
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

/** the system's figures of a stat block as read (its schema's defaults filled in first); none when it refuses it */
function figuresOfData(system: RuleSystem, data: Record<string, unknown>): StatBlockFigure[] {
  const parsed = system.statBlockSchema.safeParse(data)
  return parsed.success ? figuresOfParsed(system, parsed.data as Record<string, unknown>) : []
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
