/**
 * Granular campaign writes (issue 13). `campaign.json` is a snapshot; every edit after it is ONE line appended to
 * `campaign.changes.ndjson` beside it (one write, then a datasync), so saving a stat block, a plan or the party
 * costs the same in a campaign of 20 blocks or 10,000. The file:
 *
 *   {"kind":"gm-console.campaign-changes","schemaVersion":1,"base":"<sha256 of campaign.json's bytes>"}
 *   {"at":"2026-12-01T15:00:00.000Z","ops":[{"put":"library","value":{...one stat block...}}]}
 *   {"at":"...","ops":[{"del":"encounters","id":"plan-1"},{"set":"party","value":["pc-1"]}]}
 *
 * Ops: `put` a record of `library` / `encounters` / `sessions` (replaced where its id is, else appended), `del`
 * one by id, `set` a top-level field (a whole collection only when an edit reorders one). An edit is one line,
 * so it lands whole or not at all: a last line without its newline is one a crash cut short and is left out
 * (the next write cuts it off); any other unreadable line makes the campaign `damaged`, and then nothing is
 * written. The header names the snapshot it follows by hash: when campaign.json is replaced (a compaction,
 * a restored backup, a migration, another program), the old changes no longer apply and are ignored.
 * Compaction (campaign-db.ts) folds the changes into a new snapshot once they outgrow it, so the file stays
 * bounded and opening stays linear. Validation here is per change: only the records an edit touches are checked
 * (with the references into the library), never the whole campaign.
 */
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import type { CampaignFile } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import { campaignFileSchema, encounterPlanSchema, firstIssue, sessionIndexEntrySchema, statBlockRecordSchema } from './campaign-file-schema'
import { jsonSyntaxProblem, MAX_JSON_DEPTH, textDepth, tooDeepAt, tooDeepError } from './json-text'

export const CHANGES_KIND = 'gm-console.campaign-changes'
export const CHANGES_SCHEMA_VERSION = 1

export const COLLECTIONS = ['library', 'encounters', 'sessions'] as const
export type Collection = (typeof COLLECTIONS)[number]
const FIELDS = ['name', 'systemId', 'systemSettings', 'playerDisplay', 'importAnswers', 'party', 'createdAt', 'updatedAt', 'lastOpened'] as const
type Field = (typeof FIELDS)[number]

type Rec = { id: string }
export type Op = { put: Collection; value: Rec } | { del: Collection; id: string } | { set: Field | Collection; value: unknown }

