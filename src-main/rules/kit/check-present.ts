/**
 * Checking many stat blocks against a system's schema when only the verdict (and the first issue) is wanted (issue 30:
 * the preview of a compendium of 2,000). A z.object runs every key of its shape on every value, and a stat block schema
 * has some 45 keys (Saga) of which a stat block read from another tool holds about 15: the others are optional or have
 * a default, and an absent one passes. So a value is checked by the schema picked to the keys it holds, plus the keys
 * that do not pass when absent (Saga: `name`, `hp`); one picked schema per set of keys, kept (a compendium's blocks
 * come in a few shapes). The verdict and the issues are the whole schema's; the output has no defaults filled in.
 *
 * Only a plain object schema is picked (no catchall, no checks of its own): anything else is checked whole.
 */
import type { z } from 'zod'
import { perSchema } from './built-once'
import { quickPass } from './quick-pass'

/** the most key sets kept per schema; a value of another set once they are taken is checked by the whole schema */
export const MAX_KEY_SETS = 256

type Checker = (value: unknown) => z.ZodSafeParseResult<unknown>

interface ObjectDef {
  type: string
  shape?: Record<string, z.ZodType>
  catchall?: unknown
  checks?: unknown[]
}

const defOf = (s: z.ZodType): ObjectDef => (s as unknown as { _zod: { def: ObjectDef } })._zod.def

/** the schema a lazy one stands for (rules/kit/built-once.ts builds the systems' schemas on first use) */
function unwrapped(schema: z.ZodType): z.ZodType {
  let s = schema
  while (defOf(s).type === 'lazy') s = (s as unknown as { _zod: { innerType: z.ZodType } })._zod.innerType
  return s
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** a schema's verdict on a value: its issues when it refuses it (no output: see schemaVerdict) */
export type Verdict = { success: true } | { success: false; error: z.ZodError }

const PASSED: Verdict = Object.freeze({ success: true as const })

/**
 * The verdict of `schema` on a value, for many values (a compendium's preview): the schema's quick pass first
 * (quick-pass.ts: no zod work for a plainly valid value), else the check of the keys the value holds (below), whose
 * issues are the whole schema's. No output: a value that passes is used as it is, its defaults filled in where the
 * engine reads it. The same function for the same schema.
 */
export const schemaVerdict: (schema: z.ZodType) => (value: unknown) => Verdict = perSchema((schema) => {
  const quick = quickPass(schema)
  const check = presentKeysChecker(schema)
  return (value: unknown): Verdict => {
    if (quick(value)) return PASSED
    const r = check(value)
    return r.success ? PASSED : { success: false, error: r.error }
  }
})

/** the check of `schema` that visits only the keys a value holds (see above); the same check for the same schema,
 *  built on its first call */
export const presentKeysChecker: (schema: z.ZodType) => Checker = perSchema(build)

function build(schema: z.ZodType): Checker {
  const whole: Checker = (v) => schema.safeParse(v)
  const inner = unwrapped(schema)
  const def = defOf(inner)
  if (def.type !== 'object' || !def.shape || def.catchall !== undefined || (def.checks?.length ?? 0) > 0) return whole
  const shape = def.shape
  const keys = Object.keys(shape)
  // the keys that refuse an absent value are checked always (their issue is the whole schema's)
  const always = new Set(keys.filter((k) => !shape[k].safeParse(undefined).success))
  const picked = new Map<string, z.ZodType>()
  const obj = inner as unknown as { pick(mask: Record<string, true>): z.ZodType }
  return (value) => {
    if (!isPlainObject(value)) return whole(value)
    const held = Object.keys(value)
    const sig = held.join('\n')
    let s = picked.get(sig)
    if (!s) {
      if (picked.size >= MAX_KEY_SETS) return whole(value)
      // in the shape's order, so the issues come in the whole schema's order
      const mask: Record<string, true> = {}
      for (const k of keys) if (always.has(k) || Object.hasOwn(value, k)) mask[k] = true
      s = obj.pick(mask)
      picked.set(sig, s)
    }
    return s.safeParse(value)
  }
}
