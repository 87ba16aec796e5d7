/**
 * J7 as the engine's initiative strategy: the players' side acts first, then the sides alternate one character at
 * a time; a side with nobody left lets the other go on; the blacked out, defeated and dispatched are skipped. The
 * turn order shown is the plan for the round (turns.ts `j7Plan`), re-planned at every turn from who has acted, so a
 * character joining or dropping out mid-round takes or leaves its place. Seize Initiative (002:118) is the `seize`
 * command: a narrator character takes the turn a player was about to take, and play passes back to the players.
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { CoreEvent, EventOf } from '../../../kit/events'
import type { InitiativeStrategy } from '../../../kit/turn-order'
import { compareOrdered } from '../../../kit/initiative'
import { coreLogEntry } from '../../../kit/log'
import { currentActor, findCombatant } from '../../../kit/state'
import { ok, type Result } from '@shared/result'
import type { TwoD20Event } from '../events'
import { freshBudget } from './combat'
import type { PoolSide } from './pools'
import { isOut } from './state'
import { j7Plan } from './turns'

export const sideOfCombatant = (c: Combatant): PoolSide => (c.side === 'party' || c.side === 'allies' ? 'players' : 'narrator')

/** The plan for the rest of a round: who has not acted, able ones first in initiative order, the out ones last. */
export function planRound(state: EncounterState, acted: readonly string[], lastSide: PoolSide | null): string[] {
  const waiting = state.combatants.filter((c) => !acted.includes(c.id)).sort(compareOrdered)
  const able = waiting.filter((c) => !isOut(c))
  const plan = j7Plan(able.filter((c) => sideOfCombatant(c) === 'players').map((c) => c.id), able.filter((c) => sideOfCombatant(c) === 'narrator').map((c) => c.id), lastSide)
  return [...plan, ...waiting.filter((c) => isOut(c)).map((c) => c.id)]
}

/** The `core.turnStarted` of `id` at `index`, with the order re-planned. */
export function turnStartedAt(state: EncounterState, id: string, index: number, order: string[], round: number): EventOf<CoreEvent, 'core.turnStarted'> {
  return { type: 'core.turnStarted', combatantId: id, name: findCombatant(state, id)?.name ?? id, round, index, order, phase: 'combat' }
}

export const j7Initiative: InitiativeStrategy = {
  id: 'alternating',
  surprise: () => false,
  startState(s, start) {
    const first: PoolSide | null = start.firstSide === 'party' || start.firstSide === 'allies' ? null : 'players'
    return { ...s, turn: { phase: 'combat', round: 1, order: planRound(s, [], first), index: -1 } }
  },
  actors(state) {
    const cur = currentActor(state)
    return cur ? [cur] : []
  },
  endedTurn: (_state, actors) => ({ combatantId: actors[0] }),
  startNextTurn({ b, beginTurn }) {
    const s = b.state
    const acted = s.turn.order.slice(0, s.turn.index + 1).filter((id) => findCombatant(s, id))
    const lastId = s.turn.index >= 0 ? s.turn.order[s.turn.index] : undefined
    const last = lastId ? findCombatant(s, lastId) : undefined
    const rest = planRound(s, acted, last ? sideOfCombatant(last) : s.turn.index < 0 ? null : 'narrator')
    const next = rest.find((id) => { const c = findCombatant(s, id); return c !== undefined && !isOut(c) })
    if (next !== undefined && acted.length + rest.length > 0) {
      const order = [...acted, ...rest]
      beginTurn(turnStartedAt(s, next, order.indexOf(next), order, s.turn.round))
      return
    }
    // everyone has acted: a new round, the players first (J7)
    const round = s.turn.round + 1
    const order = planRound(s, [], null)
    b.push({ type: 'core.roundStarted', round, phase: 'combat', order })
    const first = order.find((id) => { const c = findCombatant(b.state, id); return c !== undefined && !isOut(c) }) ?? order[0]
    if (first !== undefined) beginTurn(turnStartedAt(b.state, first, order.indexOf(first), order, round))
  },
  endsTurnOnRemove: true,
  turnView: () => ({}),
  // J7: no initiative roll; the count only keeps each side's order, so the log names the turns, never the count
  // (issue 27: "rolls initiative: 1000"); a count set by hand keeps the core's line
  describeInitiative: (ev) => (ev.manual ? coreLogEntry(ev) : null),
}

/**
 * No initiative roll in 2d20: the count only keeps each side's characters in the order they joined (players 1000,
 * 998, …; narrator characters 999, 997, …); the J7 strategy (`j7Initiative` above) alternates the sides.
 */
export function rollInitiative(state: EncounterState, c: Combatant): Result<CoreEvent[]> {
  const players = (x: Combatant) => x.side === 'party' || x.side === 'allies'
  const mine = state.combatants.filter((x) => players(x) === players(c))
  const k = mine.findIndex((x) => x.id === c.id)
  return ok([{ type: 'core.initiativeSet', combatantId: c.id, name: c.name, value: (players(c) ? 1000 : 999) - 2 * Math.max(0, k), modifier: 0, dice: [] }])
}

/** A new turn: the character's action budget is fresh (002:3, 002:96). */
export function onTurnStart(state: EncounterState, id: string): TwoD20Event[] {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) return []
  return [{ type: '2d20.budgetReset', combatantId: id, name: c.name, changes: [{ id, patch: { budget: freshBudget() } }] }]
}
