/**
 * The Storyteller system's settings: every default of RULES-DEFAULTS T1–T7 as a named value the GM can change.
 * Seed 004 is cited as `004` (it is one long line; quotes are given instead of line numbers).
 */
import { z } from 'zod'

/** T2: Epic autosuccesses for Epic 1–10 (Scion 1e, silver-gateway.com "Current" column). */
export const SCION_EPIC_TABLE = [1, 2, 4, 7, 11, 16, 22, 29, 37, 46] as const

/** T5: the Scion 1e health track: the penalties of the levels before the last, Incapacitated, box. */
export const SCION_HEALTH_TRACK = [0, -1, -1, -2, -2, -4] as const

export const storytellerSettings = z.object({
  /** T1: a die at or above this number is a success (default 7) */
  targetNumber: z.number().int().min(2).max(10).default(7),
  /** T1 option (Exalted 2e): a 10 counts as two successes, except on damage rolls. Default off: 10s count once. */
  tensDouble: z.boolean().default(false),
  /** T2: autosuccesses for Epic 1..N */
  epicTable: z.array(z.number().int().min(0).max(200)).min(1).max(20).default([...SCION_EPIC_TABLE]),
  /** T3: the largest Join Battle gap in ticks (004 "maximum 5 ticks delta"; Exalted 2e / Scion use 6) */
  joinBattleCap: z.number().int().min(0).max(20).default(5),
  /** T3: a hit (and a social roll's effect) also needs at least one raw success */
  hitNeedsRawSuccess: z.boolean().default(true),
  /** wound penalties reduce damage pools too (default off, as in Scion 1e / Exalted 2e: decided in src-main/rules/systems/storyteller/README.md) */
  woundPenaltyOnDamage: z.boolean().default(false),
  /** the Speed of an action other than an attack when the GM gives none (Exalted 2e's miscellaneous action: 5) */
  actionSpeed: z.number().int().min(1).max(20).default(5),
  /** T7: the net successes at which a social roll reaches each degree (none below 0) */
  socialDegrees: z.object({
    moderate: z.number().int().min(0).max(20).default(1),
    strong: z.number().int().min(0).max(20).default(3),
    total: z.number().int().min(0).max(20).default(5),
  }).strict().default({ moderate: 1, strong: 3, total: 5 }),
}).strict()

export type StorytellerSettings = z.output<typeof storytellerSettings>

export const DEFAULT_SETTINGS: StorytellerSettings = storytellerSettings.parse({})

/** Settings from partial input (defaults filled in); throws on a bad value — callers validate first. */
export const withDefaults = (over: Partial<StorytellerSettings> = {}): StorytellerSettings => ({ ...DEFAULT_SETTINGS, ...over })
