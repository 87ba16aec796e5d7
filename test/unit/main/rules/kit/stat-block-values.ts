/**
 * Values around each system's sample stat blocks, for the tests of the kit's schema checks (check-present.ts,
 * quick-pass.ts; issue 30): a check must give the stat block schema's own verdict on valid and broken blocks alike.
 */
import type { z } from 'zod'
import { getSystem } from '../../../../../src-main/rules/index'
import { samples as saga } from '../../../../../src-main/rules/systems/saga/samples/index'
import { samples as starchasers } from '../../../../../src-main/rules/systems/starchasers/samples/index'
import { samples as twoD20 } from '../../../../../src-main/rules/systems/2d20/samples/index'
import { samples as storyteller } from '../../../../../src-main/rules/systems/storyteller/samples/index'
import type { SystemSamples } from '../../../../../src-main/rules/kit/samples'

const SAMPLES: Record<string, SystemSamples> = { saga, starchasers, '2d20': twoD20, storyteller }

/** values that break most fields */
export const BAD = [null, undefined, -1, 0.5, 1e9, NaN, Infinity, 'x'.repeat(3000), '', [], [1, 2, 3, 4], {}, true]

/** a system's stat block schema and the stat blocks of its sample campaign */
export function statBlocksOf(id: string): { schema: z.ZodType; blocks: Record<string, unknown>[] } {
  const sys = getSystem(id)
  if (!sys.ok) throw new Error(sys.error.message)
  return { schema: sys.value.statBlockSchema, blocks: SAMPLES[id].campaign.library.map((b) => b.data) }
}

/** values around a valid stat block: itself, unknown keys, each key removed or broken, nested keys broken */
export function around(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, { ...valid, notInTheSchema: 1, other: 'x' }, null, [], 'text', 3, {}]
  for (const [k, v] of Object.entries(valid)) {
    const { [k]: _gone, ...rest } = valid
    void _gone
    out.push(rest)
    for (const bad of BAD) out.push({ ...valid, [k]: bad })
    // one level down: each key of a nested object, each item of a list
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const kk of Object.keys(v)) for (const bad of BAD) out.push({ ...valid, [k]: { ...v, [kk]: bad } })
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) for (const bad of BAD) out.push({ ...valid, [k]: v.map((x, j) => (j === i ? bad : x)) })
  }
  return out
}

/** the verdict and the issues (path, code) of a check */
export const verdict = (r: { success: true } | { success: false; error: z.ZodError }): string =>
  r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}:${i.code}`).join(' | ')
