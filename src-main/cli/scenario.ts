/**
 * Scenarios: a system, combatants (stat blocks) and a list of commands — the same command objects the console
 * sends over IPC, with fixed dice where given. Used by `gmc resolve` and `gmc odds`, and by the worked examples
 * under docs/examples/. Optional `expect` entries check the final state (a failed one is an error).
 *
 * Steps (issue 9 item 6):
 * - fixed dice are strict: a step that gives `dice` must use exactly those — one die too few (the engine would
 *   draw from the seed) or one left over is an error naming the step (`commands.3 (attack)`). `"dice": []`
 *   says the step rolls nothing. A step without `dice` rolls from the seed.
 * - a step may expect a refusal: `"expect": "refused"` or `"expect": { "refused": true, "code": "rule",
 *   "field": "combatantId", "message": "own turn" }` (message: a part of it); the scenario goes on, and an
 *   acceptance is an error.
 * - `derived: true` (the CLI's `--derived`) adds each combatant's derived values (RuleSystem.derived) after
 *   the setup and after every step.
 */
import { z } from 'zod'
import { err, ok, type AppError, type Result } from '@shared/result'
import type { EncounterState, EngineCommand, EngineEvent, EventRecord, LogEntry } from '@shared/domain/encounter'
import { formatLog } from '@shared/i18n/format-log'
import { applyCommand, createEncounter, logEntries } from '../rules/index'
import { batchRng, type Rng } from '../rules/kit/rng'
import { getSystem, systemIdSchema, validateCommand } from '../rules/index'
import type { OddsResult, RuleSystem } from '../rules/kit/system'
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

const ERROR_CODES = ['invalid', 'rule', 'not-found', 'forbidden', 'conflict'] as const

/** What a step expects instead of being accepted: a refusal, optionally with its code, field and part of its message. */
export const stepExpectSchema = z.union([
  z.literal('refused'),
  z.strictObject({
    refused: z.literal(true),
    code: z.enum(ERROR_CODES).optional(),
    /** the field as the engine names it in the command (`combatantId`), without the `commands.N.` prefix */
    field: z.string().max(300).optional(),
    message: z.string().max(1000).optional(),
  }),
])
export type StepExpect = z.infer<typeof stepExpectSchema>

export const scenarioSchema = z.object({
  system: systemIdSchema,
  name: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  seed: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
  display: z.record(z.string(), z.enum(['exact', 'descriptor', 'hidden'])).optional(),
  combatants: z.array(combatantEntrySchema).max(500),
  commands: z.array(z.looseObject({ type: z.string().min(1).max(100), dice: z.array(z.union([z.number(), z.string()])).max(1000).optional(), expect: stepExpectSchema.optional() })).max(10000).default([]),
  expect: z.array(expectationSchema).max(1000).optional(),
})
export type Scenario = z.infer<typeof scenarioSchema>

export const oddsInputSchema = scenarioSchema.extend({ attack: z.looseObject({ type: z.string() }) })

/** One derived value of a combatant, with its label in English. */
export interface DerivedOut {
  label: string
  text: string
  value: string | number
  hint?: string
}

/** What happened at one step: its batch (absent when refused), its refusal, the derived values after it. */
export interface StepOut {
  /** `setup` (the combatants) or the index in `commands` */
  step: 'setup' | number
  type?: string
  batch?: number
  refused?: AppError
  derived?: Record<string, DerivedOut[]>
}

export interface Resolved {
  system: string
  seed: string
  events: Array<{ seq: number; batch: number; event: EngineEvent }>
  log: Array<LogEntry & { text: string }>
  steps: StepOut[]
  state: EncounterState
  records: EventRecord[]
}

export interface ResolveOptions {
  seed?: string
  defaultSeed: string
  now?: string
  /** add each combatant's derived values after the setup and every step */
  derived?: boolean
}

const NOW = '2000-01-01T00:00:00.000Z'

function zodToError(e: z.ZodError, prefix = ''): { ok: false; error: AppError } {
  const { field, message } = firstIssue(e, prefix)
  return err('invalid', `${field || 'scenario'}: ${message}`, field || undefined)
}

const prefixed = (e: AppError, prefix: string): { ok: false; error: AppError } => err(e.code, `${prefix}: ${e.message}`, e.field ? `${prefix}.${e.field}` : prefix, e.details)

/** An Rng that counts what it serves (the draws a step makes from the seed). */
function countingRng(base: Rng): Rng & { draws: Array<{ min: number; max: number }> } {
  const draws: Array<{ min: number; max: number }> = []
  return { draws, int: (min, max) => (draws.push({ min, max }), base.int(min, max)) }
}

const dieName = (d: { min: number; max: number }) => (d.min === 1 ? `d${d.max}` : `${d.min}..${d.max}`)

function derivedOf(sys: RuleSystem, state: EncounterState): Record<string, DerivedOut[]> {
  const ui = sys.catalogs.ui.en
  const log = sys.catalogs.log.en
  return Object.fromEntries(
    state.combatants.map((c) => [c.id, sys.derived(state, c).map((d) => ({ label: d.label, text: ui[d.label] ?? log[d.label] ?? d.label, value: d.value, ...(d.hint ? { hint: d.hint } : {}) }))]),
  )
}

