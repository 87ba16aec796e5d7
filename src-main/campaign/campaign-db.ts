/**
 * One campaign as the store holds it (issue 13): the snapshot `campaign.json` plus its changes file
 * (`campaign.changes.ndjson`, format in campaign-changes.ts), read and validated once, then kept in memory, deeply
 * frozen, so an edit can share every record it does not change. A write appends one line (one write and a
 * datasync: atomic, its cost independent of the campaign's size); once the changes outgrow the snapshot they
 * are folded into a new one (written atomically, the changes file removed after). The campaign in memory is a lowdb
 * document (`Low`), and the snapshot is written by lowdb through the validating adapter of campaign-file.ts (which
 * refuses to overwrite a file it cannot read); the changes file is the journal in between. Reading writes nothing, except
 * the one-time migration of an older campaign.json (its original bytes kept as a `migration` backup first).
 * A damaged or newer file is refused and never written.
 */
import { open, readFile, rm, stat, truncate } from 'node:fs/promises'
import { join } from 'node:path'
import type { Low } from 'lowdb'
import type { CampaignFile } from '@shared/domain/campaign'
import { err, ok, type Result } from '@shared/result'
import { writeFileAtomic } from './atomic-write'
import { applyChangesLoose, applyOps, changeLineWithin, COLLECTIONS, changesHeader, hashOf, parseChanges, positionsOf, type Op, type Positions } from './campaign-changes'
import { createCampaignDb, parseCampaignText, serializeCampaign, type CampaignFileAdapter, type Parsed } from './campaign-file'
import { campaignFileSchema, firstIssue } from './campaign-file-schema'
import { CAMPAIGN_FILE, CHANGES_FILE } from './paths'

/** the changes file is folded into campaign.json once it is larger than this and than the snapshot */
export const COMPACT_MIN_BYTES = 512 * 1024

export interface ReadHooks {
  now: () => string
  /** compact once the changes file is larger than this (default: COMPACT_MIN_BYTES and campaign.json's size) */
  compactAfterBytes?: number
  /** called with the file's original bytes before a migrated version replaces it; without it, an older file is
   *  migrated in memory only (the list) */
  beforeMigrationWrite?: (original: Uint8Array, migration: NonNullable<Parsed['migration']>) => Promise<void>
}

type FileStat = { size: number; mtimeMs: number; ino: number } | null

const statOf = async (path: string): Promise<FileStat> => {
  const s = await stat(path).catch(() => null)
  return s ? { size: s.size, mtimeMs: s.mtimeMs, ino: s.ino } : null
}
const sameStat = (a: FileStat, b: FileStat): boolean => (a === null ? b === null : b !== null && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino)

/** freeze a value and everything in it, stopping at what is frozen already (shared, unchanged records). Arrays by
 *  index and objects by `for…in` (own keys), only objects stacked: no key list per object (an import of 2,000 stat
 *  blocks freezes some 100,000 objects; issue 30) */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null || Object.isFrozen(v)) continue
    Object.freeze(v)
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i]
        if (typeof x === 'object' && x !== null) stack.push(x)
      }
    } else {
      const o = v as Record<string, unknown>
      for (const k in o) {
        if (!Object.hasOwn(o, k)) continue
        const x = o[k]
        if (typeof x === 'object' && x !== null) stack.push(x)
      }
    }
  }
  return value
}

export const changesPathOf = (dir: string): string => join(dir, CHANGES_FILE)

/** read campaign.json and its changes (no cache; nothing written unless an older version is migrated with a backup hook) */
export async function readCampaignFolder(dir: string, hooks: ReadHooks): Promise<Result<FolderRead>> {
  const file = join(dir, CAMPAIGN_FILE)
  let bytes: Buffer
  // the file's size and time, taken before it is read: a change made after this (during the read or later) changes
  // its time, so the first snapshot written over it sees it and reads the file again
  const before = await statOf(file)
  try {
    bytes = await readFile(file)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    return err(code === 'ENOENT' ? 'damaged' : 'io', `${file}: ${code === 'ENOENT' ? 'the file is missing' : (e as Error).message}`)
  }
  const parsed = parseCampaignText(bytes.toString('utf8'), file, hooks.now())
  if (!parsed.ok) return parsed
  let data = parsed.value.data
  if (parsed.value.migration && hooks.beforeMigrationWrite) {
    await hooks.beforeMigrationWrite(bytes, parsed.value.migration)
    bytes = Buffer.from(serializeCampaign(data))
    await writeFileAtomic(file, bytes)
    // changes written after an older snapshot cannot exist; whatever is there no longer applies
    await rm(changesPathOf(dir), { force: true })
  }
  const base = hashOf(bytes)
  // (a file rewritten by the migration, or that was not the one stat saw, is not vouched for)
  const snapshotStat = before && !parsed.value.migration && before.size === bytes.length ? { size: before.size, mtimeMs: before.mtimeMs } : null
  const path = changesPathOf(dir)
  let text: string | null = null
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return err('io', `${path}: ${(e as Error).message}`)
  }
  if (text === null) return ok({ data, base, snapshotBytes: bytes.length, changesBytes: 0, torn: null, snapshotStat })
  const changes = parseChanges(text, path, base)
  if (!changes.ok) return changes
  const { stale, torn, goodBytes } = changes.value
  if (stale) return ok({ data, base, snapshotBytes: bytes.length, changesBytes: 0, torn: null, snapshotStat })
  if (changes.value.changes.length > 0) {
    const pos = positionsOf(data)
    for (const ops of changes.value.changes) data = applyOps(data, pos, ops, true)
    const valid = campaignFileSchema.safeParse(data)
    if (!valid.success) return err('damaged', `${path}: after its changes, ${firstIssue(valid.error).message}`, firstIssue(valid.error).field || undefined)
    data = valid.data
  }
  return ok({ data, base, snapshotBytes: bytes.length, changesBytes: goodBytes, torn: torn ? goodBytes : null, snapshotStat })
}

