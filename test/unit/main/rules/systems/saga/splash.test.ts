/** 003 "Zasięg rozprysku" (splash): the target takes full damage on a hit and half on a miss; the targets next to it
 * (listed by the GM) take half on a hit and nothing on a miss. An area attack: no critical doubling (W1). */
import { describe, expect, it } from 'vitest'
import { encounter, run, soldier, st, trooper, tryRun } from './helpers'

const launcher = { name: 'Mini Launcher', damage: '2d6', kind: 'ranged' as const }
const thug = (over: Record<string, unknown> = {}) => ({ name: 'Thug', kind: 'nonheroic', otherLevels: 1, hp: 30, totals: { fortitude: 20 }, ...over })

describe('splash (003)', () => {
  const setup = () => encounter([{ id: 'han', ...soldier({ weapons: [launcher] }) }, { id: 'st', ...trooper() }, { id: 'th', ...thug() }, { id: 'ev', ...thug({ name: 'Jedi', evasion: true }) }])

  it('a hit: 14 + 6 = 20 hits the trooper (Reflex 17) for 2d6 [3, 4] + 1 = 8; the thug next to it (Reflex 10) takes 4; with Evasion 2', () => {
    const log = run(setup(), { type: 'attack', attackerId: 'han', targetId: 'st', splash: ['th', 'ev'], dice: [14, 3, 4] })
    expect(st(log, 'st').hp).toBe(2)
    expect(st(log, 'th').hp).toBe(26)
    expect(st(log, 'ev').hp).toBe(28)
  })

  it('a miss: 2 + 6 = 8 misses the trooper, who still takes half (4); the thug (8 vs 10, missed) takes nothing; a natural 20 does not double', () => {
    let log = run(setup(), { type: 'attack', attackerId: 'han', targetId: 'st', splash: ['th'], dice: [2, 3, 4] })
    expect(st(log, 'st').hp).toBe(6)
    expect(st(log, 'th').hp).toBe(30)
    log = run(setup(), { type: 'attack', attackerId: 'han', targetId: 'th', splash: ['ev'], dice: [20, 3, 4] })
    expect(st(log, 'th').hp).toBe(22) // 8, not doubled (W1: area attacks do not double)
  })

  it('a splash target that is not there is named by its field', () => {
    expect(tryRun(setup(), { type: 'attack', attackerId: 'han', targetId: 'st', splash: ['th', 'nobody'] })).toMatchObject({ ok: false, error: { code: 'not-found', field: 'splash.1' } })
  })
})
