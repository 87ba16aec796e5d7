/**
 * The one event batch of the engine and the systems: collects the events of one command while keeping the state
 * they lead to, so a later step (and a turn hook) sees the effect of the earlier events of the same command.
 */
import { err, ok, type Result } from '@shared/result'
import type { Combatant, ConditionInstance, EncounterState, EngineEvent } from '@shared/domain/encounter'
import { conditionAddedEvent, conditionEndedEvent } from './conditions'
import { evolveCore } from './evolve-core'
import { applyChanges } from './patch'
import { findCombatant } from './state'
import type { InitiativeStrategy } from './turn-order/strategy'

export type Evolve = (state: EncounterState, event: EngineEvent) => EncounterState

/**
 * The full evolve of a system: core events by the core, system events by their `changes` and then the system's
 * own evolve (for what a state patch cannot say). Events of another system leave the state as it is.
 */
export function evolverFor(systemId: string, systemEvolve?: Evolve, initiative?: InitiativeStrategy): Evolve {
  const prefix = `${systemId}.`
  return (state, event) => {
    if (event.type.startsWith('core.')) return evolveCore(state, event, initiative)
    if (!event.type.startsWith(prefix)) return state
    const s = applyChanges(state, event)
    return systemEvolve ? systemEvolve(s, event) : s
  }
}

export class Batch {
  events: EngineEvent[] = []
  constructor(
    public state: EncounterState,
    private readonly evolve: Evolve,
  ) {}

  push(...events: EngineEvent[]): void {
    for (const e of events) {
      this.events.push(e)
      this.state = this.evolve(this.state, e)
    }
  }

  /** The state as if this event were applied (not kept): to judge what happens just before it. */
  probe(event: EngineEvent): EncounterState {
    return this.evolve(this.state, event)
  }

  /** The combatant as it is now in the batch, or undefined (removed, or never there). */
  get(id: string): Combatant | undefined {
    return findCombatant(this.state, id)
  }

  /** The combatant as it is now; the caller knows it is there (it was found earlier in the command). */
  current(id: string): Combatant {
    const c = findCombatant(this.state, id)
    if (!c) throw new Error(`batch: no combatant "${id}"`)
    return c
  }

  /** The combatant, or a `not-found` error naming the command field it came from. */
  need(id: string, field: string): Result<Combatant> {
    const c = findCombatant(this.state, id)
    return c ? ok(c) : err('not-found', `no combatant with id "${id}"`, field)
  }

  /** Add a condition (deterministic id `${key}#n`). */
  addCondition(c: Combatant, key: string, ends: ConditionInstance['ends'] = { at: 'manual' }, value?: number, source?: string): void {
    const cur = this.get(c.id) ?? c
    this.push(conditionAddedEvent(this.state, cur, { key, ends, ...(value !== undefined ? { value } : {}), ...(source !== undefined ? { source } : {}) }))
  }

  /** End every condition with this key on the combatant. */
  endConditions(c: Combatant, key: string, reason = 'removed'): void {
    const cur = this.get(c.id) ?? c
    for (const k of cur.conditions.filter((x) => x.key === key)) this.push(conditionEndedEvent(cur, k, reason))
  }
}
