/**
 * An Exalted-style quick character pasted as text, read into Storyteller stat blocks (issue 30). Fixtures (invented
 * characters): test/fixtures/imports/storyteller-text/. Every stat block read must pass the system's statBlockSchema,
 * and the engine must roll the dice the text states: accuracy = Attribute + Ability + Accuracy (004), damage = the
 * class's attribute + weapon damage (004, T4), Join Battle = Wits + Awareness (Scion 1e), health levels (T5).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isRefusal, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { blocks, healthLevels, parts, storytellerTextReader as reader } from '../../../../../../../src-main/rules/systems/storyteller/imports/quick-character'
import { damageAttributeOf, statBlock, type StatBlock } from '../../../../../../../src-main/rules/systems/storyteller/schema'
import { ui as en } from '../../../../../../../src-main/rules/systems/storyteller/i18n/en'
import { ui as pl } from '../../../../../../../src-main/rules/systems/storyteller/i18n/pl'

const dir = join(__dirname, '../../../../../../fixtures/imports/storyteller-text')
const text = (f: string): string => readFileSync(join(dir, f), 'utf8')
const ctx = { answers: {}, file: 'pasted.txt' }

function readAll(t: string): ReadStatBlock[] {
  return reader.read(t, ctx).map((o) => {
    if (isRefusal(o)) throw new Error(`refused: ${JSON.stringify(o.refused)}`)
    return o
  })
}
const parse = (o: ReadStatBlock): StatBlock => {
  const r = statBlock.safeParse(o.data)
  expect(r.success, r.success ? '' : JSON.stringify(r.error.issues)).toBe(true)
  return r.data!
}
/** the dice the engine rolls, as the board builds them (004, T4) */
const accuracyPool = (sb: StatBlock, i: number) => {
  const w = sb.weapons[i]
  return sb.attributes[w.attribute] + (sb.abilities[w.ability] ?? 0) + w.accuracy
}
const damagePool = (sb: StatBlock, i: number) => sb.attributes[damageAttributeOf(sb.weapons[i])] + sb.weapons[i].damage
const joinBattlePool = (sb: StatBlock) => sb.attributes[sb.joinBattle.attribute] + (sb.abilities[sb.joinBattle.ability] ?? 0)
const keys = (o: ReadStatBlock) => o.notes.map((n) => n.key)

describe('storyteller-text: the worked example (issue 30’s Imperial Guard)', () => {
  const [o] = readAll(text('imperial-guard.txt'))
  const sb = parse(o)
  it('is one NPC named by its first line', () => {
    expect(readAll(text('imperial-guard.txt'))).toHaveLength(1)
    expect([o.name, o.kind, sb.kind]).toEqual(['Imperial Guard', 'npc', 'npc'])
  })
  it('Join Battle 7 dice: the engine rolls Wits + Awareness = 7', () => {
    expect(joinBattlePool(sb)).toBe(7)
    expect(o.notes).toContainEqual({ field: 'Join Battle', key: 'storyteller.import.joinBattleSplit', params: { pool: 7, attribute: 3, ability: 4 } })
  })
  it('T5: health levels -0x2/-1x2/-2x2/-4/Incap → the track before Incapacitated', () => {
    expect(sb.health).toEqual([0, 0, -1, -1, -2, -2, -4])
  })
  it('004: Attack (Sword) 9 dice, Damage 12 → accuracy and damage pools equal the text', () => {
    expect(sb.weapons[0]).toMatchObject({ name: 'Sword', class: 'impact', ability: 'melee', damageType: 'lethal', speed: 5 })
    expect(accuracyPool(sb, 0)).toBe(9)
    expect(damagePool(sb, 0)).toBe(12)
    expect(keys(o)).toEqual(expect.arrayContaining(['storyteller.import.speedAssumed', 'storyteller.import.damageTypeAssumed.lethal']))
  })
  it('Attack (Grapple) 6 dice: Brawl, bashing, no damage stated (named); “8 dice to control” kept in the notes', () => {
    expect(sb.weapons[1]).toMatchObject({ name: 'Grapple', ability: 'brawl', damageType: 'bashing', damage: 0 })
    expect(accuracyPool(sb, 1)).toBe(6)
    expect(o.notes).toContainEqual({ field: 'Attack (Grapple)', key: 'storyteller.import.attackNoDamage', params: { weapon: 'Grapple' } })
    expect(o.notes).toContainEqual({ field: 'Attack (Grapple)', key: 'storyteller.import.attackExtra', params: { weapon: 'Grapple', text: '8 dice to control' } })
    expect(sb.notes).toContain('Attack (Grapple): 8 dice to control')
  })
  it('Evasion 3, Parry 4 → Dodge and Parry DVs; no Resolve: Mental DV the lowest stated, named', () => {
    expect(sb.dv).toEqual({ dodge: 3, parry: 4, mental: 3 })
    expect(o.notes).toContainEqual({ field: 'mental', key: 'storyteller.import.dvAssumed.mental', params: { value: 3 } })
  })
  it('Soak/Hardness 6/0 → soak 6 against every damage type; Hardness, Willpower and Essence named and kept', () => {
    expect(sb.soak).toEqual({ bashing: 6, lethal: 6, aggravated: 6 })
    expect(o.notes.filter((n) => n.key === 'storyteller.import.noPlace').map((n) => n.params?.label)).toEqual(['Willpower', 'Essence'])
    expect(keys(o)).toContain('storyteller.import.hardness')
    expect(sb.notes).toBe('Hardness 0; Willpower 5; Essence 1; Attack (Grapple): 8 dice to control')
  })
  it('every landing names its source label', () => {
    expect(o.fields).toContainEqual({ from: 'Health Levels', to: 'health', value: '-0/-0/-1/-1/-2/-2/-4' })
    expect(o.fields).toContainEqual({ from: 'Evasion', to: 'dv.dodge', value: '3' })
  })
})

