/** Sides take turns: everyone on the acting side acts, then the next side (the first side chosen at the start). */
import type { EncounterState, Side } from '@shared/domain/encounter'
import { findCombatant } from '../state'
import { sideSequence, sidesOrder } from '../initiative'
import type { InitiativeStrategy } from './strategy'

const actorsOf = (state: EncounterState): string[] => state.combatants.filter((x) => x.side === state.turn.side).map((x) => x.id)

export const sidesInitiative: InitiativeStrategy = {
  id: 'sides',
  surprise: () => false,
  startState: (s, start) => ({ ...s, system: { ...s.system, firstSide: start.firstSide }, turn: { phase: 'combat', round: 1, order: sidesOrder(s.combatants, start.firstSide), index: -1 } }),
  actors: actorsOf,
  endedTurn: (state) => ({ side: state.turn.side }),
  startNextTurn({ b, beginTurn }) {
    const s = b.state
    const present = sideSequence((s.system.firstSide as Side | undefined) ?? 'party').filter((side) => s.combatants.some((x) => x.side === side))
    if (present.length === 0) return
    let side: Side
    let round = s.turn.round
    if (s.turn.index < 0) side = present[0]
    else {
      const i = present.indexOf(s.turn.side ?? present[0])
      if (i + 1 >= present.length) {
        side = present[0]
        round += 1
        b.push({ type: 'core.roundStarted', round, phase: 'combat', order: sidesOrder(s.combatants, present[0]) })
      } else side = present[i + 1]
    }
    const order = b.state.turn.order
    const index = Math.max(0, order.findIndex((id) => findCombatant(b.state, id)?.side === side))
    beginTurn({ type: 'core.turnStarted', side, round, index })
  },
  endsTurnOnRemove: false,
  turnView: (state) => (state.turn.side ? { side: state.turn.side } : {}),
}
