/**
 * Issue 30: what the source states against what the rules give. For each defense and the damage threshold the
 * reading compares the stated total with derive() on the stat block WITHOUT totals (001 "Defenses": Reflex =
 * 10 + heroic level or armor + Dex + class + natural armor + size; Fortitude = 10 + heroic level + Con (Str without
 * Con) + class + equipment; Will = 10 + heroic level + Wis + class; "Damage Threshold" = Fortitude + size). A
 * difference puts the stated value in `totals.<key>` and says it, with the rules' terms; agreement stores nothing.
 * HP is not compared: 001 gives no HP formula (W8: hit points per class are data). Failed before: no readers.
 */
import { describe, expect, it } from 'vitest'
import { sagaTextReader } from '../../../../../../../src-main/rules/systems/saga/imports/book-text'
import { sagaFoundryReader } from '../../../../../../../src-main/rules/systems/saga/imports/foundry-swse'
import { derive, sagaStatBlockSchema } from '../../../../../../../src-main/rules/systems/saga/schema'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { forDerive } from '../../../../../../../src-main/rules/systems/saga/imports/common'
import { readFileSync, readdirSync } from 'node:fs'

const ctx = { answers: {}, file: 'x' }
const only = (out: ReadOutcome[]): ReadStatBlock => {
  const o = out[0]
  if (isRefusal(o)) throw new Error(o.refused.key)
  return o
}
const fromText = (lines: string[]) => only(sagaTextReader.read(lines.join('\n'), ctx))
/** what the board computes once the stat block is saved as read, or with the rules' value chosen at `path` */
const derived = (data: Record<string, unknown>) => derive(sagaStatBlockSchema.parse(data))
function chooseRules(data: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const totals = { ...(data.totals as Record<string, unknown>) }
  delete totals[path[1]]
  return { ...data, totals }
}

const trooper = (defenses: string, hp = 'hp 10; Threshold 12', size = 'Medium') => [
  'Gate Trooper CL 1',
  `${size} Human nonheroic 3`,
  defenses,
  hp,
  'Base Atk +2',
  'Abilities Str 10, Dex 13, Con 10, Int 10, Wis 10, Cha 10',
  'Possessions trooper armor (+6 armor, +2 equipment)',
]

