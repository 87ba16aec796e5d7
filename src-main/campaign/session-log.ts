/**
 * `sessions/<id>.ndjson`: an append-only log, one JSON object per line. Line 1 is the header
 * (`{ schemaVersion, kind: 'gm-console.session-log', sessionId, createdAt }`), every later line one event.
 * Appends never rewrite the file: the file handle stays open in append mode and each append is one write.
 * A change of several records (a command and its events, a launch) is one group (schemaVersion 2): the lines are
 * written in one write and each carries `tx: { id, i, n }` (its place i of n in the group). A kill can tear that
 * write; the reader then drops the whole group, reporting its lines as damaged, so a change lands whole or not at
 * all. A version-1 log has no groups (each line stands alone) and reads unchanged.
 * Durability (`sync`): 'background' (default) resolves an append once the line is written to the OS (it survives
 * an app crash) and datasyncs right after, coalescing syncs while appends keep coming, so a power loss can lose
 * at most the last few milliseconds; 'each' awaits a datasync per append; false never syncs (tests).
 * flush() and close() wait for the pending sync. A torn last line left by a crash is reported by readAll with its
 * line number, and the next append starts on a fresh line so it does not glue onto it.
 */
import { createHash } from 'node:crypto'
import { open, readFile, stat, type FileHandle } from 'node:fs/promises'
import { SESSION_LOG_SCHEMA_VERSION, type DamagedLine, type SessionLogContent, type SessionLogHeader, type SessionLogRecord } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import { fsyncDir } from './atomic-write'
import { firstIssue, sessionLogHeaderSchema } from './campaign-file-schema'
import { deeperThan, jsonSyntaxProblem, MAX_JSON_DEPTH, unsafeKeyInText, unsafeKeyProblem } from './json-text'
import { dirname } from 'node:path'

export interface SessionLogOptions {
  /** 'background' (default): datasync after the write without awaiting it; 'each': await it; false: never */
  sync?: 'background' | 'each' | false
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)

/** One record as one line, or an `invalid` error (not a plain object, cycles, BigInt...). */
export function encodeRecord(record: unknown): Result<string> {
  if (!isPlainObject(record)) return err('invalid', 'a session log record must be a plain JSON object', 'record')
  let text: string
  try {
    text = JSON.stringify(record)
  } catch (e) {
    return err('invalid', `the record is not JSON-serializable (${(e as Error).message})`, 'record')
  }
  return ok(`${text}\n`)
}

function checkHeader(line: string | undefined, path: string): Result<SessionLogHeader> {
  let raw: unknown
  try {
    raw = JSON.parse(line ?? '')
  } catch (e) {
    return err('damaged', `${path}: line 1 (header) is ${jsonSyntaxProblem(e, line ?? '')}`, 'line.1')
  }
  const unsafe = unsafeKeyInText(line ?? '', raw)
  if (unsafe) return err('damaged', `${path}: line 1 (header): ${unsafeKeyProblem(unsafe)}`, `header.${unsafe.join('.')}`)
  if (typeof raw === 'object' && raw !== null && typeof (raw as { schemaVersion?: unknown }).schemaVersion === 'number' && (raw as { schemaVersion: number }).schemaVersion > SESSION_LOG_SCHEMA_VERSION) {
    return err('newer-version', `${path} was written by a newer GM Console (schemaVersion ${(raw as { schemaVersion: number }).schemaVersion}; this version reads up to ${SESSION_LOG_SCHEMA_VERSION})`, 'schemaVersion')
  }
  const parsed = sessionLogHeaderSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error)
    return err('damaged', `${path}: line 1 (header): ${issue.message}`, issue.field ? `header.${issue.field}` : 'header')
  }
  return ok(parsed.data)
}

export interface TxMark {
  id: string
  i: number
  n: number
}

const txOf = (v: Record<string, unknown>): TxMark | null | undefined => {
  if (!('tx' in v)) return undefined
  const t = v.tx as Record<string, unknown> | null
  const good = isPlainObject(t) && typeof t.id === 'string' && Number.isSafeInteger(t.n) && (t.n as number) > 0 && Number.isSafeInteger(t.i) && (t.i as number) >= 0 && (t.i as number) < (t.n as number)
  return good ? (t as unknown as TxMark) : null
}

/**
 * Keeps the groups (`tx`) whole and drops those a crash cut short, as the lines come (one group held at a time). A
 * group is one write, so its n lines stand one after another, i = 0 to n-1, on consecutive line numbers; only such
 * a run counts. The lines of an unfinished group, and lines with a malformed `tx`, become damaged lines; `tx` is
 * taken off the rest (the records are the parser's own objects).
 */
