/**
 * Storyteller and Improved Initiative / Fantasy Statblocks (issue 30): the reader's stat blocks pass the
 * Storyteller schema (worked example: the dock guard), the writers' stat blocks read back the same.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { statBlock } from '../../../../../../../src-main/rules/systems/storyteller/schema'
import { SAMPLES } from '../../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import {
  acOf, dotsOf, dvOf, healthLevels, scoreOf, storytellerImprovedInitiativeReader as reader, storytellerToFantasyStatblocks, storytellerToImprovedInitiative,
} from '../../../../../../../src-main/rules/systems/storyteller/imports/other-tools'

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../../../fixtures/imports/improved-initiative', name), 'utf8'))
const ctx = (answers = {}) => ({ answers, file: 'f.json' })
const blocks = (o: ReadOutcome[]): ReadStatBlock[] => o.filter((x): x is ReadStatBlock => !isRefusal(x))

describe('Storyteller reads Improved Initiative (issue 30)', () => {
  it('every stat block read from every fixture passes the Storyteller schema', () => {
    for (const f of ['dock-guard.json', 'awkward.json', 'library.json']) {
      for (const b of blocks(reader.read(fixture(f), ctx()))) {
        const p = statBlock.safeParse(b.data)
        expect(p.success, `${f} ${b.name}: ${JSON.stringify(p.error?.issues[0])}`).toBe(true)
      }
    }
  })

  it('conversions: dots (typical 10–12 → 2), DVs from AC, health levels spread as the Scion track (T5); and back', () => {
    expect([3, 10, 12, 13, 16, 19, 30].map(dotsOf)).toEqual([1, 2, 2, 3, 4, 5, 8])
    for (let d = 1; d <= 10; d++) expect(dotsOf(scoreOf(d))).toBe(d)
    expect([10, 13, 15, 20].map(dvOf)).toEqual([1, 2, 3, 6])
    for (let v = 0; v <= 30; v++) expect(dvOf(acOf(v))).toBe(v)
    expect(healthLevels(6)).toEqual([0, -1, -1, -2, -2, -4])
    expect(healthLevels(7)).toEqual([0, 0, -1, -1, -2, -2, -4])
    expect(healthLevels(1)).toEqual([0])
  })

  it('the dock guard: AC 15 → Dodge and Parry DV 3, 14 HP → 7 health levels, dots, skills as abilities, weapons, the rest in the notes', () => {
    const [b] = blocks(reader.read(fixture('dock-guard.json'), ctx()))
    const sb = statBlock.parse(b.data)
    expect(sb).toMatchObject({ kind: 'npc', name: 'Dock Guard', dv: { dodge: 3, parry: 3, mental: 2 }, health: [0, 0, -1, -1, -2, -2, -4] })
    expect(sb.attributes).toEqual({ strength: 2, dexterity: 3, stamina: 2, charisma: 1, manipulation: 1, appearance: 1, perception: 3, intelligence: 2, wits: 3 })
    expect(sb.abilities).toEqual({ awareness: 2 })
    expect(sb.weapons).toEqual([
      { name: 'Blaster Rifle', class: 'ranged', attribute: 'dexterity', ability: 'marksmanship', accuracy: 2, damage: 3, speed: 5, damageType: 'lethal' },
      { name: 'Stun Baton', class: 'impact', attribute: 'dexterity', ability: 'melee', accuracy: 2, damage: 1, speed: 5, damageType: 'bashing' },
    ])
    expect(sb.notes).toContain('Watchful: ')
    expect(b.notes.map((n) => `${n.field} ${n.key}`)).toEqual(expect.arrayContaining(['AC.Value storyteller.import.defaulted.mental', 'Abilities storyteller.import.defaulted.manipulation', 'InitiativeModifier importer.note.noCounterpart']))
  })
})

describe('Storyteller writes Improved Initiative and Fantasy Statblocks (issue 30)', () => {
  it('round trip of every sample: name, the six attributes II has, Dodge DV, health levels, weapons', () => {
    for (const input of Object.values(SAMPLES)) {
      const sb = statBlock.parse(input)
      const w = storytellerToImprovedInitiative(sb.name, sb as Record<string, unknown>)
      const [b] = blocks(reader.read(w.value, ctx()))
      const back = statBlock.parse(b.data)
      expect(back.name).toBe(sb.name)
      for (const k of ['strength', 'dexterity', 'stamina', 'charisma', 'intelligence', 'wits'] as const) expect(back.attributes[k], `${sb.name} ${k}`).toBe(sb.attributes[k])
      expect(back.dv.dodge).toBe(sb.dv.dodge)
      expect(back.health?.length).toBe((sb.health ?? [0, -1, -1, -2, -2, -4]).length)
      expect(back.weapons.map((x) => [x.name, x.accuracy, x.damage])).toEqual(sb.weapons.map((x) => [x.name, x.accuracy, x.damage]))
    }
  })

  it('lost names what II cannot hold: Manipulation, Appearance, Perception, Mental DV, soak, armor, Epic', () => {
    const sb = statBlock.parse(SAMPLES.kaelVorn)
    const lost = storytellerToImprovedInitiative(sb.name, sb as Record<string, unknown>).lost.map((l) => l.field)
    expect(lost).toEqual(expect.arrayContaining(['attributes.manipulation', 'attributes.appearance', 'attributes.perception', 'dv.mental', 'dv.parry', 'soak', 'armor', 'epic', 'abilities.marksmanship', 'weapons[1].speed']))
    expect(lost).not.toContain('joinBattle') // Scion's own Wits + Awareness
  })

  it('Fantasy Statblocks: the monster keys, skills as skillsaves', () => {
    const sb = statBlock.parse(SAMPLES.stormtrooper)
    const w = storytellerToFantasyStatblocks(sb.name, sb as Record<string, unknown>)
    expect(w.value).toMatchObject({ name: 'Stormtrooper', hp: 12, ac: 12, stats: [11, 14, 11, 11, 11, 8], skillsaves: [{ perception: 4 }] })
  })
})
