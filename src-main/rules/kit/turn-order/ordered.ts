/** Ordered counts (001, W7; Starchasers S2): everyone acts in initiative order; a surprise round when some are unaware. */
import type { EncounterState } from '@shared/domain/encounter'
import { findCombatant, currentActor, withField } from '../state'
import { orderedIds } from '../initiative'
import type { InitiativeStrategy } from './strategy'

export const orderedInitiative: InitiativeStrategy = {
  id: 'ordered',
  surprise(state) {
    const aware = state.combatants.filter((x) => x.aware)
    return aware.length > 0 && aware.length < state.combatants.length
  },
  startState(s, start) {
    const order = orderedIds(start.surprise ? s.combatants.filter((x) => x.aware) : s.combatants)
    return withField(s, 'turn', { phase: start.surprise ? 'surprise' : 'combat', round: start.surprise ? 0 : 1, order, index: -1 })
  },
  actors(state) {
    const cur = currentActor(state)
    return cur ? [cur] : []
  },
  endedTurn: (_state, actors) => ({ combatantId: actors[0] }),
  startNextTurn({ b, beginTurnAt, skips }) {
    const s = b.state
    const skip = (state: EncounterState, i: number) => {
      const x = findCombatant(state, state.turn.order[i])
      return !x || x.initiative.delayed === true || skips(x, i)
    }
    let idx = s.turn.index + 1
    while (idx < s.turn.order.length && skip(s, idx)) idx++
    if (idx >= s.turn.order.length) {
      const surprise = s.turn.phase === 'surprise'
      const round = surprise ? 1 : s.turn.round + 1
      // after the surprise round everyone takes part, in initiative order (001 Step 3)
      const order = surprise ? orderedIds(s.combatants) : s.turn.order
      b.push({ type: 'core.roundStarted', round, phase: 'combat', order })
      idx = 0
      while (idx < order.length && skip(b.state, idx)) idx++
      if (idx >= order.length) idx = 0
    }
    beginTurnAt(idx)
  },
  endsTurnOnRemove: true,
  turnView: () => ({}),
}
