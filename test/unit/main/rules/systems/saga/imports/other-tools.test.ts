/**
 * Saga and Improved Initiative / Fantasy Statblocks (issue 30): the reader's stat blocks pass the Saga schema,
 * with the worked example of the dock guard; the writers' stat blocks read back the same.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { derive, mod, sagaStatBlockSchema } from '../../../../../../../src-main/rules/systems/saga/schema'
import {
  sagaImprovedInitiativeReader as reader, sagaToFantasyStatblocks, sagaToImprovedInitiative,
} from '../../../../../../../src-main/rules/systems/saga/imports/other-tools'
import { soldier, trooper } from '../helpers'

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../../../fixtures/imports/improved-initiative', name), 'utf8'))
const ctx = (answers = {}) => ({ answers, file: 'f.json' })
const blocks = (o: ReadOutcome[]): ReadStatBlock[] => o.filter((x): x is ReadStatBlock => !isRefusal(x))

describe('Saga reads Improved Initiative (issue 30)', () => {
  it('every stat block read from every fixture passes the Saga schema', () => {
    for (const f of ['dock-guard.json', 'awkward.json', 'library.json']) {
      for (const b of blocks(reader.read(fixture(f), ctx()))) {
        const p = sagaStatBlockSchema.safeParse(b.data)
        expect(p.success, `${f} ${b.name}: ${JSON.stringify(p.error?.issues[0])}`).toBe(true)
      }
    }
  })

  it('the dock guard: AC 15 the published Reflex, HP 14, abilities as they are, 30 ft. = 6 squares, attacks keep their stated bonus (001)', () => {
    const [b] = blocks(reader.read(fixture('dock-guard.json'), ctx()))
    const sb = sagaStatBlockSchema.parse(b.data)
    expect(sb).toMatchObject({ name: 'Dock Guard', kind: 'nonheroic', size: 'medium', species: 'humanoid (human)', hp: 14, initiative: 2, speed: 6, totals: { reflex: 15 } })
    expect(sb.abilities).toEqual({ str: 12, dex: 14, con: 11, int: 10, wis: 13, cha: 8 })
    expect(derive(sb).reflex.total).toBe(15)
    const [rifle, baton] = sb.weapons
    expect(rifle).toMatchObject({ name: 'Blaster Rifle', kind: 'ranged', damage: '3d8', damageType: 'energy' })
    // 001: attack = BAB + Dex (ranged) / Str (melee) + the weapon's bonus: +4 and +3 as the source states
    expect(sb.bab + mod(sb.abilities.dex) + (rifle.attackBonus ?? 0)).toBe(4)
    expect(sb.bab + mod(sb.abilities.str) + (baton.attackBonus ?? 0)).toBe(3)
    // 001: melee damage adds Str (+1): the baton's (1d6 + 1) needs no weapon bonus
    expect(baton).toMatchObject({ damage: '1d6', kind: 'melee' })
    expect(baton.damageBonus).toBeUndefined()
    expect(b.fields).toEqual(expect.arrayContaining([
      { from: 'AC.Value', to: 'totals.reflex', value: '15' },
      { from: 'Actions[0]', to: 'weapons[0]', value: 'Blaster Rifle 3d8' },
      { from: 'Skills[0]', to: 'skills[0]', value: 'Perception +3' },
    ]))
    const unused = b.notes.filter((n) => n.key === 'importer.note.unused').map((n) => n.field)
    expect(unused).toEqual(expect.arrayContaining(['Languages[0]', 'Traits[0]', 'Actions[2]', 'Speed[1]', 'Challenge']))
    expect(unused).not.toContain('Actions[0]')
  })

  it('GM answers: AC as Fortitude, HP unmapped (1, noted); a flat-damage attack is named, not a weapon', () => {
    const [b] = blocks(reader.read(fixture('awkward.json'), ctx({ 'ii.saga': { ac: 'fortitude', hp: null } })))
    const sb = sagaStatBlockSchema.parse(b.data)
    expect(sb).toMatchObject({ hp: 1, size: 'small', totals: { fortitude: 12 }, speed: 4 })
    expect(sb.weapons.map((w) => w.name)).toEqual(['Welding Torch'])
    expect(b.notes.map((n) => `${n.field} ${n.key}`)).toEqual(expect.arrayContaining([
      'HP.Value importer.note.noCounterpart', 'HP.Value importer.note.defaulted', 'Actions[2] importer.note.noDice', 'Mood importer.note.unknownField',
    ]))
  })

  it('a player character from a persistent character is heroic, role pc', () => {
    const tala = blocks(reader.read(fixture('library.json'), ctx())).find((b) => b.name === 'Tala Venn')!
    expect(tala.kind).toBe('pc')
    expect(sagaStatBlockSchema.parse(tala.data)).toMatchObject({ kind: 'heroic', role: 'pc', speed: 6, hp: 18 })
  })
})

describe('Saga writes Improved Initiative and Fantasy Statblocks (issue 30)', () => {
  it('round trip: the soldier exported and read back keeps its name, HP, abilities, Reflex and attack bonuses', () => {
    const sb = sagaStatBlockSchema.parse(soldier())
    const w = sagaToImprovedInitiative('Soldier', sb as Record<string, unknown>)
    expect(w.value).toMatchObject({ Name: 'Soldier', HP: { Value: 30 }, AC: { Value: derive(sb).reflex.total }, InitiativeModifier: 6 })
    const [b] = blocks(reader.read(w.value, ctx()))
    const back = sagaStatBlockSchema.parse(b.data)
    expect(back).toMatchObject({ name: 'Soldier', hp: 30, initiative: 6, speed: 6, kind: 'nonheroic' })
    expect(back.abilities).toEqual(sb.abilities)
    expect(derive(back).reflex.total).toBe(derive(sb).reflex.total)
    // the attack total and the damage the source held (BAB 3 + Dex 3 = +6; heroic 3 → +1 damage, 001)
    const pistol = back.weapons[0]
    expect(back.bab + mod(back.abilities.dex) + (pistol.attackBonus ?? 0)).toBe(6)
    expect(pistol).toMatchObject({ damage: '3d6', damageBonus: 1, damageType: 'energy' })
    // the other defenses and the threshold come back from the AC notes, the level from "CL 3"
    for (const k of ['fortitude', 'will', 'damageThreshold'] as const) expect(derive(back)[k].total, k).toBe(derive(sb)[k].total)
    expect(back.otherLevels).toBe(3)
  })

  it('round trip of a player character: heroic again, its level heroic, the damage the engine gives unchanged (001: + ½ heroic level)', () => {
    const sb = sagaStatBlockSchema.parse(soldier({ role: 'pc' }))
    const [b] = blocks(reader.read(sagaToImprovedInitiative('Soldier', sb as Record<string, unknown>).value, ctx()))
    const back = sagaStatBlockSchema.parse(b.data)
    expect(back).toMatchObject({ kind: 'heroic', role: 'pc', heroicLevel: 3 })
    const damage = (x: typeof sb, i: number) => Math.floor(x.heroicLevel / 2) + (x.weapons[i].kind === 'melee' ? mod(x.abilities.str) : 0) + (x.weapons[i].damageBonus ?? 0)
    for (const i of [0, 1]) expect(damage(back, i)).toBe(damage(sb, i))
  })

  it('lost names what II cannot hold: Force Points, the stun setting, the ranges, autofire, ion; a null Con', () => {
    const sb = sagaStatBlockSchema.parse(soldier({ abilities: { str: 14, dex: 16, con: null, int: 10, wis: 10, cha: 10 }, talents: ['Evasion'] }))
    const lost = sagaToImprovedInitiative('Soldier', sb as Record<string, unknown>).lost.map((l) => l.field)
    expect(lost).toEqual(expect.arrayContaining(['forcePoints', 'talents', 'weapons[0].stun', 'weapons[0].ranges', 'weapons[3].autofire', 'weapons[4].ion', 'abilities.con']))
    expect(lost).not.toContain('hp')
    expect(lost).not.toContain('fortitude') // held in the AC notes
    expect(sagaToImprovedInitiative('Ally', sagaStatBlockSchema.parse(soldier({ role: 'ally' })) as Record<string, unknown>).lost.map((l) => l.field)).toContain('role')
  })

  it('Fantasy Statblocks: the monster keys, and the defenses only II holds (its AC notes) listed as lost', () => {
    const sb = sagaStatBlockSchema.parse(trooper())
    const w = sagaToFantasyStatblocks('Stormtrooper', sb as Record<string, unknown>)
    const d = derive(sb)
    expect(w.value).toMatchObject({ name: 'Stormtrooper', ac: d.reflex.total, hp: 10, stats: [10, 12, 10, 10, 10, 10], speed: '6 squares', cr: 'CL 4' })
    expect((w.value.actions as Array<{ desc: string }>)[0].desc).toBe('Ranged Weapon Attack: +4 to hit, one target. Hit: 13 (3d8) energy damage.')
    expect(w.lost.map((l) => l.field)).toEqual(expect.arrayContaining(['armor', 'weapons[0].autofire', 'fortitude', 'will', 'damageThreshold', 'initiative']))
  })
})
