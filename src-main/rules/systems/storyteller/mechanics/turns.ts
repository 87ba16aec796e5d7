/**
 * The Storyteller tick wheel as the engine's initiative strategy (issue 9; the engine's `InitiativeStrategy`):
 * - the lowest tick acts next; on one tick the higher Join Battle (`initiative.modifier`) first (004 "the one with
 *   the highest Join Battle goes first"); "if still tied, actions are simultaneous": no tie-break is rolled, the tied
 *   have one turn together (`turn.together`), each may act on it, and one taken out by a simultaneous action still
 *   gets its own (decide/common.ts `actorRules`);
 * - Incapacitated and dead combatants (T5) and those waiting off the wheel are skipped;
 * - the wheel's clock never goes back (a combatant whose tick has passed acts on the current tick);
 * - 004 "Attacker moves (Attack Speed) ticks forward": every action command moves its actor itself
 *   (`storyteller.moved`); a turn ended without one costs the `ticks` the GM gives, else the settings' action
 *   Speed (the actor did something the engine was not told about), so nobody acts twice on the same tick.
 */
import type { Combatant, EncounterState, EngineEvent, LogEntry } from '@shared/domain/encounter'
import type { CoreEvent, EventOf } from '../../../kit/events'
import type { TurnBatch } from '../../../kit/turn-order/strategy'
import { currentActor, findCombatant, withField } from '../../../kit/state'
import type { StorytellerEvent } from '../events'

type Batch = TurnBatch<StorytellerEvent>
import { isOut, settingsOf } from './state'

const tickOf = (x: Combatant): number => x.initiative.value ?? Infinity

/** Who is on the wheel, in acting order: the lowest tick first, then the higher Join Battle (004); the tied keep
 *  the encounter's order (they act together, `together`). */
export const wheelOrder = (s: EncounterState): string[] =>
  s.combatants
    .filter((x) => !x.initiative.delayed && x.initiative.value !== null && !isOut(x))
    .sort((a, b) => tickOf(a) - tickOf(b) || b.initiative.modifier - a.initiative.modifier)
    .map((x) => x.id)

/** Those acting together with the first of `order`: the same tick (as the wheel's clock has it) and the same Join
 *  Battle (004 "if still tied, actions are simultaneous"). */
function tiedWith(s: EncounterState, order: readonly string[]): Combatant[] {
  const clock = s.turn.tick ?? 0
  const at = (x: Combatant) => Math.max(clock, x.initiative.value ?? 0)
  const all = order.map((id) => findCombatant(s, id)).filter((x): x is Combatant => x !== undefined)
  const first = all[0]
  return first ? all.filter((x) => at(x) === at(first) && x.initiative.modifier === first.initiative.modifier) : []
}

/** Whose turn it is: the group acting together, else the current actor. */
export function actorsNow(state: EncounterState): string[] {
  const together = state.turn.together
  if (together && together.length > 0) return together.filter((id) => findCombatant(state, id) !== undefined)
  const cur = currentActor(state)
  return cur ? [cur] : []
}

/** The engine's `TurnOps`, structurally. */
interface TurnOps { b: Batch; beginTurn(event: EngineEvent): void }

export const storytellerWheel = {
  id: 'ticks',
  surprise: (): boolean => false,
  // 004: a tie on tick and Join Battle is simultaneous action, not an order to roll for
  breaksTies: false,
  startState: (s: EncounterState): EncounterState => withField(s, 'turn', { phase: 'combat', round: 1, order: wheelOrder(s), index: -1, tick: 0 }),
  actors: actorsNow,
  endedTurn: (_state: EncounterState, actors: string[]): Record<string, unknown> => (actors.length > 1 ? { combatantId: actors[0], together: actors } : { combatantId: actors[0] }),
  /** each actor of the turn (all of a group acting together) that has not moved yet moves now */
  beforeNextTurn(b: Batch, command: { ticks?: number }): void {
    for (const id of actorsNow(b.state)) {
      const x = findCombatant(b.state, id)
      if (!x) continue
      const tick = b.state.turn.tick ?? 0
      if (command.ticks !== undefined) {
        b.push({ type: 'core.ticksSpent', combatantId: x.id, name: x.name, ticks: command.ticks, tick: Math.max(x.initiative.value ?? 0, tick) + command.ticks })
        continue
      }
      // moved already by its action (or out of the fight): the turn costs nothing more
      if ((x.initiative.value ?? 0) > tick || isOut(x)) continue
      const speed = settingsOf(b.state).actionSpeed
      b.push({ type: 'storyteller.moved', combatantId: x.id, name: x.name, speed, from: tick, to: tick + speed, what: '' } satisfies StorytellerEvent)
    }
  },
  startNextTurn({ b, beginTurn }: TurnOps): void {
    const s = b.state
    const order = wheelOrder(s)
    if (order.length === 0) return
    const group = tiedWith(s, order)
    const first = group[0]
    const tick = Math.max(s.turn.tick ?? 0, first.initiative.value ?? 0)
    const together = group.length > 1 ? { together: group.map((x) => x.id), name: group.map((x) => x.name).join(', ') } : { name: first.name }
    beginTurn({ type: 'core.turnStarted', combatantId: first.id, round: s.turn.round, index: 0, order, tick, ...together })
  },
  endsTurnOnRemove: false,
  turnView: (state: EncounterState): { tick?: number } => (typeof state.turn.tick === 'number' ? { tick: state.turn.tick } : {}),
  /**
   * The player display while a hidden combatant acts before any visible one has had a turn (decided in
   * src-main/rules/systems/storyteller/README.md; after a visible turn the projection shows the wheel as it stood then, `frozenTurn`): the
   * next visible actor on the wheel, on its own tick — exactly what players would see had the hidden one not been
   * on the wheel at all, so neither an empty current tick nor a blank "whose turn" gives it away.
   */
  playerTurn(state: EncounterState): { currentId: string | null; round: number; tick?: number; together?: string[] } {
    const round = state.turn.round
    const cur = currentActor(state)
    const c = cur ? findCombatant(state, cur) : undefined
    // a group acting together: its visible members (a hidden one is never named)
    const seen = (state.turn.together ?? []).filter((id) => findCombatant(state, id)?.hidden === false)
    if (seen.length > 1) return { currentId: seen[0], round, together: seen }
    if (seen.length === 1) return { currentId: seen[0], round }
    if (!c || !c.hidden) return { currentId: cur, round }
    const next = wheelOrder(state).map((id) => findCombatant(state, id)).find((x) => x !== undefined && !x.hidden)
    return next ? { currentId: next.id, round, tick: next.initiative.value ?? 0 } : { currentId: null, round }
  },
  tickOf: (value: number | null): number | undefined => (typeof value === 'number' ? value : undefined),
  /**
   * The wheel's count is a tick, not a rolled initiative (issue 27): the Join Battle line already names the joiner's
   * tick, so its count is not logged again; a start tick counted down again from a better roll, and a tick set by
   * hand, are logged as ticks. (Older logs' recounts carry no `recountedBy`: not logged, as the joiner's own.)
   */
  describeInitiative(ev: EventOf<CoreEvent, 'core.initiativeSet'>): Omit<LogEntry, 'seq'> | null {
    if (ev.manual) return { key: 'log.storyteller.tickSet', params: { name: ev.name, tick: ev.value } }
    if (ev.recountedBy !== undefined) return { key: 'log.storyteller.recounted', params: { name: ev.name, tick: ev.value, by: ev.recountedBy } }
    return null
  },
}
