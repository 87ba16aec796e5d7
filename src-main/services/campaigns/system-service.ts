/**
 * What main tells the renderer about a rule system (`system:list`, `system:describe`, `system:card`), built from
 * the RuleSystem alone: its command schemas as JSON Schema (zod's `z.toJSONSchema`, the input side: what a form
 * sends) with their UI hints, its label keys, its stat-block schema, kinds and templates, and its catalogs.
 * Descriptions are built once per system. No IPC here: the handler map lives with the other handlers.
 */
import { z } from 'zod'
import type { StatBlockKind } from '@shared/domain/campaign'
import type { InitiativeModel } from '@shared/domain/encounter'
import { err, ok, type Result } from '@shared/result'
import type { CardLayout, CommandDescription, JsonSchema, SystemDescription, SystemSummary } from '@shared/views/system-views'
import { coreCommandSchemas } from '../../rules/kit/commands'
import { coreCommandHints } from '../../rules/kit/hints'
import type { CommandHint, RuleSystem } from '../../rules/kit/system'
import { getSystem, listSystems } from '../../rules/index'

const KINDS: StatBlockKind[] = ['pc', 'npc', 'ally']

export const toJsonSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema

/** every command the engine takes for the system (core first), each with its hints; a command without hints
 *  gets the `advanced` group and the label key `command.<type>` */
export function describeCommands(system: RuleSystem): CommandDescription[] {
  const schemas: Record<string, z.ZodType> = { ...coreCommandSchemas, ...system.commandSchemas }
  const hints = [...coreCommandHints.filter((h) => !Object.hasOwn(system.commandSchemas, h.type)), ...system.commandHints]
  const out: CommandDescription[] = []
  const seen = new Set<string>()
  const describe = (h: CommandHint): CommandDescription => {
    const schema = schemas[h.type]
    if (!schema) throw new Error(`${system.id}: a UI hint names the command "${h.type}", which the system does not take`)
    return {
      type: h.type,
      ...(h.id && h.id !== h.type ? { id: h.id } : {}),
      schema: toJsonSchema(schema),
      group: h.group,
      label: h.label,
      fields: h.fields,
      ...(h.odds ? { odds: true } : {}),
      ...(h.shortcut ? { shortcut: h.shortcut } : {}),
      ...(h.fixed ? { fixed: h.fixed } : {}),
    }
  }
  for (const h of hints) {
    out.push(describe(h))
    seen.add(h.type)
  }
  for (const [type, schema] of Object.entries(schemas)) {
    if (!seen.has(type)) out.push({ type, schema: toJsonSchema(schema), group: 'advanced', label: `command.${type}`, fields: {} })
  }
  return out
}

export function describeSystem(system: RuleSystem): SystemDescription {
  const templates = Object.fromEntries(KINDS.map((k) => [k, system.statBlockTemplates[k](system.names.en)]))
  return {
    id: system.id,
    name: `system.${system.id}`,
    names: system.names,
    initiative: system.initiative.id as InitiativeModel,
    commands: describeCommands(system),
    labels: { pools: Object.keys(system.labels.pools), bands: Object.keys(system.labels.bands), conditions: Object.keys(system.labels.conditions) },
    labelKeys: { pools: { ...system.labels.pools }, bands: { ...system.labels.bands }, conditions: { ...system.labels.conditions } },
    statBlock: { schema: toJsonSchema(system.statBlockSchema), kinds: KINDS, templates },
    catalogs: { en: { ...system.catalogs.ui.en }, pl: { ...system.catalogs.ui.pl } },
    logCatalogs: { en: { ...system.catalogs.log.en }, pl: { ...system.catalogs.log.pl } },
  }
}

export interface SystemService {
  list(): SystemSummary[]
  describe(systemId: string): Result<SystemDescription>
  card(systemId: string, statBlock: unknown, lang: 'en' | 'pl'): Result<CardLayout>
}

/** `lookup`: the system registry (tests pass their own) */
export function createSystemService(lookup: { getSystem: typeof getSystem; listSystems: typeof listSystems } = { getSystem, listSystems }): SystemService {
  const cache = new Map<string, SystemDescription>()
  return {
    list() {
      return lookup.listSystems().flatMap((id) => {
        const s = lookup.getSystem(id)
        return s.ok ? [{ id, name: `system.${id}`, names: s.value.names }] : []
      })
    },
    describe(systemId) {
      const known = cache.get(systemId)
      if (known) return ok(known)
      const s = lookup.getSystem(systemId)
      if (!s.ok) return s
      try {
        const d = describeSystem(s.value)
        cache.set(systemId, d)
        return ok(d)
      } catch (e) {
        return err('internal', `describing the rule system "${systemId}" failed: ${(e as Error).message}`, 'systemId')
      }
    },
    card(systemId, statBlock, lang) {
      const s = lookup.getSystem(systemId)
      if (!s.ok) return s
      return ok(s.value.card(statBlock, lang))
    },
  }
}
