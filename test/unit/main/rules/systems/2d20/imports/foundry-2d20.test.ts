/**
 * The 2d20 family's Foundry VTT actors read into 2d20 stat blocks (issue 30): Star Trek Adventures, Fallout, Conan
 * and John Carter. Fixtures (invented NPCs in the systems' public actor shapes): test/fixtures/imports/foundry-2d20/.
 * Every stat block read must pass this system's statBlockSchema (002, J1); the attribute mapping asked once per game.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { twoD20FoundryReader as reader, num } from '../../../../../../../src-main/rules/systems/2d20/imports/foundry-2d20'
import { statBlock, stressMax, type Attributes } from '../../../../../../../src-main/rules/systems/2d20/schema'
import { ui as en } from '../../../../../../../src-main/rules/systems/2d20/i18n/en'
import { ui as pl } from '../../../../../../../src-main/rules/systems/2d20/i18n/pl'
import { getSystem } from '../../../../../../../src-main/rules/index'
import { readSources } from '../../../../../../../src-main/services/campaigns/import-read'

const dir = join(__dirname, '../../../../../../fixtures/imports/foundry-2d20')
const fixture = (f: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, f), 'utf8'))
const list = (f: string): unknown[] =>
  f.endsWith('.ndjson') ? readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)) : JSON.parse(readFileSync(join(dir, f), 'utf8'))
const ctx = (answers = {}) => ({ answers, file: 'test.json' })

function readOne(source: unknown, answers = {}): ReadStatBlock {
  const out = reader.read(source, ctx(answers))
  expect(out).toHaveLength(1)
  const o = out[0]
  if (isRefusal(o)) throw new Error(`refused: ${JSON.stringify(o.refused)}`)
  return o
}
const valid = (o: ReadStatBlock) => {
  const r = statBlock.safeParse(o.data)
  expect(r.success, r.success ? '' : JSON.stringify(r.error.issues)).toBe(true)
  return r.success ? r.data : null
}
const noteKeys = (o: ReadStatBlock) => o.notes.map((n) => n.key)
const ALL_FIXTURES = ['sta-lieutenant-varrin.json', 'sta-notable-wounded.json', 'fallout-raider-wounded.json', 'fallout-creature.json', 'conan-toughened.json', 'jcom-thark-chieftain.json', 'jcom-adventurer.json', 'jcom-monster-extended.json']

describe('foundry-2d20: detection', () => {
  it('recognises an actor of each 2d20 game, by its stated system or by its attribute keys', () => {
    for (const f of ALL_FIXTURES) expect(reader.detect(fixture(f)), f).toBeGreaterThan(0)
    // the legacy export (no _stats) is recognised by STA's attribute keys
    expect(reader.detect(list('compendium-mixed.json')[0])).toBeGreaterThan(0)
  })
  it('an export before Foundry 10 (`data`, not `system`) is read as an actor, not as this app’s own JSON (`{ name, data }`)', async () => {
    const legacy = list('compendium-mixed.json')[0] as Record<string, unknown>
    // above this app's own reader (0.9 for an object with a name and data); this app's JSON (no `type`) is not
    expect(reader.detect(legacy)).toBeGreaterThan(0.9)
    const { type: _type, ...own } = legacy
    expect(reader.detect({ ...own, kind: 'pc' })).toBeLessThan(0.9)
    const sys = getSystem('2d20')
    if (!sys.ok) throw new Error(sys.error.message)
    const read = await readSources(sys.value, [{ name: 'c.json', text: JSON.stringify(list('compendium-mixed.json')) }])
    expect(read.items.map((i) => [i.name, i.format, i.status === 'refused' ? i.refused?.key : i.kind])).toEqual([
      ['Away-team ensign (legacy export)', 'foundry-2d20', 'pc'],
      ['USS Kestrel', 'foundry-2d20', '2d20.import.notACharacter'],
      ['Pict skirmisher', 'foundry-2d20', 'npc'],
      ['Vault dweller settler', 'foundry-2d20', 'pc'],
    ])
  })
  it('is 0 for other systems’ actors, non-actors and junk', () => {
    expect(reader.detect({ name: 'Stormtrooper', type: 'npc', system: { attributes: { str: { base: 10 } } }, _stats: { systemId: 'swse' } })).toBe(0)
    expect(reader.detect({ name: 'Goblin', type: 'npc', system: { abilities: { str: { value: 8 } } } })).toBe(0)
    for (const junk of [null, 13, '13', [], {}, { system: { attributes: { control: 1, fitness: 1, insight: 1 } } }]) expect(reader.detect(junk)).toBe(0)
  })
})

describe('foundry-2d20: questions, one per game in the batch', () => {
  it('asks for each game present, with its attributes, this system’s six and a suggestion', () => {
    const qs = reader.questions!([fixture('sta-lieutenant-varrin.json'), fixture('sta-notable-wounded.json'), fixture('conan-toughened.json'), { name: 'x' }])
    expect(qs.map((q) => q.id)).toEqual(['2d20.attributes.sta', '2d20.attributes.conan2d20'])
    const sta = qs[0]
    expect(sta.title).toEqual({ key: '2d20.import.askAttributes', params: { game: 'Star Trek Adventures' } })
    expect(sta.from.map((f) => f.key)).toEqual(['control', 'daring', 'fitness', 'insight', 'presence', 'reason'])
    expect(sta.to.map((t) => t.key)).toEqual(['cunning', 'daring', 'empathy', 'might', 'passion', 'reason'])
    expect(sta.to.every((t) => en[t.label] && pl[t.label])).toBe(true)
    expect(sta.suggested).toEqual({ control: 'cunning', daring: 'daring', fitness: 'might', insight: 'empathy', presence: 'passion', reason: 'reason' })
    // Conan has seven: Coordination has no counterpart (null)
    expect(qs[1].suggested.coo).toBeNull()
    expect(Object.values(qs[1].suggested).filter((v) => v !== null).sort()).toEqual(['cunning', 'daring', 'empathy', 'might', 'passion', 'reason'])
  })
  it('a Fallout creature’s Body and Mind are asked only when a creature is in the batch', () => {
    expect(reader.questions!([fixture('fallout-raider-wounded.json')])[0].from.map((f) => f.key)).toEqual(['str', 'per', 'end', 'cha', 'int', 'agi', 'luc'])
    expect(reader.questions!([fixture('fallout-creature.json')])[0].from.map((f) => f.key)).toEqual(['body', 'mind'])
  })
})

describe('foundry-2d20: Star Trek Adventures', () => {
  it('worked example: a PC, attributes by the suggestion lowered to this scale, Determination as Luck, weapons, disciplines and focuses in notes', () => {
    const o = readOne(fixture('sta-lieutenant-varrin.json'))
    const sb = valid(o)!
    expect(o.kind).toBe('pc')
    // Control 10, Daring 11, Fitness 9, Insight 8, Presence 7, Reason 9, each − 3: a test here adds two attributes (002)
    expect(sb.attributes).toEqual({ cunning: 7, daring: 8, empathy: 5, might: 6, passion: 4, reason: 6 })
    expect(o.notes).toContainEqual({ field: 'system.attributes', key: '2d20.import.scaled', params: { game: 'Star Trek Adventures', by: 3 } })
    expect(sb.kind === 'pc' && sb.luck).toBe(2)
    expect(sb.weapons.map((w) => [w.name, w.kind, w.damage])).toEqual([['Phaser type-2', 'shooting', 3], ['Unarmed strike', 'melee', 1]])
    // stun and charge have no counterpart among 002's qualities: named, not dropped
    expect(o.notes.filter((n) => n.key === '2d20.import.qualityNoCounterpart').map((n) => n.params?.quality)).toEqual(['stun', 'charge', 'stun'])
    expect(o.notes.find((n) => n.key === '2d20.import.skillsInNotes')?.params?.list).toBe('command 2, conn 1, engineering 1, medicine 1, science 2, security 4')
    expect(o.notes.filter((n) => n.key === '2d20.import.itemNotRead').map((n) => n.params?.name)).toEqual(['Tactical analysis', 'Hand-to-hand', 'Bold: Security', 'Nobody gets left behind'])
    expect(sb.notes).toContain('Keeps a hand phaser under the console.')
    expect(sb.notes).toContain('focus: Tactical analysis, Hand-to-hand')
    // species, rank, assignment, reputation: content with no place here, named by path
    const notRead = o.notes.filter((n) => n.key === '2d20.import.notRead').map((n) => n.field)
    expect(notRead).toEqual(expect.arrayContaining(['system.species', 'system.rank', 'system.assignment', 'system.reputation']))
    expect(notRead).not.toContain('system.attributes.control.label')
    expect(o.fields).toContainEqual({ from: 'system.attributes.fitness.value', to: 'attributes.might', value: '6' })
    expect(o.tags).toEqual(['sta'])
  })
  it('a wounded notable NPC: Stress within Injury’s maximum (002:165), the injury as a Wound, a monster with Menace 1 (002:176)', () => {
    const o = readOne(fixture('sta-notable-wounded.json'))
    const sb = valid(o)!
    expect(sb.kind === 'npc' && sb.tier).toBe('monster')
    expect(sb.kind === 'npc' && sb.menace).toBe(1)
    // Control "9" read as 9 (→ Cunning 6); Injury's maximum is the higher of Cunning 6 and Might 8 (002:165): 14 marked → 8
    expect(sb.attributes.cunning).toBe(6)
    expect(stressMax(sb.attributes as Attributes, 'injury')).toBe(8)
    expect(sb.stress.injury).toBe(8)
    expect(o.notes).toContainEqual({ field: 'system.stress.value', key: '2d20.import.stressCapped.injury', params: { value: 14, max: 8 } })
    expect(sb.afflictions.wounds).toBe(1)
    // vicious 1 → Sharp, hidden 1 → Quiet; deadly has no counterpart
    expect(sb.weapons.map((w) => [w.name, w.damage, w.qualities])).toEqual([['Disruptor pistol', 3, ['sharp']], ['Dagger', 1, ['quiet']]])
    expect(o.notes).toContainEqual({ field: 'items[3]', key: '2d20.import.itemReference', params: { name: 'Brawler' } })
  })
  it('an NPC exported without its sheet flag is still an NPC when its type is notable or major; a minor one is read as a PC, and said', () => {
    const drask = fixture('sta-notable-wounded.json')
    delete (drask as { flags?: unknown }).flags
    const o = readOne(drask)
    expect([o.kind, o.data.tier]).toEqual(['npc', 'monster'])
    const major = readOne({ ...drask, system: { ...(drask.system as object), npcType: 'major' } })
    expect([major.kind, major.data.tier]).toEqual(['npc', 'villain'])
    valid(major)
    const pc = readOne(fixture('sta-lieutenant-varrin.json'))
    expect(pc.notes).toContainEqual({ field: 'flags.core.sheetClass', key: '2d20.import.readAsPc' })
  })
  it('the GM’s answer overrides the suggestion; a source attribute mapped to nothing is named, the empty one filled', () => {
    const o = readOne(fixture('sta-lieutenant-varrin.json'), { '2d20.attributes.sta': { control: null, presence: 'cunning' } })
    const sb = valid(o)!
    expect(sb.attributes.cunning).toBe(4)
    // Passion now has no source: the rounded average of the other five (4+8+5+6+6)/5 = 5.8 → 6
    expect(sb.attributes.passion).toBe(6)
    expect(o.notes).toContainEqual({ field: 'system.attributes.control.value', key: '2d20.import.noCounterpart', params: { attribute: 'Control', value: 10 } })
    expect(o.notes).toContainEqual({ field: 'system.attributes', key: '2d20.import.attributeFilled.passion', params: { value: 6, game: 'Star Trek Adventures' } })
  })
  it('two source attributes answered onto one: the higher is kept, and said', () => {
    const o = readOne(fixture('sta-lieutenant-varrin.json'), { '2d20.attributes.sta': { presence: 'daring' } })
    expect(valid(o)!.attributes.daring).toBe(8)
    expect(noteKeys(o)).toContain('2d20.import.attributeMerged.daring')
  })
  it('an answer naming no attribute of this system counts as no counterpart', () => {
    const o = readOne(fixture('sta-lieutenant-varrin.json'), { '2d20.attributes.sta': { control: 'dexterity' } })
    expect(valid(o)).not.toBeNull()
    expect(o.notes.find((n) => n.key === '2d20.import.noCounterpart')?.params?.attribute).toBe('Control')
  })
})

describe('foundry-2d20: Fallout', () => {
  it('worked example: a wounded raider, HP 5/12 scaled onto Injury, the arm injury a Wound, a minion without stress', () => {
    const o = readOne(fixture('fallout-raider-wounded.json'))
    const sb = valid(o)!
    expect(sb.kind === 'npc' && sb.tier).toBe('minion')
    // str→might, per→cunning, cha→empathy, int→reason, agi ("6")→daring, each − 2; Passion filled: (3+4+2+4+2)/5 = 3
    expect(sb.attributes).toEqual({ cunning: 3, daring: 4, empathy: 2, might: 4, passion: 3, reason: 2 })
    expect(o.notes).toContainEqual({ field: 'system.attributes.end.value', key: '2d20.import.noCounterpart', params: { attribute: 'Endurance', value: 6 } })
    expect(o.notes).toContainEqual({ field: 'system.attributes.luc.value', key: '2d20.import.noCounterpart', params: { attribute: 'Luck', value: 3 } })
    // 7 of 12 HP lost, Injury max 4 (002:165): round(7/12 × 4) = 2, but a minion has no stress tracks (002:78)
    expect(o.notes).toContainEqual({ field: 'system.health.value', key: '2d20.import.hpScaled', params: { value: 5, max: 12, stress: 2, trackMax: 4 } })
    expect(noteKeys(o)).toContain('2d20.import.minionNoStress')
    expect(sb.stress).toEqual({ confusion: 0, fear: 0, injury: 0 })
    expect(sb.afflictions.wounds).toBe(1)
    expect(sb.weapons.map((w) => [w.name, w.kind, w.damage, w.qualities])).toEqual([['Pipe rifle', 'shooting', 5, []], ['Machete', 'melee', 3, ['sharp']]])
    expect(o.notes.filter((n) => n.key === '2d20.import.qualityNoCounterpart').map((n) => n.params?.quality)).toEqual(['piercing_x 1', 'unreliable'])
    expect(sb.notes).toContain('skill: Small Guns 2*, Melee Weapons 1')
    expect(o.notes.map((n) => n.field)).toContain('system.level.value')
  })
  it('a mighty creature: Body and Mind onto Might and Reason, poison damage as Poison, a monster', () => {
    const o = readOne(fixture('fallout-creature.json'))
    const sb = valid(o)!
    expect(sb.kind === 'npc' && sb.tier).toBe('monster')
    expect(sb.attributes.might).toBe(6)
    expect(sb.attributes.reason).toBe(2)
    expect(sb.weapons[0].qualities).toEqual(['poison'])
    expect(o.notes.find((n) => n.key === '2d20.import.skillsInNotes')?.params?.list).toBe('melee 3, other 2')
    expect(o.notes.map((n) => n.field)).toEqual(expect.arrayContaining(['system.defense.value', 'system.resistance.radiation.value']))
  })
})

describe('foundry-2d20: Conan', () => {
  it('worked example: a toughened NPC, Vigor lost as Injury, Wounds kept, a monster with Menace from its wounds', () => {
    const o = readOne(fixture('conan-toughened.json'))
    const sb = valid(o)!
    expect(sb.kind === 'npc' && sb.tier).toBe('monster')
    // 3 wounds defeat it: defeated when afflictions exceed Menace (002:176) → Menace 2
    expect(sb.kind === 'npc' && sb.menace).toBe(2)
    expect(sb.attributes).toEqual({ cunning: 5, daring: 6, empathy: 3, might: 8, passion: 5, reason: 3 })
    expect(sb.stress.injury).toBe(5)
    expect(sb.afflictions.wounds).toBe(1)
    expect(sb.weapons.map((w) => [w.name, w.kind, w.damage, w.qualities])).toEqual([['Khopesh', 'melee', 5, ['sharp']], ['Dread gaze', 'insult', 3, ['fearsome', 'explosive']]])
    expect(o.notes).toContainEqual({ field: 'items[0].system.qualities', key: '2d20.import.qualityNoCounterpart', params: { quality: 'parrying', weapon: 'Khopesh' } })
    expect(o.notes).toContainEqual({ field: 'system.attributes.coo.value', key: '2d20.import.noCounterpart', params: { attribute: 'Coordination', value: 9 } })
    expect(o.notes.map((n) => n.field)).toEqual(expect.arrayContaining(['system.armor', 'system.categories.value', 'items[2]']))
  })
})

describe('foundry-2d20: John Carter of Mars (jcom)', () => {
  it('worked example: an enemy, the same six attributes one for one and unscaled; no tier in the source: a villain, said', () => {
    const o = readOne(fixture('jcom-thark-chieftain.json'))
    const sb = valid(o)!
    expect(sb.kind === 'npc' && sb.tier).toBe('villain')
    expect(sb.attributes).toEqual({ cunning: 6, daring: 9, empathy: 4, might: 10, passion: 8, reason: 5 })
    expect(o.notes).toContainEqual({ field: 'type', key: '2d20.import.tierAssumed', params: { type: 'enemy' } })
    expect(o.notes).toContainEqual({ field: 'items[0]', key: '2d20.import.itemNotRead', params: { type: 'talent', name: 'Four-armed fighter' } })
    expect(noteKeys(o)).not.toContain('2d20.import.noCounterpart')
    expect(noteKeys(o)).not.toContain('2d20.import.scaled')
  })
  it('an adventurer: a PC, stored Momentum capped at the lowest attribute (J1), biography in the notes', () => {
    const o = readOne(fixture('jcom-adventurer.json'))
    const sb = valid(o)!
    expect(sb.kind === 'pc' && sb.momentum).toBe(5)
    expect(o.notes).toContainEqual({ field: 'system.momentum.stored', key: '2d20.import.momentumCapped', params: { value: 6, cap: 5 } })
    expect(sb.notes).toContain('Raised a hatchling in secret.')
  })
  it('an export carrying this system’s own stress, afflictions, Menace and weapons: read as stated', () => {
    const o = readOne(fixture('jcom-monster-extended.json'))
    const sb = valid(o)!
    expect(sb.kind === 'npc' && [sb.tier, sb.menace]).toEqual(['monster', 2])
    expect(sb.stress).toEqual({ confusion: 0, fear: 2, injury: 6 })
    expect(sb.afflictions.wounds).toBe(1)
    expect(sb.weapons.map((w) => [w.kind, w.damage, w.qualities])).toEqual([['shooting', 4, ['explosive']], ['melee', 3, ['sharp']]])
    expect(noteKeys(o)).not.toContain('2d20.import.menaceSet')
  })
})

describe('foundry-2d20: compendia and awkward input', () => {
  it('a compendium as an array: every actor read or refused, each stat block valid', () => {
    const outs: ReadOutcome[] = list('compendium-mixed.json').flatMap((a) => reader.read(a, ctx()))
    expect(outs.map((o) => (isRefusal(o) ? `refused:${o.refused.key}` : o.kind))).toEqual(['pc', 'refused:2d20.import.notACharacter', 'npc', 'pc'])
    for (const o of outs) if (!isRefusal(o)) valid(o)
  })
  it('the legacy export: "-" for Reason is named, Reason filled from the others, Stress 2 read', () => {
    const o = readOne(list('compendium-mixed.json')[0])
    const sb = valid(o)!
    expect(o.notes).toContainEqual({ field: 'data.attributes.reason.value', key: '2d20.import.notANumber', params: { value: '-' } })
    expect(noteKeys(o)).toContain('2d20.import.attributeFilled.reason')
    expect(sb.stress.injury).toBe(2)
  })
  it('a minion with an empty attribute and string dice: read, valid, no stress', () => {
    const o = readOne(list('compendium-mixed.json')[2])
    const sb = valid(o)!
    expect(sb.kind === 'npc' && sb.tier).toBe('minion')
    expect(sb.weapons[0]).toMatchObject({ name: 'Hunting bow', kind: 'shooting', damage: 4 })
    expect(noteKeys(o)).toContain('2d20.import.attributeFilled.empathy')
  })
  it('a compendium as NDJSON: the settlement refused, "20" HP read, "N/A" damage named', () => {
    const outs = list('compendium-fallout.ndjson').flatMap((a) => reader.read(a, ctx()))
    expect(outs.map((o) => (isRefusal(o) ? 'refused' : (o.data.tier as string)))).toEqual(['minion', 'villain', 'refused'])
    const sergeant = outs[1] as ReadStatBlock
    valid(sergeant)
    expect(sergeant.notes).toContainEqual({ field: 'items[0].system.damage', key: '2d20.import.notANumber', params: { value: 'N/A' } })
    expect((sergeant.data.weapons as Array<{ damage: number }>)[0].damage).toBe(0)
  })
  it('attributes outside 1–20, huge damage, huge stress: clamped and said; the stat block still valid', () => {
    const o = readOne({
      name: 'Overgrown',
      type: 'npc',
      system: { attributes: { cunning: { value: 25 }, daring: { value: 0 }, empathy: { value: 4 }, might: { value: 9 }, passion: { value: 4 }, reason: { value: 4 } }, tier: 'villain', stress: { injury: { value: 99 } } },
      items: [{ name: 'Siege gun', type: 'weapon', system: { damage: 50 } }, null, 13],
      _stats: { systemId: 'johncarter' },
    })
    const sb = valid(o)!
    expect([sb.attributes.cunning, sb.attributes.daring]).toEqual([20, 1])
    expect(sb.weapons[0].damage).toBe(20)
    expect(sb.stress.injury).toBe(20)
    expect(noteKeys(o)).toEqual(expect.arrayContaining(['2d20.import.attributeClamped', '2d20.import.damageClamped', '2d20.import.stressCapped.injury']))
  })
  it('an actor without any attribute is refused, with the reason', () => {
    const out = reader.read({ name: 'Empty', type: 'character', system: { attributes: {} }, _stats: { systemId: 'sta' } }, ctx())
    expect(out).toEqual([{ name: 'Empty', refused: { field: 'system.attributes', key: '2d20.import.noAttributes', params: { game: 'Star Trek Adventures' } } }])
  })
  it('hostile shapes (seeded junk in every field) never throw; each outcome is refused or passes the schema', () => {
    let seed = 7
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const pick = <T,>(a: T[]): T => a[Math.floor(rnd() * a.length)]
    const junk = (d: number): unknown => {
      const k = rnd()
      if (d > 3 || k < 0.3) return pick<unknown>([0, -5, 99, '13', '-', '', null, true, 1e9, NaN, [], {}])
      if (k < 0.5) return Array.from({ length: Math.floor(rnd() * 4) }, () => junk(d + 1))
      return Object.fromEntries(Array.from({ length: 4 }, () => [pick(['value', 'max', 'damage', 'qualities', 'rating', 'dice', 'type', 'name', 'wounds', 'physical']), junk(d + 1)]))
    }
    const games = { sta: ['control', 'fitness', 'insight'], fallout: ['str', 'end', 'luc'], conan2d20: ['agi', 'bra', 'coo'], jcom: ['cunning', 'might', 'reason'] }
    let outcomes = 0
    for (let i = 0; i < 400; i++) {
      const game = pick(Object.keys(games) as Array<keyof typeof games>)
      const actor = {
        name: `n${i}`,
        type: pick(['character', 'npc', 'creature', 'starship', 7]),
        system: { ...(junk(1) as object), attributes: Object.fromEntries(games[game].map((k) => [k, rnd() < 0.5 ? { value: junk(3) } : junk(2)])), health: junk(1), stress: junk(1), tier: pick(['monster', 'villain', 5]), npcType: pick(['notable', 'major', null]), isToughened: rnd() < 0.3, menace: junk(3) },
        items: rnd() < 0.7 ? Array.from({ length: 4 }, () => ({ name: pick(['a', '', 5]), type: pick(['weapon', 'characterweapon', 'npcattack', 'display', 'injury', 'skill']), system: junk(0) })) : junk(1),
        _stats: { systemId: game },
      }
      for (const o of reader.read(actor, ctx())) {
        outcomes++
        if (!isRefusal(o)) expect(statBlock.safeParse(o.data).success, JSON.stringify(o.data)).toBe(true)
      }
    }
    expect(outcomes).toBe(400)
  })
  it('num reads numbers and numeric strings only', () => {
    expect([num(13), num('13'), num(' 7 '), num('3 CD'), num('-'), num(''), num(null), num(NaN), num('x1')]).toEqual([13, 13, 7, 3, undefined, undefined, undefined, undefined, undefined])
  })
  it('every note key the reader gives is in both catalogs', () => {
    const sources = [...ALL_FIXTURES.map(fixture), ...list('compendium-mixed.json'), ...list('compendium-fallout.ndjson')]
    const keys = new Set<string>(['2d20.import.format', '2d20.import.askAttributes', '2d20.import.notAnActor'])
    for (const s of sources) for (const o of reader.read(s, ctx({ '2d20.attributes.sta': { presence: 'daring', control: null } }))) {
      if (isRefusal(o)) keys.add(o.refused.key)
      else for (const n of o.notes) keys.add(n.key)
    }
    for (const a of ['cunning', 'daring', 'empathy', 'might', 'passion', 'reason']) keys.add(`2d20.import.attributeFilled.${a}`).add(`2d20.import.attributeMerged.${a}`)
    for (const t of ['confusion', 'fear', 'injury']) keys.add(`2d20.import.stressCapped.${t}`)
    for (const k of ['2d20.import.luckDropped', '2d20.import.tooManyWeapons', '2d20.import.moreNotRead', '2d20.import.attributeClamped', '2d20.import.damageClamped']) keys.add(k)
    const missing = [...keys].filter((k) => !en[k] || !pl[k])
    expect(missing).toEqual([])
  })
})
