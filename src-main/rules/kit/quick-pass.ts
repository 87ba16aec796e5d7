/**
 * A schema's quick pass: a predicate, built from a zod schema's own definition, that says `true` only of a value the
 * schema accepts, without zod's per-node work (issue 30: a compendium of 2,000 stat blocks checked for the preview,
 * where zod allocated some 17 KB per block, a third of the import's garbage). `false` says nothing: the schema is
 * then asked (check-present.ts), and its issues are the ones shown. So the schema stays the one source of what is
 * valid; this only answers early for the values it can see are plainly valid.
 *
 * Built from the definition of each node, for the kinds a stat block schema is made of: object (no catchall, no checks
 * of its own), string (length checks, `.refine`), array (length checks), number (safe integer, bounds), boolean, enum, literal, optional,
 * nullable, default, tuple (no rest), union, lazy. Any other kind, a check of another kind, a coercion or a definition
 * key not listed here makes that node ask zod for its verdict (`safeParse(v).success`), so an unknown node is exact,
 * not guessed. Where zod may skip a check (`when`), the predicate still applies it: a `false`, and zod decides.
 */
import type { z } from 'zod'
import { perSchema } from './built-once'

export type QuickPass = (value: unknown) => boolean

interface Def {
  type: string
  [key: string]: unknown
}
interface CheckDef {
  check?: string
  [key: string]: unknown
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def
const checkDefs = (d: Def): CheckDef[] => ((d.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def)

/** the definition keys each kind may have and still be read here (others, e.g. `coerce`, `format`, `error`: zod asks) */
const KNOWN_KEYS: Record<string, readonly string[]> = {
  object: ['type', 'shape', 'checks'],
  string: ['type', 'checks'],
  number: ['type', 'checks', 'check', 'abort', 'format'],
  boolean: ['type', 'checks'],
  enum: ['type', 'entries', 'checks'],
  literal: ['type', 'values', 'checks'],
  optional: ['type', 'innerType', 'checks'],
  nullable: ['type', 'innerType', 'checks'],
  default: ['type', 'innerType', 'defaultValue', 'checks'],
  array: ['type', 'element', 'checks'],
  tuple: ['type', 'items', 'rest', 'checks'],
  union: ['type', 'options', 'checks'],
  lazy: ['type', 'getter', '_cachedInner', 'checks'],
}

/** the quick pass of `schema` (see above): the same one for the same schema, built on its first call */
export const quickPass: (schema: z.ZodType) => QuickPass = perSchema(resolved)

/** each schema's quick pass as built (a node's parts call their children's directly, not through the lazy wrapper
 *  `quickPass` gives: half the calls of a stat block's check went through it) */
const builtPasses = new WeakMap<z.ZodType, QuickPass>()
/** the schemas being built now: a schema met again while it is built refers to itself (a getter in its shape) */
const building = new Set<z.ZodType>()

function resolved(s: z.ZodType): QuickPass {
  let f = builtPasses.get(s)
  if (f) return f
  // a cycle: the wrapper, which finds the built pass on its first call
  if (building.has(s)) return quickPass(s)
  building.add(s)
  try {
    f = build(s)
  } finally {
    building.delete(s)
  }
  builtPasses.set(s, f)
  return f
}

/** whether a node's definition is read here: a kind listed, and no key of its definition but those listed (`error`, a
 *  message of the schema's own, does not change the verdict) */
const readable = (d: Def): boolean => {
  const known = KNOWN_KEYS[d.type]
  return known !== undefined && Object.keys(d).every((k) => k === 'error' || known.includes(k) || d[k] === undefined)
}

/** whether an optional or defaulted node is read here as "absent passes, else its inner node's pass" */
const plainOptional = (d: Def): boolean => (d.type === 'optional' || d.type === 'default') && readable(d) && checkDefs(d).length === 0

function build(s: z.ZodType): QuickPass {
  const asked: QuickPass = (v) => s.safeParse(v).success
  const d = defOf(s)
  if (!readable(d)) return asked
  const checks = checkDefs(d)
  switch (d.type) {
    case 'object': {
      if (checks.length > 0) return asked
      const shape = d.shape as Record<string, z.ZodType>
      // one function per object schema, its keys read by name (a stat block's check is mostly this loop: by name,
      // V8 keeps each key's lookup; by a key in a variable it looked every one up afresh), an absent optional key
      // passed without a call
      const parts: QuickPass[] = []
      const steps = Object.keys(shape).map((k, i) => {
        const child = defOf(shape[k])
        const optional = plainOptional(child)
        parts.push(resolved(optional ? (child.innerType as z.ZodType) : shape[k]))
        return `x = o[${JSON.stringify(k)}]\n if (${optional ? 'x !== undefined && ' : ''}!p[${i}](x)) return false`
      })
      // (new Function: the code is made of the schema's own keys, JSON-quoted; main process only)
      return new Function('p', `return function quickObject(o) {\n if (typeof o !== 'object' || o === null || Array.isArray(o)) return false\n let x\n ${steps.join('\n ')}\n return true\n}`)(parts) as QuickPass
    }
    case 'string': {
      const len = lengthBounds(checks)
      if (!len) return asked
      const { min, max, refines } = len
      return (v) => typeof v === 'string' && v.length >= min && v.length <= max && refined(refines, v)
    }
    case 'number': {
      if (d.format !== undefined && d.format !== 'safeint') return asked
      let safeInt = d.format === 'safeint'
      // every bound zod checks, each as it is stated (≥ or >, ≤ or <)
      const bounds: ((v: number) => boolean)[] = []
      for (const c of checks) {
        if (c.check === 'number_format' && c.format === 'safeint') safeInt = true
        else if (c.check === 'greater_than' && typeof c.value === 'number') bounds.push(atLeast(c.value, c.inclusive === true))
        else if (c.check === 'less_than' && typeof c.value === 'number') bounds.push(atMost(c.value, c.inclusive === true))
        else return asked
      }
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v) || (safeInt && !Number.isSafeInteger(v))) return false
        for (let i = 0; i < bounds.length; i++) if (!bounds[i](v)) return false
        return true
      }
    }
    case 'boolean':
      return checks.length > 0 ? asked : (v) => typeof v === 'boolean'
    case 'enum':
    case 'literal': {
      // the values zod itself looks a value up in (a TypeScript enum's reverse names are not among them)
      const values = (s as unknown as { _zod: { values?: unknown } })._zod.values
      if (checks.length > 0 || !(values instanceof Set)) return asked
      return (v) => values.has(v)
    }
    case 'optional':
    case 'default': {
      if (checks.length > 0) return asked
      const inner = resolved(d.innerType as z.ZodType)
      return (v) => v === undefined || inner(v)
    }
    case 'nullable': {
      if (checks.length > 0) return asked
      const inner = resolved(d.innerType as z.ZodType)
      return (v) => v === null || inner(v)
    }
    case 'array': {
      // a refinement of a list sees zod's output (its items' defaults filled in, unknown keys left out), not the
      // value: a list with one is zod's to judge
      const len = lengthBounds(checks)
      if (!len || len.refines.length > 0) return asked
      const { min, max } = len
      const element = resolved(d.element as z.ZodType)
      return (v) => {
        if (!Array.isArray(v) || v.length < min || v.length > max) return false
        // by index, as zod reads it: a hole is `undefined`
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false
        return true
      }
    }
    case 'tuple': {
      if (checks.length > 0 || (d.rest !== null && d.rest !== undefined)) return asked
      const items = (d.items as z.ZodType[]).map((i) => resolved(i))
      return (v) => {
        // every item given (a shorter tuple with optional items left out: zod decides)
        if (!Array.isArray(v) || v.length !== items.length) return false
        for (let i = 0; i < items.length; i++) if (!items[i](v[i])) return false
        return true
      }
    }
    case 'union': {
      if (checks.length > 0) return asked
      const options = (d.options as z.ZodType[]).map((o) => resolved(o))
      return (v) => {
        for (let i = 0; i < options.length; i++) if (options[i](v)) return true
        return false
      }
    }
    case 'lazy': {
      if (checks.length > 0) return asked
      const getter = d.getter as () => z.ZodType
      let inner: QuickPass | null = null
      return (v) => (inner ??= resolved(getter()))(v)
    }
    default:
      return asked
  }
}

