import { describe, expect, it } from 'vitest'
import { act, joinBattle, lateJoin, leave, nextUp, startOffset, waitUntil, type Wheel } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/wheel'

const wheelOf = (r: ReturnType<typeof joinBattle>): Wheel => { if (!r.ok) throw new Error(r.error.message); return r.value }
const ticks = (w: Wheel) => Object.fromEntries(w.entries.map((e) => [e.id, e.tick]))

describe('004 Join Battle', () => {
  it('004: the highest goes on tick 0, the others count down by the difference, at most 5 ticks (T3 cap 5)', () => {
    const w = wheelOf(joinBattle([
      { id: 'kael', successes: 5, botch: false },
      { id: 'trooper', successes: 3, botch: false },
      { id: 'bob', successes: 0, botch: false },
    ], 5))
    expect(ticks(w)).toEqual({ kael: 0, trooper: 2, bob: 5 })
    expect(w.highest).toBe(5)
  })
  it('T3: the gap is capped (8 vs 1 starts on tick 5, or 6 with the Exalted/Scion cap)', () => {
    expect(startOffset({ id: 'x', successes: 1, botch: false }, 8, 5)).toBe(5)
    expect(startOffset({ id: 'x', successes: 1, botch: false }, 8, 6)).toBe(6)
  })
  it('T3: a botched Join Battle starts on the cap', () => {
    const w = wheelOf(joinBattle([{ id: 'a', successes: 2, botch: false }, { id: 'b', successes: 0, botch: true }], 5))
    expect(ticks(w)).toEqual({ a: 0, b: 5 })
  })
  it('004: tied winners both start on tick 0 and act simultaneously', () => {
    const w = wheelOf(joinBattle([{ id: 'a', successes: 4, botch: false }, { id: 'b', successes: 4, botch: false }, { id: 'c', successes: 1, botch: false }], 5))
    expect(nextUp(w)).toEqual({ tick: 0, actors: ['a', 'b'], order: ['a', 'b', 'c'] })
  })
  it('a combatant cannot join twice', () => {
    const r = joinBattle([{ id: 'a', successes: 1, botch: false }, { id: 'a', successes: 2, botch: false }], 5)
    expect(!r.ok && r.error.field).toBe('rolls.1.id')
  })
})

describe('004 the tick wheel', () => {
  const start = () => wheelOf(joinBattle([{ id: 'kael', successes: 5, botch: false }, { id: 'trooper', successes: 3, botch: false }], 5))
  it('004: the attacker moves its attack Speed forward; the next actor is the lowest tick', () => {
    const r = act(start(), 'kael', 5)
    expect(r.ok && [r.value.from, r.value.to]).toEqual([0, 5])
    const w = r.ok ? r.value.wheel : start()
    expect(nextUp(w)).toMatchObject({ tick: 2, actors: ['trooper'] })
  })
  it('004: on one tick the highest Join Battle goes first (Kael, JB 5, before the trooper, JB 3, on tick 2)', () => {
    const r = act(start(), 'kael', 2)
    const w = r.ok ? r.value.wheel : start()
    expect(ticks(w)).toEqual({ kael: 2, trooper: 2 })
    expect(nextUp(w)).toEqual({ tick: 2, actors: ['kael'], order: ['kael', 'trooper'] })
  })
  it('the clock never goes back, and Speed must be a whole number', () => {
    const r1 = act(start(), 'kael', 6) // kael 6, trooper 2
    const w1 = r1.ok ? r1.value.wheel : start()
    expect(w1.tick).toBe(2)
    const r2 = act(w1, 'trooper', 5)
    expect(r2.ok && r2.value.wheel.tick).toBe(6)
    const bad = act(start(), 'kael', 1.5)
    expect(!bad.ok && bad.error.field).toBe('speed')
  })
  it('T3: a late joiner acts at the current tick + min(highest − roll, cap)', () => {
    const r = act(start(), 'kael', 7) // current tick 2 (trooper)
    const w = r.ok ? r.value.wheel : start()
    const late = (successes: number, botch = false) => { const j = lateJoin(w, { id: 'bob', successes, botch }); return j.ok ? ticks(j.value).bob : -1 }
    expect(late(2)).toBe(2 + 3)
    expect(late(9)).toBe(2) // a roll above the highest joins on the current tick
    expect(late(0, true)).toBe(2 + 5)
    expect(lateJoin(w, { id: 'kael', successes: 1, botch: false }).ok).toBe(false)
  })
  it('beyond the seed: waiting moves a combatant to a later tick without acting', () => {
    const w = start()
    const r = waitUntil(w, 'kael', 3)
    expect(r.ok && nextUp(r.value)).toMatchObject({ tick: 2, actors: ['trooper'] })
    const bad = waitUntil(w, 'kael', 0)
    expect(!bad.ok && bad.error.field).toBe('tick')
  })
  it('inactive combatants are skipped; a leaver is removed', () => {
    expect(nextUp(start(), (id) => id !== 'kael')).toMatchObject({ actors: ['trooper'] })
    expect(nextUp(leave(start(), 'kael'))).toMatchObject({ tick: 2, actors: ['trooper'] })
    expect(nextUp(leave(leave(start(), 'kael'), 'trooper'))).toBeNull()
  })
})