/** Does the refusal match what the step expected? null when it does, else what differs. */
function refusalMismatch(x: StepExpect, e: AppError, where: string): string | null {
  if (x === 'refused') return null
  const field = e.field?.startsWith(`${where}.`) ? e.field.slice(where.length + 1) : e.field
  if (x.code && x.code !== e.code) return `code is ${e.code}, expected ${x.code}`
  if (x.field !== undefined && x.field !== field) return `field is ${JSON.stringify(field ?? null)}, expected ${JSON.stringify(x.field)}`
  if (x.message !== undefined && !e.message.includes(x.message)) return `message does not contain ${JSON.stringify(x.message)}`
  return null
}

/** Build the encounter and run the commands. `seed` overrides the scenario's seed. */
export function resolveScenario(input: unknown, opts: ResolveOptions): Result<Resolved> {
  const parsed = scenarioSchema.safeParse(input)
  if (!parsed.success) return zodToError(parsed.error)
  const sc = parsed.data
  const sys = getSystem(sc.system)
  if (!sys.ok) return err('invalid', `system "${sc.system}" is not implemented yet`, 'system')
  const seed = opts.seed ?? (sc.seed !== undefined ? String(sc.seed) : opts.defaultSeed)
  const now = opts.now ?? NOW
  const created = createEncounter({ id: 'scenario', name: sc.name ?? 'Scenario', systemId: sc.system, seed, display: sc.display }, now)
  if (!created.ok) return created
  let { state, records } = created.value
  const steps: StepOut[] = []
  const nextBatch = () => records.reduce((m, r) => Math.max(m, r.batch), 0) + 1
  /** apply one command; the RNG counts the draws it makes from the seed */
  const attempt = (cmd: EngineCommand) => {
    const rng = countingRng(batchRng(seed, nextBatch()))
    return { r: applyCommand(records, state, cmd, { now, rng }), draws: rng.draws }
  }
  const run = (cmd: EngineCommand, where: string): AppError | null => {
    const { r } = attempt(cmd)
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
  if (opts.derived) steps.push({ step: 'setup', derived: derivedOf(sys.value, state) })
  for (const [i, step] of sc.commands.entries()) {
    const { expect: expected, ...command } = step
    const cmd = command as EngineCommand
    const where = `commands.${i}`
    const named = `${where} (${cmd.type})`
    const { r, draws } = attempt(cmd)
    const out: StepOut = { step: i, type: cmd.type }
    if (!r.ok) {
      const e = prefixed(r.error, where).error
      if (!expected) return { ok: false, error: e }
      const mismatch = refusalMismatch(expected, r.error, where)
      if (mismatch) return err('invalid', `${named} was refused as expected, but its ${mismatch} (${r.error.code}: ${r.error.message})`, `${where}.expect`)
      out.refused = r.error
    } else {
      if (expected) return err('invalid', `${named} was expected to be refused, but the engine accepted it`, `${where}.expect`)
      const dice = step.dice
      if (dice) {
        if (draws.length > 0) {
          return err('invalid', `${named}: ${dice.length} dice given, the step needs ${draws.length} more (${draws.map(dieName).join(', ')}); it would have drawn them from the seed`, `${where}.dice`)
        }
        const used = diceUsed(cmd, dice.length, attempt)
        if (used < dice.length) {
          return err('invalid', `${named}: ${dice.length} dice given, the step used ${used}; ${dice.length - used} left over (dice.${used}${dice.length - used > 1 ? `..${dice.length - 1}` : ''}: ${dice.slice(used).map(String).join(', ')})`, `${where}.dice.${used}`)
        }
      }
      out.batch = r.value.batch
      state = r.value.state
      records = r.value.records
    }
    if (opts.derived) out.derived = derivedOf(sys.value, state)
    steps.push(out)
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
    steps,
    state,
    records,
  })
}

/**
 * How many of the step's `n` fixed dice it uses: dice are served in order, so the step uses the first m of them
 * when it still draws nothing from the seed with only those m (with fewer, it would draw the missing ones).
 * Tried from n − 1 down, so the usual step (all dice used) costs one more try.
 */
function diceUsed(cmd: EngineCommand, n: number, attempt: (cmd: EngineCommand) => { r: Result<unknown>; draws: unknown[] }): number {
  const dice = cmd.dice ?? []
  let used = n
  for (let k = n - 1; k >= 0; k--) {
    const { r, draws } = attempt({ ...cmd, dice: dice.slice(0, k) })
    if (!r.ok || draws.length > 0) break
    used = k
  }
  return used
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
export function scenarioOdds(input: unknown, opts: ResolveOptions): Result<OddsResult & { attack: Record<string, unknown> }> {
  const parsed = oddsInputSchema.safeParse(input)
  if (!parsed.success) return zodToError(parsed.error)
  const { attack, ...scenario } = parsed.data
  const r = resolveScenario(scenario, opts)
  if (!r.ok) return r
  const sys = getSystem(r.value.system)
  if (!sys.ok || !sys.value.odds) return err('invalid', `system ${r.value.system} has no odds`, 'system')
  // the odds read a parsed command (issue 28): the attack is parsed here, at the CLI's edge, once
  const valid = validateCommand(sys.value, attack)
  if (!valid.ok) return prefixed(valid.error, 'attack')
  const o = sys.value.odds(r.value.state, valid.value)
  if (!o.ok) return prefixed(o.error, 'attack')
  return ok({ ...o.value, attack })
}
