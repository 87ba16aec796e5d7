/**
 * The one event batch of the engine and the systems: collects the events of one command while keeping the state
 * they lead to, so a later step (and a turn hook) sees the effect of the earlier events of the same command.
 */
import { ok, type Result } from '@shared/result'
import core from '@shared/i18n/log-core'
import { refuse } from './refuse'
import type { Combatant, ConditionInstance, EncounterState, EngineEvent } from '@shared/domain/encounter'
import { conditionAddedEvent, conditionEndedEvent } from './conditions'
import { evolveCore } from './evolve-core'
import { asSystemEvent, isCoreEvent, type CoreEvent, type SystemEvent } from './events'
import { applyChanges } from './patch'
import { findCombatant } from './state'
import type { InitiativeStrategy } from './turn-order/strategy'

/** Evolve of any event off the wire (the engine's): core events, the system's events, others leave the state. */
export type Evolve = (state: EncounterState, event: EngineEvent) => EncounterState

/**
 * The full evolve of a system: core events by the core, system events by their `changes` and then the system's
 * own evolve (for what a state patch cannot say), which reads them as its union `E`. Events of another system
 * leave the state as it is.
 *
 * `inPlace` (issue 13: the danger check's fights; an option, not a module-level switch, issue 28): a state patch and
 * a turn's start change the state's own objects instead of copying them: the same rules and the same events, without
 * copying a combatant, the list and the state for each of a fight's 300 events (about a sixth of a fight's cost).
 * Only the engine's own batch of a command pushes with it, and only when its caller owns every object of the state
 * (`Engine.step` with `inPlace`: danger-simulate.ts, on its copy of the plan's start state). Never in play (history,
 * undo, the views and the log keep earlier states), never for a system's own batch or a probe. A test fights every
 * system's sample plans both ways and compares them state by state.
 */
export function evolverFor<E extends SystemEvent>(systemId: string, systemEvolve?: (state: EncounterState, event: E) => EncounterState, initiative?: InitiativeStrategy, opts: { inPlace?: boolean } = {}): Evolve {
  const prefix = `${systemId}.`
  const inPlace = opts.inPlace === true
  return (state, event) => {
    if (isCoreEvent(event)) return evolveCore(state, event, initiative, inPlace)
    if (!event.type.startsWith(prefix)) return state
    const s = applyChanges(state, event, inPlace)
    return systemEvolve ? systemEvolve(s, asSystemEvent<E>(event)) : s
  }
}

/**
 * `E` is the union of the system events this batch's writer may push (besides the core events): a system's
 * handlers see `Batch<TheirEvent>`, so every event they write is checked against the system's union; the core
 * sees `Batch` (core events only). `events` is what the engine logs (`written(b)`: the same, typed).
 */
export class Batch<E extends SystemEvent = never> {
  /** the events so far, as the engine logs them (rule checks append their `core.ruleOverridden` here) */
  events: EngineEvent[] = []

  constructor(
    public state: EncounterState,
    private readonly evolve: Evolve,
    /** how `push` evolves this batch's state, when not by `evolve`: the engine's in-place evolve (evolverFor `inPlace`),
     *  which only a caller that owns the state may ask for; a system's batch and a probe never do */
    private readonly evolvePushed: Evolve = evolve,
  ) {}

  push(...events: Array<CoreEvent | E>): void {
    for (const e of events) {
      this.events.push(e)
      this.state = this.evolvePushed(this.state, e)
    }
  }

  /** The state as if this event were applied (not kept): to judge what happens just before it. */
  probe(event: CoreEvent | E): EncounterState {
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
    return c ? ok(c) : refuse('not-found', core.en, 'refusal.core.noCombatant', {}, { field, details: { id } })
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

/**
 * A batch's events so far, typed: what a system hook built on a batch returns. Only `push` (core events and `E`)
 * and rule checks (`core.ruleOverridden`) add to `events`, so they are of this type. (A function rather than a
 * member, so `Batch<E>` stays bivariant in `E`: one system's batch is still a batch to the core's helpers.)
 */
export const written = <E extends SystemEvent>(b: Batch<E>): Array<CoreEvent | E> => b.events as Array<CoreEvent | E>
