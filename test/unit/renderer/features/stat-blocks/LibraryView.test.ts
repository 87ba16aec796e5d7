import { describe, expect, it } from 'vitest'
import LibraryView from '@renderer/features/stat-blocks/LibraryView.vue'
import StatBlockCard from '@renderer/features/stat-blocks/StatBlockCard.vue'
import { dataPathOfError, getPath, setPath } from '@renderer/components/forms/paths'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { createSystemService } from '../../../../../src-main/services/campaigns/system-service'

const records = [
  { id: 'a', name: 'Han Solo', kind: 'pc', tags: ['party', 'smuggler'], updatedAt: '', data: { name: 'Han Solo', hp: 30, weapons: [{ name: 'DL-44', damage: '3d8' }] } },
  { id: 'b', name: 'Stormtrooper', kind: 'npc', tags: ['imperial'], updatedAt: '', data: { name: 'Stormtrooper', hp: 10 } },
  { id: 'c', name: 'Chewbacca', kind: 'ally', tags: ['party'], updatedAt: '', data: { name: 'Chewbacca', hp: 40 } },
]

function libBridge() {
  return fakeBridge()
    .handle('library:list', okR(records))
    .handle('library:save', (r: any) => okR({ ...r.record, id: r.record.id ?? 'new1', updatedAt: '' }))
    .handle('library:duplicate', okR({ ...records[1], id: 'b2', name: 'Stormtrooper (copy)' }))
    .handle('library:export', (r: any) => okR(JSON.stringify(records.filter((x) => r.ids.includes(x.id)))))
}
const mountLib = (bridge = libBridge()) => mountWith(LibraryView, { props: { campaignId: 'c1', systemId: 'saga' }, bridge })
/** the library's import dialog opened, `text` pasted and read (the preview shown) */
async function pasteAndRead(bridge: ReturnType<typeof libBridge>, text: string) {
  const { wrapper } = await mountLib(bridge)
  await wrapper.find('[data-testid="library-import"]').trigger('click')
  await flushPromises()
  await wrapper.find('[data-testid="import-paste"]').setValue(text)
  await wrapper.find('[data-testid="import-paste-add"]').trigger('click')
  await wrapper.find('[data-testid="import-read"]').trigger('click')
  await flushPromises()
  return wrapper
}
const rows = (w: any) => w.findAll('[data-testid^="library-row-"]').map((r: any) => r.attributes('data-testid').replace('library-row-', ''))

describe('paths', () => {
  it('gets and sets dotted paths without mutating', () => {
    const o = { a: { b: 1 } }
    expect(getPath(o, 'a.b')).toBe(1)
    const n = setPath(o, 'a.c.d', 2)
    expect(n).toEqual({ a: { b: 1, c: { d: 2 } } })
    expect(o).toEqual({ a: { b: 1 } })
    expect(dataPathOfError('record.data.totals.reflex')).toBe('totals.reflex')
    expect(dataPathOfError('record.name')).toBe('@name')
  })
})

