/**
 * Reading and writing `campaign.json` through lowdb with a validating, atomic adapter.
 * - read: parse → depth and key checks (no `__proto__` / `constructor` / `prototype` key) → version check → named
 *   migrations → zod validation. A damaged or newer file is refused with a
 *   `damaged` / `newer-version` error naming the file and the problem; the file is never touched.
 * - write: validate the new data (unless its owner vouches for it: `AdapterHooks.checked`), and refuse to overwrite
 *   the file if it changed on disk since we read it and is now damaged (read, validate, refuse); then write atomically.
 */
import { readFile, stat } from 'node:fs/promises'
import { Low, type Adapter } from 'lowdb'
import { CAMPAIGN_SCHEMA_VERSION, type CampaignFile } from '@shared/domain/campaign'
import { err, ok, type AppError, type Result } from '@shared/result'
import { writeFileAtomic } from './atomic-write'
import { hashOf } from './campaign-changes'
import { campaignFileSchema, firstIssue } from './campaign-file-schema'
import { MAX_JSON_DEPTH, parseJsonText, textDepth, tooDeepAt, tooDeepError, unsafeKeyAt, unsafeKeyError, unsafeKeyInText } from './json-text'
import { migrate } from './migrations'

export interface Parsed {
  data: CampaignFile
  /** set when the file was of an older version and migrated in memory */
  migration: { from: number; applied: string[] } | null
}

/** Validate already-parsed JSON of `campaign.json` (migrating older versions). `source` names it in errors. */
export function validateCampaignJson(raw: unknown, source: string, now: string): Result<Parsed> {
  const deep = tooDeepAt(raw)
  if (deep) return tooDeepError(deep, 'damaged', source)
  const unsafe = unsafeKeyAt(raw)
  return unsafe ? unsafeKeyError(unsafe, 'damaged', source) : validateShallow(raw, source, now)
}

/** validateCampaignJson for a value known to nest no deeper than MAX_JSON_DEPTH and to hold no unsafe key */
function validateShallow(raw: unknown, source: string, now: string): Result<Parsed> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return err('damaged', `${source}: expected a JSON object at the top level`)
  const outcome = migrate(raw as Record<string, unknown>, { now })
  if (outcome.kind === 'newer') {
    return err('newer-version', `${source} was written by a newer GM Console (schemaVersion ${outcome.version}; this version reads up to ${CAMPAIGN_SCHEMA_VERSION})`, 'schemaVersion')
  }
  if (outcome.kind === 'bad-version') return err('damaged', `${source}: ${outcome.message}`, 'schemaVersion')
  const parsed = campaignFileSchema.safeParse(outcome.data)
  if (!parsed.success) {
    const issue = firstIssue(parsed.error)
    return err('damaged', `${source}: ${issue.message}`, issue.field)
  }
  return ok({ data: parsed.data, migration: outcome.kind === 'migrated' ? { from: outcome.from, applied: outcome.applied } : null })
}

/** Parse the text of `campaign.json` (a leading UTF-8 BOM accepted). */
export function parseCampaignText(text: string, source: string, now: string): Result<Parsed> {
  const raw = parseJsonText(text, source)
  if (!raw.ok) return raw
  // the bracket scan of the text is cheap; the walk that finds the path runs only when it is too deep
  if (textDepth(text) > MAX_JSON_DEPTH) return validateCampaignJson(raw.value, source, now)
  const unsafe = unsafeKeyInText(text, raw.value)
  return unsafe ? unsafeKeyError(unsafe, 'damaged', source) : validateShallow(raw.value, source, now)
}

/**
 * campaign.json's text: compact JSON and a newline. Not indented: a library of thousands of stat blocks (a compendium
 * imported) is written in half the bytes and a third of the time, and read faster (issue 30); any JSON tool or
 * editor shows it indented. Older, indented files read the same.
 */
export const serializeCampaign = (data: CampaignFile): string => `${JSON.stringify(data)}\n`

/**
 * campaign.json's bytes: exactly `Buffer.from(serializeCampaign(data))`, made a record at a time. V8's JSON.stringify
 * returns a large result as a rope of small parts, which the UTF-8 encoding must first copy into one string: for a
 * compendium's campaign (2,000 stat blocks, 3.6 MB) that copy took longer than the encoding itself (issue 30). Each
 * record's text is short; they are encoded one after another into one buffer. The top level's arrays (the library,
 * encounters, sessions) are written by record, every other value as JSON.stringify writes it.
 */
