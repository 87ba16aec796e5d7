/**
 * Issue 30: a compendium's JSON array is read an item at a time (import-read.ts `arrayItems`): one scan splits the
 * text into its items' texts, and each is parsed as it is read, then let go. The reading must be the one a whole
 * parse gives: the same items in the same order, the same figures for the first page, and the same refusals for
 * broken or hostile files (those are read again whole, which says what is wrong).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { arrayItems, readSources } from '../../../../../src-main/services/campaigns/import-read'
import { getSystem } from '../../../../../src-main/rules/index'
import { MAX_JSON_DEPTH } from '../../../../../src-main/campaign/json-text'
import type { RuleSystem } from '../../../../../src-main/rules/kit/system'

const fixtures = join(__dirname, '../../../../fixtures/imports')
const fixture = (f: string): Record<string, unknown> => JSON.parse(readFileSync(join(fixtures, f), 'utf8'))
const system = (id: string): RuleSystem => {
  const s = getSystem(id)
  if (!s.ok) throw new Error(s.error.message)
  return s.value
}
const saga = system('saga')
/** a compendium of Foundry Saga actors, one of them refused (no name) */
const sagaActors = (): unknown[] => {
  const bases = ['elite-trooper.json', 'raider-captain.json', 'sentry-droid.json', 'pc-jedda-rune.json'].map((f) => fixture(`foundry-swse/${f}`))
  const out: unknown[] = bases.flatMap((b, i) => [0, 1, 2].map((k) => ({ ...b, name: `${String(b.name)} ${i}-${k}` })))
  out.splice(5, 0, { ...bases[0], name: '' })
  return out
}
/** an item's preview without what differs by file (its file name) */
const shown = (items: Array<{ file: string }>) => items.map(({ file: _file, ...rest }) => rest)

