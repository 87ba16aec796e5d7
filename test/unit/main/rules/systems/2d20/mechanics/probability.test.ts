import { describe, expect, it } from 'vitest'
import { attackOdds, combatDiceDist, d20SuccessDist, testOdds } from '../../../../../../../src-main/rules/systems/2d20/mechanics/probability'
import { evaluateTest, testTarget } from '../../../../../../../src-main/rules/systems/2d20/mechanics/roll'
import { evaluateCombatDice, opposed, splitDamage } from '../../../../../../../src-main/rules/systems/2d20/mechanics/combat'
import { applyStress } from '../../../../../../../src-main/rules/systems/2d20/mechanics/stress'
import { TRACKS, type Attributes } from '../../../../../../../src-main/rules/systems/2d20/schema'
import { johnCarter } from '../fixtures'

const melee = testTarget(johnCarter.attributes as Attributes, ['cunning', 'daring']) // 9 / 4

/** every tuple of n dice with `sides` faces */
function* tuples(n: number, sides: number): Generator<number[]> {
  const t = new Array<number>(n).fill(1)
  for (;;) {
    yield [...t]
    let i = n - 1
    while (i >= 0 && t[i] === sides) t[i--] = 1
    if (i < 0) return
    t[i]++
  }
}
const close = (a: Array<{ value: number; p: number }>, b: Map<number, number>) => {
  const keys = new Set([...a.map((x) => x.value), ...b.keys()])
  for (const k of keys) expect(a.find((x) => x.value === k)?.p ?? 0, `value ${k}`).toBeCloseTo(b.get(k) ?? 0, 12)
}

describe('exact test odds (002:47-53, J1)', () => {
  it('002:51-53: one d20 against Cunning 5 + Daring 4 → 2 successes 4/20, 1 success 5/20, none 11/20', () => {
    expect(d20SuccessDist(melee).p).toEqual([11 / 20, 5 / 20, 4 / 20])
  })
  it('J1: 2d20 at D1 fails only when both dice miss: 1 − (11/20)² = 0.6975', () => {
    expect(testOdds({ target: melee, difficulty: 1 }).success).toBeCloseTo(0.6975, 12)
  })
  it('the success chance and Momentum distribution equal a count over every roll (3d20 bought, D2, one assistant)', () => {
    const input = { target: melee, difficulty: 2, bought: 1, assists: [{ total: 8, low: 3 }] }
    const o = testOdds(input)
    let success = 0
    let complication = 0
    const momentum = new Map<number, number>()
    for (const v of tuples(4, 20)) {
      const r = evaluateTest(input, v)
      if (!r.ok) throw new Error(r.error.message)
      const p = 1 // counted, divided at the end
      if (r.value.success) { success += p; momentum.set(r.value.momentum, (momentum.get(r.value.momentum) ?? 0) + p) }
      if (r.value.complications > 0) complication += p
    }
    const all = 20 ** 4
    expect(o.success).toBeCloseTo(success / all, 12)
    expect(o.complication).toBeCloseTo(complication / all, 12)
    close(o.momentum, new Map([...momentum].map(([k, n]) => [k, n / all])))
  })
  it('002:94: a Luck die adds a sure 2 successes: D2 always succeeds', () => {
    expect(testOdds({ target: melee, difficulty: 2, luckDice: 1 }).success).toBeCloseTo(1, 12)
  })
})

describe('combat dice distribution (002:54-66)', () => {
  it('matches every roll of 3 combat dice', () => {
    const d = combatDiceDist(3)
    const count = new Map<string, number>()
    for (const f of tuples(3, 6)) {
      const r = evaluateCombatDice(f)
      if (!r.ok) throw new Error('bad')
      const k = `${r.value.damage},${r.value.effects}`
      count.set(k, (count.get(k) ?? 0) + 1 / 216)
    }
    for (const [k, p] of count) expect(d.get(k)?.p ?? 0, k).toBeCloseTo(p, 12)
    expect([...d.values()].reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12)
  })
})

describe('exact attack odds (J2, J3, J4)', () => {
  const defender = { stress: { confusion: 0, fear: 0, injury: 3 }, afflictions: { madness: 0, trauma: 0, wounds: 1 }, max: { confusion: 4, fear: 7, injury: 6 }, trackers: TRACKS, menace: 2 }
  const attacker = { target: melee, difficulty: 1, isPc: true }
  const def = { target: { total: 13, low: 6 }, difficulty: 1, isPc: false }
  const input = { attacker, defender: def, rating: 2, qualities: ['sharp' as const], track: 'injury' as const, target: defender, extraDice: 'all' as const }

  it('equals a brute-force count over both tests and every combat die, spending all Momentum on extra dice (002:88)', () => {
    const o = attackOdds(input)
    let win = 0, draw = 0
    const byM = new Map<number, number>()
    const each = (target: typeof melee) => [...tuples(2, 20)].map((v) => { const r = evaluateTest({ target, difficulty: 1 }, v); if (!r.ok) throw new Error('bad'); return r.value })
    const As = each(attacker.target)
    const Ds = each(def.target)
    for (const ra of As) for (const rd of Ds) {
      const r = opposed({ ...ra, isPc: true }, { ...rd, isPc: false })
      const p = 1 / 160000
      if (r.draw) draw += p
      if (r.winner === 'attacker') { win += p; byM.set(r.momentum, (byM.get(r.momentum) ?? 0) + p) }
    }
    expect(o.win).toBeCloseTo(win, 12)
    expect(o.draw).toBeCloseTo(draw, 12)
    const injury = new Map<number, number>([[0, 1 - win]])
    const aff = new Map<number, number>([[0, 1 - win]])
    let takenOut = 0
    for (const [m, w] of byM) for (const f of tuples(2 + m, 6)) {
      const c = evaluateCombatDice(f)
      if (!c.ok) throw new Error('bad')
      const p = w / 6 ** f.length
      const s = splitDamage({ damage: c.value.damage, effects: c.value.effects, qualities: ['sharp'], track: 'injury', trackers: TRACKS })
      const after = applyStress(defender, s.byTrack)
      injury.set(s.byTrack.injury, (injury.get(s.byTrack.injury) ?? 0) + p)
      aff.set(after.gained.length, (aff.get(after.gained.length) ?? 0) + p)
      const total = after.afflictions.madness + after.afflictions.trauma + after.afflictions.wounds
      if (total > 2) takenOut += p
    }
    close(o.stress.injury, injury)
    close(o.afflictions, aff)
    expect(o.takenOut).toBeCloseTo(takenOut, 12)
    expect(o.stress.fear.map((x) => x.value)).toEqual([0])
    expect(o.stress.fear[0].p).toBeCloseTo(1, 12)
  }, 30_000)
  it('002:122: the narrator paying for draws lowers the PC\'s chance to win by exactly the draw chance', () => {
    const free = attackOdds({ ...input, extraDice: 0 })
    const paid = attackOdds({ ...input, extraDice: 0, narratorPaysForDraw: true })
    expect(free.win - paid.win).toBeCloseTo(free.draw, 12)
  })
  it('002:78: against a minion every win takes it out', () => {
    const o = attackOdds({ ...input, target: { ...defender, trackers: [], menace: undefined } })
    expect(o.takenOut).toBeCloseTo(o.win, 12)
  })
})
