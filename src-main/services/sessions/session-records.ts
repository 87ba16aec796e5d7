/**
 * The records of a session log (`sessions/<id>.ndjson`, one JSON object per line after the store's header line).
 * The format is documented at the top of session-service.ts and in docs/data-format.md. Every record has
 * `kind` and `at` (ISO-8601). Records are appended, never rewritten: undo/redo are records of their own.
 */
import { z } from 'zod'
import type { EventRecord } from '@shared/domain/encounter'

const at = z.string().min(1)
const side = z.enum(['party', 'allies', 'enemies', 'neutral'])

export const eventRecordSchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  batch: z.number().int(),
  event: z.object({ type: z.string() }).catchall(z.unknown()),
  status: z.enum(['active', 'undone', 'discarded']),
})

export const sessionRecordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session.started'), at, sessionId: z.string(), title: z.string(), date: z.string(), notes: z.string() }),
  z.object({ kind: z.literal('session.ended'), at }),
  z.object({ kind: z.literal('note'), at, text: z.string(), gmOnly: z.boolean() }),
  z.object({
    kind: z.literal('roll'),
    at,
    notation: z.string(),
    label: z.string().optional(),
    dice: z.array(z.object({ die: z.string(), value: z.union([z.number(), z.string()]), manual: z.boolean().optional() })),
    total: z.number(),
    hidden: z.boolean(),
    seed: z.string(),
  }),
  z.object({ kind: z.literal('rest'), at, who: z.string(), restKind: z.enum(['short', 'long', 'healing', 'other']), amount: z.number().optional(), text: z.string(), gmOnly: z.boolean() }),
  z.object({ kind: z.literal('pool'), at, pool: z.string(), delta: z.number(), reason: z.string(), gmOnly: z.boolean() }),
  z.object({ kind: z.literal('encounter.started'), at, encounterId: z.string(), planId: z.string().nullable(), name: z.string(), systemId: z.string(), seed: z.string() }),
  z.object({ kind: z.literal('encounter.command'), at, encounterId: z.string(), batch: z.number().int(), command: z.object({ type: z.string() }).catchall(z.unknown()) }),
  z.object({ kind: z.literal('encounter.event'), at, encounterId: z.string(), record: eventRecordSchema }),
  z.object({ kind: z.literal('encounter.undo'), at, encounterId: z.string(), batch: z.number().int() }),
  z.object({ kind: z.literal('encounter.redo'), at, encounterId: z.string(), batch: z.number().int() }),
  z.object({ kind: z.literal('encounter.display'), at, encounterId: z.string(), side, mode: z.enum(['exact', 'descriptor', 'hidden']) }),
  z.object({ kind: z.literal('encounter.carried'), at, encounterId: z.string() }),
  z.object({ kind: z.literal('encounter.ended'), at, encounterId: z.string() }),
  z.object({ kind: z.literal('encounter.shown'), at, encounterId: z.string(), shown: z.boolean() }),
  z.object({
    kind: z.literal('encounter.resumed'),
    at,
    encounterId: z.string(),
    fromSessionId: z.string(),
    planId: z.string().nullable(),
    name: z.string(),
    systemId: z.string(),
    seed: z.string(),
    records: z.array(eventRecordSchema),
    display: z.partialRecord(side, z.enum(['exact', 'descriptor', 'hidden'])),
    /** on the player display when its session ended (issue 27; absent: not shown) */
    shown: z.boolean().optional(),
  }),
])

export type SessionRecord = z.infer<typeof sessionRecordSchema>
export type SessionRecordKind = SessionRecord['kind']
export type RecordOf<K extends SessionRecordKind> = Extract<SessionRecord, { kind: K }>

/** typed view of an `encounter.event` record's payload */
export const asEventRecord = (r: RecordOf<'encounter.event'>): EventRecord => r.record as EventRecord

const str = (v: unknown) => typeof v === 'string'
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
const bool = (v: unknown) => typeof v === 'boolean'
const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const optional = (f: (v: unknown) => boolean) => (v: unknown) => v === undefined || f(v)