class GroupSettler {
  readonly records: SessionLogRecord[] = []
  readonly lines: number[] = []
  /** the damaged lines of the whole log, in line order once `end` ran */
  readonly damaged: DamagedLine[] = []
  private late = false
  /** the group being read: its mark at its first line, and its records so far */
  private mark: TxMark | null = null
  private firstLine = 0
  private held: SessionLogRecord[] = []

  damage(d: DamagedLine): void {
    const n = this.damaged.length
    if (n > 0 && this.damaged[n - 1].line > d.line) this.late = true
    this.damaged.push(d)
  }

  take(record: SessionLogRecord, line: number): void {
    const m = txOf(record)
    const g = this.mark
    if (g && m && m.id === g.id && m.n === g.n && m.i === g.i + this.held.length && line === this.firstLine + this.held.length) {
      this.held.push(record)
      return
    }
    this.close()
    if (m === undefined) {
      this.records.push(record)
      this.lines.push(line)
    } else if (m === null) this.damage({ line, message: 'its "tx" group mark is malformed' })
    else {
      this.mark = { id: m.id, i: m.i, n: m.n }
      this.firstLine = line
      this.held.push(record)
    }
  }

  private close(): void {
    const g = this.mark
    if (!g) return
    const run = this.held.length
    if (g.i === 0 && run === g.n) {
      for (let j = 0; j < run; j++) {
        // `tx` is the last key the writer put in (encodeRecord({ ...record, tx })): deleting it keeps the object fast
        delete (this.held[j] as { tx?: unknown }).tx
        this.records.push(this.held[j])
        this.lines.push(this.firstLine + j)
      }
    } else for (let j = 0; j < run; j++) this.damage({ line: this.firstLine + j, message: `part of a change cut short (${run} of its ${g.n} lines written): left out whole` })
    this.mark = null
    this.held = []
  }

  end(): void {
    this.close()
    if (this.late) this.damaged.sort((a, b) => a.line - b.line)
  }
}

/** Parse a whole log. Damaged event lines are reported (1-based line numbers) and skipped; the rest is returned. */
export function parseSessionLog(text: string, path: string): Result<SessionLogContent> {
  // line by line without splitting the text first: a line's string is dropped as soon as it is parsed
  let from = text.indexOf('\n')
  const header = checkHeader(from === -1 ? text : text.slice(0, from), path)
  if (!header.ok) return header
  const out = new GroupSettler()
  for (let i = 1; from !== -1; i++) {
    const start = from + 1
    from = text.indexOf('\n', start)
    const line = text.slice(start, from === -1 ? text.length : from)
    // every line the app writes starts with `{`: only another line may be blank
    if (line.charCodeAt(0) !== 123 && line.trim() === '') continue
    try {
      if (deeperThan(line, MAX_JSON_DEPTH)) {
        out.damage({ line: i + 1, message: `nested deeper than ${MAX_JSON_DEPTH} levels` })
        continue
      }
      const value: unknown = JSON.parse(line)
      const unsafe = unsafeKeyInText(line, value)
      // a key naming a prototype: the line is damaged, reported in its place (issue 14)
      if (unsafe) out.damage({ line: i + 1, message: unsafeKeyProblem(unsafe) })
      else if (isPlainObject(value)) out.take(value, i + 1)
      else out.damage({ line: i + 1, message: 'not a JSON object' })
    } catch (e) {
      out.damage({ line: i + 1, message: jsonSyntaxProblem(e, line) })
    }
  }
  out.end()
  return ok({ header: header.value, records: out.records, lines: out.lines, damaged: out.damaged })
}

export async function readSessionLog(path: string): Promise<Result<SessionLogContent>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    return err(code === 'ENOENT' ? 'not-found' : 'io', `${path}: ${(e as Error).message}`)
  }
  return parseSessionLog(text, path)
}

/** An open session log. Appends are serialized; call close() when the session ends. */
export class SessionLog {
  private queue: Promise<unknown> = Promise.resolve()
  private closed = false
  /** background sync: the running sync loop, whether lines were written since it started, its last error */
  private syncing: Promise<void> | null = null
  private dirty = false
  private syncError: Error | null = null

  private constructor(
    readonly path: string,
    readonly header: SessionLogHeader,
    private readonly handle: FileHandle,
    private needsNewline: boolean,
    private readonly sync: 'background' | 'each' | false,
  ) {}

  /** Create a new log with its header line; `conflict` if the file exists. */
  static async create(path: string, header: SessionLogHeader, opts: SessionLogOptions = {}): Promise<Result<SessionLog>> {
    const checked = sessionLogHeaderSchema.safeParse(header)
    if (!checked.success) {
      const issue = firstIssue(checked.error)
      return err('invalid', issue.message, `header.${issue.field}`)
    }
    let handle: FileHandle
    try {
      handle = await open(path, 'wx')
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      return err(code === 'EEXIST' ? 'conflict' : 'io', `${path}: ${(e as Error).message}`)
    }
    try {
      await handle.write(`${JSON.stringify(checked.data)}\n`)
      await handle.sync()
      await handle.close()
      await fsyncDir(dirname(path))
    } catch (e) {
      await handle.close().catch(() => undefined)
      return err('io', `${path}: ${(e as Error).message}`)
    }
    return SessionLog.open(path, opts)
  }

