/**
 * Issue 10: the turn order passes over combatants out of the fight (the system's `isOut`), with an option per
 * encounter (`setOptions { skipOut }`, default on), except where the turn still runs a rule (Saga's Con check due,
 * 001; Starchasers' Dying clock, S10).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { resolveScenario } from '../../../../../src-main/cli/scenario'
import { currentActor } from '../../../../../src-main/rules/kit/state'

const saga = JSON.parse(readFileSync('docs/examples/saga-attack.json', 'utf8'))
const [han, st] = saga.combatants
function run(commands: unknown[], more: unknown[] = []) {
  const r = resolveScenario({ system: 'saga', combatants: [han, { ...st, id: 'st', count: 2 }, ...more], commands }, { defaultSeed: '1' })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const setup = [
  { type: 'setInitiative', combatantId: 'han', value: 20 },
  { type: 'setInitiative', combatantId: 'st-1', value: 15 },
  { type: 'setInitiative', combatantId: 'st-2', value: 10 },
  { type: 'startCombat' },
]
// 001 (saga-attack.json): 13 + 4 = 17 hits Reflex 17; 3d6 [2,3,4] + 1 = 10 drops a 10-HP trooper: unconscious
const knockOut = { type: 'attack', attackerId: 'han', targetId: 'st-1', weapon: 'Blaster Pistol', distance: 10, dice: [13, 2, 3, 4] }

describe('skipping the defeated in the turn order', () => {
  it('default: after Han knocks trooper 1 out, the next turn is trooper 2’s', () => {
    const r = run([...setup, knockOut, { type: 'nextTurn' }])
    expect(r.state.combatants.find((c) => c.id === 'st-1')?.state.status).toBe('unconscious')
    expect(currentActor(r.state)).toBe('st-2')
  })
  it('and the round wraps past it too: trooper 2 → Han in round 2', () => {
    const r = run([...setup, knockOut, { type: 'nextTurn' }, { type: 'nextTurn' }])
    expect(r.state.turn.round).toBe(2)
    expect(currentActor(r.state)).toBe('han')
  })
  it('the option off: trooper 1 keeps its turn; the option is logged', () => {
    const r = run([...setup, { type: 'setOptions', skipOut: false }, knockOut, { type: 'nextTurn' }])
    expect(currentActor(r.state)).toBe('st-1')
    expect(r.state.options).toEqual({ skipOut: false })
    expect(r.log.map((l) => l.text)).toContain('The defeated keep their turns')
  })
  it('001: once its Con check is due (10 rounds on, at the count it fell), the unconscious trooper gets its turn back', () => {
    const rounds = Array.from({ length: 3 * 10 }, () => ({ type: 'nextTurn' }))
    const r = run([...setup, knockOut, ...rounds])
    // 30 next turns over two acting troopers-and-Han: round 11 reached; the check came due at Han's count
    const due = r.events.filter((e) => e.event.type === 'saga.conCheckDue')
    expect(due.length).toBeGreaterThan(0)
    const turns = r.events.filter((e) => e.event.type === 'core.turnStarted' && e.event.combatantId === 'st-1')
    expect(turns.length).toBeGreaterThan(0)
    expect(turns[0].event.round).toBe(11)
  })
  it('setOptions without an option is refused with the field named', () => {
    const r = resolveScenario({ system: 'saga', combatants: [han], commands: [{ type: 'setOptions' }] }, { defaultSeed: '1' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.field).toContain('skipOut')
  })
})
