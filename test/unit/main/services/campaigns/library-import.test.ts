/**
 * Issue 30: the library's import of other tools' stat blocks, the service (library-import.ts, import-read.ts):
 * a preview saves nothing; the import is one update (all or nothing) that one Undo takes back; hostile or broken
 * input gets a sentence and changes nothing; the GM's choice between the stated and the rules' value is saved.
 * The readers of each format have their own tests (test/unit/main/rules/systems/<id>/imports/).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLibraryService, type LibraryService } from '../../../../../src-main/services/campaigns/library-service'
import { chosenData } from '../../../../../src-main/services/campaigns/library-import'
import type { ImportPreviewItem } from '../../../../../src-shared/views/import-views'
import { readSources } from '../../../../../src-main/services/campaigns/import-read'
import { getSystem } from '../../../../../src-main/rules/index'
import { trooper, vela } from '../fixtures'
import { harness, type Harness } from '../helpers'

const own = (statBlocks: unknown[]) => JSON.stringify({ kind: 'gm-console.stat-blocks', schemaVersion: 1, systemId: 'saga', statBlocks })

describe('library import from other tools, the service (issue 30)', () => {
  let h: Harness
  let lib: LibraryService
  let file: string
  beforeEach(async () => {
    h = await harness('saga')
    lib = createLibraryService(h.env)
    file = join(h.dir, h.campaignId, 'campaign.json')
  })
  afterEach(async () => h.cleanup())

  it('a preview saves nothing; apply saves every stat block shown in one update; Undo takes the whole import back', async () => {
    const before = await readFile(file, 'utf8')
    const text = own([{ name: 'Vela Ren', kind: 'pc', tags: ['party'], data: vela }, { name: 'Trooper', kind: 'npc', tags: [], data: trooper }])
    const p = await lib.imports.preview(h.campaignId, [{ name: 'mine.json', text }, { name: 'bare.json', text: JSON.stringify(trooper) }])
    expect(p.ok).toBe(true)
    if (!p.ok) return
    expect(p.value.items.map((i) => [i.key, i.name, i.format, i.status])).toEqual([
      ['0:0', 'Vela Ren', 'gmc', 'ok'],
      ['0:1', 'Trooper', 'gmc', 'ok'],
      ['1:0', trooper.name, 'gmc', 'ok'],
    ])
    expect(p.value.files.map((f) => [f.name, f.as, f.items])).toEqual([['mine.json', 'json', 2], ['bare.json', 'json', 1]])
    expect(await readFile(file, 'utf8')).toBe(before)

    const done = await lib.imports.apply(h.campaignId, p.value.id, { skip: ['1:0'] })
    expect(done.ok).toBe(true)
    if (!done.ok) return
    expect(done.value.added.map((a) => a.name)).toEqual(['Vela Ren', 'Trooper'])
    const listed = await lib.list(h.campaignId)
    expect(listed.ok && listed.value.map((r) => [r.name, r.kind, r.tags])).toEqual([['Vela Ren', 'pc', ['party']], ['Trooper', 'npc', []]])
    // the stat blocks saved are the reading's, though the preview sent to the console leaves them out
    expect(p.value.items.some((i) => 'data' in i)).toBe(false)
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const read = await readSources(sys.value, [{ name: 'mine.json', text }])
    expect(listed.ok && listed.value.map((r) => r.data)).toEqual(read.items.map((i) => i.data))
    // the preview is used up: applying it again saves nothing twice
    const again = await lib.imports.apply(h.campaignId, p.value.id)
    expect(!again.ok && again.error.code).toBe('not-found')

    const undone = await lib.imports.undo(h.campaignId, done.value.importId)
    expect(undone.ok && undone.value.removed).toBe(2)
    const after = await lib.list(h.campaignId)
    expect(after.ok && after.value).toEqual([])
  })

  it('Undo is refused, and nothing removed, when a stat block of the import was edited since or an encounter plan uses it', async () => {
    const p = await lib.imports.preview(h.campaignId, [{ name: 'a.json', text: own([{ name: 'Trooper', kind: 'npc', data: trooper }, { name: 'Vela', kind: 'pc', data: vela }]) }])
    if (!p.ok) throw new Error(p.error.message)
    const done = await lib.imports.apply(h.campaignId, p.value.id)
    if (!done.ok) throw new Error(done.error.message)
    const [t] = done.value.added
    const plan = await lib.savePlan(h.campaignId, { name: 'Ambush', entries: [{ statBlockId: t.id, count: 2, side: 'enemies' }] })
    expect(plan.ok).toBe(true)
    const used = await lib.imports.undo(h.campaignId, done.value.importId)
    expect(!used.ok && used.error.code).toBe('conflict')
    expect(!used.ok && used.error.message).toContain('Ambush')
    expect((await lib.list(h.campaignId)).ok && ((await lib.list(h.campaignId)) as { value: unknown[] }).value.length).toBe(2)
    if (plan.ok) await lib.removePlan(h.campaignId, plan.value.id)
    const rec = done.value.added[1]
    await lib.save(h.campaignId, { id: rec.id, name: 'Vela (edited)', kind: 'pc', data: vela })
    const edited = await lib.imports.undo(h.campaignId, done.value.importId)
    expect(!edited.ok && edited.error.message).toContain('Vela (edited)')
    const listed = await lib.list(h.campaignId)
    expect(listed.ok && listed.value.length).toBe(2)
  })

  it('hostile or broken files are refused with why, each alone; the others still read; campaign.json unchanged', async () => {
    const before = await readFile(file, 'utf8')
    let deep = '1'
    for (let i = 0; i < 200; i++) deep = `{"a":${deep}}`
    const p = await lib.imports.preview(h.campaignId, [
      { name: 'deep.json', text: deep },
      { name: 'proto.json', text: `[${JSON.stringify(trooper)}, {"name":"x","__proto__":{"polluted":true}}]` },
      { name: 'ctor.json', text: '{"name":"x","constructor":{"prototype":{"bad":1}}}' },
      { name: 'broken.json', text: '{"name": "Trooper", ' },
      { name: 'lines.ndjson', text: `${JSON.stringify(trooper)}\nnot json\n` },
      { name: 'empty.json', text: '   ' },
      { name: 'good.ndjson', text: `${JSON.stringify(trooper)}\n${JSON.stringify({ ...trooper, name: 'Trooper sergeant' })}\n` },
      { name: 'shape.json', text: JSON.stringify({ name: 'Odd', hp: 'lots' }) },
      { name: 'gaps.ndjson', text: `${JSON.stringify(trooper)}\n\n${JSON.stringify(trooper)}\nnot json\n` },
      { name: 'crlf.ndjson', text: `${JSON.stringify({ ...trooper, name: 'CR 1' })}\r\n\r\n${JSON.stringify({ ...trooper, name: 'CR 2' })}\r\n` },
    ])
    expect(p.ok).toBe(true)
    if (!p.ok) return
    const why = Object.fromEntries(p.value.files.map((f) => [f.name, f.refused?.key ?? null]))
    expect(why).toEqual({
      'deep.json': 'importer.refused.tooDeep',
      'proto.json': 'importer.refused.unsafeKey',
      'ctor.json': 'importer.refused.unsafeKey',
      'broken.json': 'importer.refused.notJson',
      'lines.ndjson': 'importer.refused.notJsonLine',
      'empty.json': 'importer.refused.empty',
      'good.ndjson': null,
      'shape.json': null,
      'gaps.ndjson': 'importer.refused.notJsonLine',
      'crlf.ndjson': null,
    })
    // a broken line is named by its number in the file, blank lines counted
    expect(p.value.files.find((f) => f.name === 'gaps.ndjson')?.refused).toMatchObject({ field: 'gaps.ndjson:4', params: { line: 4 } })
    expect(p.value.items.filter((i) => i.status !== 'refused').map((i) => i.name)).toEqual([trooper.name, 'Trooper sergeant', 'CR 1', 'CR 2'])
    // a JSON item of no known format is refused alone, named
    const odd = p.value.items.find((i) => i.name === 'Odd')
    expect(odd?.status).toBe('refused')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('a stat block the system schema refuses is refused with its field and never saved', async () => {
    const p = await lib.imports.preview(h.campaignId, [{ name: 'a.json', text: own([{ name: 'Broken', kind: 'npc', data: { ...trooper, hp: 'lots' } }, { name: 'Trooper', kind: 'npc', data: trooper }]) }])
    if (!p.ok) throw new Error(p.error.message)
    const broken = p.value.items[0]
    expect(broken.status).toBe('refused')
    expect(broken.refused).toMatchObject({ key: 'importer.refused.schema', field: 'hp' })
    expect(p.value.counts).toEqual({ ok: 1, notes: 0, refused: 1 })
    const done = await lib.imports.apply(h.campaignId, p.value.id)
    expect(done.ok && done.value.added.map((a) => a.name)).toEqual(['Trooper'])
  })

  it('the preview leaves each item’s landings for later; asked for, they are the full reading’s, for a compendium and a pasted text of several blocks', async () => {
    const fix = join(__dirname, '..', '..', '..', '..', 'fixtures', 'imports')
    const sources = [
      { name: 'compendium.json', text: await readFile(join(fix, 'foundry-swse', 'compendium.json'), 'utf8') },
      { name: 'roster.txt', text: await readFile(join(fix, 'saga-text', 'outpost-kessa-roster.txt'), 'utf8') },
      { name: 'mine.json', text: own([{ name: 'Trooper', kind: 'npc', data: trooper }]) },
    ]
    const p = await lib.imports.preview(h.campaignId, sources)
    if (!p.ok) throw new Error(p.error.message)
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const full = await readSources(sys.value, sources)
    const read = p.value.items.filter((i) => i.status !== 'refused' || i.fieldsLater)
    expect(read.length).toBeGreaterThan(4)
    expect(p.value.items.some((i) => /^1:0\.1$/.test(i.key))).toBe(true)
    let landed = 0
    for (const it of p.value.items) {
      const whole = full.items.find((x) => x.key === it.key)!
      // the same reading but for the landings, and the stat block, which stays in main (the import saves it from there)
      expect('data' in it).toBe(false)
      expect({ ...it, fields: whole.fields, fieldsLater: undefined }).toEqual({ ...whole, fieldsLater: undefined, data: undefined })
      if (!it.fieldsLater) {
        expect(it.status).toBe('refused')
        continue
      }
      expect(it.fields).toEqual([])
      const f = await lib.imports.fields(h.campaignId, p.value.id, it.key)
      expect(f.ok && f.value).toEqual(whole.fields)
      landed += whole.fields.length
    }
    expect(landed).toBeGreaterThan(50)
    const none = await lib.imports.fields(h.campaignId, p.value.id, '9:9')
    expect(!none.ok && [none.error.code, none.error.field]).toEqual(['not-found', 'key'])
    const gone = await lib.imports.fields(h.campaignId, 'no-such-preview', '0:0')
    expect(!gone.ok && [gone.error.code, gone.error.field]).toEqual(['not-found', 'previewId'])
    // a newer preview: only it keeps its parsed sources (the older one can still be imported)
    const again = await lib.imports.preview(h.campaignId, sources.slice(1))
    if (!again.ok) throw new Error(again.error.message)
    const older = await lib.imports.fields(h.campaignId, p.value.id, p.value.items[0].key)
    expect(!older.ok && [older.error.code, older.error.field]).toEqual(['not-found', 'previewId'])
    expect((await lib.imports.fields(h.campaignId, again.value.id, again.value.items[0].key)).ok).toBe(true)
    const applied = await lib.imports.apply(h.campaignId, p.value.id)
    expect(applied.ok && applied.value.added.length).toBe(p.value.counts.ok + p.value.counts.notes)
  })

  it('a compendium of 250 stat blocks pushes its progress (the console’s progress bar); a small import does not', async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ name: `Trooper ${i + 1}`, kind: 'npc', data: { ...trooper, name: `Trooper ${i + 1}` } }))
    const p = await lib.imports.preview(h.campaignId, [{ name: 'compendium.json', text: own(many) }])
    expect(p.ok && p.value.counts).toEqual({ ok: 250, notes: 0, refused: 0 })
    const progress = h.published.filter((x) => x.topic === 'import:progress').map((x) => x.payload as { done: number; total: number; previewId: string })
    expect(progress.map((x) => x.done)).toEqual([100, 200, 250])
    expect(progress.every((x) => x.total === 250 && p.ok && x.previewId === p.value.id)).toBe(true)
    // the figures of the first page now, the others' when their rows are shown: the same as a full reading's
    if (!p.ok) throw new Error(p.error.message)
    expect(p.value.items.slice(0, 100).every((i) => i.figures.length > 0 && !i.figuresLater)).toBe(true)
    expect(p.value.items.slice(100).every((i) => i.figures.length === 0 && i.figuresLater)).toBe(true)
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const full = await readSources(sys.value, [{ name: 'compendium.json', text: own(many) }])
    const keys = ['0:100', '0:180', '0:249']
    const later = await lib.imports.figures(h.campaignId, p.value.id, [...keys, '9:9'])
    expect(later.ok && later.value).toEqual(Object.fromEntries(keys.map((k) => [k, full.items.find((i) => i.key === k)!.figures])))
    expect(full.items.find((i) => i.key === '0:180')!.figures.length).toBeGreaterThan(5)
    h.published.length = 0
    await lib.imports.preview(h.campaignId, [{ name: 'one.json', text: own(many.slice(0, 3)) }])
    expect(h.published.filter((x) => x.topic === 'import:progress')).toEqual([])
  })

  it('keeping the rules’ value removes the stated total (the rules compute it again); keeping the stated one keeps it', () => {
    const item: ImportPreviewItem = {
      key: '0:0', file: 'f', format: 'saga-text', formatLabel: 'x', name: 'T', kind: 'npc', status: 'ok', fields: [], notes: [], figures: [], tags: [],
      data: { ...trooper, totals: { reflex: 15, will: 10 } },
      disagreements: [
        { key: 'reflex', label: 'saga.reflex', stated: 15, rules: 14, terms: [], path: ['totals', 'reflex'] },
        { key: 'will', label: 'saga.will', stated: 10, rules: 11, terms: [], path: ['totals', 'will'] },
      ],
    }
    expect(chosenData(item, { reflex: 'rules' }).totals).toEqual({ will: 10 })
    expect(chosenData(item, { reflex: 'rules', will: 'rules' }).totals).toBeUndefined()
    expect(chosenData(item, {}).totals).toEqual({ reflex: 15, will: 10 })
  })
})
