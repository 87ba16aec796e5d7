/**
 * Issue 12 item 3: the tick wheel on the player display. A hidden combatant is never on the player wheel, and
 * while it acts the display shows the next visible actor on its own tick — the same board players would see had the
 * hidden one not been in the fight — so neither an empty current tick nor a blank "whose turn" gives it away.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState } from '@shared/domain/encounter'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'
import { storytellerSystem } from '../../../../src-main/rules/systems/storyteller'
import { kaelVorn, stormtrooper } from '../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { initialState, run } from '../rules/systems/storyteller/engine'

/** under the campaign's "keep the last visible turn" setting (issue 27: no longer the default) */
const view = (s: EncounterState, hiddenTurn: HiddenTurnDisplay = 'keep') => toPlayerView({ campaignName: 'C', systemId: 'storyteller', state: s, system: storytellerSystem, hiddenTurn }).encounter!

/** Kael on tick 3, a trooper on tick 5 and (when `sniper`) a hidden sniper on tick 0: it acts first. */
function fight(sniper: boolean): EncounterState {
  let s = initialState({ id: 'e1', name: 'Checkpoint', systemId: 'storyteller', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael', side: 'party' }).state
  s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'trooper', side: 'enemies' }).state
  if (sniper) {
    s = run(s, { type: 'addCombatant', statBlock: { ...stormtrooper, name: 'Sniper' }, id: 'sniper', side: 'enemies' }).state
    s = run(s, { type: 'setHidden', combatantId: 'sniper', hidden: true }).state
    s = run(s, { type: 'setInitiative', combatantId: 'sniper', value: 0 }).state
  }
  s = run(s, { type: 'setInitiative', combatantId: 'kael', value: 3 }).state
  s = run(s, { type: 'setInitiative', combatantId: 'trooper', value: 5 }).state
  return run(s, { type: 'startCombat' }).state
}

describe('the player wheel with a hidden combatant (004 tick wheel, issue 12)', () => {
  it('the hidden sniper acts on tick 0: players see Kael next on tick 3, exactly as without the sniper', () => {
    const s = fight(true)
    expect(s.turn.order[s.turn.index]).toBe('sniper')
    expect(s.turn.tick).toBe(0)
    const v = view(s)
    expect(v.currentId).toBe('kael')
    expect(v.tick).toBe(3)
    expect(v.order.map((c) => [c.name, c.tick, c.current])).toEqual([['Kael Vorn', 3, true], ['Stormtrooper', 5, false]])
    expect(JSON.stringify(v)).not.toMatch(/sniper/i)
    expect(v).toEqual(view(fight(false)))
  })

  it('by default (issue 27): the wheel’s own tick 0 with "the enemies’ turn", nobody visible current, never the sniper', () => {
    const v = view(fight(true), 'side')
    expect(v).toMatchObject({ currentId: null, tick: 0, hiddenTurn: { side: 'enemies' } })
    expect(v.order.map((c) => [c.name, c.tick, c.current])).toEqual([['Kael Vorn', 3, false], ['Stormtrooper', 5, false]])
    expect(JSON.stringify(v)).not.toMatch(/sniper/i)
  })

  it('after the sniper’s shot moves it on, Kael’s own turn looks the same on the player wheel', () => {
    let s = fight(true)
    const before = view(s)
    // the sniper fires (Speed 5: tick 0 → 5); the board players see does not change but for Kael's wounds
    s = run(s, { type: 'attack', attackerId: 'sniper', targetId: 'kael', dice: [9, 9, 9, 9, 9, 9, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }).state
    const during = view(s)
    expect({ ...during, order: during.order.map((c) => ({ ...c, health: null, extra: null })) }).toEqual({ ...before, order: before.order.map((c) => ({ ...c, health: null, extra: null })) })
    s = run(s, { type: 'nextTurn' }).state
    expect(s.turn.order[s.turn.index]).toBe('kael')
    const kaelTurn = view(s)
    expect([kaelTurn.currentId, kaelTurn.tick]).toEqual(['kael', 3])
    expect(JSON.stringify(kaelTurn)).not.toMatch(/sniper/i)
  })

  it('a visible actor’s turn shows the wheel’s own tick', () => {
    let s = fight(false)
    expect([view(s).currentId, view(s).tick]).toEqual(['kael', 3])
    s = run(s, { type: 'act', combatantId: 'kael', speed: 3, what: 'reloads' }).state
    s = run(s, { type: 'nextTurn' }).state
    // Kael moved 3 → 6; the trooper on 5 acts now
    expect([view(s).currentId, view(s).tick]).toEqual(['trooper', 5])
    expect(view(s).order.map((c) => [c.name, c.tick])).toEqual([['Stormtrooper', 5], ['Kael Vorn', 6]])
  })
})
