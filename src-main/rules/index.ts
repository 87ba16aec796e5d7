/**
 * The rule-system registry: `getSystem(id)`. Add a system with one line in `systems` below.
 * Systems must not import core/engine.ts or core/history.ts (those import this file).
 */
import { err, ok, type Result } from '@shared/result'
import { registerLogMessages } from '@shared/i18n/format-log'
import type { RuleSystem } from './core/system'
import { EVENT_VERSION, type EngineCommand, type EventRecord } from '@shared/domain/encounter'
import { upcastRecordWith } from './core/upcast'
import { sagaSystem } from './systems/saga'
import { starchasersSystem } from './systems/starchasers'
import { twoD20System } from './systems/2d20'
import { storytellerSystem } from './systems/storyteller'

const systems: Record<string, RuleSystem> = {
  saga: sagaSystem,
  starchasers: starchasersSystem,
  '2d20': twoD20System,
  storyteller: storytellerSystem,
}

// each system's log templates live in its folder; formatLog (log pane of the CLI, the exports) learns them here
for (const s of Object.values(systems)) registerLogMessages(s.catalogs.log)

export function getSystem(id: string): Result<RuleSystem> {
  const s = Object.hasOwn(systems, id) ? systems[id] : undefined
  return s ? ok(s) : err('not-found', `rule system "${id}" is not implemented`, 'systemId')
}

export const listSystems = (): string[] => Object.keys(systems)

/** Tests only: register a small fake system. */
export function registerSystem(system: RuleSystem): void {
  systems[system.id] = system
  registerLogMessages(system.catalogs.log)
}

/** A logged record in the current event shape (old logs: core/upcast.ts). Call it wherever records are read. */
export function upcastRecord(record: EventRecord): EventRecord {
  const dot = record.event.type.indexOf('.')
  const sys = dot > 0 ? getSystem(record.event.type.slice(0, dot)) : null
  return upcastRecordWith(record, sys?.ok ? sys.value : null)
}

/**
 * A logged command (`encounter.command` records carry no version) in the current field names: every step of the
 * system's `upcastCommand` only renames fields whose new name is absent, so a command already current stays as it is.
 */
export function upcastCommand(systemId: string, command: EngineCommand): EngineCommand {
  const sys = getSystem(systemId)
  if (!sys.ok || !sys.value.upcastCommand) return command
  let c = command
  for (let v = 1; v < EVENT_VERSION; v++) c = sys.value.upcastCommand(c, v)
  return c
}