const atLeast = (min: number, inclusive: boolean) => (inclusive ? (v: number) => v >= min : (v: number) => v > min)
const atMost = (max: number, inclusive: boolean) => (inclusive ? (v: number) => v <= max : (v: number) => v < max)

type Refine = (v: unknown) => unknown

/** the bounds of a string's or an array's length, and its refinements, from its checks; null for a check of another
 *  kind */
function lengthBounds(checks: CheckDef[]): { min: number; max: number; refines: Refine[] } | null {
  let min = 0
  let max = Infinity
  const refines: Refine[] = []
  for (const c of checks) {
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum)
    else if (c.check === 'max_length' && typeof c.maximum === 'number') max = Math.min(max, c.maximum)
    else if (c.check === 'length_equals' && typeof c.length === 'number') [min, max] = [Math.max(min, c.length), Math.min(max, c.length)]
    else if (c.type === 'custom' && c.check === 'custom' && typeof c.fn === 'function') refines.push(c.fn as Refine)
    else return null
  }
  return { min, max, refines }
}

/**
 * A `.refine(fn)` passes where `fn(value)` is truthy (zod's $ZodCustom check). A string's refinement sees the string
 * itself (a `.trim()` or other overwrite before it is a check of another kind: zod's node). A promise (an async
 * refinement) is not a verdict here: zod decides. A `.superRefine` is not one of these (no `fn` of its own): its
 * node is asked whole.
 */
function refined(refines: Refine[], v: unknown): boolean {
  for (let i = 0; i < refines.length; i++) {
    const r = refines[i](v)
    if (!r || r instanceof Promise) return false
  }
  return true
}
