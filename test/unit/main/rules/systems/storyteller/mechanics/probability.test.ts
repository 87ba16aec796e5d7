import { describe, expect, it } from 'vitest'
import { resolveAccuracy, resolveDamage } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/combat'
import { makePool, scoreOptions, scorePool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/dice'
import { applyDamage, filled, type Wounds } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/health'
import { attackOdds, botchChance, d10Dist, poolDist, socialOdds } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/probability'
import { DEFAULT_SETTINGS, SCION_HEALTH_TRACK, withDefaults } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'
import { toList } from '../../../../../../../src-main/rules/kit/distribution'

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 10)

describe('T1 exact success distributions', () => {
  it('T1: one d10 succeeds 4 in 10; with 10s double: 0 (6/10), 1 (3/10), 2 (1/10)', () => {
    expect(d10Dist(7, false).p).toEqual([0.6, 0.4])
    const d = d10Dist(7, true).p
    close(d[0], 0.6); close(d[1], 0.3); close(d[2], 0.1)
  })
  it('T1 + T2: two dice and one autosuccess: 1 (0.36), 2 (0.48), 3 (0.16)', () => {
    const d = toList(poolDist(2, 1, 7, false))
    expect(d.map((x) => x.value)).toEqual([1, 2, 3])
    close(d[0].p, 0.36); close(d[1].p, 0.48); close(d[2].p, 0.16)
  })
  it('T1: a botch on n dice is 0.6^n − 0.5^n (no success, not all 2-6); autosuccesses rule it out', () => {
    close(botchChance(1, 0, 7), 0.1)
    close(botchChance(2, 0, 7), 0.36 - 0.25)
    expect(botchChance(3, 1, 7)).toBe(0)
  })
})

/** Every combination of faces, resolved with the same functions as a real attack. */
function bruteForce(accDice: number, auto: number, dv: number, dmgBase: number, reduction: number, tensDouble: boolean, hitNeedsRawSuccess: boolean, defender?: { wounds: Wounds }) {
  const s = withDefaults({ tensDouble, hitNeedsRawSuccess })
  const all = (n: number): number[][] => (n === 0 ? [[]] : all(n - 1).flatMap((r) => Array.from({ length: 10 }, (_, i) => [...r, i + 1])))
  const dmg = new Map<number, number>()
  let hit = 0
  let kill = 0
  let incap = 0
  const accAll = all(accDice)
  for (const faces of accAll) {
    const pa = 1 / accAll.length
    const a = resolveAccuracy(scorePool(faces, auto, scoreOptions(s)), dv, s)
    if (!a.hit) { dmg.set(0, (dmg.get(0) ?? 0) + pa); continue }
    hit += pa
    const dAll = all(Math.max(0, dmgBase + a.net))
    for (const df of dAll) {
      const p = pa / dAll.length
      const d = resolveDamage(scorePool(df, 0, scoreOptions(s, true)), reduction, 0).dealt
      dmg.set(d, (dmg.get(d) ?? 0) + p)
      if (defender) {
        const after = applyDamage(defender.wounds, 'lethal', d, SCION_HEALTH_TRACK).wounds
        if (after.dead) kill += p
        if (filled(after) >= 7) incap += p
      }
    }
  }
  return { hit, dmg, kill, incap }
}

describe('exact attack odds by convolution (004, T3, T4)', () => {
  it('matches every enumerated roll: 2 accuracy dice + 1 auto vs DV 2, damage 1 + net dice, soak + armor 1', () => {
    const o = attackOdds({ accuracy: makePool([{ key: 'dexterity', value: 2 }], 1), dv: 2, damage: makePool([{ key: 'wits', value: 1 }]), reduction: 1, targetNumber: 7, tensDouble: false, hitNeedsRawSuccess: true })
    const b = bruteForce(2, 1, 2, 1, 1, false, true)
    close(o.hit, b.hit)
    expect(o.damage.map((d) => d.value)).toEqual([...b.dmg.keys()].sort((x, y) => x - y))
    for (const d of o.damage) close(d.p, b.dmg.get(d.value)!)
  })
  it('matches enumeration with 10s double on accuracy (never on damage) and a defender about to drop', () => {
    const wounds: Wounds = { bashing: 0, lethal: 6, aggravated: 0, dead: false }
    const o = attackOdds({ accuracy: makePool([{ key: 'dexterity', value: 2 }]), dv: 1, damage: makePool([{ key: 'wits', value: 1 }]), reduction: 0, targetNumber: 7, tensDouble: true, hitNeedsRawSuccess: false, defender: { wounds, track: SCION_HEALTH_TRACK, damageType: 'lethal' } })
    const b = bruteForce(2, 0, 1, 1, 0, true, false, { wounds })
    close(o.hit, b.hit)
    for (const d of o.damage) close(d.p, b.dmg.get(d.value)!)
    close(o.kill, b.kill)
    close(o.incapacitate, b.incap)
  })
  it('T3: with raw ≥ 1 required, DV 0 hits only when a die succeeds (1 − 0.6^2 for 2 dice)', () => {
    const o = attackOdds({ accuracy: makePool([{ key: 'dexterity', value: 2 }]), dv: 0, damage: makePool([]), reduction: 0, targetNumber: 7, tensDouble: false, hitNeedsRawSuccess: true })
    close(o.hit, 1 - 0.36)
    expect(DEFAULT_SETTINGS.hitNeedsRawSuccess).toBe(true)
  })
  it('the distribution sums to 1 and gives the expected damage and the chance of any wound', () => {
    const o = attackOdds({ accuracy: makePool([{ key: 'dexterity', value: 8 }], 1), dv: 2, damage: makePool([{ key: 'wits', value: 3 }, { key: 'damage', value: 4 }]), reduction: 3, targetNumber: 7, tensDouble: false, hitNeedsRawSuccess: true })
    close(o.damage.reduce((s, d) => s + d.p, 0), 1)
    close(o.wound, o.damage.filter((d) => d.value >= 1).reduce((s, d) => s + d.p, 0))
    expect(o.expectedDamage).toBeGreaterThan(0)
  })
})

describe('T7 exact odds of a social roll', () => {
  it('T7: 5 dice vs Mental DV 2 — an effect with 2+ successes (0.66304): slight 0.3456, moderate 0.3072, strong 0.01024', () => {
    const o = socialOdds(makePool([{ key: 'charisma', value: 3 }, { key: 'presence', value: 2 }]), 2, DEFAULT_SETTINGS)
    close(o.success, 0.66304)
    close(o.degrees.slight, 0.3456)
    close(o.degrees.moderate, 0.3072)
    close(o.degrees.strong, 0.01024)
    expect(o.degrees.total).toBe(0)
    close(o.degrees.none, 1 - 0.66304)
    close(o.botch, 0.6 ** 5 - 0.5 ** 5)
  })
})
