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

it('keeps what went wrong as data, for a sentence in the UI language (issue 10)', () => {
  const r = z.object({ hp: z.number().int().min(1), kind: z.enum(['a', 'b']), name: z.string() }).safeParse({ hp: 0, kind: 'c' })
  if (r.success) throw new Error('should fail')
  expect(firstIssue(r.error).issue).toEqual({ code: 'too_small', origin: 'number', minimum: 1, inclusive: true })
  const missing = z.object({ name: z.string() }).safeParse({})
  if (missing.success) throw new Error('should fail')
  expect(firstIssue(missing.error).issue).toEqual({ code: 'invalid_type', expected: 'string', missing: true })
  const bad = z.object({ kind: z.enum(['a', 'b']) }).safeParse({ kind: 'c' })
  if (bad.success) throw new Error('should fail')
  expect(firstIssue(bad.error).issue).toEqual({ code: 'invalid_value', values: ['a', 'b'] })
})
