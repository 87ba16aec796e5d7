/**
 * evolve for core events, and the initial state. No registry import here, so systems may use it to keep a
 * live state while they build a batch of events.
 */
import type { EncounterState } from '@shared/domain/encounter'
import type { CoreEvent, CreateEncounterParams } from './events'
import { insertionIndex } from './initiative'
import { orderedInitiative } from './turn-order/ordered'
import type { InitiativeStrategy } from './turn-order/strategy'
import { findCombatant, updateCombatant, withField } from './state'

export type { CreateEncounterParams }

export function initialState(p: CreateEncounterParams): EncounterState {
  return {
    id: p.id,
    name: p.name,
    systemId: p.systemId,
    seed: p.seed,
    combatants: [],
    turn: { phase: 'setup', round: 0, order: [], index: -1 },
    pools: { ...(p.pools ?? {}) },
    system: p.settings && Object.keys(p.settings).length > 0 ? { settings: { ...p.settings } } : {},
    display: { ...(p.display ?? {}) },
  }
}

// ---------------------------------------------------------------------------------------------------------
// evolve: core events

function moveInOrder(state: EncounterState, id: string): EncounterState {
  // take `id` out of the order and put it at the cursor, before the current actor (W7: the count changes)
  const t = state.turn
  const without = t.order.filter((o) => o !== id)
  const removedBefore = t.order.indexOf(id) >= 0 && t.order.indexOf(id) < t.index ? 1 : 0
  const at = Math.max(0, Math.min(without.length, t.index - removedBefore))
  const order = [...without.slice(0, at), id, ...without.slice(at)]
  const beforeId = without[at]
  const before = beforeId ? findCombatant(state, beforeId) : undefined
  const s2 = { ...state, turn: { ...t, order, index: at } }
  return updateCombatant(s2, id, (x) => ({
    ...x,
    initiative: { ...x.initiative, delayed: false, readied: null, ...(before && before.initiative.value !== null ? { value: before.initiative.value, modifier: x.initiative.modifier } : {}) },
  }))
}

/** Core events; `core.combatStarted` sets the turn cursor the system's initiative strategy gives (default: ordered).
 *  `inPlace`: a turn's start sets the state's own turn object (batch.ts `evolverFor` with `inPlace`, see there). */
export function evolveCore(s: EncounterState, e: CoreEvent, initiative: InitiativeStrategy = orderedInitiative, inPlace = false): EncounterState {
  const ev = e
  switch (ev.type) {
    case 'core.encounterCreated':
      return initialState(ev.params)
    case 'core.combatantAdded':
      return { ...s, combatants: [...s.combatants, ev.combatant] }
    case 'core.combatantRemoved': {
      const t = s.turn
      const at = t.order.indexOf(ev.combatantId)
      const order = t.order.filter((o) => o !== ev.combatantId)
      const index = at >= 0 && at <= t.index ? t.index - 1 : t.index
      return { ...s, combatants: s.combatants.filter((x) => x.id !== ev.combatantId), turn: { ...t, order, index } }
    }
    case 'core.hiddenSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, hidden: ev.hidden }))
    case 'core.awareSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, aware: ev.aware }))
    case 'core.noteSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, notes: ev.notes }))
    case 'core.sideSet':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, side: ev.side }))
    case 'core.initiativeSet': {
      let s2 = updateCombatant(s, ev.combatantId, (x) => withField(x, 'initiative', { ...x.initiative, value: ev.value, modifier: ev.modifier ?? x.initiative.modifier }))
      const inFight = s2.turn.phase === 'combat' || s2.turn.phase === 'surprise'
      const x = findCombatant(s2, ev.combatantId)
      if (inFight && x && !(s2.turn.phase === 'surprise' && !x.aware)) {
        // joining mid-fight (001): take a place in the existing order, the current turn stays current
        const t = s2.turn
        if (t.order.includes(x.id)) {
          if (t.order[t.index] === x.id) return s2
          const rest = t.order.filter((o) => o !== x.id)
          const removedBefore = t.order.indexOf(x.id) < t.index ? 1 : 0
          s2 = { ...s2, turn: { ...t, order: rest, index: t.index - removedBefore } }
        }
        const at = insertionIndex(s2, x)
        const t2 = s2.turn
        const order = [...t2.order.slice(0, at), x.id, ...t2.order.slice(at)]
        s2 = { ...s2, turn: { ...t2, order, index: at <= t2.index ? t2.index + 1 : t2.index } }
      }
      return s2
    }
    case 'core.combatStarted': {
      const tb = ev.tiebreaks ?? {}
      // a copy of the list, then set (not `map`), and copies of objects, then set (withField, not `{ ...x, k: v }`):
      // once V8 has optimized this code it gives map()'s list and such literals other shapes than before, and code
      // optimized for the one shape was thrown away when the other came (issue 13: every danger fight starts a combat)
      const combatants = s.combatants.slice()
      for (let i = 0; i < combatants.length; i++) {
        const x = combatants[i]
        if (tb[x.id] !== undefined) combatants[i] = withField(x, 'initiative', { ...x.initiative, tiebreak: tb[x.id] })
      }
      return initiative.startState(withField(s, 'combatants', combatants), { surprise: ev.surprise === true, firstSide: ev.firstSide ?? 'party', tiebreaks: tb })
    }
    case 'core.roundStarted':
      return { ...s, turn: { ...s.turn, phase: ev.phase, round: ev.round, order: ev.order, index: -1 } }
    case 'core.turnStarted': {
      // a fight-private state (`inPlace`): its own turn, set where it is
      const t = inPlace ? s.turn : { ...s.turn }
      t.round = ev.round
      t.index = ev.index
      if (ev.side !== undefined) t.side = ev.side
      if (ev.order !== undefined) t.order = ev.order
      if (ev.tick !== undefined) t.tick = ev.tick
      // a group acting together (004 ties) holds for its turn only
      if (ev.together !== undefined) t.together = ev.together
      else if (t.together !== undefined) delete t.together
      return inPlace ? s : withField(s, 'turn', t)
    }
    case 'core.turnEnded':
      return s
    case 'core.ticksSpent':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, value: ev.tick } }))
    case 'core.delayed':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, delayed: true } }))
    case 'core.readyExpired':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, readied: null } }))
    case 'core.readied':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, initiative: { ...x.initiative, readied: ev.trigger } }))
    case 'core.resumed':
    case 'core.readyTriggered':
      return moveInOrder(s, ev.combatantId)
    case 'core.conditionAdded':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, conditions: [...x.conditions, ev.condition] }))
    case 'core.conditionEnded':
      return updateCombatant(s, ev.combatantId, (x) => ({ ...x, conditions: x.conditions.filter((k) => k.id !== ev.conditionId) }))
    case 'core.optionsSet':
      return { ...s, options: { ...(s.options ?? {}), ...(ev.options as EncounterState['options']) } }
    case 'core.poolAdjusted':
      return { ...s, pools: { ...s.pools, [ev.pool]: ev.value } }
    case 'core.encounterEnded':
      return { ...s, turn: { ...s.turn, phase: 'ended' } }
    default:
      return s
  }
}