describe('arrayItems: a JSON array split into its items’ texts (issue 30)', () => {
  it('splits at the top level only: brackets, commas and escaped quotes inside strings, nested arrays, whitespace and line breaks', () => {
    const values = [{ a: 'x,]}{[', b: '\\"', c: [1, [2, { d: '],[' }]] }, 3, 'q"uote\\', null, [[], {}], { 'k,]': true }]
    for (const text of [JSON.stringify(values), JSON.stringify(values, null, 2), `[ ${values.map((v) => JSON.stringify(v)).join(' ,\n\t')} ]`]) {
      const items = arrayItems(text.trim())
      expect(items).not.toBeNull()
      expect(items!.map((t) => JSON.parse(t) as unknown)).toEqual(values)
    }
  })

  it('vouches for nothing it cannot: not one array, an empty item, an empty array, too deep, a prototype key or an escape', () => {
    // an item nested MAX_JSON_DEPTH levels is one the whole parse reads; one more level, one it refuses
    const nest = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`
    for (const text of ['[]', '[ ]', '[1,]', '[1,,2]', '[,1]', '[1]]', '[[1]', '[1] [2]', '[1]\n[2]', '{"a":[1]}', '["a]', `[${nest(MAX_JSON_DEPTH + 1)}]`, '[{"__proto__":{"x":1}}]', '[{"a":{"constructor":1}}]', '[{"prototype":1}]', '[{"\\u005f_proto__":1}]', '[{"a":"\\u00e9"}]']) {
      expect(arrayItems(text), text).toBeNull()
    }
    // as deep as a whole parse allows, and keys that only look like those
    expect(arrayItems(`[${nest(MAX_JSON_DEPTH)}]`)).toHaveLength(1)
    expect(arrayItems('[{"prototypeToken":{"name":"x"}},{"constructorName":1}]')).toHaveLength(2)
  })
})

describe('a compendium read an item at a time reads as a whole parse does (issue 30)', () => {
  it('the same items, notes, refusals and figures as the same actors read whole (this app’s export holds them in an object)', async () => {
    const actors = sagaActors()
    const opts = { fields: false, figuresFor: 4 }
    const split = await readSources(saga, [{ name: 'c.json', text: JSON.stringify(actors) }], opts)
    const whole = await readSources(saga, [{ name: 'c.json', text: JSON.stringify({ statBlocks: actors }) }], opts)
    expect(arrayItems(JSON.stringify(actors))).toHaveLength(actors.length)
    expect(split.counts).toEqual({ ok: expect.any(Number), notes: expect.any(Number), refused: 1 })
    expect(split.counts.ok + split.counts.notes).toBe(actors.length - 1)
    expect(split.items).toEqual(whole.items)
    expect(split.files).toEqual(whole.files)
    // the first page's figures now, the others' later; the same figures as a reading of every figure (the CLI's)
    const all = await readSources(saga, [{ name: 'c.json', text: JSON.stringify(actors) }], {})
    split.items.forEach((it, i) => {
      if (it.status === 'refused') return
      if (i < 4) {
        expect(it.figuresLater, it.name).toBeUndefined()
        expect(it.figures.length, it.name).toBeGreaterThan(0)
        expect(it.figures).toEqual(all.items[i].figures)
      } else expect(it.figuresLater, it.name).toBe(true)
    })
    expect(shown(split.items.map(({ figures: _f, figuresLater: _l, fields: _d, fieldsLater: _x, ...rest }) => rest))).toEqual(shown(all.items.map(({ figures: _f, figuresLater: _l, fields: _d, fieldsLater: _x, ...rest }) => rest)))
  })

  it('an item that is not JSON refuses its file as a whole parse does (named, nothing of it read); the other files still read', async () => {
    const actors = sagaActors().slice(0, 3)
    const ok = JSON.stringify(actors)
    const sources = [
      { name: 'one-line.json', text: `[${JSON.stringify(actors[0])} ${JSON.stringify(actors[1])}]` },
      { name: 'pretty.json', text: JSON.stringify(actors, null, 2).replace('"name"', '"name" "oops"') },
      { name: 'good.json', text: ok },
      { name: 'deep.json', text: `[${JSON.stringify(actors[0])},${'{"a":'.repeat(MAX_JSON_DEPTH + 2)}1${'}'.repeat(MAX_JSON_DEPTH + 2)}]` },
      { name: 'escaped.json', text: `[${JSON.stringify(actors[0])},{"name":"x","\\u005f_proto__":{"polluted":true}}]` },
    ]
    const progress: Array<[number, number]> = []
    const r = await readSources(saga, sources, { fields: false, progress: (done, total) => void progress.push([done, total]) })
    expect(Object.fromEntries(r.files.map((f) => [f.name, f.refused?.key ?? f.as]))).toEqual({
      'one-line.json': 'importer.refused.notJson',
      'pretty.json': 'importer.refused.notJsonLine',
      'good.json': 'json',
      'deep.json': 'importer.refused.tooDeep',
      'escaped.json': 'importer.refused.unsafeKey',
    })
    expect(r.files.find((f) => f.name === 'pretty.json')?.refused?.params).toEqual({ line: 1 })
    expect(r.files.find((f) => f.name === 'deep.json')?.refused?.field).toBe('deep.json[1]')
    expect(r.items.map((i) => i.key)).toEqual(['2:0', '2:1', '2:2'])
    expect(r.items.map((i) => i.name)).toEqual(actors.map((a) => (a as { name: string }).name))
    expect(progress.at(-1)).toEqual([3, 3])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('the depth a whole parse refuses is the depth the split refuses: MAX_JSON_DEPTH levels in an item read, one more refused', async () => {
    const nest = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`
    for (const n of [MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1]) {
      const split = await readSources(saga, [{ name: 'd.json', text: `[${nest(n)},{"name":"x"}]` }])
      const whole = await readSources(saga, [{ name: 'd.json', text: `{"statBlocks":[${nest(n)},{"name":"x"}]}` }])
      expect(split.files).toEqual(whole.files)
      expect(split.items).toEqual(whole.items)
      expect(split.files[0].refused?.key).toBe(n > MAX_JSON_DEPTH ? 'importer.refused.tooDeep' : undefined)
    }
  })

  it('the items of a reader with questions wait for them, and every item keeps its place in the file (2d20: Foundry actors and Improved Initiative blocks)', async () => {
    const twoD20 = system('2d20')
    const foundry = JSON.parse(readFileSync(join(fixtures, 'foundry-2d20/compendium-mixed.json'), 'utf8')) as unknown[]
    const ii = fixture('improved-initiative/dock-guard.json')
    const mixed = [ii, foundry[0], { ...ii, Name: 'Dock Guard 2', Id: 'dock-guard-8' }, foundry[2]]
    const split = await readSources(twoD20, [{ name: 'm.json', text: JSON.stringify(mixed) }], { fields: false, figuresFor: 2 })
    const whole = await readSources(twoD20, [{ name: 'm.json', text: JSON.stringify({ statBlocks: mixed }) }], { fields: false, figuresFor: 2 })
    expect(split.items.map((i) => [i.key, i.format])).toEqual([
      ['0:0', whole.items[0].format],
      ['0:1', 'foundry-2d20'],
      ['0:2', whole.items[2].format],
      ['0:3', 'foundry-2d20'],
    ])
    expect(split.items[0].format).not.toBe('foundry-2d20')
    expect(split.questions.length).toBeGreaterThan(0)
    expect(split.questions).toEqual(whole.questions)
    expect(split.answers).toEqual(whole.answers)
    expect(split.items).toEqual(whole.items)
  })
})
