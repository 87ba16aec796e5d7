/**
 * Issue 10: the whole Starchasers stat block (seed 000) is edited with form controls — attributes, skills, Hit
 * Points, Stress Capacity, defenses, weapons and their qualities added and removed, armor, shield, an NPC's
 * abilities and a boss's Duel Dice, an ally's card (000:1423-1464) — the JSON tab round-trips, and refused values are
 * said in plain sentences (en, pl). Every saved block is checked against main's own schema.
 */
import { describe, expect, it } from 'vitest'
import LibraryView from '@renderer/features/stat-blocks/LibraryView.vue'
import {
  addItem, fieldGroups, listText, newWeapon, parseFaces, parseList, qualityRows, removeItem, removeQuality, setQuality, togglePart, unusedQuality,
  WEAPON_QUALITIES,
} from '@renderer/systems/starchasers/editor-model'
import { statBlock } from '../../../../../src-main/rules/systems/starchasers/schema'
import { createSystemService } from '../../../../../src-main/services/campaigns/system-service'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

describe('Starchasers editor model (pure)', () => {
  it('lists of words read and parse as "a, b"', () => {
    expect(listText(['Pistols', 'Rifles'])).toBe('Pistols, Rifles')
    expect(parseList(' Pistols, , Rifles ')).toEqual(['Pistols', 'Rifles'])
  })
  it('weapons are added and removed without touching the data given', () => {
    const d = { kind: 'pc', weapons: [newWeapon('A')] }
    const two = addItem(d, 'weapons', newWeapon('B'))
    expect((two.weapons as Array<{ name: string }>).map((w) => w.name)).toEqual(['A', 'B'])
    expect(d.weapons.length).toBe(1)
    expect((removeItem(two, 'weapons', 0).weapons as Array<{ name: string }>).map((w) => w.name)).toEqual(['B'])
  })
  it('an ally has at most 4 special attacks (000 "up to 4 Special Attacks")', () => {
    let d: Record<string, unknown> = { kind: 'ally', specialAttacks: [] }
    for (let i = 0; i < 6; i++) d = addItem(d, 'specialAttacks', { name: `S${i}` })
    expect((d.specialAttacks as unknown[]).length).toBe(4)
  })
  it('armor is removed as a key, an ally’s attack and passive ability become null (the schema’s nullable)', () => {
    const on = togglePart({ kind: 'pc' }, 'armor', 'Flak vest')
    expect(on.armor).toEqual({ name: 'Flak vest', deflection: 2 })
    expect('armor' in togglePart(on, 'armor')).toBe(false)
    expect(togglePart({ kind: 'ally', melee: { value: 6, duelType: 'power' } }, 'melee').melee).toBeNull()
    expect(togglePart({ kind: 'ally', thrown: null }, 'thrown').thrown).toEqual({ value: 4, duelType: 'quick' })
  })
  it('qualities: set with a rating clamped to 1–10, renamed in place, removed; the next unused one offered', () => {
    let d: Record<string, unknown> = { weapons: [{ name: 'Rifle', qualities: { piercing: 1 } }] }
    d = setQuality(d, 'weapons.0', 'accurate', 14)
    expect((d.weapons as Array<{ qualities: object }>)[0].qualities).toEqual({ piercing: 1, accurate: 10 })
    d = setQuality(d, 'weapons.0', 'vicious', 2, 'piercing')
    expect(qualityRows((d.weapons as Array<{ qualities: object }>)[0].qualities)).toEqual([{ key: 'vicious', rating: 2 }, { key: 'accurate', rating: 10 }])
    d = removeQuality(d, 'weapons.0', 'accurate')
    expect((d.weapons as Array<{ qualities: object }>)[0].qualities).toEqual({ vicious: 2 })
    expect(unusedQuality({ accurate: 1 }, WEAPON_QUALITIES)).toBe('cleaving')
  })
  it('a boss’s Duel Die faces are Power, Finesse or Quick', () => {
    expect(parseFaces('Power, quick')).toEqual({ faces: ['power', 'quick'] })
    expect(parseFaces('power, kick')).toEqual({ bad: 'kick' })
  })
  it('each kind has the fields of its block: a PC its Vitality, an NPC its tier, an ally the Ally Stats table', () => {
    const paths = (k: 'pc' | 'npc' | 'ally') => fieldGroups(k).flatMap((g) => g.fields.map((f) => f.path))
    expect(paths('pc')).toEqual(expect.arrayContaining(['attributes.confidence', 'skills.emotionalControl', 'hp', 'stressCapacity', 'vitality', 'motivation', 'defaultDefense', 'specialMoves']))
    expect(paths('npc')).toContain('tier')
    expect(paths('npc')).not.toContain('vitality')
    expect(paths('ally')).toEqual(expect.arrayContaining(['role', 'movement', 'block', 'dodge', 'parry', 'injuriesSuffered', 'passiveAlertness', 'virtues', 'flaws']))
  })
})

