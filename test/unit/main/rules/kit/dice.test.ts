import { describe, expect, it } from 'vitest'
import { parseDice, roll, rollPool } from '../../../../../src-main/rules/kit/dice'
import { facesDist, mean, notationDist, probAtLeast, probEq, symbolDist } from '../../../../../src-main/rules/kit/distribution'
import { commandDice, fixedRng, seededRng } from '../../../../../src-main/rules/kit/rng'

describe('dice notation', () => {
  it('parses 3d6+2d4-1, d20, d% and constants', () => {
    const p = parseDice('3d6+2d4-1')
    expect(p.ok && p.value.terms).toEqual([
      { kind: 'dice', sign: 1, count: 3, sides: 6 },
      { kind: 'dice', sign: 1, count: 2, sides: 4 },
      { kind: 'const', sign: -1, value: 1 },
    ])
    expect(parseDice('d20')).toMatchObject({ ok: true, value: { terms: [{ count: 1, sides: 20 }] } })
    expect(parseDice('d%')).toMatchObject({ ok: true, value: { terms: [{ sides: 100 }] } })
    expect(parseDice(' 2 d 6 + 3 ')).toMatchObject({ ok: true })
  })

  it.each(['3d6+', '', '3x6', 'd1', '0d6', '3d6++2', '+', '2d', 'd', '1001d6', 'dfoo'])('rejects %j with a clear error naming the field', (bad) => {
    const p = parseDice(bad)
    expect(p.ok).toBe(false)
    if (!p.ok) {
      expect(p.error.code).toBe('invalid')
      expect(p.error.field).toBe('notation')
      expect(p.error.message.length).toBeGreaterThan(10)
    }
  })

  it('rolls with fixed dice: every die recorded', () => {
    const r = roll('3d6+2', fixedRng([1, 5, 6]))
    expect(r).toMatchObject({ ok: true, value: { total: 14, dice: [{ die: 'd6', value: 1 }, { die: 'd6', value: 5 }, { die: 'd6', value: 6 }] } })
  })

  it('the same seed gives the same rolls; manual dice come first and are marked', () => {
    const a = roll('10d20', seededRng('abc'))
    const b = roll('10d20', seededRng('abc'))
    expect(a).toEqual(b)
    const d = commandDice([4, 2], seededRng(1))
    const r = roll('3d6', d)
    if (!r.ok) throw new Error()
    expect(r.value.dice.slice(0, 2)).toEqual([{ die: 'd6', value: 4, manual: true }, { die: 'd6', value: 2, manual: true }])
    expect(r.value.dice[2].manual).toBeUndefined()
    const bad = commandDice([7], seededRng(1))
    roll('1d6', bad)
    expect(bad.error).toMatchObject({ index: 0 })
  })

  it('seeded rngs share one int function (issue 13: a closure per rng threw away the optimized code of every roll)', () => {
    const a = seededRng('a')
    const b = seededRng('b')
    expect(a.int).toBe(b.int)
    // still independent sequences
    expect([1, 2, 3, 4].map(() => a.int(1, 1000))).not.toEqual([1, 2, 3, 4].map(() => b.int(1, 1000)))
  })

  it('custom dice by faces: numbers add, symbols count; pools', () => {
    const fudge = { name: 'F', faces: [-1, -1, 0, 0, 1, 1] }
    expect(roll('4dF', fixedRng([1, 3, 5, 6]), { F: fudge })).toMatchObject({ ok: true, value: { total: 1 } })
    const attack = { name: 'atk', faces: ['hit', 'hit', 'hit', 'crit', 'focus', 'focus', 'blank', 'blank'] }
    const p = rollPool([{ die: attack, count: 3 }, { die: 6, count: 1 }], fixedRng([1, 4, 5, 3]))
    expect(p.symbols).toEqual({ hit: 1, crit: 1, focus: 1 })
    expect(p.total).toBe(3)
  })
})

describe('exact distributions by convolution', () => {
  it('2d6: P(7) = 6/36, P(≥10) = 6/36; 3d6+2 mean 12.5', () => {
    const d = notationDist('2d6')
    if (!d.ok) throw new Error()
    expect(probEq(d.value, 7)).toBeCloseTo(6 / 36, 14)
    expect(probAtLeast(d.value, 10)).toBeCloseTo(6 / 36, 14)
    const e = notationDist('3d6+2')
    if (!e.ok) throw new Error()
    expect(mean(e.value)).toBeCloseTo(12.5, 12)
    expect(e.value.p.reduce((s, q) => s + q, 0)).toBeCloseTo(1, 14)
  })

  it('subtraction and d%: 1d6-1d6 is symmetric; d% uniform', () => {
    const d = notationDist('1d6-1d6')
    if (!d.ok) throw new Error()
    expect(d.value.min).toBe(-5)
    expect(probEq(d.value, 0)).toBeCloseTo(6 / 36, 14)
    expect(probEq(d.value, -5)).toBeCloseTo(probEq(d.value, 5), 14)
    const pct = notationDist('d%')
    expect(pct.ok && probEq(pct.value, 37)).toBeCloseTo(0.01, 14)
  })

  it('custom faces and symbol counts in a pool', () => {
    expect(probEq(facesDist([1, 1, 2]), 1)).toBeCloseTo(2 / 3, 14)
    const attack = { name: 'atk', faces: ['hit', 'hit', 'hit', 'crit', 'focus', 'focus', 'blank', 'blank'] }
    const hits = symbolDist([{ die: attack, count: 2 }], (f) => (f === 'hit' ? 1 : f === 'crit' ? 2 : 0))
    // P(score 0) = (4/8)^2
    expect(probEq(hits, 0)).toBeCloseTo(0.25, 14)
    expect(probEq(hits, 4)).toBeCloseTo(1 / 64, 14)
  })
})
