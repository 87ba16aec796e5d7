/**
 * The Improved Initiative reading (issue 30): its StatBlock, a persistent character and a library export read into
 * the neutral shape, tolerant of what hand-edited files hold; fixtures are invented (test/fixtures/imports).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  attackText, creaturesOf, detectImprovedInitiative, improvedInitiativeReader, parseAttack, parseStatBlock, speedSquares, type IiCreature, type IiSpec,
} from '../../../../../src-main/rules/kit/improved-initiative'
import { isRefusal, type ReadStatBlock } from '../../../../../src-main/rules/kit/imports'

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(__dirname, '../../../../fixtures/imports/improved-initiative', name), 'utf8')) as Record<string, unknown>
const creature = (name: string): IiCreature => {
  const p = creaturesOf(fixture(name))[0]
  if (!('creature' in p)) throw new Error('refused')
  return p.creature
}

describe('Improved Initiative: the neutral shape', () => {
  it('reads a whole StatBlock: HP, AC, initiative, abilities, speed, lists and attacks', () => {
    const c = creature('dock-guard.json')
    expect(c).toMatchObject({ name: 'Dock Guard', hp: 14, hpNotes: '(3d8+1)', ac: 15, acNotes: '(padded armor)', initiative: 2, type: 'Medium humanoid (human)', path: 'Spaceport', challenge: '1/2' })
    expect(c.abilities).toEqual({ str: 12, dex: 14, con: 11, int: 10, wis: 13, cha: 8 })
    expect(c.speed).toEqual(['30 ft.', 'climb 10 ft.'])
    expect(c.languages).toEqual(['Basic', 'Huttese'])
    expect(c.attacks).toEqual([
      { name: 'Blaster Rifle', kind: 'ranged', thrown: false, toHit: 4, dice: { count: 3, sides: 8 }, bonus: 0, average: 9, damageType: 'energy', field: 'Actions[0]' },
      { name: 'Stun Baton', kind: 'melee', thrown: false, toHit: 3, dice: { count: 1, sides: 6 }, bonus: 1, average: 4, damageType: 'bludgeoning', field: 'Actions[1]' },
    ])
    expect(c.notes).toEqual([])
  })

  it('takes numbers written as text and names what is no number (awkward inputs)', () => {
    const c = creature('awkward.json')
    expect(c.hp).toBe(13)
    expect(c.ac).toBe(12)
    expect(c.initiative).toBeUndefined()
    expect(c.abilities).toEqual({ str: 8, dex: 15, int: 6 })
    expect(c.speed).toEqual(['20 ft.'])
    expect(c.languages).toEqual(['Binary'])
    const byField = Object.fromEntries(c.notes.map((n) => [n.field, n.key]))
    expect(byField).toMatchObject({
      'AC.Value': 'importer.note.numberFromText',
      InitiativeModifier: 'importer.note.notANumber',
      'Abilities.Con': 'importer.note.notANumber',
      'Actions[3]': 'importer.note.notText',
      Mood: 'importer.note.unknownField',
    })
    // "Name. Content" as one string; a flat damage without dice
    expect(c.attacks.map((a) => [a.name, a.toHit, a.dice, a.bonus, a.damageType])).toEqual([
      ['Welding Torch', 4, { count: 1, sides: 6 }, 2, 'fire'],
      ['Shock', 2, undefined, 3, 'lightning'],
    ])
  })

  it('reads a library export: Creatures.<id> objects, older JSON-text values, persistent characters; refuses what it cannot', () => {
    const parsed = creaturesOf(fixture('library.json'))
    const names = parsed.map((p) => ('creature' in p ? p.creature.name : `refused:${p.refused.key}`))
    expect(names).toEqual(['Dune Raider', 'Ridge Sniper', 'refused:importer.refused.notStatBlock', 'refused:importer.refused.noName', 'Tala Venn'])
    const tala = parsed[4]
    expect('creature' in tala && tala.creature).toMatchObject({ at: 'PersistentCharacters.pc-1.StatBlock.', player: 'Marta', hp: 18, currentHp: 9 })
    const sniper = parsed[1]
    expect('creature' in sniper && sniper.creature.attacks[0]).toMatchObject({ dice: { count: 2, sides: 10 }, bonus: 1, toHit: 5 })
  })

  it('detects its own shapes only: a Foundry actor, a bare array, a text are not Improved Initiative', () => {
    expect(detectImprovedInitiative(fixture('dock-guard.json'))).toBeGreaterThan(0.9)
    expect(detectImprovedInitiative(fixture('awkward.json'))).toBeGreaterThan(0.5)
    expect(detectImprovedInitiative(fixture('library.json'))).toBeGreaterThan(0.9)
    expect(detectImprovedInitiative({ name: 'Trooper', type: 'npc', system: { attributes: {} }, items: [] })).toBe(0)
    expect(detectImprovedInitiative({ Name: 'Trooper', system: {}, HP: {}, AC: {}, Abilities: {} })).toBe(0)
    expect(detectImprovedInitiative([{ Name: 'x', HP: {}, AC: {} }])).toBe(0)
    expect(detectImprovedInitiative('Stormtrooper CL 1')).toBe(0)
    expect(detectImprovedInitiative({ 'Creatures.x': '{"deep":' + '['.repeat(30) + ']'.repeat(30) + '}' })).toBe(0)
  })

  it('a stat block without a name is none', () => {
    expect(parseStatBlock({ HP: { Value: 3 } })).toBeNull()
    expect(parseStatBlock({ Name: '  ' })).toBeNull()
  })

  it('reads attack texts in the 2014 and 2024 wordings, and writes what it reads', () => {
    const at = (content: string) => parseAttack({ name: 'X', content, field: 'Actions[0]' })
    expect(at('Melee or Ranged Weapon Attack: +5 to hit, reach 5 ft. or range 20/60 ft., one target. Hit: 6 (1d6 + 3) piercing damage.')).toMatchObject({ kind: 'melee', thrown: true, toHit: 5, bonus: 3 })
    expect(at('Melee Attack Roll: +4, reach 5 ft. Hit: 5 (1d6 + 2) Slashing damage.')).toMatchObject({ kind: 'melee', toHit: 4, dice: { count: 1, sides: 6 }, bonus: 2, damageType: 'slashing' })
    expect(at('Ranged Weapon Attack: −1 to hit. Hit: 2d4 − 1 kinetic damage.')).toMatchObject({ toHit: -1, dice: { count: 2, sides: 4 }, bonus: -1 })
    expect(at('The guard shouts.')).toBeNull()
    const text = attackText({ name: 'Rifle', kind: 'ranged', toHit: 4, dice: '3d8', bonus: 2, damageType: 'energy' })
    expect(text).toBe('Ranged Weapon Attack: +4 to hit, one target. Hit: 15 (3d8 + 2) energy damage.')
    expect(at(text)).toMatchObject({ kind: 'ranged', toHit: 4, dice: { count: 3, sides: 8 }, bonus: 2, average: 15, damageType: 'energy' })
  })

  it('speeds in feet, squares or metres', () => {
    expect(speedSquares('30 ft.')).toBe(6)
    expect(speedSquares('6 squares')).toBe(6)
    expect(speedSquares('12 m')).toBe(8)
    expect(speedSquares('fast')).toBeUndefined()
  })
})

describe('improvedInitiativeReader: one question, the answer applied, everything unused named', () => {
  const spec: IiSpec = {
    systemId: 'test',
    targets: ['guard', 'life', 'might'],
    suggested: { ac: 'guard', hp: 'life', str: 'might', dex: null, con: null, int: null, wis: null, cha: null, init: null },
    build: (c, mapped) => ({
      kind: c.player ? 'pc' : 'npc',
      data: Object.fromEntries(mapped.map((m) => [m.to, m.value])),
      fields: mapped.map((m) => ({ from: m.field, to: m.to, value: String(m.value) })),
    }),
  }
  const reader = improvedInitiativeReader(spec)
  const ctx = (answers = {}) => ({ answers, file: 'x.json' })

  it('asks one question ii.<system> with the nine sources and the suggestion, only for its own shape', () => {
    const [q] = reader.questions!([fixture('dock-guard.json')])
    expect(q.id).toBe('ii.test')
    expect(q.title.key).toBe('importer.ii.ask')
    expect(q.from.map((f) => f.key)).toEqual(['ac', 'hp', 'str', 'dex', 'con', 'int', 'wis', 'cha', 'init'])
    expect(q.suggested.ac).toBe('guard')
    expect(q.to[0]).toEqual({ key: 'guard', label: 'test.import.target.guard' })
    expect(reader.questions!([{ name: 'actor', system: {} }])).toEqual([])
  })

  it('the suggested mapping applies when unanswered; the answer replaces it; no counterpart is noted', () => {
    const [a] = reader.read(fixture('dock-guard.json'), ctx()) as ReadStatBlock[]
    expect(a.data).toEqual({ guard: 15, life: 14, might: 12 })
    expect(a.tags).toEqual(['Spaceport', 'Invented for GM Console tests'])
    const [b] = reader.read(fixture('dock-guard.json'), ctx({ 'ii.test': { ac: null, hp: 'guard', str: 'guard' } })) as ReadStatBlock[]
    expect(b.data).toEqual({ guard: 14 })
    const keyOf = (field: string) => b.notes.filter((n) => n.field === field).map((n) => n.key)
    expect(keyOf('AC.Value')).toEqual(['importer.note.noCounterpart'])
    expect(keyOf('Abilities.Str')).toEqual(['importer.note.targetTaken'])
  })

  it('names every field it did not use (never dropped in silence)', () => {
    const [a] = reader.read(fixture('dock-guard.json'), ctx()) as ReadStatBlock[]
    const unused = a.notes.filter((n) => n.key === 'importer.note.unused').map((n) => n.field)
    expect(unused).toEqual(expect.arrayContaining(['Type', 'HP.Notes', 'AC.Notes', 'Speed[0]', 'Speed[1]', 'Saves[0]', 'Skills[0]', 'Senses[0]', 'Languages[0]', 'Languages[1]', 'Challenge', 'Traits[0]', 'Actions[0]', 'Actions[1]', 'Actions[2]', 'Description']))
    expect(unused).not.toContain('Path') // a tag
    expect(unused).not.toContain('Source') // a tag too
    const dex = a.notes.find((n) => n.field === 'Abilities.Dex')
    expect(dex).toMatchObject({ key: 'importer.note.noCounterpart', params: { label: 'Dex', value: 14 } })
  })

  it('a library: one outcome per stat block, refusals named, a persistent character stored wounded noted', () => {
    const out = reader.read(fixture('library.json'), ctx())
    expect(out.map((o) => (isRefusal(o) ? `refused ${o.refused.key}` : o.name))).toEqual(['Dune Raider', 'Ridge Sniper', 'refused importer.refused.notStatBlock', 'refused importer.refused.noName', 'Tala Venn'])
    const tala = out[4] as ReadStatBlock
    expect(tala.kind).toBe('pc')
    expect(tala.notes.find((n) => n.key === 'importer.note.storedWounded')).toMatchObject({ field: 'PersistentCharacters.pc-1.CurrentHP', params: { current: 9, max: 18 } })
    expect(tala.notes.every((n) => n.field.startsWith('PersistentCharacters.pc-1.'))).toBe(true)
  })
})

describe('Improved Initiative: hostile library values (issue 30)', () => {
  // failed before: the recursive depth check spread 300,000 items into Math.max, threw, and the stat block was refused
  it('a JSON-text value holding a huge flat list is read, deep nesting refused (the depth walk is iterative)', () => {
    const huge = `{"Name":"Big","HP":{"Value":1},"AC":{"Value":1},"Junk":[${'0,'.repeat(300_000)}0]}`
    const deep = `{"Name":"Deep","HP":{"Value":1},"AC":{"Value":1},"X":${'['.repeat(40)}${']'.repeat(40)}}`
    const out = creaturesOf({ 'Creatures.a': huge, 'Creatures.b': deep })
    expect(out.map((p) => ('creature' in p ? p.creature.name : p.refused.key))).toEqual(['Big', 'importer.refused.notStatBlock'])
  })
})
