/**
 * Issue 10, "Rules the seeds state that the engine breaks" (Starchasers, seed 000): each test cites the seed line.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { chewbacca, gamorreanGuard, hanSolo, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { ScState } from '../../../../../../src-main/rules/systems/starchasers/mechanics/state'
import { starchasersSystem } from '../../../../../../src-main/rules/systems/starchasers'
import { noRng } from './fixed-rng'

const now = '2026-01-01T00:00:00.000Z'
function run(s: EncounterState, cmd: EngineCommand): { state: EncounterState; events: EngineEvent[] } {
  const r = decide(s, cmd, { rng: noRng, now })
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.message} (${r.error.field})`)
  let state = s
  for (const e of r.value) state = evolve(state, e)
  return { state, events: r.value }
}
const refusal = (s: EncounterState, cmd: EngineCommand) => { const r = decide(s, cmd, { rng: noRng, now }); return r.ok ? null : r.error }
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as ScState
const conds = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.conditions.map((c) => c.key)
const next = (s: EncounterState) => run(s, { type: 'nextTurn' }).state
const current = (s: EncounterState) => s.turn.order[s.turn.index]

/** the combatants in this initiative order (counts 5, 3, 1), combat started */
function fight(...ids: Array<'han' | 'chewie' | 'trooper' | 'guard'>): EncounterState {
  const blocks = { han: hanSolo, chewie: chewbacca, trooper: stormtrooper, guard: gamorreanGuard }
  let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
  for (const id of ids) s = run(s, { type: 'addCombatant', statBlock: blocks[id], id }).state
  for (const [i, id] of ids.entries()) s = run(s, { type: 'setInitiative', combatantId: id, value: 5 - 2 * i }).state
  return run(s, { type: 'startCombat' }).state
}
/** 000:184 Chewbacca's Vibro-axe (7 dice): 6 Crits, the guard's 3 Armor dice blank: 6 > Toughness 3 + Resistance 2,
 *  a Critical Strike for 12 damage (14 → 2 HP); the d8 of the status table (000:579) is 3: Stunned */
const stunningBlow = (override = false): EngineCommand => ({ type: 'attack', attackerId: 'chewie', targetId: 'guard', weapon: 'Vibro-axe', dice: ['crit', 'crit', 'crit', 'crit', 'crit', 'crit', 'blank', 'blank', 'blank', 'blank', 3], ...(override ? { override: true } : {}) })
const twoActions = (s: EncounterState, id: string) => {
  const one = run(s, { type: 'concentrate', combatantId: id }).state
  return refusal(one, { type: 'aim', combatantId: id }) === null
}

describe('000 Critical Strike statuses (000:184, 000:582)', () => {
  it('000:184 Stunned lasts until it is cleared or the Combat ends; 000:582 the victim loses 1 Action on its next Turn, once', () => {
    let s = run(fight('chewie', 'guard'), stunningBlow()).state
    expect(conds(s, 'guard')).toContain('starchasers.stunned')
    s = next(s) // the guard's next turn: one Action
    expect(current(s)).toBe('guard')
    expect(twoActions(s, 'guard')).toBe(false)
    expect(refusal(run(s, { type: 'concentrate', combatantId: 'guard' }).state, { type: 'aim', combatantId: 'guard' })?.message).toMatch(/no Standard Action/)
    s = next(next(s)) // round 2: still Stunned (not cleared), but the Action is lost once only
    expect(current(s)).toBe('guard')
    expect(conds(s, 'guard')).toContain('starchasers.stunned')
    expect(twoActions(s, 'guard')).toBe(true)
  })
  it('000:582 Stunned landing during the victim\'s own turn costs an Action on its next Turn, not this one', () => {
    let s = fight('guard', 'chewie')
    s = run(s, { type: 'concentrate', combatantId: 'guard' }).state
    s = run(s, stunningBlow(true)).state // out of turn (the GM's override), during the guard's turn
    expect(conds(s, 'guard')).toContain('starchasers.stunned')
    expect(refusal(s, { type: 'aim', combatantId: 'guard' })).toBeNull() // this turn keeps its 2 Actions
    s = next(next(s))
    expect(current(s)).toBe('guard')
    expect(twoActions(s, 'guard')).toBe(false)
    s = next(next(s))
    expect(twoActions(s, 'guard')).toBe(true)
    expect(conds(s, 'guard')).toContain('starchasers.stunned')
  })
  it('a Stunned condition the GM adds by hand costs the Action the same way', () => {
    let s = fight('han', 'guard')
    s = run(s, { type: 'addCondition', combatantId: 'guard', key: 'starchasers.stunned' }).state
    s = next(s)
    expect(twoActions(s, 'guard')).toBe(false)
    s = next(next(s))
    expect(twoActions(s, 'guard')).toBe(true)
  })
})