/** the fields each kind needs, checked by hand: a long log is read without a zod parse per line */
const QUICK: Record<SessionRecordKind, Record<string, (v: unknown) => boolean>> = {
  'session.started': { sessionId: str, title: str, date: str, notes: str },
  'session.ended': {},
  note: { text: str, gmOnly: bool },
  roll: { notation: str, label: optional(str), dice: Array.isArray, total: num, hidden: bool, seed: str },
  rest: { who: str, restKind: (v) => v === 'short' || v === 'long' || v === 'healing' || v === 'other', amount: optional(num), text: str, gmOnly: bool },
  pool: { pool: str, delta: num, reason: str, gmOnly: bool },
  'encounter.started': { encounterId: str, planId: (v) => v === null || str(v), name: str, systemId: str, seed: str },
  'encounter.command': { encounterId: str, batch: Number.isSafeInteger, command: (v) => obj(v) && str(v.type) },
  'encounter.event': {
    encounterId: str,
    record: (v) => obj(v) && Number.isSafeInteger(v.seq) && str(v.at) && Number.isSafeInteger(v.batch) && obj(v.event) && str(v.event.type) && (v.status === 'active' || v.status === 'undone' || v.status === 'discarded'),
  },
  'encounter.undo': { encounterId: str, batch: Number.isSafeInteger },
  'encounter.redo': { encounterId: str, batch: Number.isSafeInteger },
  'encounter.display': { encounterId: str, side: (v) => v === 'party' || v === 'allies' || v === 'enemies' || v === 'neutral', mode: (v) => v === 'exact' || v === 'descriptor' || v === 'hidden' },
  'encounter.carried': { encounterId: str },
  'encounter.ended': { encounterId: str },
  'encounter.shown': { encounterId: str, shown: bool },
  // rare and carrying a whole encounter: always the full zod check
  'encounter.resumed': { kind: () => false },
}

function quickCheck(r: Record<string, unknown>): boolean {
  if (!str(r.kind) || !str(r.at) || r.at === '' || !Object.hasOwn(QUICK, r.kind as string)) return false
  const fields = QUICK[r.kind as SessionRecordKind]
  for (const f in fields) if (!fields[f](r[f])) return false
  if (r.kind === 'roll') return (r.dice as unknown[]).every((d) => obj(d) && str(d.die) && (num(d.value) || str(d.value)) && optional(bool)(d.manual))
  return true
}

/** records of a log and the line each stands on, as two columns (no object per line: a long log is read faster) */
export interface RecordLines {
  records: SessionRecord[]
  lines: number[]
}

/** lines as columns, or as one `{ line, record }` per line */
export type SomeLines = RecordLines | ReadonlyArray<{ line: number; record: SessionRecord }>

export const asColumns = (ls: SomeLines): RecordLines =>
  isColumns(ls) ? ls : { records: ls.map((l) => l.record), lines: ls.map((l) => l.line) }

const isColumns = (ls: SomeLines): ls is RecordLines => !Array.isArray(ls)

/** the lines of `ls` whose number is not in `out` */
export function withoutLines(ls: RecordLines, out: ReadonlySet<number>): RecordLines {
  const kept: RecordLines = { records: [], lines: [] }
  for (let i = 0; i < ls.lines.length; i++) {
    if (out.has(ls.lines[i])) continue
    kept.records.push(ls.records[i])
    kept.lines.push(ls.lines[i])
  }
  return kept
}

/**
 * Check the raw records of a log; unknown or malformed records are reported with their line number: `lines` is
 * either the line of the first record (header = 1, the records on the lines after it) or the line of each record.
 */
export function checkSessionRecords(raw: ReadonlyArray<Record<string, unknown>>, lines: number | readonly number[] = 2): { kept: RecordLines; problems: Array<{ line: number; message: string }> } {
  const kept: RecordLines = { records: [], lines: [] }
  const problems: Array<{ line: number; message: string }> = []
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i]
    const line = typeof lines === 'number' ? lines + i : (lines[i] ?? 2 + i)
    if (quickCheck(r)) {
      kept.records.push(r as unknown as SessionRecord)
      kept.lines.push(line)
      continue
    }
    const parsed = sessionRecordSchema.safeParse(r)
    if (parsed.success) {
      kept.records.push(parsed.data)
      kept.lines.push(line)
    } else problems.push({ line, message: parsed.error.issues.map((x) => `${x.path.join('.') || '(record)'}: ${x.message}`).join('; ') })
  }
  return { kept, problems }
}

/** `checkSessionRecords` with one `{ line, record }` per line */
export function parseSessionRecords(raw: ReadonlyArray<Record<string, unknown>>, lines: number | readonly number[] = 2): { records: Array<{ line: number; record: SessionRecord }>; problems: Array<{ line: number; message: string }> } {
  const { kept, problems } = checkSessionRecords(raw, lines)
  return { records: kept.records.map((record, i) => ({ line: kept.lines[i], record })), problems }
}
