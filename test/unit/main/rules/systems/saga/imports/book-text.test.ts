/**
 * Issue 30: Saga Edition stat blocks pasted from the books, read into stat blocks. The fixtures are our own invented
 * NPCs in the books' layout (test/fixtures/imports/saga-text/): several blocks in one text, lines wrapped by the PDF,
 * en dashes and U+2212 for minus, "or" between weapons, lines missing, lines this reader does not know. These tests
 * failed before: the reader did not exist.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sagaTextReader } from '../../../../../../../src-main/rules/systems/saga/imports/book-text'
import { sagaFigures } from '../../../../../../../src-main/rules/systems/saga/imports/figures'
import { sagaStatBlockSchema } from '../../../../../../../src-main/rules/systems/saga/schema'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'

const text = (f: string): string => readFileSync(`test/fixtures/imports/saga-text/${f}`, 'utf8')
const read = (t: string): ReadOutcome[] => sagaTextReader.read(t, { answers: {}, file: 'pasted.txt' })
const blocks = (t: string): ReadStatBlock[] =>
  read(t).map((o) => {
    if (isRefusal(o)) throw new Error(`refused ${o.name}: ${o.refused.key}`)
    return o
  })
const notes = (o: ReadStatBlock) => o.notes.map((n) => `${n.field} ${n.key}`)
const figure = (o: ReadStatBlock, label: string) => sagaFigures(o.data).find((f) => f.label === label)?.value

describe('Saga stat blocks pasted from the books (issue 30)', () => {
  it('detect: a text with "Name CL n" and defenses or hp; not JSON, not other text', () => {
    expect(sagaTextReader.detect(text('garrison-trooper.txt'))).toBeGreaterThan(0.5)
    expect(sagaTextReader.detect(text('outpost-kessa-roster.txt'))).toBeGreaterThan(0.5)
    expect(sagaTextReader.detect({ name: 'x' })).toBe(0)
    expect(sagaTextReader.detect('Join Battle: 7 dice; Health Levels: -0x2/-1x2/-2x2/-4/Incap; Evasion 3, Parry 4')).toBe(0)
  })

  it('the name lands from the heading line as printed, not from "CL"', () => {
    const [o] = blocks(text('garrison-trooper.txt'))
    expect(o.fields.find((f) => f.to === 'name')).toMatchObject({ from: 'Garrison Trooper CL 1', value: 'Garrison Trooper' })
  })

  it('one block: every line to its place, and each stat block passes the schema', () => {
    const [o] = blocks(text('garrison-trooper.txt'))
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o).toMatchObject({ name: 'Garrison Trooper', kind: 'npc', tags: ['saga-text'] })
    expect(o.data).toMatchObject({
      name: 'Garrison Trooper',
      size: 'medium',
      species: 'Human',
      classes: 'Nonheroic 3',
      kind: 'nonheroic',
      heroicLevel: 0,
      otherLevels: 3,
      initiative: 5,
      senses: 'Perception +6',
      hp: 10,
      speed: 6,
      bab: 2,
      abilities: { str: 10, dex: 13, con: 10, int: 10, wis: 10, cha: 10 },
      armor: { name: 'garrison armor', reflex: 6, fortitude: 2 },
      role: 'npc',
    })
    expect(o.data.feats).toEqual(['Armor Proficiency (light)', 'Point Blank Shot', 'Weapon Proficiency (pistols, rifles)'])
    expect(o.data.possessions).toEqual(['garrison armor (+6 armor, +2 equipment)', 'blaster rifle', 'comlink'])
  })

  it('"Ranged blaster rifle +3 (3d8) or blaster rifle +1 (3d8) with autofire", wrapped: one weapon with autofire; the Melee line another', () => {
    const [o] = blocks(text('garrison-trooper.txt'))
    expect(o.data.weapons).toEqual([
      { name: 'Unarmed', damage: '1d4', kind: 'melee' },
      { name: 'Blaster rifle', damage: '3d8', kind: 'ranged', autofire: true, stun: true, damageType: 'energy' },
    ])
  })

  it('lines with no place (Languages) and values the rules compute (Grp, flat-footed) are named notes', () => {
    const [o] = blocks(text('garrison-trooper.txt'))
    expect(o.notes).toEqual(
      expect.arrayContaining([
        { field: 'Languages', key: 'saga.import.lineNoPlace', params: { label: 'Languages' } },
        { field: 'Grp', key: 'saga.import.recomputed', params: { label: 'Grp' } },
      ]),
    )
  })

  it('several blocks in one text give several outcomes; the text before the first is named', () => {
    const out = blocks(text('outpost-kessa-roster.txt'))
    expect(out.map((o) => o.name)).toEqual(['Kessa Raider Captain', 'KX-9 Sentry Droid', 'Dune Scrapper'])
    for (const o of out) expect(sagaStatBlockSchema.safeParse(o.data).success, o.name).toBe(true)
    expect(out[0].notes).toContainEqual({ field: 'Some notes the GM pasted with the blocks', key: 'saga.import.textBeforeBlock', params: { lines: 1 } })
  })

  it('multiclass heroic (scout 2/soldier 2): heroic level 4, class defense bonuses, Force Points, talents and feats to flags', () => {
    const [o] = blocks(text('outpost-kessa-roster.txt'))
    expect(o.data).toMatchObject({ kind: 'heroic', heroicLevel: 4, otherLevels: 0, species: 'Zabrak', classes: 'Scout 2/Soldier 2', forcePoints: 3, evasion: true, carefulShot: true, preciseShot: true })
    expect(o.data.defenses).toEqual({ reflex: { class: 2 }, fortitude: { class: 2 } })
    // Evasion printed after the defenses and again in Talents: once
    expect(o.data.talents).toEqual(['Evasion', 'Improved Initiative'])
    // "Point Blank\nShot" wrapped by the PDF is one feat
    expect(o.data.feats).toEqual(['Armor Proficiency (light)', 'Careful Shot', 'Point Blank Shot', 'Precise Shot', 'Weapon Focus (pistols)'])
    expect(notes(o)).toEqual(expect.arrayContaining(['Dark Side saga.import.lineNoPlace', 'Atk Options saga.import.lineNoPlace']))
  })

  it('the printed attack bonus and damage are kept: the weapon holds what the engine does not add (Weapon Focus +1), and the figures give the printed numbers back', () => {
    const [o] = blocks(text('outpost-kessa-roster.txt'))
    const w = o.data.weapons as Array<Record<string, unknown>>
    // vibroblade +5 (2d6+3): BAB 3 + Str 1 = 4 → +1; ½ heroic level 2 + Str 1 = 3 → no damage bonus
    expect(w[0]).toMatchObject({ name: 'Vibroblade', damage: '2d6', kind: 'melee', attackBonus: 1 })
    expect(w[0].damageBonus).toBeUndefined()
    // heavy blaster pistol +7 (3d8+2): BAB 3 + Dex 3 = 6 → +1; frag grenade +6 (4d6+2): nothing of its own
    expect(w[1]).toMatchObject({ name: 'Heavy blaster pistol', kind: 'ranged', attackBonus: 1 })
    expect(w[2]).toMatchObject({ name: 'Frag grenade', damage: '4d6', area: true })
    expect(w[2].attackBonus).toBeUndefined()
    expect(figure(o, 'Vibroblade')).toBe('+5 (2d6+3)')
    expect(figure(o, 'Heavy blaster pistol')).toBe('+7 (3d8+2)')
    expect(figure(o, 'Frag grenade')).toBe('+6 (4d6+2)')
  })

  it('a droid: "Con –" is no Con, U+2212 in flat−footed, DR on the hp line, armor from its possessions, an unknown line named by its label', () => {
    const o = blocks(text('outpost-kessa-roster.txt'))[1]
    expect(o.data).toMatchObject({ kind: 'droid', species: 'droid (4th-degree)', otherLevels: 3, dr: { value: 2, bypass: [] }, armor: { name: 'plating', reflex: 4 } })
    expect((o.data.abilities as Record<string, unknown>).con).toBeNull()
    expect(o.notes).toContainEqual({ field: 'Morale', key: 'saga.import.lineUnknown', params: { label: 'Morale' } })
    expect(notes(o)).toContain('Immune saga.import.lineNoPlace')
    // the rules agree with every printed defense: 10 + armor 4 + Dex 2 = 16; no Con: Str 14 → Fort 12 (001)
    expect(o.disagreements).toEqual([])
    expect(o.data.totals).toBeUndefined()
  })

  it('missing lines (Init, Speed, Base Atk) and a minus sign as U+2212: defaults named, the bonus read as negative', () => {
    const o = blocks(text('outpost-kessa-roster.txt'))[2]
    expect(o.data).toMatchObject({ size: 'small', species: 'Jawa', hp: 3, bab: 0, initiative: 1 })
    expect(o.data.speed).toBeUndefined()
    expect(notes(o)).toEqual(expect.arrayContaining(['Speed saga.import.lineMissing', 'Base Atk saga.import.babDerived', 'Init saga.import.initiativeDerived']))
    // ion pistol −1 (3d6 ion): the engine gives BAB 0 + Dex 1 = +1, so the weapon holds −2
    expect(o.data.weapons).toEqual([{ name: 'Ion pistol', damage: '3d6', kind: 'ranged', ion: true, attackBonus: -2 }])
    expect(figure(o, 'Ion pistol')).toBe('−1 (3d6)')
  })

  it('en dashes as minus signs, a weapon line that is junk, a line with no label', () => {
    const t = ['Scrap Hound CL 1', 'Small beast 2', 'Defenses Ref 13, Fort 11, Will 9', 'hp 8; Threshold 11', 'Melee bite –1 (1d4–1) or flailing', 'Abilities Str 8, Dex 14, Con 12, Int 2, Wis 8, Cha 4', 'Howls at night'].join('\n')
    const [o] = blocks(t)
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data).toMatchObject({ kind: 'nonheroic', otherLevels: 2, size: 'small' })
    expect(o.data.weapons).toEqual([{ name: 'Bite', damage: '1d4', kind: 'melee', attackBonus: -1 }])
    expect(figure(o, 'Bite')).toBe('−1 (1d4−1)')
    expect(notes(o)).toEqual(expect.arrayContaining(['Melee saga.import.weaponUnread', 'Howls saga.import.lineUnknown']))
  })

  it('a vehicle block: "+12 armor" after the defenses is its armor bonus, no Con and no Will; a weapon "(see below)" is named, not guessed', () => {
    const t = [
      'Skiff Interceptor CL 8',
      'Colossal starfighter',
      'Init +4; Senses Perception +6',
      'Defenses Ref 14 (flat-footed 12), Fort 26; +12 armor',
      'hp 120; DR 10; SR 15; Threshold 76',
      'Speed fly 16 squares (starship scale)',
      'Ranged laser cannons +5 (see below)',
      'Base Atk +2; Grp +38',
      'Abilities Str 42, Dex 14, Con –, Int 16',
    ].join('\n')
    const [o] = blocks(t)
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data).toMatchObject({ kind: 'vehicle', size: 'colossal', armor: { reflex: 12 }, hp: 120, sr: 15, dr: { value: 10, bypass: [] }, speed: 16 })
    expect(o.data.talents).toBeUndefined()
    // 001: Reflex 10 + armor 12 + Dex 2 + size −10 = 14; Fortitude 10 + Str 16 (no Con) = 26; threshold 26 + 50 = 76
    expect(o.disagreements).toEqual([])
    expect(notes(o)).toEqual(expect.arrayContaining(['Defenses saga.import.missingDefense.will', 'Ranged saga.import.weaponUnread', 'Abilities.wis saga.import.missing', 'Abilities.cha saga.import.missing']))
  })

  it('a line far longer than any printed one is cut at 2,000 characters, with a note (a 15 kB size line took 0.3 s in the type pattern before)', () => {
    const t = ['Long Line CL 1', `Medium ${'ab '.repeat(5000)}`, 'hp 5', `Feats ${'Precise Shot, '.repeat(3000)}`, `Melee ${'claw +1 (1d4) or '.repeat(200)}`].join('\n')
    const [o] = blocks(t)
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.notes).toContainEqual({ field: 'Feats', key: 'saga.import.cut', params: { max: 2000 } })
    expect(o.data).toMatchObject({ hp: 5, preciseShot: true, feats: ['Precise Shot'] })
    expect(o.data.weapons).toEqual([{ name: 'Claw', damage: '1d4', kind: 'melee', attackBonus: 1 }])
  })

  it('headers as other sources print them: "Name (CL 2)", "Name, CL 3", "Name – CL 4"', () => {
    const block = (h: string) => [h, 'Medium Human nonheroic 1', 'hp 4'].join('\n')
    const out = blocks([block('Dock Worker (CL 2)'), block('Smuggler, CL 3'), block('Bounty Hunter – CL 4')].join('\n'))
    expect(out.map((o) => o.name)).toEqual(['Dock Worker', 'Smuggler', 'Bounty Hunter'])
    expect(sagaTextReader.detect(block('Dock Worker (CL 2)'))).toBeGreaterThan(0.5)
  })

  it('a list wrapped by the PDF that goes on with a name starting like a label ("Force Sensitivity", "Melee Defense") stays in the list', () => {
    const t = ['Padawan CL 2', 'Medium Human jedi 2', 'hp 30', 'Feats Weapon Proficiency (lightsabers),', 'Force Sensitivity, Weapon Finesse,', 'Melee Defense', 'Speed 6 squares', 'Force 5'].join('\n')
    const [o] = blocks(t)
    expect(o.data.feats).toEqual(['Weapon Proficiency (lightsabers)', 'Force Sensitivity', 'Weapon Finesse', 'Melee Defense'])
    expect(o.data).toMatchObject({ speed: 6, forcePoints: 5 })
    // before: "Force Sensitivity" was a Force line (not a number), "Melee Defense" a weapon not read
    expect(o.notes.map((x) => x.key)).not.toContain('saga.import.notANumber')
    expect(o.notes.map((x) => x.key)).not.toContain('saga.import.weaponUnread')
  })

  it('refusals: a block without hp; a text with no stat block', () => {
    expect(read(text('no-hp.txt'))).toEqual([{ name: 'Half a Block', refused: { field: 'hp', key: 'saga.import.noHp' } }])
    expect(read('just some words\nand more')).toEqual([{ name: '?', refused: { field: '', key: 'saga.import.noStatBlock' } }])
  })
})