describe('stated vs rules (issue 30; 001 Defenses, Damage Threshold)', () => {
  it('001 Reflex: stated 15, the rules give 17 = 10 + armor 6 (replaces heroic level) + Dex 1 + size 0: the stated one kept in totals, the rules’ terms said', () => {
    const o = fromText(trooper('Defenses Ref 15 (flat-footed 14), Fort 12, Will 10'))
    expect(o.disagreements).toEqual([
      {
        key: 'reflex',
        label: 'saga.reflex',
        stated: 15,
        rules: 17,
        terms: [
          { term: 'base', value: 10 },
          { term: 'armor', value: 6 },
          { term: 'dex', value: 1 },
          { term: 'size', value: 0 },
        ],
        path: ['totals', 'reflex'],
      },
    ])
    expect(o.data.totals).toEqual({ reflex: 15 })
    // kept as read, the board shows the book's 15; the GM choosing the rules' value gets 17
    expect(derived(o.data).reflex.total).toBe(15)
    expect(derived(chooseRules(o.data, ['totals', 'reflex'])).reflex.total).toBe(17)
  })

  it('001 Fortitude and Will the rules agree with (10 + equipment 2; 10 + Wis 0): nothing stored, nothing said', () => {
    const o = fromText(trooper('Defenses Ref 17, Fort 12, Will 10'))
    expect(o.disagreements).toEqual([])
    expect(o.data.totals).toBeUndefined()
    expect(o.fields).toEqual(expect.arrayContaining([expect.objectContaining({ to: 'fortitude', value: '12' }), expect.objectContaining({ to: 'will', value: '10' })]))
  })

  it('001 Will: a heroic scout 2/soldier 2 printed with Will 14; the rules give 15 = 10 + heroic level 4 + Wis 1 (neither class has a Will bonus)', () => {
    const o = fromText([
      'Ridge Scout CL 4',
      'Medium Human scout 2/soldier 2',
      'Defenses Ref 19, Fort 17, Will 14',
      'hp 38; Threshold 17',
      'Abilities Str 12, Dex 16, Con 12, Int 10, Wis 12, Cha 8',
    ])
    expect(o.disagreements.map((d) => [d.key, d.stated, d.rules])).toEqual([['will', 14, 15]])
    expect(o.disagreements[0].terms).toEqual([
      { term: 'base', value: 10 },
      { term: 'heroicLevel', value: 4 },
      { term: 'wis', value: 1 },
    ])
  })

  it('001 Damage Threshold = Fortitude + size: a threshold that follows the stated Fortitude is no difference of its own', () => {
    // Fort 14 stated (rules 12), Threshold 14 = the stated Fortitude: only Fortitude disagrees
    const o = fromText(trooper('Defenses Ref 17, Fort 14, Will 10', 'hp 10; Threshold 14'))
    expect(o.disagreements.map((d) => d.key)).toEqual(['fortitude'])
    expect(o.data.totals).toEqual({ fortitude: 14 })
    // the threshold follows whichever Fortitude the GM keeps
    expect(derived(o.data).damageThreshold.total).toBe(14)
    expect(derived(chooseRules(o.data, ['totals', 'fortitude'])).damageThreshold.total).toBe(12)
  })

  it('001 Damage Threshold: a Large trooper printed with Threshold 20; the rules give Fortitude 12 + size 5 = 17', () => {
    const o = fromText(trooper('Defenses Ref 16, Fort 12, Will 10', 'hp 10; Threshold 20', 'Large'))
    expect(o.disagreements).toEqual([{ key: 'damageThreshold', label: 'saga.threshold', stated: 20, rules: 17, terms: [{ term: 'fortitude', value: 12 }, { term: 'size', value: 5 }], path: ['totals', 'damageThreshold'] }])
    expect(o.data.totals).toEqual({ damageThreshold: 20 })
    expect(derived(o.data).damageThreshold.total).toBe(20)
  })

  it('Improved Damage Threshold (+5) read from the feats: the rules give the printed threshold, no difference', () => {
    const o = fromText([...trooper('Defenses Ref 17, Fort 12, Will 10', 'hp 10; Threshold 17'), 'Feats Improved Damage Threshold'])
    expect(o.data.dtBonus).toBe(5)
    expect(o.disagreements).toEqual([])
  })

  it('class defense bonuses read from the source where it gives them (a class item’s own bonuses, system.defense.*.classBonus), else the core table (W8)', () => {
    const actor = (defense: Record<string, unknown>, classSystem: Record<string, unknown>) => ({
      name: 'Elite',
      type: 'npc',
      system: { attributes: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, health: { value: 30, max: 30 }, defense },
      items: [{ name: 'Elite Trooper', type: 'class', system: { levels: 2, ...classSystem } }],
    })
    // Elite Trooper is no core class: its bonuses from the class item (Ref +2, Fort +4), so Reflex 14 and Fortitude 16 agree
    const given = only(sagaFoundryReader.read(actor({ reflex: { total: 14 }, fortitude: { total: 16 } }, { defense: { reflex: 2, fortitude: 4 } }), ctx))
    expect(given.data.defenses).toEqual({ reflex: { class: 2 }, fortitude: { class: 4 } })
    expect(given.disagreements).toEqual([])
    // no bonuses in the class item, but on the actor's defense
    const onActor = only(sagaFoundryReader.read(actor({ reflex: { total: 14, classBonus: '2' } }, {}), ctx))
    expect(onActor.data.defenses).toEqual({ reflex: { class: 2 } })
    expect(onActor.disagreements).toEqual([])
    // nowhere: the class is named in a note and counts nothing, so the stated Reflex disagrees
    const none = only(sagaFoundryReader.read(actor({ reflex: { total: 14 } }, {}), ctx))
    expect(none.notes).toContainEqual({ field: 'items', key: 'saga.import.classUnknown', params: { name: 'Elite Trooper' } })
    expect(none.disagreements.map((d) => [d.key, d.stated, d.rules])).toEqual([['reflex', 14, 12]])
  })

  it('a Foundry actor: its stated totals against the rules in the same way (Will 14 vs 15 from its class items)', () => {
    const o = only(
      sagaFoundryReader.read(
        {
          name: 'Captain',
          type: 'character',
          system: { isNPC: true, attributes: { str: 12, dex: 16, con: 12, int: 10, wis: 12, cha: 8 }, health: { value: 38, max: 38 }, defense: { reflex: { total: 19 }, fortitude: { total: 17 }, will: { total: 14 }, damageThreshold: { total: 17 } } },
          items: ['Scout', 'Scout', 'Soldier', 'Soldier'].map((name) => ({ name, type: 'class', system: {} })),
        },
        ctx,
      ),
    )
    expect(o.disagreements.map((d) => [d.key, d.stated, d.rules, d.path.join('.')])).toEqual([['will', 14, 15, 'totals.will']])
    expect(o.data.totals).toEqual({ will: 14 })
    expect(sagaStatBlockSchema.safeParse(o.data).success).toBe(true)
  })

  it('the rules’ values are derive() of the block as the schema fills it: forDerive (no schema parse, for speed) gives the same for every fixture and a bare block', () => {
    // and one of each term derive() reads that a reading can leave in the block: armor (its Reflex, Fortitude, Dex
    // cap), Improved Damage Threshold, an object's state, a size, stated totals
    const blocks: Array<Record<string, unknown>> = [
      { name: 'Bare', hp: 1 },
      { name: 'Droid', hp: 5, kind: 'droid', abilities: { con: null } },
      { name: 'Armored', hp: 30, kind: 'heroic', heroicLevel: 3, otherLevels: 2, size: 'large', abilities: { dex: 18, con: 14 }, armor: { name: 'Battle armor', reflex: 6, fortitude: 2, maxDex: 1 }, dtBonus: 5, defenses: { reflex: { class: 1, natural: 2 } } },
      { name: 'Crate', hp: 10, kind: 'object', objectState: 'immobile', size: 'small' },
      { name: 'Stated', hp: 12, totals: { reflex: 20, fortitude: 9, will: 11, damageThreshold: 30 } },
    ]
    const dir = 'test/fixtures/imports/'
    for (const f of readdirSync(`${dir}foundry-swse`).filter((x) => x.endsWith('.json'))) {
      for (const a of [JSON.parse(readFileSync(`${dir}foundry-swse/${f}`, 'utf8')) as unknown].flat()) blocks.push(...sagaFoundryReader.read(a, ctx).filter((o) => !isRefusal(o)).map((o) => (o as ReadStatBlock).data))
    }
    for (const f of readdirSync(`${dir}saga-text`)) blocks.push(...sagaTextReader.read(readFileSync(`${dir}saga-text/${f}`, 'utf8'), ctx).filter((o) => !isRefusal(o)).map((o) => (o as ReadStatBlock).data))
    expect(blocks.length).toBeGreaterThan(10)
    for (const b of blocks) expect(derive(forDerive(b)), String(b.name)).toEqual(derive(sagaStatBlockSchema.parse(b)))
  })
})