describe('library', () => {
  it('searches, filters by kind and by tag', async () => {
    const { wrapper } = await mountLib()
    expect(rows(wrapper)).toEqual(['a', 'b', 'c'])
    await wrapper.find('[data-testid="library-search"]').setValue('storm')
    expect(rows(wrapper)).toEqual(['b'])
    await wrapper.find('[data-testid="library-search"]').setValue('')
    await wrapper.find('[data-testid="library-kind-filter"]').setValue('ally')
    expect(rows(wrapper)).toEqual(['c'])
    await wrapper.find('[data-testid="library-kind-filter"]').setValue('')
    await wrapper.find('[data-testid="library-tag-party"]').trigger('click')
    expect(rows(wrapper)).toEqual(['a', 'c'])
  })

  it('issue 30: a library of a compendium shows 100 rows at a time; the search, the filters and the count cover all of them', async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: `n${i}`, name: `Trooper ${i + 1}`, kind: i % 5 ? 'npc' : 'ally', tags: ['compendium'], updatedAt: '', data: { name: `Trooper ${i + 1}`, hp: 10 } }))
    const { wrapper } = await mountLib(libBridge().handle('library:list', okR(many)))
    expect(rows(wrapper)).toHaveLength(100)
    expect(wrapper.find('[data-testid="library-more"]').text()).toBe('Showing 100 of 250: show more')
    await wrapper.find('[data-testid="library-more"]').trigger('click')
    expect(rows(wrapper)).toHaveLength(200)
    await wrapper.find('[data-testid="library-more"]').trigger('click')
    expect(rows(wrapper)).toHaveLength(250)
    expect(wrapper.find('[data-testid="library-more"]').exists()).toBe(false)
    // a block past the first page is found by its name; a new search starts at the first page again
    await wrapper.find('[data-testid="library-search"]').setValue('trooper 249')
    expect(rows(wrapper)).toEqual(['n248'])
    await wrapper.find('[data-testid="library-search"]').setValue('')
    expect(rows(wrapper)).toHaveLength(100)
    await wrapper.find('[data-testid="library-kind-filter"]').setValue('ally')
    expect(rows(wrapper)).toHaveLength(50)
    expect(wrapper.find('[data-testid="library-more"]').exists()).toBe(false)
  })

  it('edits a stat block and says the field main rejects next to it, as a sentence', async () => {
    const bridge = libBridge().handle('library:save', { ok: false, error: { code: 'invalid', message: 'record.data.hp: Too big', field: 'record.data.hp', details: { issue: { code: 'too_big', origin: 'number', maximum: 40, inclusive: true } } } } as never)
    const { wrapper } = await mountLib(bridge)
    await wrapper.find('[data-testid="library-edit-b"]').trigger('click')
    const hp = wrapper.find('[data-testid="sb-field-hp"]')
    expect((hp.element as HTMLInputElement).value).toBe('10')
    await hp.setValue('50')
    await wrapper.find('[data-testid="sb-tab-json"]').trigger('click')
    expect(JSON.parse((wrapper.find('[data-testid="sb-json"]').element as HTMLTextAreaElement).value).hp).toBe(50)
    await wrapper.find('[data-testid="sb-tab-form"]').trigger('click')
    await wrapper.find('[data-testid="statblock-editor"] form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('library:save')[0]).toEqual({ campaignId: 'c1', record: { id: 'b', name: 'Stormtrooper', kind: 'npc', tags: ['imperial'], data: { name: 'Stormtrooper', hp: 50 } } })
    expect(wrapper.find('[data-testid="sb-field-hp"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.find('[data-testid="sb-field-hp-error"]').text()).toBe("Hit points can't be above 40")
  })

  it('refuses a bad value at the field as the GM types, keeps the typed text, and sends nothing (issue 10)', async () => {
    const { wrapper, bridge } = await mountLib()
    await wrapper.find('[data-testid="library-edit-b"]').trigger('click')
    await wrapper.find('[data-testid="sb-field-hp"]').setValue('0')
    expect(wrapper.find('[data-testid="sb-field-hp-error"]').text()).toBe("Hit points can't be below 1")
    expect((wrapper.find('[data-testid="sb-field-hp"]').element as HTMLInputElement).value).toBe('0')
    expect(wrapper.find('[data-testid="sb-save"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="statblock-editor"] form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('library:save')).toEqual([])
    await wrapper.find('[data-testid="sb-field-hp"]').setValue('12')
    expect(wrapper.find('[data-testid="sb-field-hp-error"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="sb-save"]').attributes('disabled')).toBeUndefined()
  })

  it('the JSON shows the name the GM types (issue 10: "name": "" while the Name field was filled)', async () => {
    const { wrapper } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    await wrapper.find('[data-testid="sb-name"]').setValue('Bounty hunter')
    await wrapper.find('[data-testid="sb-tab-json"]').trigger('click')
    expect(JSON.parse((wrapper.find('[data-testid="sb-json"]').element as HTMLTextAreaElement).value).name).toBe('Bounty hunter')
    // and back: a name written in the JSON is the Name field's
    const j = JSON.parse((wrapper.find('[data-testid="sb-json"]').element as HTMLTextAreaElement).value)
    await wrapper.find('[data-testid="sb-json"]').setValue(JSON.stringify({ ...j, name: 'Boba' }))
    await wrapper.find('[data-testid="sb-tab-form"]').trigger('click')
    expect((wrapper.find('[data-testid="sb-name"]').element as HTMLInputElement).value).toBe('Boba')
  })

  it('a nonheroic Level 2 saves as two nonheroic levels, not heroic 2 + other 1 (issue 10)', async () => {
    const { wrapper, bridge } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    await wrapper.find('[data-testid="sb-name"]').setValue('Thug')
    expect(wrapper.find('[data-testid="sb-field-kind"]').element).toHaveProperty('value', 'nonheroic')
    await wrapper.find('[data-testid="sb-field-level"]').setValue('2')
    await wrapper.find('[data-testid="statblock-editor"] form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('library:save')[0].record.data).toMatchObject({ name: 'Thug', kind: 'nonheroic', heroicLevel: 0, otherLevels: 2 })
  })

  it('edits the whole block with form controls: weapons added and removed, armor, abilities, talents and feats, the threshold override', async () => {
    const { wrapper, bridge } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    await wrapper.find('[data-testid="sb-name"]').setValue('Sergeant')
    await wrapper.find('[data-testid="sb-weapon-add"]').trigger('click')
    await wrapper.find('[data-testid="sb-field-weapons.1.name"]').setValue('Vibroblade')
    await wrapper.find('[data-testid="sb-field-weapons.1.kind"]').setValue('melee')
    await wrapper.find('[data-testid="sb-field-weapons.1.damage"]').setValue('2d6')
    await wrapper.find('[data-testid="sb-field-weapons.1.attackBonus"]').setValue('1')
    await wrapper.find('[data-testid="sb-weapon-add"]').trigger('click')
    await wrapper.find('[data-testid="sb-weapon-remove-0"]').trigger('click')
    await wrapper.find('[data-testid="sb-armor-toggle"]').trigger('click')
    await wrapper.find('[data-testid="sb-field-armor.name"]').setValue('Battle armor')
    await wrapper.find('[data-testid="sb-field-armor.reflex"]').setValue('6')
    await wrapper.find('[data-testid="sb-field-abilities.str"]').setValue('13')
    await wrapper.find('[data-testid="sb-field-abilities.cha"]').setValue('')
    await wrapper.find('[data-testid="sb-field-talents"]').setValue('Armored Defense')
    await wrapper.find('[data-testid="sb-field-feats"]').setValue('Point Blank Shot, Precise Shot')
    await wrapper.find('[data-testid="sb-field-preciseShot"]').setValue(true)
    await wrapper.find('[data-testid="sb-field-totals.damageThreshold"]').setValue('15')
    // a damage text left empty is refused at its field
    await wrapper.find('[data-testid="sb-field-weapons.0.damage"]').setValue('')
    expect(wrapper.find('[data-testid="sb-field-weapons.0.damage-error"]').text()).toBe("Damage dice can't be empty")
    await wrapper.find('[data-testid="sb-field-weapons.0.damage"]').setValue('2d6')
    await wrapper.find('[data-testid="statblock-editor"] form').trigger('submit')
    await flushPromises()
    const data = bridge.callsTo('library:save')[0].record.data
    expect(data.weapons).toEqual([{ name: 'Vibroblade', kind: 'melee', damage: '2d6', attackBonus: 1 }, { name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }])
    expect(data).toMatchObject({ armor: { name: 'Battle armor', reflex: 6 }, talents: 'Armored Defense', feats: 'Point Blank Shot, Precise Shot', preciseShot: true, totals: { damageThreshold: 15 } })
    expect(data.abilities).toEqual({ str: 13, dex: 10, con: 10, int: 10, wis: 10, cha: null })
  })

  it('creates a new stat block from the system template and refuses broken JSON', async () => {
    const { wrapper, bridge } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    await wrapper.find('[data-testid="sb-name"]').setValue('Bounty hunter')
    await wrapper.find('[data-testid="sb-tags"]').setValue('hunter, merc')
    await wrapper.find('[data-testid="sb-tab-json"]').trigger('click')
    await wrapper.find('[data-testid="sb-json"]').setValue('{ broken')
    expect(wrapper.find('[data-testid="sb-json-error"]').text()).toContain('Not valid JSON')
    expect(wrapper.find('[data-testid="sb-save"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="sb-json"]').setValue('{"kind":"nonheroic","hp":12}')
    await wrapper.find('[data-testid="statblock-editor"] form').trigger('submit')
    await flushPromises()
    expect(bridge.callsTo('library:save')[0].record).toEqual({ name: 'Bounty hunter', kind: 'npc', tags: ['hunter', 'merc'], data: { kind: 'nonheroic', hp: 12, name: 'Bounty hunter' } })
    expect(rows(wrapper)).toContain('new1')
  })

  it('duplicates and deletes', async () => {
    const bridge = libBridge().handle('library:delete', okR({ deleted: 'a' }))
    const { wrapper } = await mountLib(bridge)
    await wrapper.find('[data-testid="library-duplicate-b"]').trigger('click')
    await flushPromises()
    expect(rows(wrapper)).toContain('b2')
    globalThis.confirm = () => true
    await wrapper.find('[data-testid="library-delete-a"]').trigger('click')
    await flushPromises()
    expect(rows(wrapper)).not.toContain('a')
  })

  it('issue 30: imports from other tools: paste, read (nothing saved), answer, leave out, keep the rules’ value, import in one step, Ctrl+Z undoes it', async () => {
    const preview = {
      id: 'p1', campaignId: 'c1', systemId: 'saga',
      files: [{ name: 'pasted text', as: 'text', items: 1 }],
      questions: [{ id: 'ii.saga', title: { key: 'importer.ii.ask' }, from: [{ key: 'ac', label: 'AC' }], to: [{ key: 'reflex', label: 'saga.reflex' }], suggested: { ac: 'reflex' } }],
      answers: { 'ii.saga': { ac: 'reflex' } },
      counts: { ok: 1, notes: 1, refused: 1 },
      items: [
        { key: '0:0.0', file: 'pasted text', format: 'saga-text', formatLabel: 'saga.import.format.text', name: 'Stormtrooper', kind: 'npc', status: 'notes', tags: [], fields: [{ from: 'Defenses', to: 'totals.reflex', value: '15' }], notes: [{ field: 'Senses', key: 'importer.note.unused' }], figures: [{ label: 'saga.reflex', value: '15' }], data: { name: 'Stormtrooper', hp: 10, totals: { reflex: 15 } }, disagreements: [{ key: 'reflex', label: 'saga.reflex', stated: 15, rules: 14, terms: [{ term: 'dex', value: 1 }], path: ['totals', 'reflex'] }] },
        { key: '0:0.1', file: 'pasted text', format: 'saga-text', formatLabel: 'saga.import.format.text', name: 'Officer', kind: 'npc', status: 'ok', tags: [], fields: [], fieldsLater: true, notes: [], figures: [], data: { name: 'Officer', hp: 12 }, disagreements: [] },
        { key: '0:0.2', file: 'pasted text', format: 'saga-text', formatLabel: 'saga.import.format.text', name: 'Junk', kind: 'npc', status: 'refused', tags: [], fields: [], notes: [], figures: [], refused: { field: 'hp', key: 'importer.refused.noName' }, disagreements: [] },
      ],
    }
    const bridge = libBridge()
      .handle('library:importFormats', okR([{ format: 'gmc', label: 'importer.format.gmc' }, { format: 'saga-text', label: 'saga.import.format.text' }]))
      .handle('library:importPreview', okR(preview))
      .handle('library:importFields', okR([{ from: 'hp 12', to: 'hp', value: '12' }]))
      .handle('library:importApply', okR({ importId: 'i1', added: [{ id: 'n1', name: 'Stormtrooper' }], counts: { ok: 0, notes: 1, refused: 1 } }))
      .handle('library:importUndo', okR({ removed: 1 }))
    const wrapper = await pasteAndRead(bridge, 'Stormtrooper CL 1 …')
    expect(bridge.callsTo('library:importPreview')).toEqual([{ campaignId: 'c1', sources: [{ name: 'pasted text', text: 'Stormtrooper CL 1 …' }], answers: {} }])
    expect(bridge.callsTo('library:importApply')).toEqual([])
    expect(wrapper.find('[data-testid="import-counts"]').text()).toContain('1 ready')
    expect(wrapper.find('[data-testid="import-why-0:0.2"]').text()).toBe('hp: A stat block without a name')
    expect(wrapper.find('[data-testid="import-notes-0:0.0"]').text()).toContain('Senses: No place for it')
    expect(wrapper.find('[data-testid="import-disagree-0:0.0-reflex"]').text()).toContain('The source says Reflex 15; the rules give 14')
    // opening a row shows where each field landed: the preview's own, or (left for later) asked of main once
    await wrapper.find('[data-testid="import-open-0:0.0"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="import-fields-0:0.0"]').text()).toContain('totals.reflex')
    expect(wrapper.find('[data-testid="import-fields-0:0.1"]').exists()).toBe(false)
    await wrapper.find('[data-testid="import-open-0:0.1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('library:importFields')).toEqual([{ campaignId: 'c1', previewId: 'p1', key: '0:0.1' }])
    expect(wrapper.find('[data-testid="import-fields-0:0.1"]').text()).toContain('hp 12')
    await wrapper.find('[data-testid="import-open-0:0.1"]').trigger('click')
    await wrapper.find('[data-testid="import-open-0:0.1"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('library:importFields')).toHaveLength(1)
    // the GM answers a question: read again with the answer
    await wrapper.find('[data-testid="import-answer-ii.saga-ac"]').setValue('')
    await wrapper.find('[data-testid="import-read"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('library:importPreview')[1].answers).toEqual({ 'ii.saga': { ac: null } })
    // keeps the rules' Reflex, leaves the Officer out
    await wrapper.find('[data-testid="import-keep-rules-0:0.0-reflex"]').setValue(true)
    await wrapper.find('[data-testid="import-include-0:0.1"]').setValue(false)
    expect(wrapper.find('[data-testid="import-apply"]').text()).toBe('Import 1 stat block')
    await wrapper.find('[data-testid="import-apply"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('library:importApply')).toEqual([{ campaignId: 'c1', previewId: 'p1', skip: ['0:0.1'], keep: { '0:0.0': { reflex: 'rules' } } }])
    expect(wrapper.find('[data-testid="import-report"]').text()).toBe('1 stat block imported (1 with notes); 1 refused.')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }))
    await flushPromises()
    expect(bridge.callsTo('library:importUndo')).toEqual([{ campaignId: 'c1', importId: 'i1' }])
    expect(wrapper.find('[data-testid="import-undone"]').text()).toBe('Undone: 1 stat block taken out of the library.')
  })

  it('issue 30: a compendium of 150 shows 100 rows at a time, and only the refused ones when asked; the figures of rows past the first page are asked for once, when shown', async () => {
    const figure = (i: number) => [{ label: 'saga.reflex', value: String(10 + (i % 7)) }]
    const items = Array.from({ length: 150 }, (_, i) => ({ key: `0:${i}`, file: 'c.ndjson', format: 'foundry-swse', formatLabel: 'x', name: `Trooper ${i + 1}`, kind: 'npc', status: i % 50 === 0 ? 'refused' : 'ok', tags: [], fields: [], notes: [], figures: i < 100 && i % 50 !== 0 ? figure(i) : [], ...(i >= 100 && i % 50 !== 0 ? { figuresLater: true } : {}), disagreements: [], ...(i % 50 === 0 ? { refused: { field: 'hp', key: 'importer.refused.noName' } } : { data: { name: `Trooper ${i + 1}` } }) }))
    const bridge = libBridge()
      .handle('library:importFormats', okR([]))
      .handle('library:importFigures', (r: any) => okR(Object.fromEntries((r.keys as string[]).map((k) => [k, figure(Number(k.split(':')[1]))]))))
      .handle('library:importPreview', okR({ id: 'p', campaignId: 'c1', systemId: 'saga', files: [{ name: 'c.ndjson', as: 'ndjson', items: 150 }], questions: [], answers: {}, counts: { ok: 147, notes: 0, refused: 3 }, items }))
    const wrapper = await pasteAndRead(bridge, '[]')
    const shown = () => wrapper.findAll('[data-testid^="import-item-"]').length
    expect(shown()).toBe(100)
    expect(wrapper.find('[data-testid="import-figures-0:7"]').text()).toBe('Reflex 10')
    expect(bridge.callsTo('library:importFigures')).toEqual([])
    await wrapper.find('[data-testid="import-more"]').trigger('click')
    await flushPromises()
    expect(shown()).toBe(150)
    const later = Array.from({ length: 49 }, (_, i) => `0:${101 + i}`)
    expect(bridge.callsTo('library:importFigures')).toEqual([{ campaignId: 'c1', previewId: 'p', keys: later }])
    expect(wrapper.find('[data-testid="import-figures-0:149"]').text()).toBe(`Reflex ${10 + (149 % 7)}`)
    await wrapper.find('[data-testid="import-show-refused"]').trigger('click')
    expect(wrapper.findAll('[data-testid^="import-item-"]').map((r) => r.attributes('data-testid'))).toEqual(['import-item-0:0', 'import-item-0:50', 'import-item-0:100'])
    await wrapper.find('[data-testid="import-show-refused"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('library:importFigures')).toHaveLength(1)
    expect(wrapper.find('[data-testid="import-apply"]').text()).toBe('Import 147 stat blocks')
  })

  it('issue 30: the report pages its imported-with-notes and refused lists each on its own (not with the preview\'s page)', async () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ key: `0:${i}`, file: 'c.ndjson', format: 'foundry-swse', formatLabel: 'x', name: `Trooper ${i + 1}`, kind: 'npc', status: i % 2 ? 'refused' : 'notes', tags: [], fields: [], notes: i % 2 ? [] : [{ field: 'system.cl', key: 'importer.note.unused' }], figures: [], disagreements: [], ...(i % 2 ? { refused: { field: 'hp', key: 'importer.refused.noName' } } : { data: { name: `Trooper ${i + 1}` } }) }))
    const bridge = libBridge()
      .handle('library:importFormats', okR([]))
      .handle('library:importFigures', okR({}))
      .handle('library:importPreview', okR({ id: 'p', campaignId: 'c1', systemId: 'saga', files: [{ name: 'c.ndjson', as: 'ndjson', items: 500 }], questions: [], answers: {}, counts: { ok: 0, notes: 250, refused: 250 }, items }))
      .handle('library:importApply', okR({ importId: 'i1', added: [], counts: { ok: 0, notes: 250, refused: 250 } }))
    const wrapper = await pasteAndRead(bridge, '[]')
    // the preview paged on: its page is not the report's
    await wrapper.find('[data-testid="import-more"]').trigger('click')
    await wrapper.find('[data-testid="import-more"]').trigger('click')
    await wrapper.find('[data-testid="import-apply"]').trigger('click')
    await flushPromises()
    const count = (kind: string) => wrapper.findAll(`[data-testid^="import-report-${kind}-0:"]`).length
    expect([count('notes'), count('refused')]).toEqual([100, 100])
    await wrapper.find('[data-testid="import-report-more"]').trigger('click')
    expect([count('notes'), count('refused')]).toEqual([200, 100])
    await wrapper.find('[data-testid="import-report-refused-more"]').trigger('click')
    await wrapper.find('[data-testid="import-report-refused-more"]').trigger('click')
    expect([count('notes'), count('refused')]).toEqual([200, 250])
    expect(wrapper.find('[data-testid="import-report-refused-more"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="import-report-more"]').text()).toContain('200')
  })

  it('exports the selected stat blocks', async () => {
    const { wrapper, bridge } = await mountLib()
    await wrapper.find('[data-testid="library-select-a"]').setValue(true)
    await wrapper.find('[data-testid="library-select-c"]').setValue(true)
    await wrapper.find('[data-testid="library-export"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('library:export')).toEqual([{ campaignId: 'c1', ids: ['a', 'c'] }])
    expect(JSON.parse((wrapper.find('[data-testid="library-export-text"]').element as HTMLTextAreaElement).value).map((r: any) => r.id)).toEqual(['a', 'c'])
  })

  it('the card is the book\'s layout in the UI language, never a dump of stored properties (issue 10)', async () => {
    const saga = { ...records[0], data: { name: 'Han Solo', kind: 'heroic', heroicLevel: 2, hp: 30, species: 'Human', classes: 'Scoundrel 2', weapons: [{ name: 'DL-44', damage: '3d8', kind: 'ranged' }], talents: 'Dastardly Strike' } }
    const bridge = fakeBridge().handle('system:card', (r: any) => createSystemService().card(r.systemId, r.statBlock, r.lang))
    const { wrapper } = await mountWith(StatBlockCard, { props: { record: saga as any, systemId: 'saga' }, bridge })
    const text = wrapper.text()
    expect(text).toContain('CL 2')
    expect(text).toContain('Medium Human Scoundrel 2')
    expect(text).toContain('Ranged DL-44 +0 (3d8+1)')
    expect(text).toContain('Talents Dastardly Strike')
    expect(text).toContain('#smuggler')
    for (const raw of ['Hp', 'Bab', 'Role pc', 'Heroic Level', 'Weapons']) expect(text).not.toContain(raw)
    expect(wrapper.find('input').exists()).toBe(false)
    // before main answers: the name, no property dump
    const { wrapper: bare } = await mountWith(StatBlockCard, { props: { record: records[0] as any } })
    expect(bare.text()).not.toContain('Damage 3d8')
    expect(bare.find('[data-testid="statblock-loading"]').exists()).toBe(true)
  })
})

describe('party', () => {
  it('makes the selected stat blocks the party and refreshes the overview counts', async () => {
    const bridge = libBridge().handle('party:set', (r: any) => okR(r.ids)).handle('campaign:open', okR({ id: 'c1', name: 'x', systemId: 'saga', lastOpened: null, counts: { party: 2, library: 3, encounters: 0, sessions: 0 } }))
    const { wrapper } = await mountLib(bridge)
    await wrapper.find('[data-testid="library-select-a"]').setValue(true)
    await wrapper.find('[data-testid="library-select-c"]').setValue(true)
    await wrapper.find('[data-testid="library-set-party"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('party:set')).toEqual([{ campaignId: 'c1', ids: ['a', 'c'] }])
    expect(wrapper.find('[data-testid="library-party-done"]').text()).toBe('Party: 2')
    expect(bridge.callsTo('campaign:open')).toEqual([{ campaignId: 'c1' }])
  })
})