const hanRecord = {
  id: 'han', name: 'Han Solo', kind: 'pc', tags: [], updatedAt: '',
  data: {
    kind: 'pc', name: 'Han Solo', attributes: { strength: 2, toughness: 2, agility: 3, deftness: 3, intelligence: 2, perception: 3, charisma: 3, confidence: 3 },
    hp: 12, stressCapacity: 6, resistance: 2, proficiencies: ['Pistols'],
    weapons: [{ name: 'Blaster Pistol', group: 'ranged', kind: 'pistol', proficiency: 'Pistols', attribute: 'deftness', damage: 2, duelType: 'quick' }],
  },
}
function bridge() {
  const service = createSystemService()
  return fakeBridge()
    .handle('library:list', okR([hanRecord]))
    .handle('library:save', (r: any) => okR({ ...r.record, id: r.record.id ?? 'new1', updatedAt: '' }))
    .handle('system:card', (r: any) => service.card(r.systemId, r.statBlock, r.lang))
}
const mountLib = (locale?: 'en' | 'pl') => mountWith(LibraryView, { props: { campaignId: 'c1', systemId: 'starchasers' }, bridge: bridge(), ...(locale ? { locale } : {}) })
const field = (w: any, path: string) => w.find(`[data-testid="sb-field-${path}"]`)
async function save(w: any, b: any) {
  await w.find('[data-testid="statblock-editor"] form').trigger('submit')
  await flushPromises()
  return b.callsTo('library:save').at(-1).record.data
}

