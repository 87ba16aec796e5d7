import { describe, expect, it } from 'vitest'
import { sagaOdds } from '../../../../../../src-main/rules/systems/saga/odds'
import { encounter, soldier, trooper } from './helpers'

/** Brute force over every d20 and 3d6 face, independent of the convolution code. */
function bruteForce(bonus: number, reflex: number, dmgBonus: number, hp: number, dt: number) {
  let hit = 0
  let step = 0
  let zero = 0
  const dist = new Map<number, number>()
  for (let d20 = 1; d20 <= 20; d20++) {
    const isHit = d20 === 20 || (d20 !== 1 && d20 + bonus >= reflex)
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) {
          const p = 1 / 20 / 216
          let dmg = 0
          if (isHit) {
            hit += p
            dmg = Math.max(1, a + b + c + dmgBonus) * (d20 === 20 ? 2 : 1)
            if (dmg >= dt && dmg < hp) step += p
            if (dmg >= hp) zero += p
          }
          const loss = dmg // damage after mitigation, not capped at the HP left
          dist.set(loss, (dist.get(loss) ?? 0) + p)
        }
  }
  return { hit, step, zero, dist }
}

describe('Saga odds: exact, before any roll', () => {
  it('hit and crit chance, damage distribution, condition-step and 0-HP chances match a brute-force count', () => {
    const log = encounter([{ id: 'han', ...soldier() }, { id: 'st', ...trooper({ hp: 20 }) }])
    const r = sagaOdds(log.state, { type: 'attack', attackerId: 'han', targetId: 'st', weapon: 'Blaster Pistol', range: 'short' })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    // +4 vs Reflex 17: 13..19 hit (7 faces) + natural 20 = 8/20
    expect(r.value.hit).toBeCloseTo(8 / 20, 12)
    expect(r.value.crit).toBeCloseTo(1 / 20, 12)
    const bf = bruteForce(4, 17, 1, 20, 12)
    expect(r.value.hit).toBeCloseTo(bf.hit, 12)
    expect(r.value.extra.conditionStep).toBeCloseTo(bf.step, 12)
    expect(r.value.extra.dropToZero).toBeCloseTo(bf.zero, 12)
    expect(r.value.damage.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 12)
    for (const d of r.value.damage) expect(d.p).toBeCloseTo(bf.dist.get(d.value) ?? 0, 12)
  })

  it('SR and DR shift the damage distribution; total cover gives 0', () => {
    const log = encounter([{ id: 'han', ...soldier() }, { id: 'd', name: 'Droid', kind: 'droid', abilities: { str: 10, dex: 10, con: null, int: 10, wis: 10, cha: 10 }, hp: 100, sr: 5, dr: { value: 2, bypass: [] } }])
    const r = sagaOdds(log.state, { type: 'attack', attackerId: 'han', targetId: 'd' })
    if (!r.ok) throw new Error(r.error.message)
    // the largest non-crit hit: 18 + 1 = 19 → −5 SR −2 DR = 12; crit 38 → 31
    expect(Math.max(...r.value.damage.map((d) => d.value))).toBe(31)
    const noCover = sagaOdds(log.state, { type: 'attack', attackerId: 'han', targetId: 'd', cover: 'total' })
    expect(noCover).toMatchObject({ ok: true, value: { hit: 0 } })
    expect(sagaOdds(log.state, { type: 'attack', attackerId: 'zz', targetId: 'd' })).toMatchObject({ ok: false, error: { field: 'attackerId' } })
  })
})
