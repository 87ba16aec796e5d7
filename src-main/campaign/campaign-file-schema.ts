/**
 * zod schema of `campaign.json` (schemaVersion 1) and of the other store files. The TypeScript types live in
 * src-shared/domain/campaign.ts; the checks at the bottom keep the two in step at compile time.
 */
import { tvPatchSchema } from '@shared/ipc/contract-table'
import { z } from 'zod'
import type { Side } from '@shared/domain/encounter'
import { HIDDEN_TURN_DISPLAYS, type CampaignExport, type CampaignFile, type SessionLogHeader } from '@shared/domain/campaign'
import { UNSAFE_KEYS } from './json-text'
import { firstIssue as sharedFirstIssue, type IssueDetail } from '@shared/zod-issue'
import { systemIdSchema } from '../rules/index'

/** an id must not name an object's prototype (ids key maps and lookups; issue 14) */
const id = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => !UNSAFE_KEYS.has(v), 'must not be "__proto__", "constructor" or "prototype"')
const isoTime = z.iso.datetime({ offset: true })
/** a stat block's system data: a plain object (its system's schema checks its fields). A check, not a record schema:
 *  zod's record copies every key of every stat block, and a library of thousands is checked when it is opened,
 *  imported into (issue 30) and compacted */
const json = z.custom<Record<string, unknown>>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null),
  { message: 'Invalid input: expected an object' },
)
/** session ids name files (`sessions/<id>.ndjson`), so they are restricted like campaign ids */
export const SESSION_ID_RE = /^[a-z0-9][a-z0-9_-]{0,99}$/
const sessionId = z.string().regex(SESSION_ID_RE, 'must be 1–100 characters of a–z, 0–9, "-" or "_"')

export const statBlockRecordSchema = z.object({
  id,
  name: z.string().trim().min(1).max(200),
  kind: z.enum(['pc', 'npc', 'ally']),
  tags: z.array(z.string().min(1).max(60)).max(50),
  data: json,
  updatedAt: isoTime,
})

export const encounterPlanEntrySchema = z.object({
  statBlockId: id,
  count: z.number().int().min(1).max(100),
  side: z.enum(['party', 'allies', 'enemies', 'neutral'] as const satisfies readonly Side[]),
  aware: z.boolean(),
  hidden: z.boolean(),
  band: z.string().min(1).max(60).optional(),
})

export const encounterPlanSchema = z.object({
  id,
  name: z.string().trim().min(1).max(200),
  notes: z.string().max(20_000),
  entries: z.array(encounterPlanEntrySchema).max(500),
  updatedAt: isoTime,
})

export const sessionIndexEntrySchema = z.object({
  id: sessionId,
  title: z.string().trim().min(1).max(200),
  date: z.string().max(100),
  notes: z.string().max(20_000),
  startedAt: isoTime,
  endedAt: isoTime.nullable(),
})

const uniqueIds = (items: Array<{ id: string }>, ctx: z.RefinementCtx, path: string): void => {
  const seen = new Set<string>()
  items.forEach((item, i) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', message: `duplicate id "${item.id}"`, path: [path, i, 'id'] })
    seen.add(item.id)
  })
}

export const campaignFileSchema = z
  .object({
    schemaVersion: z.literal(1),
    name: z.string().trim().min(1).max(120),
    systemId: systemIdSchema,
    systemSettings: json,
    // issue 27: optional, so files written before it read as before (no migration)
    // issue 29 adds the TV's arrangement, the request policy and the odds switch: all optional, no migration
    playerDisplay: z
      .object({ hiddenTurn: z.enum(HIDDEN_TURN_DISPLAYS).optional(), tv: tvPatchSchema.optional(), requests: z.enum(['ask', 'auto']).optional(), odds: z.boolean().optional() })
      .strict()
      .optional(),
    // issue 30: the import readers' remembered answers (optional: no migration)
    importAnswers: z.record(z.string().max(120), z.record(z.string().max(120), z.string().max(120).nullable())).optional(),
    party: z.array(id),
    library: z.array(statBlockRecordSchema),
    encounters: z.array(encounterPlanSchema),
    sessions: z.array(sessionIndexEntrySchema),
    createdAt: isoTime,
    updatedAt: isoTime,
    lastOpened: isoTime.nullable(),
  })
  .superRefine((c, ctx) => {
    uniqueIds(c.library, ctx, 'library')
    uniqueIds(c.encounters, ctx, 'encounters')
    uniqueIds(c.sessions, ctx, 'sessions')
    const ids = new Set(c.library.map((s) => s.id))
    c.party.forEach((p, i) => {
      if (!ids.has(p)) ctx.addIssue({ code: 'custom', message: `party member "${p}" is not in the library`, path: ['party', i] })
    })
    c.encounters.forEach((e, i) =>
      e.entries.forEach((entry, j) => {
        if (!ids.has(entry.statBlockId)) {
          ctx.addIssue({ code: 'custom', message: `stat block "${entry.statBlockId}" is not in the library`, path: ['encounters', i, 'entries', j, 'statBlockId'] })
        }
      }),
    )
  })

export const sessionLogHeaderSchema = z.looseObject({
  // 1: every line stands alone; 2: a change of several lines is one `tx` group (session-log.ts). Both read.
  schemaVersion: z.union([z.literal(1), z.literal(2)]),
  kind: z.string().max(100).optional(),
  sessionId: sessionId.optional(),
  createdAt: isoTime.optional(),
})

/** The export file; its `campaign` may be of an older schemaVersion and is migrated on import. */
export const campaignExportEnvelopeSchema = z.object({
  kind: z.literal('gm-console.campaign-export'),
  schemaVersion: z.number().int().min(1),
  exportedAt: isoTime,
  campaign: z.record(z.string(), z.unknown()),
  sessions: z.array(z.object({ header: z.record(z.string(), z.unknown()), records: z.array(json) })),
})

/** First zod issue as `{ field, message }`. */
export const firstIssue = (error: z.ZodError): { field: string; message: string; issue: IssueDetail } => {
  const { field, message, issue } = sharedFirstIssue(error)
  return { field, message: `${field || '(root)'}: ${message}`, issue }
}

// Compile-time checks: the schema's output is exactly the shared type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const _campaignFileMatches: Same<Omit<z.output<typeof campaignFileSchema>, 'schemaVersion'>, Omit<CampaignFile, 'schemaVersion'>> = true
const _headerFits: SessionLogHeader = {} as z.output<typeof sessionLogHeaderSchema>
const _exportKind: CampaignExport['kind'] = 'gm-console.campaign-export'
void _campaignFileMatches
void _headerFits
void _exportKind