export const hashOf = (bytes: string | Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

export const changesHeader = (base: string): string => `${JSON.stringify({ kind: CHANGES_KIND, schemaVersion: CHANGES_SCHEMA_VERSION, base })}\n`
export const changeLine = (at: string, ops: readonly Op[]): string => `${JSON.stringify({ at, ops })}\n`

/** ops written out before their average size may tell that a change is far too large for a line */
const SIZE_SAMPLE = 16

/**
 * `changeLine(at, ops)` when it is at most `maxBytes` long, else null: found without writing out the whole line of a
 * large change (a compendium's thousands of stat blocks), which is written as the new campaign.json instead
 * (campaign-db.ts `commit`). The ops are written one by one, and the counting stops once they are too long, or
 * once the first ones, at their average size, make the whole change more than twice too long (null then too:
 * the change is written as a snapshot, the same campaign on disk; a compendium is not written out twice).
 */
export function changeLineWithin(at: string, ops: readonly Op[], maxBytes: number): string | null {
  const parts: string[] = []
  // a string's length never exceeds its UTF-8 bytes: a line this long already is too long
  let length = 0
  for (let i = 0; i < ops.length; i++) {
    const part = JSON.stringify(ops[i])
    length += part.length + 1
    if (length > maxBytes) return null
    if (i + 1 === SIZE_SAMPLE && (length / SIZE_SAMPLE) * ops.length > 2 * maxBytes) return null
    parts.push(part)
  }
  const line = `{"at":${JSON.stringify(at)},"ops":[${parts.join(',')}]}\n`
  return Buffer.byteLength(line) > maxBytes ? null : line
}

/** where each record of a collection stands, by id */
export type Positions = Record<Collection, Map<string, number>>

export const positionsOf = (data: CampaignFile): Positions => ({
  library: new Map(data.library.map((r, i) => [r.id, i])),
  encounters: new Map(data.encounters.map((r, i) => [r.id, i])),
  sessions: new Map(data.sessions.map((r, i) => [r.id, i])),
})

export interface ParsedChanges {
  /** the edits after the header, in order (empty when the file follows another snapshot) */
  changes: Op[][]
  /** the header names another snapshot: these changes are already in campaign.json or were replaced */
  stale: boolean
  /** bytes up to the end of the last whole line (a torn last line lies beyond) */
  goodBytes: number
  /** a last line a crash cut short */
  torn: boolean
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isCollection = (v: unknown): v is Collection => (COLLECTIONS as readonly unknown[]).includes(v)
const isSettable = (v: unknown): v is Field | Collection => isCollection(v) || (FIELDS as readonly unknown[]).includes(v)

function checkOp(op: unknown): string | null {
  if (!isObject(op)) return 'an op must be an object'
  if ('put' in op) return isCollection(op.put) && isObject(op.value) && typeof op.value.id === 'string' ? null : 'a "put" needs a collection and a record with an id'
  if ('del' in op) return isCollection(op.del) && typeof op.id === 'string' ? null : 'a "del" needs a collection and an id'
  if ('set' in op) return isSettable(op.set) && 'value' in op ? null : 'a "set" needs a field and a value'
  return 'unknown op'
}

/** Parse the changes file. `base` is the hash of campaign.json's bytes. Errors name `path` and the line. */
export function parseChanges(text: string, path: string, base: string): Result<ParsedChanges> {
  const lines = text.split('\n')
  // the text after the last newline is a line a crash cut short (or nothing)
  const tail = lines.pop() ?? ''
  const torn = tail.length > 0
  const goodBytes = Buffer.byteLength(text) - Buffer.byteLength(tail)
  if (lines.length === 0) {
    // not even the header is whole: a crash while the file was first written (it is written atomically, so only by hand)
    return ok({ changes: [], stale: true, goodBytes: 0, torn })
  }
  let header: unknown
  try {
    header = JSON.parse(lines[0])
  } catch (e) {
    return err('damaged', `${path}: line 1 (header) is ${jsonSyntaxProblem(e, lines[0])}`, 'line.1')
  }
  if (!isObject(header) || header.kind !== CHANGES_KIND) return err('damaged', `${path}: line 1 is not the header of a campaign changes file`, 'line.1')
  const version = header.schemaVersion
  if (typeof version === 'number' && version > CHANGES_SCHEMA_VERSION) {
    return err('newer-version', `${path} was written by a newer GM Console (schemaVersion ${version}; this version reads up to ${CHANGES_SCHEMA_VERSION})`, 'schemaVersion')
  }
  if (version !== CHANGES_SCHEMA_VERSION || typeof header.base !== 'string') return err('damaged', `${path}: line 1 (header) needs schemaVersion ${CHANGES_SCHEMA_VERSION} and a base`, 'line.1')
  if (header.base !== base) return ok({ changes: [], stale: true, goodBytes, torn })
  const changes: Op[][] = []
  for (let i = 1; i < lines.length; i++) {
    const where = `${path}: line ${i + 1}`
    if (textDepth(lines[i]) > MAX_JSON_DEPTH) return err('damaged', `${where} is nested deeper than ${MAX_JSON_DEPTH} levels`, `line.${i + 1}`)
    let raw: unknown
    try {
      raw = JSON.parse(lines[i])
    } catch (e) {
      return err('damaged', `${where} is ${jsonSyntaxProblem(e, lines[i])}`, `line.${i + 1}`)
    }
    if (!isObject(raw) || !Array.isArray(raw.ops)) return err('damaged', `${where}: expected {"at", "ops": [...]}`, `line.${i + 1}`)
    for (const [j, op] of raw.ops.entries()) {
      const problem = checkOp(op)
      if (problem) return err('damaged', `${where}: ops.${j}: ${problem}`, `line.${i + 1}`)
    }
    changes.push(raw.ops as Op[])
  }
  return ok({ changes, stale: false, goodBytes, torn })
}

/**
 * Apply ops to `data`. `inPlace`: the arrays are private (a campaign being read) and are changed as they are;
 * otherwise each touched collection is copied first (the current state stays as it was). `pos` is updated.
 */
export function applyOps(data: CampaignFile, pos: Positions, ops: readonly Op[], inPlace = false): CampaignFile {
  const out = inPlace ? data : { ...data }
  const copied = new Set<Collection>()
  const arrayOf = (c: Collection): Rec[] => {
    if (!inPlace && !copied.has(c)) {
      ;(out as unknown as Record<Collection, Rec[]>)[c] = [...out[c]]
      copied.add(c)
    }
    return out[c] as Rec[]
  }
  const removed = new Map<Collection, Set<string>>()
  for (const op of ops) {
    if ('put' in op) {
      const arr = arrayOf(op.put)
      const at = pos[op.put].get(op.value.id)
      removed.get(op.put)?.delete(op.value.id)
      if (at !== undefined) arr[at] = op.value
      else {
        pos[op.put].set(op.value.id, arr.length)
        arr.push(op.value)
      }
    } else if ('del' in op) {
      if (!pos[op.del].has(op.id)) continue
      arrayOf(op.del)
      const set = removed.get(op.del) ?? new Set<string>()
      set.add(op.id)
      removed.set(op.del, set)
    } else if (isCollection(op.set)) {
      ;(out as unknown as Record<Collection, unknown>)[op.set] = op.value
      copied.add(op.set)
      removed.delete(op.set)
      pos[op.set] = new Map((Array.isArray(op.value) ? (op.value as Rec[]) : []).map((r, i) => [r?.id, i]))
    } else (out as unknown as Record<string, unknown>)[op.set] = op.value
  }
  for (const [c, gone] of removed) {
    if (gone.size === 0) continue
    const kept = (out[c] as Rec[]).filter((r) => !gone.has(r.id))
    ;(out as unknown as Record<Collection, Rec[]>)[c] = kept
    pos[c] = new Map(kept.map((r, i) => [r.id, i]))
  }
  return out
}

/** a value sits 3 levels down in its line ({"ops": [{"value": ...}]}), and a line may nest MAX_JSON_DEPTH deep */
const VALUE_DEPTH = MAX_JSON_DEPTH - 3

/**
 * The common edit, found without building anything per record: the same records at the same places, some
 * replaced by a record of the same id, and new ones (ids not taken) after them. The changed ones by id → place in
 * `after`, or null when the edit is anything else (removals, reordering: the general path).
 */
function inPlaceOrAppended(before: readonly Rec[], after: readonly unknown[], pos: Map<string, number>): Map<string, number> | null {
  if (after.length < before.length) return null
  const puts = new Map<string, number>()
  for (let i = 0; i < before.length; i++) {
    const rec = after[i]
    if (rec === before[i]) continue
    if (!isObject(rec) || rec.id !== before[i].id) return null
    puts.set(rec.id, i)
  }
  for (let i = before.length; i < after.length; i++) {
    const rec = after[i]
    if (!isObject(rec) || typeof rec.id !== 'string' || pos.has(rec.id) || puts.has(rec.id)) return null
    puts.set(rec.id, i)
  }
  return puts
}

const RECORD_SCHEMAS: Record<Collection, z.ZodType> = { library: statBlockRecordSchema, encounters: encounterPlanSchema, sessions: sessionIndexEntrySchema }

export interface Diff {
  ops: Op[]
  /** the edit removes something (a record, a party member): the store backs the campaign up first */
  removes: boolean
}

/** `prefix.<first issue>` as an `invalid` error */
function invalidAt(error: z.ZodError, prefix: string): Result<never> {
  const issue = firstIssue(error)
  const field = issue.field ? `${prefix}.${issue.field}` : prefix
  return err('invalid', issue.message.replace(/^[^:]*:/, `${field}:`), field)
}

/**
 * The ops that turn `current` into `next`, each changed record validated (and parsed: the op holds zod's copy,
 * never the caller's object), with the references into the library checked. Records are compared by identity:
 * an unchanged record is the same object (edits copy the file shallowly and replace what they change).
 * Reordering a collection, or anything the cheap path cannot tell, falls back to a whole, fully validated file.
 */
export function diffCampaign(current: CampaignFile, pos: Positions, next: CampaignFile): Result<Diff> {
  const ops: Op[] = []
  let removes = false
  let whole = false
  const touched = new Map<Collection, { puts: Map<string, number>; dels: Set<string> }>()
  for (const c of COLLECTIONS) {
    const before = current[c] as Rec[]
    const after = next[c] as unknown
    if (after === before) continue
    if (!Array.isArray(after)) {
      whole = true
      break
    }
    const quick = inPlaceOrAppended(before, after, pos[c])
    if (quick) {
      touched.set(c, { puts: quick, dels: new Set() })
      continue
    }
    const puts = new Map<string, number>()
    const seen = new Set<string>()
    let last = -1
    let added = false
    let inOrder = true
    for (let i = 0; i < after.length; i++) {
      const rec = after[i] as unknown
      if (!isObject(rec) || typeof rec.id !== 'string' || seen.has(rec.id)) {
        whole = true
        break
      }
      seen.add(rec.id)
      const at = pos[c].get(rec.id)
      if (at === undefined) {
        added = true
        puts.set(rec.id, i)
      } else {
        if (added || at < last) inOrder = false
        last = at
        if (before[at] !== rec) puts.set(rec.id, i)
      }
    }
    if (whole || !inOrder) {
      whole = true
      break
    }
    const dels = new Set<string>()
    if (seen.size - [...puts.keys()].filter((id) => !pos[c].has(id)).length < before.length) {
      for (const r of before) if (!seen.has(r.id)) dels.add(r.id)
    }
    if (dels.size > 0) removes = true
    touched.set(c, { puts, dels })
  }
  if (whole) return wholeFile(current, next)

  // the records each edit touched: validated one by one, named by their place in `next`
  for (const [c, { puts, dels }] of touched) {
    for (const id of dels) ops.push({ del: c, id })
    for (const [, i] of puts) {
      // before anything recursive (zod, the JSON writer) meets it
      const deep = tooDeepAt((next[c] as unknown[])[i], VALUE_DEPTH)
      if (deep) return tooDeepError([c, String(i), ...deep], 'invalid')
      const parsed = RECORD_SCHEMAS[c].safeParse((next[c] as unknown[])[i])
      if (!parsed.success) return invalidAt(parsed.error, `${c}.${i}`)
      ops.push({ put: c, value: parsed.data as Rec })
    }
  }
  const shape = campaignFileSchema.shape
  for (const f of FIELDS) {
    const a = current[f] as unknown
    const b = next[f] as unknown
    if (Object.is(a, b)) continue
    if (f === 'party' && Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i])) continue
    const deep = tooDeepAt(b, VALUE_DEPTH)
    if (deep) return tooDeepError([f, ...deep], 'invalid')
    const parsed = (shape[f] as z.ZodType).safeParse(b)
    if (!parsed.success) return invalidAt(parsed.error, f)
    if (f === 'party') {
      const kept = new Set(parsed.data as string[])
      if (current.party.some((p) => !kept.has(p))) removes = true
    }
    ops.push({ set: f, value: parsed.data })
  }

  // references into the library: the party, and the plans (all of them when a stat block went away)
  const lib = touched.get('library')
  const inLibrary = (id: string) => (pos.library.has(id) && !lib?.dels.has(id)) || (lib?.puts.has(id) ?? false)
  const party = next.party
  for (const [i, p] of party.entries()) {
    if (!inLibrary(p)) return err('invalid', `party.${i}: party member "${p}" is not in the library`, `party.${i}`)
  }
  const plans = touched.get('encounters')
  const checkAll = (lib?.dels.size ?? 0) > 0
  for (const [i, plan] of (next.encounters as Array<CampaignFile['encounters'][number]>).entries()) {
    if (!checkAll && !plans?.puts.has(plan.id)) continue
    for (const [j, entry] of plan.entries.entries()) {
      if (!inLibrary(entry.statBlockId)) {
        const field = `encounters.${i}.entries.${j}.statBlockId`
        return err('invalid', `${field}: stat block "${entry.statBlockId}" is not in the library`, field)
      }
    }
  }
  return ok({ ops, removes })
}

