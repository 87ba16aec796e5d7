/** Where campaign files live, and the checks that keep ids and names inside the data folder. */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { err, ok, type Result } from '@shared/result'

/** Browser mode's data folder when `--data-dir` is not given: `$GM_CONSOLE_DATA`, else `~/.gm-console/campaigns`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GM_CONSOLE_DATA?.trim()
  return fromEnv ? resolve(fromEnv) : join(homedir(), '.gm-console', 'campaigns')
}

/** The Electron app's data folder: `<userData>/campaigns` (pass `app.getPath('userData')`). */
export const electronDataDir = (userDataPath: string): string => join(userDataPath, 'campaigns')

export const CAMPAIGN_FILE = 'campaign.json'
/** the edits since campaign.json was written, one line each (campaign-changes.ts) */
export const CHANGES_FILE = 'campaign.changes.ndjson'
export const SESSIONS_DIR = 'sessions'
export const BACKUPS_DIR = 'backups'
export const TRASH_DIR = '.trash'
/** marker written after the sample campaigns were copied once (first run) */
export const SEEDED_MARKER = '.seeded'

/** A campaign id is its folder name: lowercase letters, digits, `-` and `_` (never a path). */
export const ID_RE = /^[a-z0-9][a-z0-9_-]{0,99}$/

export function checkId(value: unknown, field: string): Result<string> {
  if (typeof value !== 'string' || !ID_RE.test(value)) {
    return err('invalid', `${field} must be 1–100 characters of a–z, 0–9, "-" or "_" (got ${JSON.stringify(value)?.slice(0, 60)})`, field)
  }
  return ok(value)
}

/** Trash entries are `<campaignId>~<timestamp>`. */
export const TRASH_ID_RE = /^([a-z0-9][a-z0-9_-]{0,99})~(\d{8}T\d{9}Z)(?:-\d+)?$/

/** Lowercase ASCII slug of a name (Polish letters folded), for new campaign ids. */
export function slugify(name: string, maxLength = 40): string {
  const folded = name
    .replace(/[łŁ]/g, 'l')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '')
  return folded || 'campaign'
}

/** `2026-11-29T12:30:00.123Z` → `20261129T123000123Z` (sortable, safe in file names). */
export function compactStamp(iso: string): string {
  const d = new Date(iso)
  const t = Number.isNaN(d.getTime()) ? new Date(0) : d
  return t.toISOString().replace(/[-:.]/g, '')
}

/** inverse of compactStamp */
export function stampToIso(stamp: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp)
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : new Date(0).toISOString()
}

export const campaignDir = (dataDir: string, id: string): string => join(dataDir, id)