export interface FolderRead {
  data: CampaignFile
  base: string
  snapshotBytes: number
  changesBytes: number
  torn: number | null
  /** campaign.json's size and time as stat gave them before it was read (null: not known to be the bytes read) */
  snapshotStat: { size: number; mtimeMs: number } | null
}

export class CampaignDb {
  /** lowdb's document: `low.data` is the campaign as it is now; `low.write()` writes the snapshot (compaction) */
  private readonly low: Low<CampaignFile>
  /** lastOpened was set in memory by opening and is not on disk yet (it goes with the next write, or at close) */
  openedPending = false
  private pos: Positions
  /** the states of the campaign known valid: the one read (validated whole), and each made from one of them by
   *  validated ops (commit's contract; diffCampaign validates every record and field it changes). Frozen, so they stay
   *  valid: the adapter writes them without validating them again (AdapterHooks.checked) */
  private readonly checked = new WeakSet<CampaignFile>()
  private known: { snapshot: FileStat; changes: FileStat } = { snapshot: null, changes: null }

  private constructor(
    readonly dir: string,
    data: CampaignFile,
    private base: string,
    private snapshotBytes: number,
    /** bytes of the changes file that follow `base` (0: none yet, or a stale one that the next write replaces) */
    private changesBytes: number,
    /** a torn last line starts here: cut off before the next append */
    private torn: number | null,
    private readonly compactAfterBytes: number | undefined,
    now: () => string,
    snapshotStat: FolderRead['snapshotStat'],
  ) {
    // the adapter only writes here (the folder was read with its changes above); an older file was migrated then
    this.low = createCampaignDb(join(dir, CAMPAIGN_FILE), { now, beforeMigrationWrite: async () => undefined, checked: (d) => this.checked.has(d) })
    // the file the adapter writes over is the one read here: its first write need not read and validate it again (a
    // compendium imported into a large campaign read the whole campaign once more; issue 30)
    if (snapshotStat) (this.low.adapter as CampaignFileAdapter).know(snapshotStat)
    this.low.data = deepFreeze(data)
    this.checked.add(this.low.data)
    this.pos = positionsOf(data)
  }

  static async read(dir: string, hooks: ReadHooks): Promise<Result<CampaignDb>> {
    const r = await readCampaignFolder(dir, hooks)
    if (!r.ok) return r
    const db = new CampaignDb(dir, r.value.data, r.value.base, r.value.snapshotBytes, r.value.changesBytes, r.value.torn, hooks.compactAfterBytes, hooks.now, r.value.snapshotStat)
    await db.remember()
    return ok(db)
  }

  /** the campaign as it is now (frozen: an edit copies what it changes) */
  get data(): CampaignFile {
    return this.low.data
  }

  private set data(value: CampaignFile) {
    this.low.data = value
  }

  get file(): string {
    return join(this.dir, CAMPAIGN_FILE)
  }

  get positions(): Positions {
    return this.pos
  }

  /** true when campaign.json or its changes are not the ones last read or written here (another program) */
  async changedOnDisk(): Promise<boolean> {
    const [snapshot, changes] = await Promise.all([statOf(this.file), statOf(changesPathOf(this.dir))])
    return !sameStat(snapshot, this.known.snapshot) || !sameStat(changes, this.known.changes)
  }

  /** the whole campaign as campaign.json's text (backups, compaction) */
  serialize(): string {
    return serializeCampaign(this.data)
  }

