import { z } from 'zod'
import { expect, it } from 'vitest'
import { firstIssue } from '../../../src-shared/zod-issue'

it('names the field of the first issue as a dotted path, with a prefix', () => {
  const r = z.object({ combatants: z.array(z.object({ hp: z.number() })) }).safeParse({ combatants: [{ hp: 1 }, { hp: 'x' }] })
  expect(r.success).toBe(false)
  if (r.success) return
  expect(firstIssue(r.error)).toEqual({ field: 'combatants.1.hp', message: expect.stringMatching(/number/), issue: { code: 'invalid_type', expected: 'number' } })
  expect(firstIssue(r.error, 'data').field).toBe('data.combatants.1.hp')
})

it('reports an unexpected key at its own path', () => {
  const r = z.object({ a: z.object({ b: z.number() }).strict() }).safeParse({ a: { b: 1, sneaky: true } })
  if (r.success) throw new Error('should fail')
  expect(firstIssue(r.error).field).toBe('a.sneaky')
})
