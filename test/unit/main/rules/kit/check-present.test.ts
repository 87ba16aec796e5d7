import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MAX_KEY_SETS, presentKeysChecker } from '../../../../../src-main/rules/kit/check-present'
import { getSystem, listSystems } from '../../../../../src-main/rules/index'
import { samples as saga } from '../../../../../src-main/rules/systems/saga/samples/index'
import { samples as starchasers } from '../../../../../src-main/rules/systems/starchasers/samples/index'
import { samples as twoD20 } from '../../../../../src-main/rules/systems/2d20/samples/index'
import { samples as storyteller } from '../../../../../src-main/rules/systems/storyteller/samples/index'
import type { SystemSamples } from '../../../../../src-main/rules/kit/samples'

const SAMPLES: Record<string, SystemSamples> = { saga, starchasers, '2d20': twoD20, storyteller }

/** the verdict and the first issue (path, code) of a safeParse */
const verdict = (r: z.ZodSafeParseResult<unknown>) => (r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}:${i.code}`).join(' | '))

/** values around a valid stat block: itself, each key removed, each key broken, unknown keys, not an object */
function around(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, { ...valid, notInTheSchema: 1, other: 'x' }, null, [], 'text', 3, {}]
  for (const k of Object.keys(valid)) {
    const { [k]: _gone, ...rest } = valid
    void _gone
    out.push(rest)
    for (const bad of [null, -1, 1e9, 'x'.repeat(3000), [], {}, true]) out.push({ ...valid, [k]: bad })
  }
  return out
}

// Issue 30: a compendium's stat blocks are checked by the schema picked to the keys they hold (the others are optional
// or have defaults): the verdict and the issues must be the whole schema's, for every system.
describe('presentKeysChecker', () => {
  it.each(listSystems())('%s: the same verdict and issues as the whole stat block schema, around every sample stat block', (id) => {
    const sys = getSystem(id)
    if (!sys.ok) throw new Error(sys.error.message)
    const check = presentKeysChecker(sys.value.statBlockSchema)
    const values = SAMPLES[id].campaign.library.flatMap((b) => around(b.data))
    expect(values.length).toBeGreaterThan(50)
    let refused = 0
    for (const v of values) {
      const whole = verdict(sys.value.statBlockSchema.safeParse(v))
      expect(verdict(check(v)), JSON.stringify(v).slice(0, 200)).toBe(whole)
      if (whole !== 'ok') refused++
    }
    // the values above test refusals as much as passes
    expect(refused).toBeGreaterThan(values.length / 4)
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