  /** record an open in memory only: opening a campaign writes nothing */
  markOpened(at: string): void {
    const before = this.data
    this.data = deepFreeze({ ...before, lastOpened: at })
    if (this.checked.has(before) && campaignFileSchema.shape.lastOpened.safeParse(at).success) this.checked.add(this.data)
    this.openedPending = true
  }

  /** append one change (ops already validated) as one line; `at` stamps it. The state changes only once written. */
  async commit(ops: readonly Op[], at: string): Promise<void> {
    const all = this.openedPending && !ops.some((o) => 'set' in o && o.set === 'lastOpened') ? [...ops, { set: 'lastOpened' as const, value: this.data.lastOpened }] : ops
    // the room left before the compaction (the first change after a snapshot also writes the header)
    const room = this.compactLimit() - (this.changesBytes || Buffer.byteLength(changesHeader(this.base)))
    const line = changeLineWithin(at, all, room)
    const path = changesPathOf(this.dir)
    if (line === null) {
      // a change the compaction would fold in at once (a compendium imported into a small campaign): written as the
      // new snapshot itself, not appended and then written again. The same on disk at the end, one write less; a
      // crash leaves the old snapshot and its changes (the change not made) or the new one (its changes then stale)
      const before = this.data
      const pos: Positions = { library: new Map(this.pos.library), encounters: new Map(this.pos.encounters), sessions: new Map(this.pos.sessions) }
      this.data = this.applied(before, all)
      try {
        await this.compact()
      } catch (e) {
        // not written (refused, or the disk failed): the campaign is as it was
        this.data = before
        this.pos = pos
        throw e
      }
      this.openedPending = false
      return
    }
    if (this.changesBytes === 0) {
      // the first change after this snapshot: the header and the line, written atomically (replaces a stale file)
      const content = changesHeader(this.base) + line
      await writeFileAtomic(path, content)
      this.changesBytes = Buffer.byteLength(content)
    } else {
      if (this.torn !== null) await truncate(path, this.torn)
      this.torn = null
      const handle = await open(path, 'a')
      try {
        await handle.write(line)
        await handle.datasync()
      } finally {
        await handle.close()
      }
      this.changesBytes += Buffer.byteLength(line)
    }
    this.openedPending = false
    this.data = this.applied(this.data, all)
    if (this.changesBytes > this.compactLimit()) await this.compact()
    else await this.remember()
  }

  /** the changes file is folded into a new snapshot once it is larger than this */
  private compactLimit(): number {
    return this.compactAfterBytes ?? Math.max(COMPACT_MIN_BYTES, this.snapshotBytes)
  }

  /** the campaign after `ops`, frozen: the op values, the copied collections and the file object (the rest is
   *  frozen already) */
  private applied(before: CampaignFile, ops: readonly Op[]): CampaignFile {
    const after = applyOps(before, this.pos, ops)
    for (const op of ops) if ('value' in op) deepFreeze(op.value)
    for (const c of COLLECTIONS) if (after[c] !== before[c]) Object.freeze(after[c])
    Object.freeze(after)
    if (this.checked.has(before)) this.checked.add(after)
    return after
  }

  /** write lastOpened if only memory has it (on close) */
  async flushOpened(): Promise<void> {
    if (this.openedPending) await this.commit([], this.data.updatedAt)
  }

  /** fold the changes into a new campaign.json (atomic), then drop the changes file (now stale by its base) */
  async compact(): Promise<void> {
    // lowdb writes the snapshot: validated, atomic, never over a file it cannot read
    await this.low.write()
    // the bytes just written, as the adapter hashed them (not read back: a compendium's snapshot is megabytes)
    const written = (this.low.adapter as CampaignFileAdapter).written
    if (!written) throw new Error(`${this.file}: written without its hash`)
    this.base = written.hash
    this.snapshotBytes = written.bytes
    await rm(changesPathOf(this.dir), { force: true })
    this.changesBytes = 0
    this.torn = null
    await this.remember()
  }

  private async remember(): Promise<void> {
    const [snapshot, changes] = await Promise.all([statOf(this.file), statOf(changesPathOf(this.dir))])
    this.known = { snapshot, changes }
  }
}

/**
 * Tolerant read for tools (the session exporter, the trash list): campaign.json's JSON with the changes that follow
 * it applied, without validation; null when campaign.json is not JSON. A damaged changes file is left out.
 */
export async function readCampaignJsonLoose(dir: string): Promise<Record<string, unknown> | null> {
  let bytes: Buffer
  let raw: unknown
  try {
    bytes = await readFile(join(dir, CAMPAIGN_FILE))
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''))
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  return applyChangesLoose(raw as Record<string, unknown>, bytes, await readFile(changesPathOf(dir), 'utf8').catch(() => null))
}
