/** Saga test helpers: an encounter built through the real engine, commands with fixed dice. */
import type { Combatant, EncounterState, EngineCommand, EngineEvent, EventRecord } from '@shared/domain/encounter'
import { applyCommand, createEncounter } from '../../../../../../src-main/rules/index'
import type { SagaState } from '../../../../../../src-main/rules/systems/saga/mechanics/state'

export const now = '2026-01-01T00:00:00.000Z'
export interface Log {
  records: EventRecord[]
  state: EncounterState
  events: EngineEvent[]
}

export function encounter(blocks: Array<Record<string, unknown> & { id: string }>, extra: Partial<EngineCommand>[] = []): Log {
  const r = createEncounter({ id: 'e', name: 'Saga test', systemId: 'saga', seed: 'test' }, now)
  if (!r.ok) throw new Error(r.error.message)
  let log: Log = { ...r.value, events: [] }
  for (const [i, sb] of blocks.entries()) {
    const { id, side, aware, ...statBlock } = sb
    log = run(log, { type: 'addCombatant', id, statBlock, ...(side ? { side } : {}), ...(aware !== undefined ? { aware } : {}), ...(extra[i] ?? {}) } as EngineCommand)
  }
  return log
}

export function run(log: Log, cmd: EngineCommand): Log {
  const r = applyCommand(log.records, log.state, cmd, { now })
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} (${r.error.field})`)
  return r.value
}

export function tryRun(log: Log, cmd: EngineCommand) {
  return applyCommand(log.records, log.state, cmd, { now })
}

export const who = (log: Log, id: string): Combatant => log.state.combatants.find((c) => c.id === id)!
export const st = (log: Log, id: string): SagaState => who(log, id).state as unknown as SagaState
export const ev = (log: Log, type: string): EngineEvent & Record<string, any> => {
  const e = log.events.find((x) => x.type === type)
  if (!e) throw new Error(`no ${type} in ${log.events.map((x) => x.type).join(', ')}`)
  return e as EngineEvent & Record<string, any>
}

/** A level-3 heroic soldier: Str 14 (+2), Dex 16 (+3), Con 12 (+1), Wis 10; BAB +3; class Ref +1, Fort +2. */
export const soldier = (over: Record<string, unknown> = {}) => ({
  name: 'Soldier',
  kind: 'heroic',
  heroicLevel: 3,
  abilities: { str: 14, dex: 16, con: 12, int: 10, wis: 10, cha: 10 },
  bab: 3,
  defenses: { reflex: { class: 1 }, fortitude: { class: 2 } },
  hp: 30,
  initiative: 6,
  forcePoints: 5,
  weapons: [
    { name: 'Blaster Pistol', damage: '3d6', kind: 'ranged', stun: true, ranges: [6, 12, 24, 48], damageType: 'energy' },
    { name: 'Vibroblade', damage: '2d6', kind: 'melee', damageType: 'slashing' },
    { name: 'Knife', damage: '1d4', kind: 'melee', light: true },
    { name: 'Heavy Repeater', damage: '3d8', kind: 'ranged', autofire: true, damageType: 'energy' },
    { name: 'Ion Pistol', damage: '3d6', kind: 'ranged', ion: true, damageType: 'ion' },
  ],
  ...over,
})

/** A nonheroic trooper: Dex 12 (+1), Con 10, armor +6 Reflex (max Dex +2? no cap) and +1 Fort equipment. */
export const trooper = (over: Record<string, unknown> = {}) => ({
  name: 'Stormtrooper',
  kind: 'nonheroic',
  otherLevels: 4,
  abilities: { str: 10, dex: 12, con: 10, int: 10, wis: 10, cha: 10 },
  bab: 3,
  armor: { name: 'Stormtrooper armor', reflex: 6, fortitude: 2, maxDex: 3 },
  hp: 10,
  initiative: 1,
  weapons: [{ name: 'Blaster Rifle', damage: '3d8', kind: 'ranged', autofire: true, damageType: 'energy' }],
  ...over,
})
