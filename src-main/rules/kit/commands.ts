/**
 * The generic commands the core handles (zod schemas; the same objects cross IPC, the CLI and scenarios).
 * Systems add their own in RuleSystem.commands (kit/command.ts).
 */
import { z } from 'zod'
import { schemasOnFirstUse } from './built-once'
import { CUSTOM_CONDITION_NAME_MAX } from '@shared/domain/conditions'
import { SIDES, type Side } from '@shared/domain/encounter'

const id = z.string().min(1).max(200)
const side = z.enum(SIDES as [Side, ...Side[]])
const base = {
  dice: z.array(z.union([z.number(), z.string()])).max(500).optional(),
  override: z.boolean().optional(),
}

export const conditionEndsSchema = z.discriminatedUnion('at', [
  z.object({ at: z.literal('manual') }),
  z.object({ at: z.literal('turnStart'), combatantId: id, round: z.number().int().optional() }),
  z.object({ at: z.literal('turnEnd'), combatantId: id, round: z.number().int().optional() }),
  z.object({ at: z.literal('rounds'), rounds: z.number().int().min(1).max(10000) }),
])

export const coreCommandSchemas = schemasOnFirstUse({
  addCombatant: () => z.object({
    type: z.literal('addCombatant'),
    ...base,
    statBlock: z.record(z.string(), z.unknown()),
    count: z.number().int().min(1).max(100).optional(),
    /** id of a single instance, or the prefix of numbered ones (`st` → `st-1`, `st-2`) */
    id: id.optional(),
    name: z.string().min(1).max(120).optional(),
    side: side.optional(),
    role: z.enum(['pc', 'npc', 'ally']).optional(),
    hidden: z.boolean().optional(),
    aware: z.boolean().optional(),
    templateId: id.optional(),
    notes: z.string().max(10000).optional(),
    position: z.object({ band: z.string().optional(), distance: z.number().optional(), zone: z.string().optional() }).optional(),
  }),
  removeCombatant: () => z.object({ type: z.literal('removeCombatant'), ...base, combatantId: id }),
  setHidden: () => z.object({ type: z.literal('setHidden'), ...base, combatantId: id, hidden: z.boolean() }),
  setAware: () => z.object({ type: z.literal('setAware'), ...base, combatantId: id, aware: z.boolean() }),
  setNote: () => z.object({ type: z.literal('setNote'), ...base, combatantId: id, notes: z.string().max(10000) }),
  setSide: () => z.object({ type: z.literal('setSide'), ...base, combatantId: id, side }),
  /** roll for the listed combatants (default: everyone without a count); group: one roll with the lowest modifier */
  rollInitiative: () => z.object({ type: z.literal('rollInitiative'), ...base, combatantIds: z.array(id).optional(), group: z.boolean().optional() }),
  setInitiative: () => z.object({ type: z.literal('setInitiative'), ...base, combatantId: id, value: z.number().int().min(-1000).max(100000) }),
  /** sides model: which side acts first (default party) */
  startCombat: () => z.object({ type: z.literal('startCombat'), ...base, firstSide: side.optional() }),
  /** ticks model: how many ticks the current actor's action took */
  nextTurn: () => z.object({ type: z.literal('nextTurn'), ...base, ticks: z.number().int().min(0).max(1000).optional() }),
  delay: () => z.object({ type: z.literal('delay'), ...base, combatantId: id.optional() }),
  /** a delaying combatant acts now, before the current one; its count changes for good (W7) */
  resume: () => z.object({ type: z.literal('resume'), ...base, combatantId: id }),
  ready: () => z.object({ type: z.literal('ready'), ...base, combatantId: id.optional(), trigger: z.string().max(500) }),
  triggerReady: () => z.object({ type: z.literal('triggerReady'), ...base, combatantId: id }),
  addCondition: () => z.object({
    type: z.literal('addCondition'),
    ...base,
    combatantId: id,
    key: z.string().min(1).max(100),
    /** a GM's own condition: its name as typed (the key is then `custom.…`, customConditionKey) */
    name: z.string().trim().min(1).max(CUSTOM_CONDITION_NAME_MAX).optional(),
    value: z.number().optional(),
    source: z.string().max(200).optional(),
    gmOnly: z.boolean().optional(),
    ends: conditionEndsSchema.optional(),
  }),
  removeCondition: () => z.object({ type: z.literal('removeCondition'), ...base, combatantId: id, conditionId: id }),
  adjustPool: () => z.object({ type: z.literal('adjustPool'), ...base, pool: z.string().min(1).max(60), delta: z.number().int().optional(), value: z.number().int().optional() }),
  endEncounter: () => z.object({ type: z.literal('endEncounter'), ...base }),
  /** the GM's options for this encounter (EncounterOptions) */
  setOptions: () => z.object({ type: z.literal('setOptions'), ...base, skipOut: z.boolean().optional() }),
} satisfies Record<string, () => z.ZodType>)

export type CoreCommandType = keyof typeof coreCommandSchemas
export const isCoreCommand = (t: string): t is CoreCommandType => Object.hasOwn(coreCommandSchemas, t)

/** A validated core command, typed from its schema (a discriminated union on `type`). */
export type CoreCommand = { [K in CoreCommandType]: z.output<(typeof coreCommandSchemas)[K]> }[CoreCommandType]
