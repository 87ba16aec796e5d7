/**
 * Issues 11 and 12: the whole stat block editors of 2d20 (seed 002, J1) and Storyteller (seed 004, T2/T4/T5), through
 * the library's generic editor screen: real controls for everything the block holds, derived values shown live, the
 * JSON tab editing the same object, plain sentences for refused values (en and pl), and the saved record.
 */
import { describe, expect, it } from 'vitest'
import LibraryView from '@renderer/features/stat-blocks/LibraryView.vue'
import { fakeBridge, okR } from '../support/fake-bridge'
import { flushPromises, mountWith } from '../support/mount'
import { sampleInput } from '../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import { kaelVorn } from '../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { createSystemService } from '../../../../src-main/services/campaigns/system-service'

const rec = (id: string, kind: string, data: unknown) => ({ id, name: (data as { name: string }).name, kind, tags: [], updatedAt: '', data })
function lib(systemId: '2d20' | 'storyteller', records: unknown[], locale: 'en' | 'pl' = 'en') {
  const service = createSystemService()
  const bridge = fakeBridge()
    .handle('library:list', okR(records))
    .handle('library:save', (r: any) => okR({ ...r.record, id: r.record.id ?? 'new1', updatedAt: '' }))
    .handle('system:card', (r: any) => service.card(r.systemId, r.statBlock, r.lang))
  return mountWith(LibraryView, { props: { campaignId: 'c1', systemId }, bridge, locale })
}
const input = (w: any, id: string) => w.find(`[data-testid="${id}"]`)
const json = async (w: any) => {
  await input(w, 'sb-tab-json').trigger('click')
  const v = JSON.parse((input(w, 'sb-json').element as HTMLTextAreaElement).value)
  await input(w, 'sb-tab-form').trigger('click')
  return v
}
const save = async (w: any, bridge: any) => {
  await w.find('[data-testid="statblock-editor"] form').trigger('submit')
  await flushPromises()
  return bridge.callsTo('library:save').at(-1).record
}

describe('2d20 stat block editor (issue 11)', () => {
  it('002:157-165 a PC: attributes, stress with the track maximum live, afflictions, Luck, saved Momentum with its cap (J1), weapons with qualities', async () => {
    const { wrapper: w, bridge } = await lib('2d20', [rec('jc', 'pc', sampleInput('johnCarter'))])
    await input(w, 'library-edit-jc').trigger('click')
    expect(input(w, '2d20-editor').exists()).toBe(true)
    // Injury: the higher of Cunning 5 and Might 8
    expect(input(w, '2d20-max-injury').text()).toContain('8')
    await input(w, 'sb-field-attributes.cunning').setValue('9')
    expect(input(w, '2d20-max-injury').text()).toContain('9')
    await input(w, 'sb-field-stress.injury').setValue('4')
    await input(w, 'sb-field-afflictions.wounds').setValue('1')
    await input(w, 'sb-field-luck').setValue('2')
    // J1: the cap is the lowest attribute (Daring 4)
    expect(input(w, '2d20-momentum-cap').text()).toContain('4')
    await input(w, 'sb-field-momentum').setValue('5')
    expect(input(w, '2d20-cross-momentum').text()).toBe('Saved Momentum can’t be above 4 (the lowest attribute, J1); it is 5.')
    expect(input(w, 'sb-save').attributes('disabled')).toBeDefined()
    await input(w, 'sb-field-momentum').setValue('2')
    expect(input(w, '2d20-cross-momentum').exists()).toBe(false)
    // weapons: a new one with a quality, the radium pistol removed
    await input(w, 'sb-weapon-add').trigger('click')
    await input(w, 'sb-field-weapons.3.name').setValue('Thoat lance')
    await input(w, 'sb-field-weapons.3.damage').setValue('5')
    await input(w, 'sb-weapon-3-quality-fearsome').setValue(true)
    await input(w, 'sb-weapon-remove-1').trigger('click')
    await input(w, 'sb-field-notes').setValue('Jumps twenty feet in Barsoom gravity')
    // the JSON tab holds the same object
    const j = await json(w)
    expect(j.weapons.map((x: any) => x.name)).toEqual(['Longsword', 'Virginian scorn', 'Thoat lance'])
    const record = await save(w, bridge)
    expect(record.data).toMatchObject({ kind: 'pc', attributes: { cunning: 9, might: 8 }, stress: { injury: 4 }, afflictions: { wounds: 1 }, luck: 2, momentum: 2, notes: 'Jumps twenty feet in Barsoom gravity' })
    expect(record.data.weapons[2]).toEqual({ name: 'Thoat lance', kind: 'melee', damage: 5, qualities: ['fearsome'] })
  })

  it('002:78/176: a narrator character by tier: a minion has no tracks, a monster needs Menace and picks its trackers; stress above the maximum is said in Polish', async () => {
    const { wrapper: w, bridge } = await lib('2d20', [rec('ape', 'npc', sampleInput('whiteApe'))], 'pl')
    await input(w, 'library-edit-ape').trigger('click')
    expect((input(w, 'sb-field-menace').element as HTMLInputElement).value).toBe('3')
    expect(input(w, '2d20-track-confusion').exists()).toBe(false)
    await input(w, '2d20-tracker-confusion').setValue(true)
    expect(input(w, '2d20-track-confusion').exists()).toBe(true)
    // Fear: the higher of Daring 8 and Passion 7
    await input(w, 'sb-field-stress.fear').setValue('9')
    expect(input(w, '2d20-cross-stress.fear').text()).toBe('Stres (Strach) nie może przekraczać 8 (wyższa z cech Śmiałość i Pasja); jest 9.')
    await input(w, 'sb-field-stress.fear').setValue('3')
    await input(w, 'sb-field-menace').setValue('')
    expect(input(w, '2d20-cross-menace').text()).toBe('Potwór musi mieć Grozę (002:176).')
    await input(w, 'sb-field-menace').setValue('4')
    let record = await save(w, bridge)
    expect(record.data).toMatchObject({ kind: 'npc', tier: 'monster', menace: 4, trackers: ['confusion', 'fear', 'injury'], stress: { fear: 3 } })
    // a minion: no Menace, no tracks (the editor closed on save: open it again)
    await input(w, 'library-edit-ape').trigger('click')
    await input(w, 'sb-field-tier').setValue('minion')
    expect(input(w, '2d20-no-trackers').exists()).toBe(true)
    expect(input(w, 'sb-field-menace').exists()).toBe(false)
    record = await save(w, bridge)
    expect(record.data.tier).toBe('minion')
    expect('menace' in record.data).toBe(false)
  })
})