describe('storyteller-text: several characters, wrapped lines, en dashes', () => {
  const outs = readAll(text('salt-road-raiders.txt'))
  it('three characters; the heading above them is named, not a character', () => {
    expect(outs.map((o) => o.name)).toEqual(['Dune Reaver Captain', 'Reaver', 'Sand Hound'])
    for (const o of outs) parse(o)
    expect(outs[0].notes[0]).toEqual({ field: 'Raiders of the Salt Road', key: 'storyteller.import.heading', params: { text: 'Raiders of the Salt Road' } })
  })
  it('a health track wrapped after a slash, written with en dashes, ending “Incap.”', () => {
    expect(parse(outs[0]).health).toEqual([0, -1, -1, -2, -2, -4])
  })
  it('an attack wrapped inside its brackets; each attack’s pools as stated (004, T4)', () => {
    const sb = parse(outs[0])
    expect(sb.weapons.map((w) => [w.name, w.class, w.ability, w.damageType, w.speed])).toEqual([
      ['Scimitar', 'impact', 'melee', 'lethal', 5],
      ['Short bow', 'ranged', 'marksmanship', 'lethal', 6],
      ['Punch', 'impact', 'brawl', 'bashing', 5],
    ])
    expect(sb.weapons.map((_, i) => [accuracyPool(sb, i), damagePool(sb, i)])).toEqual([[10, 13], [8, 9], [7, 6]])
    expect(joinBattlePool(sb)).toBe(8)
  })
  it('Resolve → Mental DV; Guile, Intimacies, Actions named; Combat Movement 7 dice → Dexterity + Athletics', () => {
    const sb = parse(outs[0])
    expect(sb.dv).toEqual({ dodge: 3, parry: 5, mental: 3 })
    expect(outs[0].notes.filter((n) => n.key === 'storyteller.import.noPlace').map((n) => n.params?.label)).toEqual(['Essence', 'Willpower', 'Actions', 'Guile', 'Intimacies'])
    expect(sb.attributes.dexterity + (sb.abilities.athletics ?? 0)).toBe(7)
    // "(buff jacket)" after the soak is named, not dropped
    expect(outs[0].notes).toContainEqual({ field: 'Soak/Hardness', key: 'storyteller.import.partExtra', params: { label: 'Soak/Hardness', text: 'buff jacket' } })
  })
  it('missing parts take defaults, each named: no health levels (Scion 1e track, T5), no Resolve', () => {
    const sb = parse(outs[1])
    expect(sb.health).toBeUndefined()
    expect(keys(outs[1])).toEqual(expect.arrayContaining(['storyteller.import.healthMissing', 'storyteller.import.dvAssumed.mental']))
    expect(outs[1].notes).toContainEqual({ field: 'Sorcery', key: 'storyteller.import.noPlace', params: { label: 'Sorcery', text: 'Sorcery: Mirage of the Dunes' } })
  })
  it('Senses 8 dice → Perception + Awareness; a bite with 8L is lethal', () => {
    const sb = parse(outs[2])
    expect(sb.attributes.perception + (sb.abilities.awareness ?? 0)).toBe(8)
    expect(sb.weapons[0]).toMatchObject({ name: 'Bite', ability: 'brawl', damageType: 'lethal' })
    expect(damagePool(sb, 0)).toBe(8)
  })
})

