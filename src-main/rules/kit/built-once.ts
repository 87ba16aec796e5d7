/**
 * Schemas built on their first use (issue 13, start-up). Building zod schemas is most of the time the main process
 * and each danger-check thread spend loading their modules, and a campaign uses one rule system of four: a system's
 * stat-block and command schemas are built when that system first validates something, not at start-up.
 */
import { z } from 'zod'

/** `build()` the first time the result is asked for, then the same result */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | null = null
  return () => (built ??= { value: build() }).value
}

/**
 * A function of one value per schema, the same function for the same schema, built from the schema on its first
 * call (a schema may refer to itself through z.lazy: its function is asked for before it is built). For checks made
 * of a schema's definition (kit/quick-pass.ts, kit/check-present.ts; issue 30).
 */
export function perSchema<F extends (value: unknown) => unknown>(build: (schema: z.ZodType) => F): (schema: z.ZodType) => F {
  const made = new WeakMap<z.ZodType, F>()
  return (schema) => {
    let f = made.get(schema)
    if (!f) {
      let built: F | null = null
      f = ((value: unknown) => (built ??= build(schema))(value)) as F
      made.set(schema, f)
    }
    return f
  }
}

/** a schema that stands for `get()`'s until it is first used (parsed, or turned into JSON Schema): zod's `z.lazy` */
export const onFirstUse = <T extends z.ZodType>(get: () => T): z.ZodLazy<T> => z.lazy(get)

/** a record of schemas, each built on its first use: `{ attack: () => z.object(…) }` → `{ attack: z.lazy(…) }` */
export function schemasOnFirstUse<T extends Record<string, () => z.ZodType>>(thunks: T): { [K in keyof T]: z.ZodLazy<ReturnType<T[K]>> } {
  const out: Record<string, z.ZodType> = {}
  for (const [k, get] of Object.entries(thunks)) out[k] = z.lazy(get)
  return out as { [K in keyof T]: z.ZodLazy<ReturnType<T[K]>> }
}
