import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { quickPass } from '../../../../../src-main/rules/kit/quick-pass'
import { listSystems } from '../../../../../src-main/rules/index'
import { around, BAD, statBlocksOf } from './stat-block-values'

enum Colour {
  Red,
  Blue,
}

/** every path in a value (object keys and list indexes), the value itself first */
function pathsOf(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [at]
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...at, i])))
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pathsOf(x, [...at, k]))
  return out
}

/** `v` with the value at `path` replaced (`gone`: the key removed), copied along the path */
function changedAt(v: unknown, path: (string | number)[], to: unknown, gone: boolean): unknown {
  if (path.length === 0) return to
  const [head, ...rest] = path
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? changedAt(x, rest, to, gone) : x))
  const o = { ...(v as Record<string, unknown>) }
  if (gone && rest.length === 0) delete o[head]
  else o[head] = changedAt(o[head], rest, to, gone)
  return o
}

// Issue 30: the preview of a compendium asks each stat block's verdict of the system's schema. The quick pass, built
// from the schema's own definition, answers "valid" without zod's per-node work; it must never say so of a value the
// schema refuses, and it must answer for the valid stat blocks (else it saves nothing).
describe('quickPass', () => {
  it.each(listSystems())('%s: says "passes" only of values the stat block schema accepts, and of every valid sample', (id) => {
    const { schema, blocks } = statBlocksOf(id)
    const quick = quickPass(schema)
    for (const b of blocks) expect(quick(b), JSON.stringify(b).slice(0, 120)).toBe(true)
    const values = blocks.flatMap((b) => around(b))
    let accepted = 0
    let answered = 0
    let refused = 0
    for (const v of values) {
      const ok = schema.safeParse(v).success
      const q = quick(v)
      if (q) expect(ok, `quick pass on a refused value: ${JSON.stringify(v)?.slice(0, 200)}`).toBe(true)
      if (ok) accepted++
      else refused++
      if (ok && q) answered++
    }
    expect(refused).toBeGreaterThan(values.length / 4)
    // the values zod accepts that the quick pass answers for (coerced, custom-checked or short-tuple values: zod's)
    expect(answered / accepted).toBeGreaterThan(0.9)
  })

  it.each(listSystems())('%s: never passes what the schema refuses, for stat blocks changed at random anywhere (property)', (id) => {
    const { schema, blocks } = statBlocksOf(id)
    const quick = quickPass(schema)
    const value = fc.oneof(
      fc.constantFrom(...BAD, 0, 1, -0, 10, 100, 101, 2 ** 53, 'ranged', 'melee', 'medium', '3d8', '2d6+1', 'd', { name: 'x' }, ['a'], [{ name: 'x' }]),
      fc.integer({ min: -200, max: 200 }),
      fc.double(),
      fc.string({ maxLength: 250 }),
      fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.integer()), { maxLength: 120 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.boolean()), { maxKeys: 5 }),
    )
    const change = fc.tuple(fc.nat(), value, fc.boolean())
    let passed = 0
    fc.assert(
      fc.property(fc.nat(blocks.length - 1), fc.array(change, { minLength: 1, maxLength: 3 }), (b, changes) => {
        let v: unknown = blocks[b]
        for (const [at, to, gone] of changes) {
          const paths = pathsOf(v)
          v = changedAt(v, paths[at % paths.length], to, gone)
        }
        if (!quick(v)) return true
        passed++
        return schema.safeParse(v).success
      }),
      { numRuns: 1500, seed: 30 },
    )
    // some of the changed blocks are still valid, and the quick pass says so of them
    expect(passed).toBeGreaterThan(20)
  })

  // each kind of node, at its edges: `true` only where zod accepts; `true` for plainly valid values
  const cases: [string, z.ZodType, unknown[], unknown[]][] = [
    ['int with bounds', z.number().int().min(-3).max(5), [-3, 0, 5, -0], [-4, 6, 1.5, NaN, Infinity, '1', null]],
    ['exclusive bounds', z.number().gt(0).lt(1), [0.5], [0, 1, -1, 2]],
    ['a number', z.number(), [1e308, -2.5], [NaN, Infinity, -Infinity, '3']],
    ['z.int()', z.int(), [2 ** 53 - 1], [2 ** 53, 0.1]],
    ['string lengths', z.string().min(2).max(3), ['ab', 'abc'], ['a', 'abcd', 3, null]],
    ['string length', z.string().length(2), ['ab'], ['a', 'abc']],
    ['enum', z.enum(['a', 'b']), ['a', 'b'], ['c', 0, null]],
    ['literal', z.literal(3), [3], ['3', 4]],
    ['boolean', z.boolean(), [true, false], [0, 'true']],
    ['optional', z.string().optional(), [undefined, 'x'], [null, 1]],
    ['nullable', z.string().nullable(), [null, 'x'], [undefined, 1]],
    ['default', z.number().default(6), [undefined, 4], [null, 'x']],
    ['array', z.array(z.number()).max(2), [[], [1, 2]], [[1, 2, 3], ['1'], 'ab', [1, , 2]]],
    ['tuple', z.tuple([z.number(), z.string()]), [[1, 'a']], [[1], [1, 'a', 2], ['a', 1], {}]],
    ['union', z.union([z.string().max(1), z.array(z.number())]), ['a', [1]], ['ab', ['a'], null]],
    ['object (strip)', z.object({ a: z.number(), b: z.string().optional() }), [{ a: 1 }, { a: 1, b: 'x', c: 'kept out' }], [{}, { a: '1' }, [], null, { a: 1, b: 2 }]],
    ['strict object', z.strictObject({ a: z.number() }), [{ a: 1 }], [{ a: 1, b: 2 }]],
    // the object's check is made of its keys (quoted in the code made for it): keys any JSON may hold
    ['object with odd keys', z.object({ 'a"b': z.number(), 'c\\d\n': z.string().optional(), '`${e}`': z.boolean(), "f'g": z.number().default(1) }), [{ 'a"b': 1, '`${e}`': true }, { 'a"b': 1, 'c\\d\n': 'x', '`${e}`': false, "f'g": 2 }], [{ 'a"b': 1 }, { '`${e}`': true }, { 'a"b': 1, '`${e}`': true, 'c\\d\n': 3 }, { 'a"b': 1, '`${e}`': true, "f'g": 'x' }]],
    ['object with an optional nullable key and a defaulted object', z.object({ a: z.number().nullable().optional(), b: z.object({ c: z.number() }).default({ c: 1 }) }), [{}, { a: null }, { a: 2, b: { c: 3 } }], [{ a: 'x' }, { b: {} }, { b: null }]],
    ['refined', z.string().max(3).refine((s) => s.startsWith('d')), ['d6'], ['x', 'd1000']],
    ['refined list', z.array(z.number()).refine((a) => a.length % 2 === 0), [[1, 2]], [[1]]],
    // the refinement sees zod's output ({ a: 1 }), not the value ({})
    ['refined list of defaults', z.array(z.object({ a: z.number().default(1) })).refine((l) => l.every((x) => (x as { a?: number }).a === undefined)), [[]], [[{}]]],
    ['TypeScript enum', z.enum(Colour), [Colour.Red, 1], ['Red', 'Blue', 2]],
    ['superRefine', z.string().superRefine((s, ctx) => void (s === 'x' && ctx.addIssue({ code: 'custom', message: 'no x' }))), ['y'], ['x']],
    ['coerced', z.coerce.number().int(), [3, '3'], ['x']],
    ['discriminated union', z.discriminatedUnion('k', [z.object({ k: z.literal('a'), n: z.number() }), z.object({ k: z.literal('b') })]), [{ k: 'a', n: 1 }, { k: 'b' }], [{ k: 'a' }, { k: 'c' }]],
    ['record', z.record(z.string(), z.number()), [{ a: 1 }], [{ a: 'x' }]],
    ['pipe', z.string().transform((s) => s.length).pipe(z.number().max(2)), ['ab'], ['abc']],
  ]
  it.each(cases)('%s: passes the valid values, never an invalid one', (_name, schema, valid, invalid) => {
    const quick = quickPass(schema)
    for (const v of valid) {
      expect(schema.safeParse(v).success, `zod accepts ${String(v)}`).toBe(true)
      expect(quick(v), `passes ${JSON.stringify(v)}`).toBe(true)
    }
    for (const v of invalid) {
      expect(schema.safeParse(v).success, `zod refuses ${String(v)}`).toBe(false)
      expect(quick(v), `does not pass ${JSON.stringify(v)}`).toBe(false)
    }
  })

  it('does no zod work on a plainly valid value (a refinement is called as it is); a node it cannot read is asked alone; recursive schemas', () => {
    const seen: string[] = []
    const dice = z.string().refine((s) => (seen.push(s), /^\d+d\d+$/.test(s)))
    const odd = z.number().refine((n) => n % 2 === 1)
    const weapon = z.object({ name: z.string(), damage: dice, range: odd.optional() })
    const schema = z.object({ name: z.string().min(1), weapons: z.array(weapon).default([]) })
    const whole = vi.spyOn(schema, 'safeParse')
    const wholeWeapon = vi.spyOn(weapon, 'safeParse')
    const wholeDice = vi.spyOn(dice, 'safeParse')
    // a number's refinement is not read here: that node alone is asked
    const asked = vi.spyOn(odd, 'safeParse')
    const quick = quickPass(schema)
    expect(quick({ name: 'Trooper', weapons: [{ name: 'rifle', damage: '3d8' }, { name: 'pistol', damage: '3d6' }] })).toBe(true)
    expect(quick({ name: 'Trooper', weapons: [{ name: 'rifle', damage: 'lots' }] })).toBe(false)
    expect(asked).not.toHaveBeenCalled()
    expect(quick({ name: 'Trooper', weapons: [{ name: 'rifle', damage: '3d8', range: 3 }] })).toBe(true)
    expect(quick({ name: 'Trooper', weapons: [{ name: 'rifle', damage: '3d8', range: 4 }] })).toBe(false)
    expect(asked).toHaveBeenCalledTimes(2)
    expect(whole).not.toHaveBeenCalled()
    expect(wholeWeapon).not.toHaveBeenCalled()
    expect(wholeDice).not.toHaveBeenCalled()
    expect(seen).toEqual(['3d8', '3d6', 'lots', '3d8', '3d8'])
    // the same pass for the same schema
    expect(quickPass(schema)).toBe(quick)
    // a schema that refers to itself (through z.lazy) is built as it is met
    interface Node { name: string; children: Node[] }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }))
    const tree = quickPass(node)
    expect(tree({ name: 'a', children: [{ name: 'b', children: [] }] })).toBe(true)
    expect(tree({ name: 'a', children: [{ name: 2, children: [] }] })).toBe(false)
    // and one that refers to itself through a getter of its shape (zod 4's recursive objects)
    const category = z.object({
      name: z.string(),
      get sub(): z.ZodArray<typeof category> {
        return z.array(category)
      },
    })
    const cats = quickPass(category)
    expect(cats({ name: 'a', sub: [{ name: 'b', sub: [] }] })).toBe(true)
    expect(cats({ name: 'a', sub: [{ name: 'b', sub: [{ name: 3, sub: [] }] }] })).toBe(false)
    expect(category.safeParse({ name: 'a', sub: [{ name: 'b', sub: [{ name: 3, sub: [] }] }] }).success).toBe(false)
  })
})