/** the slow, rare path: validate the whole next file and write each changed collection and field whole */
function wholeFile(current: CampaignFile, next: CampaignFile): Result<Diff> {
  const deep = tooDeepAt(next)
  if (deep) return tooDeepError(deep, 'invalid')
  const parsed = campaignFileSchema.safeParse({ ...next, schemaVersion: current.schemaVersion })
  if (!parsed.success) {
    const issue = firstIssue(parsed.error)
    return err('invalid', issue.message, issue.field || undefined)
  }
  const ops: Op[] = []
  let removes = false
  for (const c of COLLECTIONS) {
    if (next[c] === current[c]) continue
    const keep = new Set((parsed.data[c] as Rec[]).map((r) => r.id))
    if ((current[c] as Rec[]).some((r) => !keep.has(r.id))) removes = true
    ops.push({ set: c, value: parsed.data[c] })
  }
  for (const f of FIELDS) {
    if (Object.is(current[f], next[f])) continue
    if (f === 'party' && current.party.some((p) => !parsed.data.party.includes(p))) removes = true
    ops.push({ set: f, value: parsed.data[f] })
  }
  return ok({ ops, removes })
}

/**
 * campaign.json's parsed JSON (`raw`, from `bytes`) with the changes that follow it applied, without validation
 * (tools and tests that only read a name or an index entry); a damaged or stale changes text is left out.
 */
export function applyChangesLoose(raw: Record<string, unknown>, bytes: string | Uint8Array, changesText: string | null): Record<string, unknown> {
  const changes = changesText === null ? null : parseChanges(changesText, CHANGES_KIND, hashOf(bytes))
  if (!changes?.ok || changes.value.changes.length === 0) return raw
  const data = { ...raw } as unknown as CampaignFile
  for (const c of COLLECTIONS) data[c] = (Array.isArray(data[c]) ? [...data[c]] : []) as never
  try {
    const pos = positionsOf(data)
    let out = data
    for (const ops of changes.value.changes) out = applyOps(out, pos, ops, true)
    return out as unknown as Record<string, unknown>
  } catch {
    return raw
  }
}
