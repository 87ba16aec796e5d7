/** The tick wheel (Storyteller): the lowest tick acts next; an action moves its actor that many ticks on. */
import { currentActor, findCombatant, withField } from '../state'
import { tickOrder } from '../initiative'
import type { InitiativeStrategy } from './strategy'

export const ticksInitiative: InitiativeStrategy = {
  id: 'ticks',
  surprise: () => false,
  startState: (s) => withField(s, 'turn', { phase: 'combat', round: 1, order: tickOrder(s.combatants), index: -1, tick: 0 }),
  actors(state) {
    const cur = currentActor(state)
    return cur ? [cur] : []
  },
  endedTurn: (_state, actors) => ({ combatantId: actors[0] }),
  beforeNextTurn(b, command) {
    const cur = currentActor(b.state)
    if (!cur) return
    const x = findCombatant(b.state, cur)!
    const ticks = command.ticks ?? 0
    b.push({ type: 'core.ticksSpent', combatantId: cur, name: x.name, ticks, tick: (x.initiative.value ?? 0) + ticks })
  },
  startNextTurn({ b, beginTurn, skips }) {
    const s = b.state
    const waiting = s.combatants.filter((x) => !x.initiative.delayed)
    const acting = waiting.filter((x) => !skips(x, 0))
    const order = tickOrder(acting.length ? acting : waiting)
    if (order.length === 0) return
    const first = findCombatant(s, order[0])!
    beginTurn({ type: 'core.turnStarted', combatantId: first.id, name: first.name, round: s.turn.round, index: 0, order, tick: first.initiative.value ?? 0 })
  },
  endsTurnOnRemove: false,
  turnView: (state) => (typeof state.turn.tick === 'number' ? { tick: state.turn.tick } : {}),
  tickOf: (value) => (typeof value === 'number' ? value : undefined),
}
