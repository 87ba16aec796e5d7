/** 003 "Pełny atak": exact odds of a full attack before it is rolled: every attack takes the extra attacks' penalty
 * (two weapons −10, Double Attack −5), the total damage is the convolution of the attacks (checked by brute force). */
import { describe, expect, it } from 'vitest'
import { sagaOdds } from '../../../../../../src-main/rules/systems/saga/odds'
import { encounter, run, soldier } from './helpers'

const thug = () => ({ name: 'Thug', kind: 'nonheroic', otherLevels: 1, hp: 30, totals: { fortitude: 20 }, weapons: [{ name: 'Club', damage: '1d6', kind: 'melee' }] })

/** every d20 and damage face of both attacks: attack bonus −5 vs Reflex 10; 2d6+3 and 1d4+3, a natural 20 doubles (W1) */
function bruteForce() {
  const one = (sides: number[], bonus: number) => {
    const out = new Map<number, number>()
    const faces: number[][] = sides.reduce<number[][]>((acc, s) => acc.flatMap((f) => Array.from({ length: s }, (_, i) => [...f, i + 1])), [[]])
    for (let d20 = 1; d20 <= 20; d20++) {
      const hit = d20 === 20 || (d20 !== 1 && d20 - 5 >= 10)
      for (const f of faces) {
        const dmg = hit ? Math.max(1, f.reduce((s, x) => s + x, 0) + bonus) * (d20 === 20 ? 2 : 1) : 0
        out.set(dmg, (out.get(dmg) ?? 0) + 1 / 20 / faces.length)
      }
    }
    return out
  }
  const a = one([6, 6], 3)
  const b = one([4], 3)
  const total = new Map<number, number>()
  for (const [x, p] of a) for (const [y, q] of b) total.set(x + y, (total.get(x + y) ?? 0) + p * q)
  return total
}

describe('full attack odds (003)', () => {
  it('two weapons: −10 on each attack (Vibroblade and Knife at −5 vs Reflex 10: 15..20 hit, 6/20 each); total damage by convolution', () => {
    let log = encounter([{ id: 'han', ...soldier() }, { id: 'th', ...thug() }])
    const cmd = { type: 'fullAttack', attackerId: 'han', twoWeapons: true, attacks: [{ targetId: 'th', weapon: 'Vibroblade' }, { targetId: 'th', weapon: 'Knife' }] }
    const r = sagaOdds(log.state, cmd)
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.extra).toMatchObject({ attack1Bonus: -5, attack2Bonus: -5 }) // +5 with each weapon, −10
    expect(r.value.extra.attack1Hit).toBeCloseTo(6 / 20, 12)
    expect(r.value.extra.attack2Crit).toBeCloseTo(1 / 20, 12)
    expect(r.value.hit).toBeCloseTo(1 - (14 / 20) ** 2, 12) // at least one hit
    expect(r.value.crit).toBeCloseTo(1 - (19 / 20) ** 2, 12)
    const bf = bruteForce()
    expect(r.value.damage.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 12)
    expect(r.value.damage.length).toBe(bf.size)
    for (const d of r.value.damage) expect(d.p, `total ${d.value}`).toBeCloseTo(bf.get(d.value) ?? 0, 12)
    // the same full attack rolled with fixed dice (d20 15 hits, 14 misses): the odds' bonus is the one rolled
    log = run(log, { type: 'startCombat', dice: [15, 2] })
    log = run(log, { ...cmd, dice: [15, 3, 4, 14] })
    const rolled = log.events.filter((e) => e.type === 'saga.attackRolled').map((e) => (e as Record<string, any>).targets[0])
    expect(rolled.map((t) => [t.bonus, t.hit])).toEqual([[-5, true], [-5, false]])
  })

  it('Double Attack −5: a bad weapon or target names its attack', () => {
    const log = encounter([{ id: 'han', ...soldier({ doubleAttack: true }) }, { id: 'th', ...thug() }])
    const r = sagaOdds(log.state, { type: 'fullAttack', attackerId: 'han', doubleAttack: true, attacks: [{ targetId: 'th', weapon: 'Vibroblade' }, { targetId: 'th', weapon: 'Vibroblade' }] })
    expect(r).toMatchObject({ ok: true, value: { extra: { attack1Bonus: 0, attack2Bonus: 0 } } })
    expect(sagaOdds(log.state, { type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 'th', weapon: 'Vibroblade' }, { targetId: 'zz', weapon: 'Knife' }] })).toMatchObject({ ok: false, error: { field: 'attacks.1.targetId' } })
    expect(sagaOdds(log.state, { type: 'fullAttack', attackerId: 'han', attacks: [{ targetId: 'th', weapon: 'Lightsaber' }] })).toMatchObject({ ok: false, error: { field: 'attacks.0.weapon' } })
  })
})