  /** Open an existing log for appending (reads only the header and the last byte). */
  static async open(path: string, opts: SessionLogOptions = {}): Promise<Result<SessionLog>> {
    let handle: FileHandle
    try {
      await stat(path) // 'a+' would create a missing file
      handle = await open(path, 'a+')
    } catch (e) {
      return err((e as NodeJS.ErrnoException).code === 'ENOENT' ? 'not-found' : 'io', `${path}: ${(e as Error).message}`)
    }
    try {
      const { size } = await handle.stat()
      const head = Buffer.alloc(Math.min(size, 64 * 1024))
      await handle.read(head, 0, head.length, 0)
      const firstLine = head.toString('utf8').split('\n')[0]
      const header = checkHeader(firstLine, path)
      if (!header.ok) {
        await handle.close()
        return header
      }
      const last = Buffer.alloc(1)
      if (size > 0) await handle.read(last, 0, 1, size - 1)
      return ok(new SessionLog(path, header.value, handle, size > 0 && last[0] !== 0x0a, opts.sync ?? 'background'))
    } catch (e) {
      await handle.close().catch(() => undefined)
      return err('io', `${path}: ${(e as Error).message}`)
    }
  }

  /** Append one record as one line. */
  append(record: SessionLogRecord): Promise<Result<void>> {
    return this.appendAll([record])
  }

  /**
   * Append records as one change, in one write: a single record as a plain line, several as a group (each line
   * marked `tx: { id, i, n }`) that the reader keeps only whole.
   */
  appendAll(records: readonly SessionLogRecord[]): Promise<Result<void>> {
    if (records.length === 0) return Promise.resolve(ok(undefined))
    const plain: string[] = []
    for (const [i, record] of records.entries()) {
      const line = encodeRecord(record)
      if (!line.ok) return Promise.resolve(err(line.error.code, line.error.message, records.length > 1 ? `records.${i}` : line.error.field))
      plain.push(line.value)
    }
    // the group's id: a digest of its lines (the same change written again gets the same lines, so ids stay stable)
    const id = records.length > 1 ? createHash('sha256').update(plain.join('')).digest('hex').slice(0, 12) : ''
    const parts: string[] = []
    for (const [i, record] of records.entries()) {
      const line = records.length > 1 ? encodeRecord({ ...record, tx: { id, i, n: records.length } }) : ok(plain[i])
      if (!line.ok) return Promise.resolve(err(line.error.code, line.error.message, records.length > 1 ? `records.${i}` : line.error.field))
      parts.push(line.value)
    }
    const body = parts.join('')
    const run = async (): Promise<Result<void>> => {
      if (this.closed) return err('io', `${this.path}: the session log is closed`)
      if (this.syncError) return err('io', `${this.path}: syncing to disk failed: ${this.syncError.message}`)
      try {
        const text = Buffer.from(this.needsNewline ? `\n${body}` : body, 'utf8')
        const { bytesWritten } = await this.handle.write(text)
        if (bytesWritten !== text.length) {
          this.needsNewline = true
          return err('io', `${this.path}: only ${bytesWritten} of ${text.length} bytes were written`)
        }
        this.needsNewline = false
        if (this.sync === 'each') await this.handle.datasync()
        else if (this.sync === 'background') this.syncSoon()
        return ok(undefined)
      } catch (e) {
        return err('io', `${this.path}: ${(e as Error).message}`)
      }
    }
    const next = this.queue.then(run, run)
    this.queue = next
    return next
  }

  /** start the background sync loop (one datasync at a time; repeats while new lines arrived meanwhile) */
  private syncSoon(): void {
    this.dirty = true
    if (this.syncing) return
    this.syncing = (async () => {
      while (this.dirty) {
        this.dirty = false
        try {
          await this.handle.datasync()
        } catch (e) {
          this.syncError = e as Error
          return
        }
      }
    })().finally(() => {
      this.syncing = null
    })
  }

  /** resolves when every append made so far is written and (unless sync is false) synced to disk */
  async flush(): Promise<void> {
    await this.queue.catch(() => undefined)
    while (this.syncing) await this.syncing
  }

  readAll(): Promise<Result<SessionLogContent>> {
    return this.queue.then(() => readSessionLog(this.path))
  }

  async close(): Promise<void> {
    if (this.closed) return
    await this.flush()
    this.closed = true
    await this.handle.close()
  }
}
