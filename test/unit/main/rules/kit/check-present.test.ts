import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MAX_KEY_SETS, presentKeysChecker, schemaVerdict } from '../../../../../src-main/rules/kit/check-present'
import { listSystems } from '../../../../../src-main/rules/index'
import { around, statBlocksOf, verdict } from './stat-block-values'

// Issue 30: a compendium's stat blocks are checked by the schema picked to the keys they hold (the others are optional
// or have defaults): the verdict and the issues must be the whole schema's, for every system.
describe('presentKeysChecker', () => {
  it.each(listSystems())('%s: the same verdict and issues as the whole stat block schema, around every sample stat block', (id) => {
    const { schema, blocks } = statBlocksOf(id)
    const check = presentKeysChecker(schema)
    const values = blocks.flatMap((b) => around(b))
    expect(values.length).toBeGreaterThan(50)
    let refused = 0
    for (const v of values) {
      const whole = verdict(schema.safeParse(v))
      expect(verdict(check(v)), JSON.stringify(v).slice(0, 200)).toBe(whole)
      if (whole !== 'ok') refused++
    }
    // the values above test refusals as much as passes
    expect(refused).toBeGreaterThan(values.length / 4)
  })

  // the preview's verdict (import-read.ts): the quick pass first (quick-pass.ts), then the check above
  it.each(listSystems())('%s: schemaVerdict gives the whole schema\'s verdict and issues around every sample', (id) => {
    const { schema, blocks } = statBlocksOf(id)
    const check = schemaVerdict(schema)
    expect(schemaVerdict(schema)).toBe(check)
    for (const v of blocks.flatMap((b) => around(b))) {
      expect(verdict(check(v)), JSON.stringify(v)?.slice(0, 200)).toBe(verdict(schema.safeParse(v)))
    }
  })

  it('checks only the keys a value holds, and the ones that refuse an absent value', () => {
    const seen: string[] = []
    const spy = (k: string, s: z.ZodType) => s.refine(() => (seen.push(k), true))
    const schema = z.lazy(() => z.object({ name: spy('name', z.string()), hp: spy('hp', z.number()), speed: spy('speed', z.number().default(6)), note: spy('note', z.string().optional()) }))
    const check = presentKeysChecker(schema)
    // the first check finds out which keys refuse an absent value (each key's schema run on undefined, once)
    check({})
    seen.length = 0
    expect(check({ name: 'Trooper', hp: 10 }).success).toBe(true)
    expect(seen).toEqual(['name', 'hp'])
    seen.length = 0
    const missing = check({ speed: 4 })
    expect(missing.success).toBe(false)
    expect(seen).toEqual(['speed'])
    // name and hp refuse an absent value: always checked, and named as the whole schema names them
    expect(verdict(missing)).toBe(verdict(schema.safeParse({ speed: 4 })))
    expect(verdict(missing)).toBe('name:invalid_type | hp:invalid_type')
  })

  it('a schema that is not a plain object is checked whole; past MAX_KEY_SETS key sets, a value is checked whole', () => {
    const strict = z.strictObject({ a: z.number().optional() })
    expect(verdict(presentKeysChecker(strict)({ b: 1 }))).toBe(verdict(strict.safeParse({ b: 1 })))
    const refined = z.object({ a: z.number().optional(), b: z.number().optional() }).refine((o) => o.a !== undefined || o.b !== undefined)
    expect(presentKeysChecker(refined)({}).success).toBe(false)
    const loose = z.object({ n: z.number().optional() })
    const check = presentKeysChecker(loose)
    // one check per schema, its picked schemas kept with it
    expect(presentKeysChecker(loose)).toBe(check)
    for (let i = 0; i < MAX_KEY_SETS + 10; i++) expect(check({ [`k${i}`]: 1, n: i }).success).toBe(true)
    expect(check({ zz: 1, n: 'not a number' }).success).toBe(false)
  })
})
