/**
 * Library, party, encounter-plan and live-encounter channels (issue 5, main side). Spread into `invokeContract`.
 * Commands are checked here only for shape (`type` + JSON fields); the encounter service validates them with
 * the campaign system's command schemas and reports `field` as `command.<path>`.
 */
import { z } from 'zod'
import { channel as def, topic } from './define'
import { PLAN_ENTRY_COUNT, type StatBlockRecord, type EncounterPlan } from '../domain/campaign'
import type { DangerReport, EncounterSummary, GmEncounterView, LogPage, OddsView, DangerProgress, TuneReport } from '../views/encounter-views'
import type { SIDES } from '../domain/encounter'
import type { FieldProblem } from '../zod-issue'

const id = z.string().min(1).max(200)
const campaignId = id
const ids = z.array(id).max(5000)
const side = z.enum(['party', 'allies', 'enemies', 'neutral']) satisfies z.ZodType<(typeof SIDES)[number]>

/** a stat block as the GM edits it; `data` is validated by the campaign system's statBlockSchema in the service */
export const statBlockInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(200),
  kind: z.enum(['pc', 'npc', 'ally']),
  tags: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  data: z.record(z.string(), z.unknown()),
}).strict()
export type StatBlockInput = z.input<typeof statBlockInput>

export const planEntryInput = z.object({
  statBlockId: id,
  count: z.number().int().min(PLAN_ENTRY_COUNT.min).max(PLAN_ENTRY_COUNT.max),
  side,
  aware: z.boolean().default(true),
  hidden: z.boolean().default(false),
  band: z.string().trim().min(1).max(60).optional(),
}).strict()

export const planInput = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(200),
  notes: z.string().max(10_000).default(''),
  entries: z.array(planEntryInput).max(200),
}).strict()
export type PlanInput = z.input<typeof planInput>

/** what the GM aims at when tuning a plan: a figure's range, fractions 0..1 */
export const tuneTarget = z.object({
  metric: z.enum(['partyWins', 'pcDown']),
  min: z.number().min(0).max(1),
  max: z.number().min(0).max(1),
}).strict().refine((t) => t.min <= t.max, { message: 'the lowest figure must not be above the highest', path: ['min'] })

/** an engine command: `type` plus JSON fields, fully validated by the system's schemas in the service */
/** the most entries one `encounter:log` page returns */
export const LOG_PAGE_MAX = 500

export const commandInput = z.object({ type: z.string().min(1).max(100) }).catchall(z.unknown())

export const encounterChannels = {
  'library:list': def<StatBlockRecord[]>()(z.object({ campaignId }).strict()),
  /** the stat blocks the system's schema refuses now (saved before a check, edited by hand), by id (issue 27) */
  'library:problems': def<Record<string, FieldProblem>>()(z.object({ campaignId }).strict()),
  'library:save': def<StatBlockRecord>()(z.object({ campaignId, record: statBlockInput }).strict()),
  'library:delete': def<{ deleted: string }>()(z.object({ campaignId, id }).strict()),
  'library:duplicate': def<StatBlockRecord>()(z.object({ campaignId, id }).strict()),
  /** one stat block or an array of them as JSON text; all-or-nothing */
  'library:import': def<StatBlockRecord[]>()(z.object({ campaignId, text: z.string().min(1).max(20_000_000) }).strict()),
  'library:export': def<string>()(z.object({ campaignId, ids }).strict()),
  'party:set': def<string[]>()(z.object({ campaignId, ids }).strict()),
  'plan:list': def<EncounterPlan[]>()(z.object({ campaignId }).strict()),
  'plan:save': def<EncounterPlan>()(z.object({ campaignId, plan: planInput }).strict()),
  'plan:delete': def<{ deleted: string }>()(z.object({ campaignId, planId: id }).strict()),
  'plan:duplicate': def<EncounterPlan>()(z.object({ campaignId, planId: id }).strict()),
  /** simulate the plan `runs` times (pushes `danger:progress`) */
  'plan:danger': def<DangerReport>()(z.object({ campaignId, planId: id, runs: z.number().int().min(1).max(10_000), seed: z.string().max(100).optional() }).strict()),
  'plan:dangerCancel': def<{ cancelled: boolean }>()(z.object({ campaignId, planId: id }).strict()),
  /** tune the plan toward a target (issue 13): the smallest edits that reach it, simulated (pushes `danger:progress`,
   * stopped by `plan:dangerCancel`); GM only */
  'plan:tune': def<TuneReport>()(z.object({ campaignId, planId: id, target: tuneTarget, runs: z.number().int().min(50).max(2000).optional(), seed: z.string().max(100).optional() }).strict()),
  'encounter:launch': def<GmEncounterView>()(z.object({ campaignId, planId: id }).strict()),
  'encounter:list': def<EncounterSummary[]>()(z.object({ campaignId }).strict()),
  'encounter:get': def<GmEncounterView>()(z.object({ encounterId: id }).strict()),
  'encounter:command': def<GmEncounterView>()(z.object({ encounterId: id, command: commandInput }).strict()),
  /** older entries of the encounter's log (a push carries only the newest): up to `limit` entries before index `before` */
  'encounter:log': def<LogPage>()(z.object({ encounterId: id, before: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), limit: z.number().int().min(1).max(LOG_PAGE_MAX).default(LOG_PAGE_MAX) }).strict()),
  'encounter:odds': def<OddsView>()(z.object({ encounterId: id, command: commandInput }).strict()),
  'encounter:undo': def<GmEncounterView>()(z.object({ encounterId: id }).strict()),
  'encounter:redo': def<GmEncounterView>()(z.object({ encounterId: id }).strict()),
  'encounter:setDisplay': def<GmEncounterView>()(z.object({ encounterId: id, side, mode: z.enum(['exact', 'descriptor', 'hidden']) }).strict()),
  /** put this encounter on the player display (null: show "waiting") */
  'encounter:showToPlayers': def<{ shown: string | null }>()(z.object({ encounterId: id.nullable() }).strict()),
} as const

export const encounterTopics = {
  /** the GM view of a live encounter after every change */
  'encounter:changed': topic<GmEncounterView>()(['gm']),
  'danger:progress': topic<DangerProgress>()(['gm']),
} as const
