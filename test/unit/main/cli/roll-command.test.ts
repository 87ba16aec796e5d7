/** `gmc roll` (roll-command.ts): seeded dice, refusals naming the field, the exact distribution. */
import { describe, expect, it } from 'vitest'
import { gmc } from './run-gmc'

describe('gmc roll', () => {
  it('same seed, same dice; JSON has the total and every die', async () => {
    const a = await gmc('roll', '3d6+2', '--seed', '7', '--json')
    const b = await gmc('roll', '3d6+2', '--seed', '7', '--json')
    expect(a.code).toBe(0)
    expect(a.out).toBe(b.out)
    const j = JSON.parse(a.out)
    expect(j.dice).toHaveLength(3)
    expect(j.total).toBe(j.dice.reduce((s: number, d: { value: number }) => s + d.value, 0) + 2)
  })
  it('bad notation exits non-zero naming the field', async () => {
    const r = await gmc('roll', '3d6+', '--json')
    expect(r.code).toBe(1)
    expect(JSON.parse(r.err).error).toMatchObject({ code: 'invalid', field: 'notation' })
    expect((await gmc('roll')).code).toBe(2)
    expect((await gmc('roll', 'd6', '--bogus')).code).toBe(2)
    expect((await gmc('nope')).code).toBe(2)
  })
  it('--dist prints the exact distribution', async () => {
    const r = await gmc('roll', '2d6', '--dist', '--json')
    const j = JSON.parse(r.out)
    expect(j.mean).toBeCloseTo(7, 12)
    expect(j.distribution.find((x: { value: number }) => x.value === 7).p).toBeCloseTo(1 / 6, 12)
  })
})