describe('000:526 Stress is not capped at the Stress Capacity', () => {
  it('"If the total Stress is greater than their Stress Capacity…": 2 + 3 Stress on capacity 3 is 5, all logged', () => {
    let s = fight('han', 'trooper')
    s = run(s, { type: 'damage', combatantId: 'trooper', amount: 2, kind: 'stun' }).state
    const r = run(s, { type: 'damage', combatantId: 'trooper', amount: 3, kind: 'stun' })
    const harmed = r.events.find((e) => e.type === 'starchasers.harmed')!
    expect(harmed).toMatchObject({ stress: 3, stressTaken: 3 })
    expect(st(r.state, 'trooper')).toMatchObject({ stress: 5, stressCapacity: 3, unconscious: true })
  })
})

describe('"for the rest of the Round" (000:380 Backstab, 000:483 Piercing Shot)', () => {
  it('000:483 Piercing Shot\'s -2 Armor Defense ends at the end of the round, not at the attacker\'s count next round', () => {
    let s = fight('guard', 'han', 'trooper')
    s = next(s) // Han's turn (count 3), round 1
    s = run(s, { type: 'damage', combatantId: 'han', amount: 1 }).state // Motivation to pay the move
    s = run(s, { type: 'attack', attackerId: 'han', targetId: 'guard', move: 'piercingShot', band: 'close', defense: 'armor', dice: ['hit', 'focus', 'focus', 'blank', 'blank', 'blank', 'blank', 'blank'] }).state
    expect(conds(s, 'guard')).toContain('starchasers.armorPierced')
    s = next(s) // the trooper, still round 1
    expect(conds(s, 'guard')).toContain('starchasers.armorPierced')
    s = next(s) // round 2, the guard's count (before Han's): the round is over
    expect(s.turn.round).toBe(2)
    expect(conds(s, 'guard')).not.toContain('starchasers.armorPierced')
  })
})

describe('000:701 the Dying clock: 1 minute (10 rounds) from the 7th Injury', () => {
  it('the 7th Injury landing on the trooper\'s count: Han dies at that count 10 rounds later, not at his own count before it', () => {
    let s = fight('han', 'trooper')
    s = next(s) // round 1, the trooper's count
    for (let i = 0; i < 7; i++) s = run(s, { type: 'damage', combatantId: 'han', amount: 0, kind: 'injury' }).state
    expect(st(s, 'han')).toMatchObject({ dying: true, dead: false })
    while (!(s.turn.round === 11 && current(s) === 'han')) s = next(s)
    expect(st(s, 'han')).toMatchObject({ dying: true, dead: false, dyingRounds: 1 })
    s = next(s) // round 11, the trooper's count: 10 rounds have passed
    expect(st(s, 'han')).toMatchObject({ dying: false, dead: true })
  })
})

describe('Half Movement Points (000:380 Backstab, Ambush, Pistol Whip, Quickdraw)', () => {
  it('Quickdraw gives half the Movement Points (Han: Agility 3 + 3 = 6 → 3), usable without an Action and shown as movement left', () => {
    let s = fight('han', 'trooper')
    s = run(s, { type: 'damage', combatantId: 'han', amount: 1 }).state
    s = run(s, { type: 'attack', attackerId: 'han', targetId: 'trooper', move: 'quickdraw', band: 'close', dice: Array(20).fill('blank') }).state
    expect(st(s, 'han').movementLeft).toBe(3)
    const han = s.combatants.find((c) => c.id === 'han')!
    expect(starchasersSystem.derived(s, han).find((d) => d.label === 'starchasers.movementLeft')?.value).toBe(3)
    s = run(s, { type: 'move', combatantId: 'han', bonus: true, squares: 2 }).state
    expect(st(s, 'han')).toMatchObject({ movementLeft: 1, actionsUsed: 1 })
    expect(refusal(s, { type: 'move', combatantId: 'han', bonus: true, squares: 2 })?.message).toMatch(/1 square/)
    s = next(next(s)) // a new turn: the half movement was for that turn only
    expect(st(s, 'han').movementLeft ?? 0).toBe(0)
  })
})