export function campaignBytes(data: CampaignFile): Buffer {
  const parts: string[] = ['{']
  let first = true
  const top = data as unknown as Record<string, unknown>
  for (const key of Object.keys(top)) {
    const value = top[key]
    if (Array.isArray(value) && !('toJSON' in value)) {
      parts.push(first ? `${JSON.stringify(key)}:[` : `,${JSON.stringify(key)}:[`)
      for (let i = 0; i < value.length; i++) {
        if (i > 0) parts.push(',')
        // (as JSON.stringify writes an array: an entry it cannot write is null)
        parts.push(JSON.stringify(value[i]) ?? 'null')
      }
      parts.push(']')
    } else {
      const text = JSON.stringify(value)
      // (a property JSON.stringify leaves out: undefined, a function)
      if (text === undefined) continue
      parts.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`, text)
    }
    first = false
  }
  parts.push('}\n')
  let size = 0
  for (const p of parts) size += Buffer.byteLength(p)
  const bytes = Buffer.allocUnsafe(size)
  let at = 0
  for (const p of parts) at += bytes.write(p, at)
  return bytes
}

/** Thrown inside the lowdb adapter (lowdb has no Result), caught by the store and turned back into a Result. */
export class CampaignFileError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message)
  }
}

export interface AdapterHooks {
  now: () => string
  /** called with the file's original bytes before a migrated version replaces it */
  beforeMigrationWrite: (original: string, migration: NonNullable<Parsed['migration']>) => Promise<void>
  /**
   * true for a campaign its owner built only from validated parts (the store: a file it read and validated, changed by
   * ops each validated): written without validating the whole of it again. A compendium of 2,000 stat blocks
   * imported took 9 ms more, after the store had checked each of them (issue 30). Anything else is validated.
   */
  checked?: (data: CampaignFile) => boolean
}

/** lowdb adapter for `campaign.json`: validating reads, migrations, atomic writes, refuses to clobber damage. */
export class CampaignFileAdapter implements Adapter<CampaignFile> {
  /** size + mtime of the file as we last read or wrote it */
  private known: { size: number; mtimeMs: number } | null = null
  /** the hash and length of the bytes this adapter last wrote (the snapshot's base, without reading it back) */
  written: { hash: string; bytes: number } | null = null

  constructor(readonly filePath: string, private readonly hooks: AdapterHooks) {}

  async read(): Promise<CampaignFile | null> {
    let text: string
    try {
      text = await readFile(this.filePath, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw new CampaignFileError({ code: 'io', message: `${this.filePath}: ${(e as Error).message}` })
    }
    const parsed = parseCampaignText(text, this.filePath, this.hooks.now())
    if (!parsed.ok) {
      this.known = null
      throw new CampaignFileError(parsed.error)
    }
    if (parsed.value.migration) {
      await this.hooks.beforeMigrationWrite(text, parsed.value.migration)
      await writeFileAtomic(this.filePath, serializeCampaign(parsed.value.data))
    }
    await this.remember()
    return parsed.value.data
  }

  async write(data: CampaignFile): Promise<void> {
    const valid = this.hooks.checked?.(data) ? ({ success: true, data } as const) : campaignFileSchema.safeParse(data)
    if (!valid.success) {
      const issue = firstIssue(valid.error)
      throw new CampaignFileError({ code: 'invalid', message: issue.message, field: issue.field })
    }
    await this.refuseIfDamagedOnDisk()
    const bytes = campaignBytes(valid.data)
    this.written = null
    await writeFileAtomic(this.filePath, bytes)
    this.written = { hash: hashOf(bytes), bytes: bytes.length }
    await this.remember()
  }

  /** the file on disk is the one its owner read (size and time as stat gave them before the read): the next write
   *  need not read it again to make sure it can be overwritten */
  know(s: { size: number; mtimeMs: number }): void {
    this.known = { size: s.size, mtimeMs: s.mtimeMs }
  }

  /** true when the file on disk is not the one last read or written here (another program changed it) */
  async changedOnDisk(): Promise<boolean> {
    const s = await stat(this.filePath).catch(() => null)
    return !s || !this.known || s.size !== this.known.size || s.mtimeMs !== this.known.mtimeMs
  }

  private async remember(): Promise<void> {
    const s = await stat(this.filePath)
    this.known = { size: s.size, mtimeMs: s.mtimeMs }
  }

  private async refuseIfDamagedOnDisk(): Promise<void> {
    let s
    try {
      s = await stat(this.filePath)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return
      throw e
    }
    if (this.known && s.size === this.known.size && s.mtimeMs === this.known.mtimeMs) return
    // changed behind our back (or never read): only overwrite a file we can read
    const text = await readFile(this.filePath, 'utf8')
    const parsed = parseCampaignText(text, this.filePath, this.hooks.now())
    if (!parsed.ok) throw new CampaignFileError(parsed.error)
    if (parsed.value.migration) throw new CampaignFileError({ code: 'conflict', message: `${this.filePath} was replaced by an older version on disk; open the campaign again` })
  }
}

export const createCampaignDb = (filePath: string, hooks: AdapterHooks): Low<CampaignFile> =>
  new Low<CampaignFile>(new CampaignFileAdapter(filePath, hooks), null as unknown as CampaignFile)