describe('Starchasers stat block editor (issue 10)', () => {
  it('edits a PC with form controls: attributes, skills, resilience, a weapon and its qualities, armor, shield, features', async () => {
    const { wrapper, bridge: b } = await mountLib()
    await wrapper.find('[data-testid="library-edit-han"]').trigger('click')
    expect(wrapper.find('[data-testid="starchasers-editor"]').exists()).toBe(true)
    expect((field(wrapper, 'attributes.deftness').element as HTMLInputElement).value).toBe('3')
    await field(wrapper, 'attributes.perception').setValue('4')
    await field(wrapper, 'skills.alertness').setValue('2')
    await field(wrapper, 'stressCapacity').setValue('7')
    await field(wrapper, 'vitality').setValue('5')
    await field(wrapper, 'defaultDefense').setValue('parry')
    await field(wrapper, 'proficiencies').setValue('Pistols, Rifles')
    await field(wrapper, 'specialMoves').setValue('quickdraw, pistolWhip')
    await field(wrapper, 'features.quickdraw').setValue(true)
    // a second weapon, with Piercing 2
    await wrapper.find('[data-testid="sc-weapon-add"]').trigger('click')
    await field(wrapper, 'weapons.1.name').setValue('Bowcaster')
    await field(wrapper, 'weapons.1.kind').setValue('rifle')
    await field(wrapper, 'weapons.1.proficiency').setValue('Rifles')
    await field(wrapper, 'weapons.1.damage').setValue('4')
    await field(wrapper, 'weapons.1.duelType').setValue('power')
    await wrapper.find('[data-testid="sc-weapon-1-q-add"]').trigger('click')
    await wrapper.find('[data-testid="sc-weapon-1-q-key-accurate"]').setValue('piercing')
    await wrapper.find('[data-testid="sc-weapon-1-q-rating-piercing"]').setValue('2')
    await wrapper.find('[data-testid="sc-weapon-1-q-rating-piercing"]').trigger('change')
    await wrapper.find('[data-testid="sc-armor-toggle"]').trigger('click')
    await field(wrapper, 'armor.name').setValue('Flight jacket')
    await field(wrapper, 'armor.deflection').setValue('2')
    await wrapper.find('[data-testid="sc-shield-toggle"]').trigger('click')
    await field(wrapper, 'shield.kind').setValue('energy')
    await field(wrapper, 'shield.energyHp').setValue('5')
    const data = await save(wrapper, b)
    expect(statBlock.safeParse(data).success).toBe(true)
    expect(data).toMatchObject({
      attributes: { perception: 4 }, skills: { alertness: 2 }, stressCapacity: 7, vitality: 5, defaultDefense: 'parry', proficiencies: ['Pistols', 'Rifles'],
      specialMoves: ['quickdraw', 'pistolWhip'], features: ['quickdraw'], armor: { name: 'Flight jacket', deflection: 2 }, shield: { kind: 'energy', energyHp: 5 },
    })
    expect(data.weapons[1]).toEqual({ name: 'Bowcaster', group: 'ranged', kind: 'rifle', proficiency: 'Rifles', attribute: 'deftness', damage: 4, duelType: 'power', qualities: { piercing: 2 } })
  })

  it('the card beside the form shows the derived values live: the new weapon’s attack pool, the defenses', async () => {
    const { wrapper } = await mountLib()
    await wrapper.find('[data-testid="library-edit-han"]').trigger('click')
    await field(wrapper, 'attributes.deftness').setValue('5')
    await new Promise((r) => setTimeout(r, 300))
    await flushPromises()
    const preview = wrapper.find('[data-testid="sb-preview"]').text()
    // 000:828: proficient, the attribute is added to the damage dice: 2 + Deftness 5 = 7
    expect(preview).toContain('Blaster Pistol: 7 dice')
  })

  it('refuses a value the schema does not allow, in a sentence at the field, en and pl, and saves nothing', async () => {
    const { wrapper, bridge: b } = await mountLib()
    await wrapper.find('[data-testid="library-edit-han"]').trigger('click')
    await field(wrapper, 'attributes.strength').setValue('11')
    expect(wrapper.find('[data-testid="sb-field-attributes.strength-error"]').text()).toBe("Strength can't be above 10")
    await field(wrapper, 'weapons.0.name').setValue('')
    expect(wrapper.find('[data-testid="sb-field-weapons.0.name-error"]').text()).toBe("Name can't be empty")
    expect(wrapper.find('[data-testid="sb-save"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="statblock-editor"] form').trigger('submit')
    await flushPromises()
    expect(b.callsTo('library:save')).toEqual([])
    const pl = await mountLib('pl')
    await pl.wrapper.find('[data-testid="library-edit-han"]').trigger('click')
    await field(pl.wrapper, 'hp').setValue('0')
    expect(pl.wrapper.find('[data-testid="sb-field-hp-error"]').text()).toBe('Punkty życia: wartość nie może być mniejsza niż 1')
  })

  it('the JSON tab round-trips: a change there shows in the form, a change in the form shows there', async () => {
    const { wrapper, bridge: b } = await mountLib()
    await wrapper.find('[data-testid="library-edit-han"]').trigger('click')
    await field(wrapper, 'hp').setValue('15')
    await wrapper.find('[data-testid="sb-tab-json"]').trigger('click')
    const json = JSON.parse((wrapper.find('[data-testid="sb-json"]').element as HTMLTextAreaElement).value)
    expect(json.hp).toBe(15)
    await wrapper.find('[data-testid="sb-json"]').setValue(JSON.stringify({ ...json, resistance: 4, weapons: [...json.weapons, newWeapon('Hold-out')] }, null, 2))
    await wrapper.find('[data-testid="sb-tab-form"]').trigger('click')
    expect((field(wrapper, 'resistance').element as HTMLInputElement).value).toBe('4')
    expect((field(wrapper, 'weapons.1.name').element as HTMLInputElement).value).toBe('Hold-out')
    const data = await save(wrapper, b)
    expect(statBlock.safeParse(data).success).toBe(true)
  })

  it('a boss NPC: tier, Stress abilities with qualities, Duel Dice per phase', async () => {
    const { wrapper, bridge: b } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    await wrapper.find('[data-testid="sb-name"]').setValue('Warlord')
    await field(wrapper, 'tier').setValue('boss')
    await wrapper.find('[data-testid="sc-ability-add"]').trigger('click')
    await field(wrapper, 'abilities.0.name').setValue('Bellow')
    await field(wrapper, 'abilities.0.cost').setValue('2')
    await wrapper.find('[data-testid="sc-ability-0-q-add"]').trigger('click')
    await wrapper.find('[data-testid="sc-duel-die-add"]').trigger('click')
    await wrapper.find('[data-testid="sc-duel-die-0-faces"]').setValue('power, kick')
    expect(wrapper.find('[data-testid="sc-duel-die-0"]').text()).toContain('must be one of')
    expect(wrapper.find('[data-testid="sb-save"]').attributes('disabled')).toBeDefined()
    await wrapper.find('[data-testid="sc-duel-die-0-faces"]').setValue('power, power, quick')
    const data = await save(wrapper, b)
    expect(statBlock.safeParse(data).success).toBe(true)
    expect(data).toMatchObject({ kind: 'npc', tier: 'boss', abilities: [{ name: 'Bellow', cost: 2, qualities: { accurate: 1 } }], duelDice: [{ phase: 1, faces: ['power', 'power', 'quick'] }] })
  })

  it('an ally card: role, attacks switched on and off, passive ability, special attacks', async () => {
    const { wrapper, bridge: b } = await mountLib()
    await wrapper.find('[data-testid="library-new"]').trigger('click')
    await wrapper.find('[data-testid="sb-kind"]').setValue('ally')
    await wrapper.find('[data-testid="sb-name"]').setValue('Rex')
    await field(wrapper, 'role').setValue('pet')
    await field(wrapper, 'virtues').setValue('Loyal, Brave')
    await wrapper.find('[data-testid="sc-attack-ranged"]').setValue(true)
    await field(wrapper, 'ranged.value').setValue('5')
    await wrapper.find('[data-testid="sc-attack-melee"]').setValue(false)
    await wrapper.find('[data-testid="sc-passive-toggle"]').trigger('click')
    await field(wrapper, 'passiveAbility.text').setValue('Sniffs out hidden foes')
    await wrapper.find('[data-testid="sc-special-add"]').trigger('click')
    await field(wrapper, 'specialAttacks.0.name').setValue('Pounce')
    await field(wrapper, 'specialAttacks.0.value').setValue('8')
    const data = await save(wrapper, b)
    expect(statBlock.safeParse(data).success).toBe(true)
    expect(data).toMatchObject({ kind: 'ally', role: 'pet', virtues: ['Loyal', 'Brave'], melee: null, ranged: { value: 5, duelType: 'quick' }, passiveAbility: { name: 'Passive ability', text: 'Sniffs out hidden foes' }, specialAttacks: [{ name: 'Pounce', value: 8 }] })
  })
})
