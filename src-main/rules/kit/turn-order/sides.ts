/** Sides take turns: everyone on the acting side acts, then the next side (the first side chosen at the start). */
import type { EncounterState, Side } from '@shared/domain/encounter'
import { findCombatant, withField } from '../state'
import { sideSequence, sidesOrder } from '../initiative'
import type { InitiativeStrategy } from './strategy'

const actorsOf = (state: EncounterState): string[] => state.combatants.filter((x) => x.side === state.turn.side).map((x) => x.id)

export const sidesInitiative: InitiativeStrategy = {
  id: 'sides',
  surprise: () => false,
  startState: (s, start) => {
    const x = withField(s, 'system', { ...s.system, firstSide: start.firstSide })
    x.turn = { phase: 'combat', round: 1, order: sidesOrder(s.combatants, start.firstSide), index: -1 }
    return x
  },
  actors: actorsOf,
  endedTurn: (state) => ({ side: state.turn.side }),
  startNextTurn({ b, beginTurn, skips }) {
    const s = b.state
    const sequence = sideSequence((s.system.firstSide as Side | undefined) ?? 'party')
    const present = sequence.filter((side) => s.combatants.some((x) => x.side === side))
    if (present.length === 0) return
    // a side whose every combatant is out of the fight has no turn (issue 10), unless no side stands at all
    const stands = (side: Side) => s.combatants.some((x) => x.side === side && !skips(x, 0))
    const anyStands = present.some(stands)
    let round = s.turn.round
    let i = s.turn.index < 0 ? -1 : present.indexOf(s.turn.side ?? present[0])
    let side: Side | undefined
    for (let step = 0; step < present.length; step++) {
      i += 1
      if (i >= present.length) {
        i = 0
        if (s.turn.index >= 0 && round === s.turn.round) {
          round += 1
          b.push({ type: 'core.roundStarted', round, phase: 'combat', order: sidesOrder(s.combatants, present[0]) })
        }
      }
      if (!anyStands || stands(present[i])) {
        side = present[i]
        break
      }
    }
    if (!side) return
    const order = b.state.turn.order
    const index = Math.max(0, order.findIndex((id) => findCombatant(b.state, id)?.side === side))
    beginTurn({ type: 'core.turnStarted', side, round, index })
  },
  endsTurnOnRemove: false,
  turnView: (state) => (state.turn.side ? { side: state.turn.side } : {}),
}
