import { describe, expect, it } from 'vitest'
import { attackOdds } from '../../../../../../src-main/rules/systems/starchasers/mechanics/probability'
import { resolveAttack } from '../../../../../../src-main/rules/systems/starchasers/mechanics/attack'
import { DEFAULT_FACES, DiceSource } from '../../../../../../src-main/rules/systems/starchasers/mechanics/dice'
import { areaSquares, burstZone, inSquares, scatter, splitHits } from '../../../../../../src-main/rules/systems/starchasers/mechanics/grenade'
import { bactaTank, bactaVial, fallingDice, firstAid, medicineChallengeStep, medicineSimple, rest, skillCheck } from '../../../../../../src-main/rules/systems/starchasers/mechanics/healing'
import { SPECIAL_MOVES, findMove, mergeQualities } from '../../../../../../src-main/rules/systems/starchasers/mechanics/moves'
import { noRng } from './fixed-rng'

/** every combination of faces for n attack dice and m defense dice, through the real resolver */
function bruteForce(n: number, m: number, opts: { accurate?: number; vicious?: number; soak?: number; focusToken?: boolean; critThreshold: number }) {
  const A = DEFAULT_FACES.attack.length, D = DEFAULT_FACES.defense.length
  let success = 0, crit = 0, expected = 0, total = 0
  const combos = (k: number, size: number): number[][] => (k === 0 ? [[]] : combos(k - 1, size).flatMap((c) => Array.from({ length: size }, (_, i) => [...c, i + 1])))
  for (const a of combos(n, A)) for (const d of combos(m, D)) {
    const r = resolveAttack({ pool: n, qualities: { accurate: opts.accurate, vicious: opts.vicious }, focusToken: opts.focusToken, soak: opts.soak, defense: { kind: 'dodge', dice: m }, critThreshold: opts.critThreshold, resistance: 99 }, new DiceSource(noRng, [...a, ...d, 1]))
    if (!r.ok) throw new Error(r.error.message)
    total++
    if (r.value.success) success++
    if (r.value.criticalStrike) crit++
    expected += r.value.damage
  }
  return { success: success / total, criticalStrike: crit / total, expectedDamage: expected / total }
}

describe('exact attack odds', () => {
  it('a single attack die vs a single defense die, by hand: P(hit face survives) = 3/8·5/8 + 1/8', () => {
    const o = attackOdds({ attackDice: 1, defenseDice: 1, critThreshold: 5 })
    // hit survives unless evade (3/8); crit survives unless evade too (an Evade cancels a lone Crit)
    expect(o.success).toBeCloseTo((3 / 8) * (5 / 8) + (1 / 8) * (5 / 8), 12)
    expect(o.expectedDamage).toBeCloseTo((3 / 8) * (5 / 8) * 1 + (1 / 8) * (5 / 8) * 2, 12)
  })
  it('matches brute force through resolveAttack: 3 dice vs 2 dice with Accurate 1, Vicious 1, soak 1', () => {
    const opts = { accurate: 1, vicious: 1, soak: 1, critThreshold: 0 }
    const exact = attackOdds({ attackDice: 3, defenseDice: 2, ...opts })
    const brute = bruteForce(3, 2, opts)
    expect(exact.success).toBeCloseTo(brute.success, 12)
    expect(exact.criticalStrike).toBeCloseTo(brute.criticalStrike, 12)
    expect(exact.expectedDamage).toBeCloseTo(brute.expectedDamage, 12)
  })
  it('matches brute force with a Focus token', () => {
    const exact = attackOdds({ attackDice: 2, defenseDice: 2, focusToken: true, critThreshold: 0 })
    const brute = bruteForce(2, 2, { focusToken: true, critThreshold: 0 })
    expect(exact.success).toBeCloseTo(brute.success, 12)
    expect(exact.expectedDamage).toBeCloseTo(brute.expectedDamage, 12)
  })
  it('30 v 30: probabilities sum to 1', () => {
    const o = attackOdds({ attackDice: 30, defenseDice: 30, critThreshold: 4 })
    expect(o.damage.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 9)
    expect(o.success).toBeGreaterThan(0.5)
  })
})

