/**
 * Issue 29 test support: a system's sample campaign (src-main/rules/systems/<id>/samples/) launched through the real
 * engine, one of its prepared encounters with the party (the console's launch: rules/plan-commands.ts), for the
 * character view's tests. `run` applies a command as the GM would and throws when the engine refuses it.
 */
import type { CampaignFile } from '@shared/domain/campaign'
import type { EncounterState, EngineCommand, EventRecord } from '@shared/domain/encounter'
import type { SystemSamples } from '../../../../src-main/rules/kit/samples'
import type { RuleSystem } from '../../../../src-main/rules/kit/system'
import { applyCommand, createEncounter, getSystem } from '../../../../src-main/rules/index'
import { launchCommands } from '../../../../src-main/rules/plan-commands'
import { samples as saga } from '../../../../src-main/rules/systems/saga/samples/index'
import { samples as starchasers } from '../../../../src-main/rules/systems/starchasers/samples/index'
import { samples as twoD20 } from '../../../../src-main/rules/systems/2d20/samples/index'
import { samples as storyteller } from '../../../../src-main/rules/systems/storyteller/samples/index'

export const SAMPLES: Record<string, SystemSamples> = { saga, starchasers, '2d20': twoD20, storyteller }
export const AT = '2026-12-06T20:00:00.000Z'

export interface Fight {
  system: RuleSystem
  state: EncounterState
  records: EventRecord[]
  /** the party's stat block ids (a character link names one) */
  party: string[]
  /** the sample's library: id → name */
  names: Map<string, string>
  /** apply a command; throws when refused */
  run(command: EngineCommand): void
  /** apply a command; false when refused */
  tryRun(command: EngineCommand): boolean
}

export function sampleFight(systemId: string, plan = 0, seed = `char-${systemId}`): Fight {
  const sys = getSystem(systemId)
  if (!sys.ok) throw new Error(systemId)
  const content = SAMPLES[systemId].campaign
  const file = { name: 'Sample', systemId, party: content.party, library: content.library, encounters: content.encounters.map((e) => ({ ...e, updatedAt: AT })) } as unknown as CampaignFile
  const planId = content.encounters[plan].id
  const made = createEncounter({ id: `enc-${planId}`, name: content.encounters[plan].name, systemId, seed }, AT)
  if (!made.ok) throw new Error(made.error.message)
  const fight: Fight = {
    system: sys.value,
    state: made.value.state,
    records: made.value.records,
    party: content.party,
    names: new Map(content.library.map((r) => [r.id, r.name])),
    tryRun(command) {
      const r = applyCommand(fight.records, fight.state, command, { now: AT })
      if (!r.ok) return false
      fight.state = r.value.state
      fight.records = r.value.records
      return true
    },
    run(command) {
      const r = applyCommand(fight.records, fight.state, command, { now: AT })
      if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`)
      fight.state = r.value.state
      fight.records = r.value.records
    },
  }
  const commands = launchCommands(file, planId, sys.value)
  if (!commands.ok) throw new Error(commands.error.message)
  for (const c of commands.value) fight.run(c)
  return fight
}

/** the combatant made from a library stat block (the first, for numbered ones) */
export function combatantOf(f: Fight, templateId: string) {
  const c = f.state.combatants.find((x) => x.templateId === templateId)
  if (!c) throw new Error(`no combatant of ${templateId}`)
  return c
}

/** set a combatant's state fields directly (a fixed state for a worked example) */
export function withState(f: Fight, id: string, patch: Record<string, unknown>): void {
  f.state = { ...f.state, combatants: f.state.combatants.map((c) => (c.id === id ? { ...c, state: { ...c.state, ...patch } } : c)) }
}
