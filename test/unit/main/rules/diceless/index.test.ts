/** The generic diceless helpers (src-main/rules/diceless): the exact average of a dice expression (beyond the seed). */
import { describe, expect, it } from 'vitest'
import { averageOfTerms } from '../../../../../src-main/rules/diceless'
import { parseDice } from '../../../../../src-main/rules/kit/dice'

const avg = (notation: string) => {
  const p = parseDice(notation)
  if (!p.ok) throw new Error(p.error.message)
  return averageOfTerms(p.value.terms)
}

describe('the average of a dice expression (diceless allies)', () => {
  it('averages dice expressions exactly: 3d8+2 = 15.5, 3d10 = 16.5, 2d6-1 = 6', () => {
    expect(avg('3d8+2')).toBe(15.5)
    expect(avg('3d10')).toBe(16.5)
    expect(avg('2d6-1')).toBe(6)
  })
})