describe('storyteller-text: a quick character laid out in sections', () => {
  it('a section heading (“Combat”) inside a character is structure, not a new character (issue 30)', () => {
    const outs = readAll(text('sections.txt'))
    expect(outs.map((o) => o.name)).toEqual(['Harbour Watch Sergeant'])
    const sb = parse(outs[0])
    expect(sb.weapons.map((w) => w.name)).toEqual(['Glaive', 'Grapple'])
    expect([accuracyPool(sb, 0), damagePool(sb, 0), accuracyPool(sb, 1), joinBattlePool(sb)]).toEqual([10, 12, 5, 6])
    // U+2212 minus signs in the health levels; Appearance, Resolve read; Guile named
    expect(sb.health).toEqual([0, -1, -1, -2, -2, -4])
    expect([sb.attributes.appearance, sb.dv.mental]).toEqual([2, 2])
    expect(outs[0].notes.filter((n) => n.key === 'storyteller.import.noPlace').map((n) => n.params?.label)).toEqual(['Essence', 'Willpower', 'Actions', 'Guile'])
  })
})

describe('storyteller-text: stated ratings (Exalted 2e / Scion layout)', () => {
  it('stated attributes and abilities are kept; the pools split around them; Accuracy N is the pool (issue 30)', () => {
    const [o] = readAll(text('stated-ratings.txt'))
    const sb = parse(o)
    expect(sb.attributes).toEqual({ strength: 3, dexterity: 3, stamina: 3, charisma: 2, manipulation: 1, appearance: 2, perception: 2, intelligence: 2, wits: 2 })
    expect(sb.abilities).toMatchObject({ athletics: 2, awareness: 2, melee: 4, presence: 1, medicine: 1 })
    // 004: Dexterity 3 + Melee 4 + Accuracy 1 = 8; T4: Strength 3 + damage 2 = 5
    expect(sb.weapons[0]).toMatchObject({ name: 'Slashing Sword', accuracy: 1, damage: 2, speed: 5, damageType: 'lethal' })
    expect([accuracyPool(sb, 0), damagePool(sb, 0), accuracyPool(sb, 1), damagePool(sb, 1)]).toEqual([8, 5, 6, 3])
    // Join Battle 5 cannot be Wits 2 + Awareness 2 as stated: the engine rolls 4, and the note says so
    expect(o.notes).toContainEqual({ field: 'Join Battle', key: 'storyteller.import.poolUnreachable', params: { label: 'Join Battle', pool: 5, saved: 4 } })
    expect(sb.soak).toEqual({ bashing: 10, lethal: 8, aggravated: 0 })
    expect(o.notes).toContainEqual({ field: 'Soak', key: 'storyteller.import.partExtra', params: { label: 'Soak', text: 'lamellar' } })
    expect(o.notes.filter((n) => n.key === 'storyteller.import.partExtra' && n.field === 'Parry DV').map((n) => n.params?.text)).toEqual(['Rate 3', 'Rate 3'])
  })
  it('an ability followed by “dice” is a pool (Exalted 3e actions), not a rating', () => {
    const [o] = readAll('Scout\nJoin Battle: 6 dice; Presence: 5 dice; Awareness 3')
    const sb = parse(o)
    expect(sb.abilities.presence).toBeUndefined()
    expect(sb.abilities.awareness).toBe(3)
    expect(sb.attributes.wits + 3).toBe(6)
    expect(o.notes).toContainEqual({ field: 'Presence', key: 'storyteller.import.noPlace', params: { label: 'Presence', text: 'Presence: 5 dice' } })
  })
})