describe('Storyteller stat block editor (issue 12)', () => {
  it('004: attributes with Epic (T2), abilities, DVs, soak + armor live (T4), its own health track (T5), Join Battle and weapon pools live; JSON round-trips', async () => {
    const { wrapper: w, bridge } = await lib('storyteller', [rec('kael', 'pc', structuredClone(kaelVorn))])
    await input(w, 'library-edit-kael').trigger('click')
    expect(input(w, 'storyteller-editor').exists()).toBe(true)
    await input(w, 'sb-field-epic.stamina').setValue('2')
    await input(w, 'sb-field-abilities.medicine').setValue('3')
    await input(w, 'sb-field-dv.parry').setValue('4')
    await input(w, 'sb-field-soak.lethal').setValue('2')
    if (!input(w, 'sb-armor').exists()) await input(w, 'sb-armor-toggle').trigger('click')
    await input(w, 'sb-field-armor.name').setValue('Flight suit')
    await input(w, 'sb-field-armor.lethal').setValue('3')
    expect(input(w, 'st-total-soak').text()).toContain('5 lethal')
    // T5: the Scion track until the GM makes one of their own
    expect(input(w, 'st-health-track').text()).toContain('7 boxes')
    await input(w, 'st-health-custom').setValue(true)
    await input(w, 'st-health-add').trigger('click')
    await input(w, 'sb-field-health.6').setValue('-4')
    expect(input(w, 'st-health-track').text()).toContain('8 boxes')
    await input(w, 'sb-field-health.0').setValue('2')
    expect(input(w, 'sb-field-health.0-error').text()).toMatch(/can't be above 0|can’t be above 0/)
    await input(w, 'sb-field-health.0').setValue('0')
    // Join Battle: Wits + Awareness, live
    const jb = input(w, 'st-join-battle-pool').text()
    await input(w, 'sb-field-abilities.awareness').setValue('4')
    expect(input(w, 'st-join-battle-pool').text()).not.toBe(jb)
    await input(w, 'sb-weapon-add').trigger('click')
    const i = (await json(w)).weapons.length - 1
    await input(w, `sb-field-weapons.${i}.name`).setValue('Vibroknife')
    await input(w, `sb-field-weapons.${i}.damageType`).setValue('lethal')
    await input(w, `sb-field-weapons.${i}.speed`).setValue('4')
    expect(input(w, `st-weapon-pools-${i}`).text()).toMatch(/Accuracy pool \d+ dice/)
    // the JSON tab edits the same object: a change there shows in the form
    await input(w, 'sb-tab-json').trigger('click')
    const j = JSON.parse((input(w, 'sb-json').element as HTMLTextAreaElement).value)
    j.dv.mental = 5
    await input(w, 'sb-json').setValue(JSON.stringify(j))
    await input(w, 'sb-tab-form').trigger('click')
    expect((input(w, 'sb-field-dv.mental').element as HTMLInputElement).value).toBe('5')
    const record = await save(w, bridge)
    expect(record.data).toMatchObject({ epic: { stamina: 2 }, abilities: { medicine: 3, awareness: 4 }, dv: { parry: 4, mental: 5 }, soak: { lethal: 2 }, armor: { name: 'Flight suit', lethal: 3 }, health: [0, -1, -1, -2, -2, -4, -4] })
    expect(record.data.weapons[i]).toMatchObject({ name: 'Vibroknife', damageType: 'lethal', speed: 4 })
  })
})
