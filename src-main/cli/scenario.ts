/**
 * Scenarios: a system, combatants (stat blocks) and a list of commands — the same command objects the console
 * sends over IPC, with fixed dice where given. Used by `gmc resolve` and `gmc odds`, and by the worked examples
 * under docs/examples/. Optional `expect` entries check the final state (a failed one is an error).
 */
import { z } from 'zod'
import { err, ok, type AppError, type Result } from '@shared/result'
import { SYSTEM_IDS } from '@shared/domain/systems'
import type { EncounterState, EngineCommand, EngineEvent, EventRecord, LogEntry } from '@shared/domain/encounter'
import { formatLog } from '@shared/i18n/format-log'
import { applyCommand, createEncounter, logEntries } from '../rules/index'
import { batchRng } from '../rules/core/rng'
import { getSystem } from '../rules/index'
import type { OddsResult } from '../rules/core/system'
import { firstIssue } from '@shared/zod-issue'

const PLACEMENT_KEYS = ['id', 'statBlock', 'count', 'side', 'aware', 'hidden', 'role', 'notes', 'position'] as const

export const combatantEntrySchema = z
  .object({
    /** the id commands use (`st` with count 3 → `st-1`, `st-2`, `st-3`) */
    id: z.string().min(1).max(200),
    /** the system's stat block; without it, the entry's other fields are the stat block */
    statBlock: z.record(z.string(), z.unknown()).optional(),
    count: z.number().int().min(1).max(100).optional(),
    side: z.enum(['party', 'allies', 'enemies', 'neutral']).optional(),
    aware: z.boolean().optional(),
    hidden: z.boolean().optional(),
    role: z.enum(['pc', 'npc', 'ally']).optional(),
    notes: z.string().max(10000).optional(),
    /** range band / distance / zone, passed to addCombatant */
    position: z.object({ band: z.string().optional(), distance: z.number().optional(), zone: z.string().optional() }).optional(),
  })
  .loose()

export const expectationSchema = z.object({
  /** dotted path into the final state; array items can be picked by id: `combatants.st.state.hp` */
  path: z.string().min(1).max(300),
  equals: z.unknown(),
})

export const scenarioSchema = z.object({
  system: z.enum(SYSTEM_IDS),
  name: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  seed: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
  display: z.record(z.string(), z.enum(['exact', 'descriptor', 'hidden'])).optional(),
  combatants: z.array(combatantEntrySchema).max(500),
  commands: z.array(z.looseObject({ type: z.string().min(1).max(100) })).max(10000).default([]),
  expect: z.array(expectationSchema).max(1000).optional(),
})
export type Scenario = z.infer<typeof scenarioSchema>

export const oddsInputSchema = scenarioSchema.extend({ attack: z.looseObject({ type: z.string() }) })

export interface Resolved {
  system: string
  seed: string
  events: Array<{ seq: number; batch: number; event: EngineEvent }>
  log: Array<LogEntry & { text: string }>
  state: EncounterState
  records: EventRecord[]
}

const NOW = '2000-01-01T00:00:00.000Z'

function zodToError(e: z.ZodError, prefix = ''): { ok: false; error: AppError } {
  const { field, message } = firstIssue(e, prefix)
  return err('invalid', `${field || 'scenario'}: ${message}`, field || undefined)
}

const prefixed = (e: AppError, prefix: string): { ok: false; error: AppError } => err(e.code, `${prefix}: ${e.message}`, e.field ? `${prefix}.${e.field}` : prefix, e.details)

/** Build the encounter and run the commands. `seed` overrides the scenario's seed. */
export function resolveScenario(input: unknown, opts: { seed?: string; defaultSeed: string; now?: string }): Result<Resolved> {
  const parsed = scenarioSchema.safeParse(input)
  if (!parsed.success) return zodToError(parsed.error)
  const sc = parsed.data
  if (!getSystem(sc.system).ok) return err('invalid', `system "${sc.system}" is not implemented yet`, 'system')
  const seed = opts.seed ?? (sc.seed !== undefined ? String(sc.seed) : opts.defaultSeed)
  const now = opts.now ?? NOW
  const created = createEncounter({ id: 'scenario', name: sc.name ?? 'Scenario', systemId: sc.system, seed, display: sc.display }, now)
  if (!created.ok) return created
  let { state, records } = created.value
  const run = (cmd: EngineCommand, where: string): AppError | null => {
    const batch = records.reduce((m, r) => Math.max(m, r.batch), 0) + 1
    const r = applyCommand(records, state, cmd, { now, rng: batchRng(seed, batch) })
    if (!r.ok) return prefixed(r.error, where).error
    state = r.value.state
    records = r.value.records
    return null
  }
  for (const [i, c] of sc.combatants.entries()) {
    const statBlock = c.statBlock ?? Object.fromEntries(Object.entries(c).filter(([k]) => !(PLACEMENT_KEYS as readonly string[]).includes(k)))
    const cmd: EngineCommand = { type: 'addCombatant', id: c.id, statBlock }
    for (const k of ['count', 'side', 'aware', 'hidden', 'role', 'notes', 'position'] as const) if (c[k] !== undefined) cmd[k] = c[k]
    const e = run(cmd, `combatants.${i}`)
    if (e) return { ok: false, error: e.field === `combatants.${i}.id` || !e.field?.startsWith(`combatants.${i}.statBlock`) ? e : { ...e, field: c.statBlock ? e.field : e.field.replace('.statBlock', '') } }
  }
  for (const [i, c] of sc.commands.entries()) {
    const e = run(c as EngineCommand, `commands.${i}`)
    if (e) return { ok: false, error: e }
  }
  for (const [i, x] of (sc.expect ?? []).entries()) {
    const got = getPath(state, x.path)
    if (JSON.stringify(got) !== JSON.stringify(x.equals)) {
      return err('invalid', `expectation failed: ${x.path} is ${JSON.stringify(got)}, expected ${JSON.stringify(x.equals)}`, `expect.${i}`)
    }
  }
  const log = logEntries(records).map((e) => ({ ...e, text: formatLog(e, 'en') }))
  return ok({
    system: sc.system,
    seed,
    events: records.filter((r) => r.batch > 0).map((r) => ({ seq: r.seq, batch: r.batch, event: r.event })),
    log,
    state,
    records,
  })
}

/** `combatants.st.state.hp`: array items are picked by index or by `id`. */
export function getPath(root: unknown, path: string): unknown {
  let cur: unknown = root
  for (const seg of path.split('.')) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(seg) ? cur[Number(seg)] : cur.find((x) => (x as { id?: unknown })?.id === seg)
    else if (cur && typeof cur === 'object') cur = (cur as Record<string, unknown>)[seg]
    else return undefined
  }
  return cur
}

/** Exact odds of `attack` after the scenario's commands. */
export function scenarioOdds(input: unknown, opts: { seed?: string; defaultSeed: string }): Result<OddsResult & { attack: Record<string, unknown> }> {
  const parsed = oddsInputSchema.safeParse(input)
  if (!parsed.success) return zodToError(parsed.error)
  const { attack, ...scenario } = parsed.data
  const r = resolveScenario(scenario, opts)
  if (!r.ok) return r
  const sys = getSystem(r.value.system)
  if (!sys.ok || !sys.value.odds) return err('invalid', `system ${r.value.system} has no odds`, 'system')
  const o = sys.value.odds(r.value.state, attack as EngineCommand)
  if (!o.ok) return prefixed(o.error, 'attack')
  return ok({ ...o.value, attack })
}