describe('grenades and areas (000:204-212, S22, 000:1068-1180)', () => {
  it("000:210 Han Solo's grenade: needs 4 Focus, gets 2, d8 = 3 → bounces 2 squares east", () => {
    const s = scatter({ x: 4, y: 0 }, 4, 2, false, 3)
    expect(s).toMatchObject({ needed: 4, onTarget: false, bounce: 2, landing: { x: 6, y: 0 } })
    expect(scatter({ x: 4, y: 0 }, 4, 4, false, null)).toMatchObject({ onTarget: true, landing: { x: 4, y: 0 } })
  })
  it('S22 launcher: +3 squares of range and +3 bounce', () => {
    expect(scatter({ x: 7, y: 0 }, 7, 4, true, 1)).toMatchObject({ onTarget: true })
    expect(scatter({ x: 7, y: 0 }, 7, 2, true, 1)).toMatchObject({ bounce: 5, landing: { x: 7, y: -5 } })
  })
  it('000:1165 burst: full within N, half damage ring out to 2N', () => {
    expect(burstZone({ x: 0, y: 0 }, 2, { x: 2, y: 1 })).toBe('full')
    expect(burstZone({ x: 0, y: 0 }, 2, { x: 4, y: 0 })).toBe('half')
    expect(burstZone({ x: 0, y: 0 }, 2, { x: 5, y: 0 })).toBeNull()
  })
  it('000:1131, 000:1142, 000:1175 line(N) = N+2 squares, box 3x3 = 9, cone(3) = 6 squares', () => {
    expect(areaSquares({ x: 0, y: 0 }, { shape: 'line', spread: 1 })).toHaveLength(3)
    expect(areaSquares({ x: 0, y: 0 }, { shape: 'box', width: 3, height: 3 })).toHaveLength(9)
    expect(areaSquares({ x: 0, y: 0 }, { shape: 'cone', length: 3 })).toHaveLength(6)
    expect(areaSquares({ x: 0, y: 0 }, { shape: 'bracket', spread: 2 })).toHaveLength(4)
    expect(inSquares(areaSquares({ x: 1, y: 1 }, { shape: 'box', width: 2, height: 2 }), { x: 2, y: 2 })).toBe(true)
  })
  it('000:1106 rolled hits are split among the targets', () => {
    expect(splitHits(5, 3)).toEqual([2, 2, 1])
    expect(splitHits(5, 2, [5, 0])).toEqual([5, 0])
  })
})

describe('healing, checks, falling (000:633-697, S11, S12, S21)', () => {
  it('S12 skill check needs ≥ 1 uncanceled Hit against N defense dice', () => {
    const r = skillCheck(new DiceSource(noRng, ['hit', 'hit', 'evade', 'evade']), 2, 2)
    expect(r.ok && r.value.success).toBe(false)
    const r2 = skillCheck(new DiceSource(noRng, ['crit', 'hit', 'evade', 'blank']), 2, 2)
    expect(r2.ok && r2.value).toMatchObject({ success: true, netHits: 0, netCrits: 1 })
  })
  it('000:665 First Aid heals Hits + 2 × Crits', () => {
    const r = firstAid(new DiceSource(noRng, ['hit', 'crit', 'focus']), 2, 1)
    expect(r.ok && r.value).toEqual({ healed: 3, pool: 3 })
  })
  it('000:673 simple Medicine: 1 uncanceled Hit cures 1, each uncanceled Crit another', () => {
    const r = medicineSimple(new DiceSource(noRng, ['hit', 'hit', 'crit', 'blank', 'evade', 'blank']), 2, 2, 2)
    expect(r.ok && r.value.cured).toBe(2)
  })
  it('000:677 Medicine Challenge: 2 Progress per Injury; Pain gives 2 Stress', () => {
    let s = { progress: 0, symptoms: [], cured: 0 } as Parameters<typeof medicineChallengeStep>[1]
    const a = medicineChallengeStep(new DiceSource(noRng, [1]), s)
    expect(a.ok && a.value.curedNow).toBe(0)
    if (a.ok) s = a.value.state
    const b = medicineChallengeStep(new DiceSource(noRng, ['progress']), s)
    expect(b.ok && b.value.curedNow).toBe(1)
    const c = medicineChallengeStep(new DiceSource(noRng, ['pain']), s)
    expect(c.ok && c.value.stress).toBe(2)
  })
  it('000:685-689 bacta vials: small = 2d4; 000:693 tank; S11 rest', () => {
    const r = bactaVial(new DiceSource(noRng, [3, 4]), 'small')
    expect(r.ok && r.value).toBe(7)
    expect(bactaTank(130)).toEqual({ injuriesCured: 2, fullHp: true })
    expect(rest(8)).toEqual({ hp: 8, injuries: 1, clearStress: true })
  })
  it('S21 falling: 1 + floor(m/3), at most 10', () => {
    expect(fallingDice(2)).toBe(1)
    expect(fallingDice(9)).toBe(4)
    expect(fallingDice(100)).toBe(10)
  })
})

describe('special moves as data (000:362-494)', () => {
  it('all twelve default moves, each costing 1 Resource', () => {
    expect(SPECIAL_MOVES).toHaveLength(12)
    expect(SPECIAL_MOVES.every((m) => m.cost === 1)).toBe(true)
  })
  it('000:492 Crippling Shot: +1 die, Vicious 1, Hamstring 2; 000:470 Disabling Shot stun +2 dice', () => {
    expect(findMove('cripplingShot')).toMatchObject({ type: 'finesse', bonusDice: 1, qualities: { vicious: 1, hamstring: 2 } })
    expect(findMove('disablingShot')).toMatchObject({ stun: true, bonusDice: 2 })
    expect(mergeQualities({ piercing: 1, accurate: 2 }, { piercing: 2 })).toEqual({ piercing: 2, accurate: 2 })
  })
})
