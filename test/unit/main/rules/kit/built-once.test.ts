import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { builtOnce, onFirstUse, schemasOnFirstUse } from '../../../../../src-main/rules/kit/built-once'

// Issue 13, start-up: schemas are built on their first use, once.
describe('built-once schemas', () => {
  it('builtOnce builds on the first call only, and gives the same result after', () => {
    let builds = 0
    const get = builtOnce(() => ({ n: ++builds }))
    expect(builds).toBe(0)
    const a = get()
    expect(get()).toBe(a)
    expect(builds).toBe(1)
  })

  it('schemasOnFirstUse builds a schema when it is first parsed, not before, and validates as the schema would', () => {
    const built: string[] = []
    const S = schemasOnFirstUse({
      hit: () => (built.push('hit'), z.object({ type: z.literal('hit'), amount: z.number().int().min(0) }).strict()),
      miss: () => (built.push('miss'), z.object({ type: z.literal('miss') }).strict()),
    })
    expect(Object.keys(S)).toEqual(['hit', 'miss'])
    expect(built).toEqual([])
    expect(S.hit.safeParse({ type: 'hit', amount: 3 }).success).toBe(true)
    const bad = S.hit.safeParse({ type: 'hit', amount: -1 })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.path).toEqual(['amount'])
    S.hit.parse({ type: 'hit', amount: 1 })
    expect(built).toEqual(['hit'])
  })

  it('gives the same JSON Schema as the schema itself', () => {
    const make = () => z.object({ a: z.string().min(1), b: z.number().optional() }).strict()
    expect(z.toJSONSchema(onFirstUse(make), { io: 'input' })).toEqual(z.toJSONSchema(make(), { io: 'input' }))
  })
})
