/**
 * Issue 30: a preview's reading (import-read.ts `readSourcesKept`) lets go of each parsed item once it is read. A
 * compendium's parsed actors take several times the memory of its text, and while they were held, every garbage
 * collection of the reading copied them. An item's landings, asked for when the GM opens it, are read from its
 * file parsed again: the same landings as a reading that kept them.
 */
import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { readSources, readSourcesKept } from '../../../../../src-main/services/campaigns/import-read'
import { getSystem } from '../../../../../src-main/rules/index'
import type { ImportReader } from '../../../../../src-main/rules/kit/imports'
import type { RuleSystem } from '../../../../../src-main/rules/kit/system'
import { trooper } from '../fixtures'

/** V8's full collection, exposed at run time */
function collector(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** the Saga system with one reader more: it takes every object with `tool: "probe"`, and remembers what it was given */
function probed(): { system: RuleSystem; given: WeakRef<object>[]; reads: unknown[] } {
  const sys = getSystem('saga')
  if (!sys.ok) throw new Error(sys.error.message)
  const given: WeakRef<object>[] = []
  const reads: unknown[] = []
  const probe: ImportReader = {
    format: 'probe',
    label: 'probe',
    input: 'json',
    detect: (v) => (typeof v === 'object' && v !== null && (v as { tool?: unknown }).tool === 'probe' ? 1 : 0),
    read(v, ctx) {
      given.push(new WeakRef(v as object))
      const o = v as { name: string; hp: number }
      if (ctx.fields !== false) reads.push(structuredClone(v))
      const fields = ctx.fields === false ? [] : [{ from: 'hp', to: 'hp', value: String(o.hp) }]
      return [{ name: o.name, kind: 'npc', tags: [], data: { ...trooper, name: o.name, hp: o.hp }, fields, notes: [], disagreements: [] }]
    },
  }
  const system = { ...sys.value, imports: { ...sys.value.imports, readers: [probe, ...(sys.value.imports?.readers ?? [])] } } as RuleSystem
  return { system, given, reads }
}

const actors = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ tool: 'probe', name: `Probe ${from + i}`, hp: 10 + from + i, gear: { list: [{ deep: [i] }] } }))

describe('a preview’s reading holds no parsed item once it is read (issue 30)', () => {
  it('every parsed item is collectable after the reading; an item’s landings are read from its file parsed again, as a reading that kept them', async () => {
    const gc = collector()
    const { system, given, reads } = probed()
    const sources = [
      { name: 'a.json', text: JSON.stringify(actors(40)) },
      { name: 'b.ndjson', text: actors(30, 100).map((a) => JSON.stringify(a)).join('\n') },
    ]
    const kept = await readSourcesKept(system, sources, { fields: false })
    expect(kept.result.counts).toEqual({ ok: 70, notes: 0, refused: 0 })
    expect(given).toHaveLength(70)
    // (a WeakRef's target lives until the job that made it ends)
    await new Promise((r) => setImmediate(r))
    gc()
    expect(given.filter((w) => w.deref() !== undefined)).toHaveLength(0)

    // the landings, asked for item by item across both files (each file parsed again, the last one kept)
    const whole = await readSources(system, sources)
    for (const key of ['0:3', '1:7', '1:0', '0:39', '0:0']) {
      const it = whole.items.find((x) => x.key === key)!
      expect(kept.fieldsOf(key)).toEqual(it.fields)
    }
    // each read again from the item as the file holds it
    const [a, b] = [actors(40), actors(30, 100)]
    expect(reads.slice(-5)).toEqual([a[3], b[7], b[0], a[39], a[0]])
    expect(kept.fieldsOf('2:0')).toBeNull()
    expect(kept.fieldsOf('0:40')).toBeNull()
  })

  it('a pasted text’s landings are read again the same way', async () => {
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const text = 'Stormtrooper CL 1\nMedium Human nonheroic 3\nInit +5; Senses Perception +6\nDefenses Ref 15 (flat-footed 14), Fort 12, Will 10\nhp 10; Threshold 12\nSpeed 6 squares\nRanged blaster rifle +3 (3d8)\nAbilities Str 10, Dex 13, Con 10, Int 10, Wis 10, Cha 8\n'
    const kept = await readSourcesKept(sys.value, [{ name: 'book.txt', text }], { fields: false })
    const whole = await readSources(sys.value, [{ name: 'book.txt', text }])
    expect(whole.items[0].status).not.toBe('refused')
    expect(whole.items[0].fields.length).toBeGreaterThan(5)
    expect(kept.fieldsOf(whole.items[0].key)).toEqual(whole.items[0].fields)
  })
})