describe('storyteller-text: awkward input', () => {
  const outs = readAll(text('awkward.txt'))
  it('words for numbers, a "-" Parry, a junk health level, a remark line: named, the rest read, valid', () => {
    const o = outs[0]
    const sb = parse(o)
    expect(o.name).toBe('Crooked Magistrate')
    expect(o.notes).toContainEqual({ field: 'Join Battle', key: 'storyteller.import.notANumber', params: { label: 'Join Battle', text: 'many dice' } })
    expect(o.notes).toContainEqual({ field: 'Parry', key: 'storyteller.import.notANumber', params: { label: 'Parry', text: '-' } })
    expect(o.notes).toContainEqual({ field: 'Health Levels', key: 'storyteller.import.healthSkipped', params: { token: 'banana' } })
    expect(o.notes).toContainEqual({ field: 'Bribes everyone in sight', key: 'storyteller.import.notUnderstood', params: { text: 'Bribes everyone in sight' } })
    expect(sb.health).toEqual([0, 0, -1, -4])
    expect(sb.dv.dodge).toBe(2)
    expect(keys(o)).toEqual(expect.arrayContaining(['storyteller.import.soakMissing', 'storyteller.import.joinBattleMissing', 'storyteller.import.attackNoDamage']))
  })
  it('pools beyond the ratings’ bounds: the stat block is valid and what the engine will roll instead is said', () => {
    const o = outs[1]
    const sb = parse(o)
    expect(sb.dv.dodge).toBe(30)
    expect(sb.soak).toEqual({ bashing: 8, lethal: 6, aggravated: 2 })
    expect(sb.weapons[0]).toMatchObject({ damageType: 'aggravated', speed: 1 })
    expect(sb.attributes.appearance).toBe(0)
    const unreachable = o.notes.filter((n) => n.key === 'storyteller.import.poolUnreachable').map((n) => [n.params?.pool, n.params?.saved])
    expect(unreachable).toEqual([[30, joinBattlePool(sb)], [40, accuracyPool(sb, 0)], [99, damagePool(sb, 0)]])
    expect(keys(o)).toContain('storyteller.import.clamped')
  })
  it('stats without a name line: read, named after the file, and said', () => {
    const [o] = readAll('Join Battle: 6 dice; Evasion 2, Parry 3; Soak: 2')
    parse(o)
    expect(o.name).toBe('pasted 1')
    expect(o.notes[0]).toEqual({ field: '', key: 'storyteller.import.noName', params: { name: 'pasted 1' } })
  })
  it('a name, then a line of description, then the stats: the name is the name, the description kept in the notes (issue 30)', () => {
    const [o] = readAll('Tomb Warden\nSilent sentinels of the old dead, patient beyond reckoning.\nJoin Battle: 6 dice; Evasion 2, Parry 4')
    expect(o.name).toBe('Tomb Warden')
    expect(parse(o).notes).toBe('Silent sentinels of the old dead, patient beyond reckoning')
    expect(o.notes.map((n) => n.key)).toContain('storyteller.import.notUnderstood')
  })
  it('semicolons or new lines: the same character either way', () => {
    const oneLine = readAll('Guard\nJoin Battle: 5 dice; Attack (Club): 6 dice (Damage 8B); Evasion 2; Parry 3')[0]
    const lines = readAll('Guard\nJoin Battle: 5 dice\nAttack (Club): 6 dice\n(Damage 8B)\nEvasion 2\nParry 3')[0]
    expect(lines.data).toEqual(oneLine.data)
    expect(parse(lines).weapons[0].damageType).toBe('bashing')
  })
  it('seeded junk texts made of quick-character words never throw; each outcome is refused or passes the schema', () => {
    let seed = 11
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const words = ['Join Battle:', 'Health Levels:', 'Attack (Sword):', 'Attack (Bow)', '9 dice', '(Damage 12L', ')', '(', 'Evasion', 'Parry', 'Soak/Hardness:', '6/0', '-0x2/-1x99/', 'Incap', ';', ',', '\n', '\n\n', 'Guard', 'Combat', 'Willpower 5', 'Speed 0', '–4', '99', 'Resolve', 'Appearance 40', 'Senses: 30 dice']
    for (let i = 0; i < 400; i++) {
      const t = Array.from({ length: Math.floor(rnd() * 40) }, () => words[Math.floor(rnd() * words.length)]).join(' ')
      const outs = reader.read(t, ctx)
      expect(outs.length).toBeGreaterThan(0)
      for (const o of outs) if (!isRefusal(o)) expect(statBlock.safeParse(o.data).success, t).toBe(true)
    }
  })
  it('text with nothing to read is refused; a non-text is refused', () => {
    const out = reader.read('Dear diary, today nothing happened.', ctx)
    expect(out).toHaveLength(1)
    expect(isRefusal(out[0]) && out[0].refused.key).toBe('storyteller.import.nothingRead')
    expect(reader.read('Notes\nsome words here: nothing', ctx).every(isRefusal)).toBe(true)
    expect(reader.read({ name: 'x' }, ctx)).toEqual([{ name: '?', refused: { field: '', key: 'storyteller.import.notText' } }])
  })
})

