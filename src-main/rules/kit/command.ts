/**
 * A system's commands: each a zod schema (the same object over IPC, in the CLI and in scenarios) and the handler
 * that turns the validated command into events on the engine's batch. The handler's command is typed from the
 * schema (`z.output`), so no handler casts its input.
 */
import type { z } from 'zod'
import type { AppError, Result } from '@shared/result'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { Batch } from './batch'
import type { CoreEvent, SystemEvent } from './events'
import type { DecideContext } from './context'

declare const parsedMark: unique symbol
/**
 * A command its schema has parsed (engine.ts `validateCommand`, once, where main receives it: issue 28). Deciding
 * takes only this kind, so a raw payload cannot reach a rule without passing its schema, and nothing parses it again.
 */
export type ParsedCommand = EngineCommand & { readonly [parsedMark]: true }

/**
 * A command built by code in its schema's output shape (the danger check's start, next turn, moves and attacks,
 * each system's own): trusted as parsed. Never for input from outside (a window, a file, a log): validate that.
 */
export const trustedCommand = <C extends EngineCommand>(command: C): C & ParsedCommand => command as C & ParsedCommand

/** A refused command (a broken rule, a missing combatant, bad input). */
export type Refusal = { ok: false; error: AppError }

/** What a handler returns: nothing (or an ok result) when its events are on the batch, or a refusal. */
export type HandlerResult = Refusal | { ok: true } | null | undefined | void

export interface CommandDef<S extends z.ZodType = z.ZodType> {
  schema: S
  /** method syntax on purpose: a map of differently typed commands is a CommandMap */
  handle(b: Batch<SystemEvent>, command: z.output<S>, ctx: DecideContext): HandlerResult
}

export type CommandMap = Record<string, CommandDef>

/** One command: its schema and its handler (typed from the schema; `E`: the system events it writes on the batch). */
export const command = <S extends z.ZodType, E extends SystemEvent = SystemEvent>(schema: S, handle: (b: Batch<E>, command: z.output<S>, ctx: DecideContext) => HandlerResult): CommandDef<S> => ({ schema, handle })

/** The command schemas of a map, by command type (for IPC validation, JSON Schema and docs). */
export function schemasOf(commands: CommandMap): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(commands).map(([type, c]) => [type, c.schema]))
}

export const isRefusal = (x: HandlerResult): x is Refusal => typeof x === 'object' && x !== null && x.ok === false

/** A command whose rule is written as state → events: its events go onto the batch (or its refusal is returned). */
export const eventsCommand = <S extends z.ZodType, E extends SystemEvent = SystemEvent>(schema: S, decide: (state: EncounterState, command: z.output<S>, ctx: DecideContext) => Result<Array<CoreEvent | E>>): CommandDef<S> =>
  command<S, E>(schema, (b, cmd, ctx) => {
    const r = decide(b.state, cmd, ctx)
    if (!r.ok) return r
    b.push(...r.value)
  })
