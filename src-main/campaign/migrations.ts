/**
 * Named migration steps for `campaign.json`, run in order on load (the store backs the file up first).
 * A file without `schemaVersion` is version 0: the prototype shape, which had `system` / `settings` instead
 * of `systemId` / `systemSettings`, no `tags` on stat blocks and no `updatedAt` / `lastOpened`.
 * To add a version: bump CAMPAIGN_SCHEMA_VERSION, append a step `vN→vN+1`, update the schema, add a test.
 */
import { CAMPAIGN_SCHEMA_VERSION } from '@shared/domain/campaign'

type Json = Record<string, unknown>

export interface MigrationContext {
  /** ISO-8601 time, for timestamps a old file lacks */
  now: string
}

export interface MigrationStep {
  name: string
  from: number
  to: number
  up(file: Json, ctx: MigrationContext): Json
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

export const MIGRATIONS: readonly MigrationStep[] = [
  {
    name: 'v0→v1',
    from: 0,
    to: 1,
    up(file, { now }) {
      const { system, settings, ...rest } = file
      const createdAt = typeof file.createdAt === 'string' ? file.createdAt : now
      return {
        ...rest,
        schemaVersion: 1,
        systemId: rest.systemId ?? system,
        systemSettings: rest.systemSettings ?? settings ?? {},
        party: arr(file.party),
        library: arr(file.library).map((s) => (isObject(s) ? { tags: [], updatedAt: createdAt, data: {}, ...s } : s)),
        encounters: arr(file.encounters).map((e) => (isObject(e) ? { notes: '', entries: [], updatedAt: createdAt, ...e } : e)),
        sessions: arr(file.sessions),
        createdAt,
        updatedAt: typeof file.updatedAt === 'string' ? file.updatedAt : createdAt,
        lastOpened: typeof file.lastOpened === 'string' ? file.lastOpened : null,
      }
    },
  },
]

export type MigrationOutcome =
  | { kind: 'current'; data: Json }
  | { kind: 'migrated'; data: Json; from: number; applied: string[] }
  | { kind: 'newer'; version: number }
  | { kind: 'bad-version'; message: string }

/** The version a raw file declares (0 when it has none). */
export function versionOf(raw: Json): number | null {
  if (!('schemaVersion' in raw) || raw.schemaVersion === undefined) return 0
  const v = raw.schemaVersion
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null
}

/** Run every step from the file's version up to `target`. Pure: returns new objects, never mutates `raw`. */
export function migrate(raw: Json, ctx: MigrationContext, steps: readonly MigrationStep[] = MIGRATIONS, target = CAMPAIGN_SCHEMA_VERSION): MigrationOutcome {
  const from = versionOf(raw)
  if (from === null) return { kind: 'bad-version', message: `schemaVersion must be a whole number ≥ 0, found ${JSON.stringify(raw.schemaVersion)}` }
  if (from > target) return { kind: 'newer', version: from }
  if (from === target) return { kind: 'current', data: raw }
  let data = structuredClone(raw)
  const applied: string[] = []
  for (let v = from; v < target; v++) {
    const step = steps.find((s) => s.from === v)
    if (!step) return { kind: 'bad-version', message: `no migration step from schemaVersion ${v}` }
    data = step.up(data, ctx)
    applied.push(step.name)
  }
  return { kind: 'migrated', data, from, applied }
}
