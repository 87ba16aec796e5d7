/**
 * Issue 30: Foundry VTT actors of the `swse` system read into Saga stat blocks. The fixtures are our own invented
 * NPCs in the system's public actor shape (test/fixtures/imports/foundry-swse/), with the awkward cases real exports
 * have: strings where numbers are expected, "-" for no Con, name references (`system.providedItems`), an actor
 * stored wounded, a pre-v10 export (`data`), missing keys, junk. These tests failed before: the reader did not exist.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sagaFoundryReader } from '../../../../../../../src-main/rules/systems/saga/imports/foundry-swse'
import { sagaFigures } from '../../../../../../../src-main/rules/systems/saga/imports/figures'
import { sagaStatBlockSchema } from '../../../../../../../src-main/rules/systems/saga/schema'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'

const DIR = 'test/fixtures/imports/foundry-swse/'
const json = (f: string): unknown => JSON.parse(readFileSync(`${DIR}${f}`, 'utf8'))
const ctx = { answers: {}, file: 'x.json' }
const readAll = (source: unknown): ReadOutcome[] => sagaFoundryReader.read(source, ctx)
function one(f: string): ReadStatBlock {
  const out = readAll(json(f))
  expect(out).toHaveLength(1)
  const o = out[0]
  if (isRefusal(o)) throw new Error(`refused: ${o.refused.key}`)
  return o
}
const notes = (o: ReadStatBlock) => o.notes.map((n) => `${n.field} ${n.key}`)
const landed = (o: ReadStatBlock, to: string) => o.fields.filter((f) => f.to === to)

describe('Foundry swse actors (issue 30)', () => {
  it('detect: > 0 only for swse actors (character/npc/droid/vehicle with system.attributes)', () => {
    expect(sagaFoundryReader.detect(json('raider-captain.json'))).toBe(1)
    // a pre-v10 export (`{ name, type, data }`) is also the shape of the app's own JSON (`{ name, data }`, 0.9): the
    // swse reader must be surer (`gmc import` read the Dock Guard as the app's own JSON and refused it: no hp)
    expect(sagaFoundryReader.detect(json('legacy-data.json'))).toBeGreaterThan(0.9)
    // a 5e actor (abilities, not attributes), a 2d20 actor (its own attribute names), a text, an array
    expect(sagaFoundryReader.detect({ name: 'Goblin', type: 'npc', system: { abilities: { str: { value: 8 } }, attributes: { hp: { value: 7 } } } })).toBe(0)
    expect(sagaFoundryReader.detect({ name: 'Crew', type: 'character', system: { attributes: { control: { value: 9 }, daring: { value: 10 }, fitness: { value: 8 } } } })).toBe(0)
    expect(sagaFoundryReader.detect('Stormtrooper CL 1')).toBe(0)
    expect(sagaFoundryReader.detect([json('raider-captain.json')])).toBe(0)
    expect(sagaFoundryReader.detect({ name: 'Table', type: 'item', system: { attributes: { str: 1, dex: 1, con: 1 } } })).toBe(0)
  })

  it('every stat block read from the fixtures passes the Saga schema (compendium as an array and as NDJSON)', () => {
    const sources: unknown[] = [
      ...['raider-captain.json', 'pc-jedda-rune.json', 'sentry-droid.json', 'legacy-data.json'].map(json),
      ...(json('compendium.json') as unknown[]),
      ...readFileSync(`${DIR}compendium.ndjson`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown),
    ]
    let read = 0
    let refused = 0
    for (const s of sources) {
      for (const o of readAll(s)) {
        if (isRefusal(o)) {
          refused++
          expect(o.refused.key).toMatch(/^saga\.import\./)
          continue
        }
        read++
        expect(sagaStatBlockSchema.safeParse(o.data).success, o.name).toBe(true)
      }
    }
    // the compendiums each hold one broken actor (no health)
    expect(refused).toBe(2)
    expect(read).toBe(sources.length - 2)
  })

  it('an actor stored wounded keeps its max as HP and says so', () => {
    const o = one('raider-captain.json')
    expect(o.data.hp).toBe(38)
    expect(o.notes).toContainEqual({ field: 'system.health.value', key: 'saga.import.storedWounded', params: { value: 21, max: 38 } })
  })

  it('class levels: one class item per level (Scout, Scout, Soldier, Soldier) → heroic 4, the class defense bonuses the highest of the classes (W8)', () => {
    const o = one('raider-captain.json')
    expect(o.data).toMatchObject({ kind: 'heroic', heroicLevel: 4, otherLevels: 0, classes: 'Scout 2/Soldier 2', bab: 3, species: 'Zabrak' })
    // Scout Ref +2 Fort +1, Soldier Ref +1 Fort +2: the highest of each
    expect(o.data.defenses).toEqual({ reflex: { class: 2 }, fortitude: { class: 2 } })
    expect(o.kind).toBe('npc') // system.isNPC
    expect(o.data.role).toBe('npc')
  })

  it('attributes as { base, bonus }: the total read', () => {
    const o = one('raider-captain.json')
    expect(o.data.abilities).toEqual({ str: 12, dex: 16, con: 12, int: 10, wis: 12, cha: 8 })
    expect(landed(o, 'abilities.dex')[0]).toMatchObject({ from: 'system.attributes.dex', value: '16' })
  })

  it('weapons: damage dice, melee/ranged from the range, stun setting, a bonus stated as a string; a grenade is an area weapon, not a thrown one', () => {
    const o = one('raider-captain.json')
    expect(o.data.weapons).toEqual([
      { name: 'Heavy Blaster Pistol', damage: '3d8', kind: 'ranged', stun: true, damageType: 'energy', attackBonus: 1 },
      { name: 'Vibroblade', damage: '2d6', kind: 'melee', damageType: 'slashing' },
      { name: 'Frag Grenade', damage: '4d6', kind: 'ranged', area: true, damageType: 'slashing' },
    ])
    expect(o.data.possessions).toEqual(['Comlink'])
  })

  it('feats and talents go to the prose fields and set the flags the engine knows (evasion, preciseShot, carefulShot)', () => {
    const o = one('raider-captain.json')
    expect(o.data.feats).toEqual(['Precise Shot', 'Careful Shot', 'Weapon Focus (Pistols)'])
    expect(o.data.talents).toEqual(['Evasion'])
    expect(o.data).toMatchObject({ evasion: true, preciseShot: true, carefulShot: true })
    expect(o.data.skills).toEqual(['Initiative +9', 'Perception +8', 'Stealth +10'])
    expect(o.data.initiative).toBe(9)
    expect(o.data.forcePoints).toBe(3)
    // a Force power has no place in the stat block: a named note, not silence
    expect(o.notes).toContainEqual({ field: 'items[12]', key: 'saga.import.noPlace', params: { name: 'Force Slam', type: 'force-power' } })
  })

  it('strings where numbers are expected ("13", "+8", { total: "14" }) are read', () => {
    const o = one('pc-jedda-rune.json')
    expect(o.data).toMatchObject({ hp: 44, heroicLevel: 3, initiative: 8, speed: 6, kind: 'heroic', species: 'Human', classes: 'Jedi 3' })
    expect(o.data.abilities).toEqual({ str: 12, dex: 14, con: 12, int: 10, wis: 13, cha: 14 })
    expect(o.kind).toBe('pc')
    expect(o.data.role).toBe('pc')
    // no bab in the actor: the Jedi's full progression (W8), said in a note
    expect(o.data.bab).toBe(3)
    expect(notes(o)).toContain('items saga.import.babDerived')
  })

  it('a droid: "-" Con is no Con (null, 001 Fortitude uses Str), name references placed, junk named', () => {
    const o = one('sentry-droid.json')
    expect(o.data.abilities).toMatchObject({ str: 14, con: null })
    expect(o.data).toMatchObject({ kind: 'droid', otherLevels: 3, heroicLevel: 0, bab: 2, combatReflexes: true })
    expect(o.data.armor).toEqual({ name: 'Quadanium Plating', reflex: 4 }) // maxDex 999 is "no cap"
    // "Blaster Carbine" (a bare name): the book's carbine; "Combat Reflexes": a feat the engine knows
    expect(o.data.weapons).toEqual([{ name: 'Blaster Carbine', damage: '3d8', kind: 'ranged', stun: true, autofire: true, damageType: 'energy' }])
    expect(o.data.feats).toEqual(['Toughness', 'Combat Reflexes'])
    expect(notes(o)).toEqual(
      expect.arrayContaining([
        'system.speed saga.import.notANumber',
        'items[2].system.damage saga.import.badDice',
        'system.providedItems[0] saga.import.weaponFromTable',
        'system.providedItems[3] saga.import.referenceUntyped',
        'system.initiative saga.import.initiativeDerived',
      ]),
    )
    // the junk speed is not read: the schema's 6 stays, and the unreadable shock prod is kept as a possession
    expect(o.data.speed).toBeUndefined()
    expect(o.data.possessions).toEqual(['Quadanium Plating', 'Shock Prod'])
  })

  it('a pre-v10 export (`data`) with keys missing: read, each gap named', () => {
    const o = one('legacy-data.json')
    expect(o.data).toMatchObject({ hp: 9, kind: 'nonheroic', otherLevels: 2, initiative: 2 })
    expect(o.data.abilities).toMatchObject({ str: 11, dex: 12, cha: 10 })
    expect(o.data.weapons).toEqual([{ name: 'Blaster Pistol', damage: '3d6', kind: 'ranged', stun: true, damageType: 'energy' }])
    expect(notes(o)).toEqual(expect.arrayContaining(['data.attributes.cha saga.import.missing', 'data.cl saga.import.noClasses', 'data.bab saga.import.missing', 'items[0] saga.import.weaponFromTable']))
    expect(o.disagreements).toEqual([])
  })

  it('refusals: no health, no name, not an object', () => {
    expect(readAll(json('no-health.json'))).toEqual([{ name: 'Broken Export', refused: { field: 'system.hp', key: 'saga.import.noHp' } }])
    expect(readAll({ type: 'npc', system: { attributes: {} } })).toEqual([{ name: '?', refused: { field: 'name', key: 'saga.import.noName' } }])
    expect(readAll(42)).toEqual([{ name: '?', refused: { field: '', key: 'saga.import.notAnActor' } }])
  })

  it('junk in numbers is a named note, never dropped in silence', () => {
    const actor = {
      name: 'Junk',
      type: 'npc',
      system: { attributes: { str: 'strong', dex: 12, con: 10, int: 10, wis: 10, cha: 10 }, health: { value: 5, max: 'many' }, cl: 1, defense: { reflex: { total: 'high' } }, size: 'Enormous' },
    }
    const [o] = readAll(actor) as ReadStatBlock[]
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data.hp).toBe(5) // max unreadable: the value
    expect(notes(o)).toEqual(expect.arrayContaining(['system.attributes.str saga.import.notANumber', 'system.health.max saga.import.notANumber', 'system.defense.reflex saga.import.notANumber', 'system.size saga.import.sizeUnknown']))
  })

  it('what items provide as `changes`/`attributes` entries ({ key, value }): class defense bonuses, armor bonuses, weapon damage', () => {
    const o = one('elite-trooper.json')
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data).toMatchObject({ kind: 'heroic', heroicLevel: 8, classes: 'Soldier 7/Elite Trooper 1', dtBonus: 5 })
    // the highest class bonus of each defense: Elite Trooper's Ref +2, Fort +4 (from its item, not a table)
    expect(o.data.defenses).toEqual({ reflex: { class: 2 }, fortitude: { class: 4 } })
    expect(o.data.armor).toEqual({ name: 'Battle Armor', reflex: 7, fortitude: 2, maxDex: 2 })
    expect(o.data.weapons).toEqual([{ name: 'Light Repeating Blaster', damage: '3d8', kind: 'ranged' }])
    // Soldier's full progression counted, the prestige class named as not counted
    expect(o.data.bab).toBe(7)
    expect(o.notes).toContainEqual({ field: 'items', key: 'saga.import.babPartial', params: { value: 7, name: 'Elite Trooper' } })
    expect(landed(o, 'defenses.fortitude.class')[0]).toMatchObject({ value: '4' })
    expect(o.fields.find((f) => f.to === 'armor')?.from).toBe('items[8]')
    // 001: armor 7 replaces heroic level 8 in Reflex, Dex capped at 2: 10 + 7 + 2 + 2 = 21; Fortitude 10 + 8 + Con 2 +
    // class 4 + equipment 2 = 26; threshold 26 + Improved Damage Threshold 5 = 31 (this test failed before items'
    // `changes` were read: no armor, no class bonuses)
    const figs = Object.fromEntries(sagaFigures(o.data).map((f) => [f.label, f.value]))
    expect(figs).toMatchObject({ 'saga.reflex': '21', 'saga.fortitude': '26', 'saga.threshold': '31', 'saga.hp': '61' })
  })

  it('a vehicle actor: kind vehicle, no Con when none is given (001: Fortitude from Str), Colossal threshold +50', () => {
    const [o] = readAll({
      name: 'Patrol Skiff',
      type: 'vehicle',
      system: { size: 'Colossal', attributes: { str: 42, dex: 14, int: 16 }, health: { value: 120, max: 120 }, defense: { fortitude: { total: 26 }, damageThreshold: { total: 76 } } },
      items: [{ name: 'Laser Cannons', type: 'weapon', system: { damage: '5d10', range: 'Heavy Weapon' } }],
    }) as ReadStatBlock[]
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data).toMatchObject({ kind: 'vehicle', size: 'colossal', hp: 120, abilities: { str: 42, con: null, wis: 10 } })
    expect(o.data.weapons).toEqual([{ name: 'Laser Cannons', damage: '5d10', kind: 'ranged' }])
    expect(o.disagreements).toEqual([])
    expect(notes(o)).toEqual(expect.arrayContaining(['system.attributes.wis saga.import.missing', 'system.attributes.cha saga.import.missing']))
  })

  it('a player’s droid character (type character, isDroid) is a pc of kind droid; an ability over 100 is out of range, not junk', () => {
    const [o] = readAll({ name: 'Arfour', type: 'character', system: { isDroid: true, attributes: { str: 8, dex: 16, con: '-', int: 14, wis: 12, cha: 250 }, health: { value: 9, max: 9 } }, items: [{ name: 'Scoundrel', type: 'class', system: {} }] }) as ReadStatBlock[]
    expect(o.kind).toBe('pc')
    expect(o.data).toMatchObject({ kind: 'droid', role: 'pc', heroicLevel: 1, abilities: { con: null, cha: 10 } })
    expect(o.notes).toContainEqual({ field: 'system.attributes.cha', key: 'saga.import.outOfRange', params: { value: 250, min: 0, max: 100 } })
  })

  it('the foundryvtt-swse fork’s shape (abilities { base, racial, total }, hp, defenses { total, class, misc }, level, feats/talents/weapons as lists on the actor)', () => {
    const o = one('fork-bounty-hunter.json')
    expect(sagaFoundryReader.detect(json('fork-bounty-hunter.json'))).toBeGreaterThan(0.9)
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data).toMatchObject({ name: 'Krann the Tracker', hp: 33, kind: 'heroic', heroicLevel: 4, bab: 3, species: 'Trandoshan', speed: 6, initiative: 9, forcePoints: 5, preciseShot: true })
    expect(o.data.abilities).toEqual({ str: 12, dex: 16, con: 14, int: 10, wis: 13, cha: 8 })
    expect(o.data.defenses).toEqual({ reflex: { class: 2, misc: 1 }, fortitude: { class: 1 } })
    expect(o.data.feats).toEqual(['Point Blank Shot', 'Precise Shot'])
    expect(o.data.talents).toEqual(['Acute Senses'])
    expect(o.data.weapons).toEqual([
      { name: 'Heavy Blaster Rifle', damage: '3d10', kind: 'ranged', autofire: true, damageType: 'energy' },
      { name: 'Vibro-axe', damage: '2d10', kind: 'melee' },
    ])
    // 001: Ref 10 + 4 + Dex 3 + class 2 + misc 1 = 20, Fort 10 + 4 + Con 2 + class 1 = 17 = DT, Will 10 + 4 + Wis 1 = 15
    expect(o.disagreements).toEqual([])
    expect(landed(o, 'abilities.dex')[0].from).toBe('system.abilities.dex')
    // a D&D actor's `abilities` without Saga's defenses is not this format
    expect(sagaFoundryReader.detect({ name: 'Orc', type: 'npc', system: { abilities: { str: { value: 16 }, dex: { value: 12 }, con: { value: 16 } }, attributes: { hp: { value: 15 } } } })).toBe(0)
  })

  it('a beast: its size as a trait item ("Large"), its claws a beastAttack item (a natural melee weapon)', () => {
    const [o] = readAll({
      name: 'Cave Rancor Whelp',
      type: 'npc',
      system: { attributes: { str: 20, dex: 10, con: 16, int: 2, wis: 10, cha: 4 }, health: { value: 40, max: 40 } },
      items: [
        { name: 'Beast', type: 'class', system: { levels: 4 } },
        { name: 'Large', type: 'trait', system: {} },
        { name: 'Low-Light Vision', type: 'trait', system: {} },
        { name: 'Claw', type: 'beastAttack', system: { damage: '1d8' } },
      ],
    }) as ReadStatBlock[]
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
    expect(o.data).toMatchObject({ size: 'large', kind: 'nonheroic', otherLevels: 4, bab: 3 })
    expect(o.data.weapons).toEqual([{ name: 'Claw', damage: '1d8', kind: 'melee', natural: true }])
    expect(o.notes).toContainEqual({ field: 'items[2]', key: 'saga.import.noPlace', params: { name: 'Low-Light Vision', type: 'trait' } })
  })

  it('every field found says where it landed', () => {
    const o = one('raider-captain.json')
    const to = new Set(o.fields.map((f) => f.to))
    for (const k of ['name', 'hp', 'size', 'speed', 'bab', 'initiative', 'species', 'classes', 'feats', 'talents', 'weapons[0]', 'weapons[2]', 'possessions', 'evasion', 'totals.will', 'reflex', 'fortitude', 'damageThreshold']) expect(to, k).toContain(k)
  })
})