describe('storyteller-text: detection and parts', () => {
  it('detects quick characters, not Saga book text or JSON', () => {
    expect(reader.detect(text('imperial-guard.txt'))).toBeGreaterThanOrEqual(0.9)
    expect(reader.detect(text('salt-road-raiders.txt'))).toBeGreaterThan(0.5)
    expect(reader.detect('Stormtrooper CL 1\nMedium human nonheroic 3\nInit +5; Senses Perception +6\nDefenses Ref 15 (flat-footed 14), Fort 12, Will 10\nhp 10; Threshold 12\nSpeed 6 squares\nRanged blaster rifle +3 (3d8)')).toBe(0)
    expect(reader.detect({ name: 'x' })).toBe(0)
    expect(reader.detect('')).toBe(0)
  })
  it('parts split at semicolons and at a comma before a known label, never inside brackets', () => {
    expect(parts('Attack (Bow): 8 dice (Damage 9; Speed 6); Evasion 3, Parry 4, Resolve 2')).toEqual(['Attack (Bow): 8 dice (Damage 9; Speed 6)', 'Evasion 3', 'Parry 4', 'Resolve 2'])
  })
  it('blocks: a name line followed by a part starts a character', () => {
    expect(blocks('A\nJoin Battle: 3 dice\n\nB\nEvasion 2').map((b) => b.name)).toEqual(['A', 'B'])
  })
  it('health levels: repeats, signs, Incap and junk', () => {
    expect(healthLevels('-0x2/-1x2/-2x2/-4/Incap')).toEqual({ levels: [0, 0, -1, -1, -2, -2, -4], skipped: [] })
    expect(healthLevels('0/1/2/Dying/x')).toEqual({ levels: [0, -1, -2], skipped: ['x'] })
    expect(healthLevels('-1x99').levels).toHaveLength(30)
  })
  it('every note key the reader gives is in both catalogs', () => {
    const all = new Set<string>(['storyteller.import.format', 'storyteller.import.notText', 'storyteller.import.nothingRead', 'storyteller.import.tooManyAttacks', 'storyteller.import.attackNoPool'])
    for (const f of ['imperial-guard.txt', 'salt-road-raiders.txt', 'awkward.txt']) for (const o of readAll(text(f))) for (const n of o.notes) all.add(n.key)
    for (const a of ['melee', 'brawl', 'thrown', 'marksmanship', 'occult']) all.add(`storyteller.import.attackSplit.${a}`)
    for (const c of ['impact', 'ranged', 'lightsaber', 'force']) all.add(`storyteller.import.damageSplit.${c}`)
    for (const d of ['dodge', 'parry', 'mental']) all.add(`storyteller.import.dvAssumed.${d}`)
    expect([...all].filter((k) => !en[k] || !pl[k])).toEqual([])
  })
})
