/**
 * Issue 27, defect 8: "Every field is validated at save". Each system's stat block schema, walked as the JSON Schema
 * the editor receives (`z.toJSONSchema`, the input side), has no number without a min and a max, no string without a
 * max length and no list without a max count: a value a GM mistypes (an Energy HP of 99999999, a name of a page) is
 * refused at its field, never saved. Failed before issue 27's bounds: starchasers shield.durationRounds had no max.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { getSystem, listSystems } from '../../../../../src-main/rules/index'
import { toJsonSchema } from '../../../../../src-main/services/campaigns/system-service'

type J = Record<string, any>
const bound = (v: unknown): boolean => typeof v === 'number' && Math.abs(v) < 1e9

/** every place in the schema that is unbounded, as a path with the missing bound */
export function unbounded(root: J): string[] {
  const out: string[] = []
  const defs: J = root.$defs ?? {}
  const inRef = new Set<string>()
  const walk = (s: J | boolean | undefined, path: string): void => {
    if (!s || typeof s !== 'object') return
    if (typeof s.$ref === 'string' && !inRef.has(s.$ref)) {
      inRef.add(s.$ref)
      walk(defs[s.$ref.replace('#/$defs/', '')], path)
      inRef.delete(s.$ref)
    }
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) (s[k] ?? []).forEach((x: J) => walk(x, path))
    const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
    if (types.includes('number') || types.includes('integer')) {
      // zod writes an integer's own range (±2^53) as its bounds: that is no bound a GM would ever want
      if (!bound(s.minimum ?? s.exclusiveMinimum) && s.const === undefined) out.push(`${path}: number without a minimum`)
      if (!bound(s.maximum ?? s.exclusiveMaximum) && s.const === undefined) out.push(`${path}: number without a maximum`)
    }
    if (types.includes('string') && s.enum === undefined && s.const === undefined && s.maxLength === undefined) out.push(`${path}: string without a maxLength`)
    if (types.includes('array')) {
      const tuple = Array.isArray(s.prefixItems) && s.items === undefined
      if (!tuple && s.maxItems === undefined) out.push(`${path}: list without a maxItems`)
      walk(s.items, `${path}[]`)
      ;(s.prefixItems ?? []).forEach((x: J, i: number) => walk(x, `${path}[${i}]`))
    }
    if (types.includes('object') || s.properties) {
      for (const [k, v] of Object.entries<J>(s.properties ?? {})) walk(v, path ? `${path}.${k}` : k)
      if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.*`)
      if (s.propertyNames && typeof s.propertyNames === 'object') walk(s.propertyNames, `${path}.<key>`)
    }
  }
  walk(root, '')
  return [...new Set(out)]
}

describe('every stat block field is bounded (issue 27, defect 8)', () => {
  it('the walker finds an unbounded number, string and list (it is not blind)', () => {
    expect(unbounded({ type: 'object', properties: { a: { type: 'integer', minimum: 0 }, b: { type: 'string' }, c: { type: 'array', items: { type: 'string', maxLength: 3 } } } }))
      .toEqual(['a: number without a maximum', 'b: string without a maxLength', 'c: list without a maxItems'])
    expect(unbounded(toJsonSchema(z.object({ n: z.number().int(), t: z.tuple([z.number().min(0).max(9), z.number().int().min(0)]) }))))
      .toEqual(['n: number without a minimum', 'n: number without a maximum', 't[1]: number without a maximum'])
  })

  for (const id of listSystems()) {
    it(`${id}: no number without min and max, no string without a max length, no list without a max count`, () => {
      const sys = getSystem(id)
      if (!sys.ok) throw new Error(sys.error.message)
      expect(unbounded(toJsonSchema(sys.value.statBlockSchema))).toEqual([])
    })
  }
})
