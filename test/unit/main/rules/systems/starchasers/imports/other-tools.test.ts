/**
 * Starchasers and Improved Initiative / Fantasy Statblocks (issue 30): the reader's stat blocks pass the
 * Starchasers schema (worked example: the dock guard), the writers' stat blocks read back the same.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { statBlock } from '../../../../../../../src-main/rules/systems/starchasers/schema'
import { bountyHunterBoss, hanSolo, stormtrooper } from '../../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import {
  ratingOf, scoreOf, starchasersImprovedInitiativeReader as reader, starchasersToFantasyStatblocks, starchasersToImprovedInitiative,
} from '../../../../../../../src-main/rules/systems/starchasers/imports/other-tools'

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../../../fixtures/imports/improved-initiative', name), 'utf8'))
const ctx = (answers = {}) => ({ answers, file: 'f.json' })
const blocks = (o: ReadOutcome[]): ReadStatBlock[] => o.filter((x): x is ReadStatBlock => !isRefusal(x))

describe('Starchasers reads Improved Initiative (issue 30)', () => {
  it('every stat block read from every fixture passes the Starchasers schema', () => {
    for (const f of ['dock-guard.json', 'awkward.json', 'library.json']) {
      for (const b of blocks(reader.read(fixture(f), ctx()))) {
        const p = statBlock.safeParse(b.data)
        expect(p.success, `${f} ${b.name}: ${JSON.stringify(p.error?.issues[0])}`).toBe(true)
      }
    }
  })

  it('scores to ratings: a typical person (10–13) is 2, as the seed’s Stormtrooper; and back', () => {
    expect([3, 8, 10, 13, 14, 18, 30].map(ratingOf)).toEqual([0, 1, 2, 2, 3, 4, 7])
    for (let r = 0; r <= 10; r++) expect(ratingOf(scoreOf(r))).toBe(r)
  })

  it('the dock guard: HP as they are, AC 15 → deflection 2, attributes rated, Deftness from Agility and Confidence from Perception (noted)', () => {
    const [b] = blocks(reader.read(fixture('dock-guard.json'), ctx()))
    const sb = statBlock.parse(b.data)
    expect(sb).toMatchObject({ kind: 'npc', tier: 'extra', name: 'Dock Guard', hp: 14, initiativeBonus: 2, size: 'medium', armor: { name: 'padded armor', deflection: 2 } })
    expect(sb.attributes).toEqual({ strength: 2, toughness: 2, agility: 3, deftness: 3, intelligence: 2, perception: 2, charisma: 1, confidence: 2 })
    expect(sb.kind === 'npc' && sb.weapons.map((w) => [w.name, w.group, w.attribute, w.damage])).toEqual([['Blaster Rifle', 'ranged', 'deftness', 2], ['Stun Baton', 'melee', 'strength', 1]])
    // the trait and the action that is no attack become Stress-powered abilities with their text
    expect(sb.kind === 'npc' && sb.abilities.map((a) => a.name)).toEqual(['Watchful', 'Call for Help'])
    expect(b.notes.map((n) => n.key)).toEqual(expect.arrayContaining(['starchasers.import.defaulted.deftness', 'starchasers.import.defaulted.confidence', 'starchasers.import.stressDefaulted', 'starchasers.import.tierChosen']))
    expect(b.notes.filter((n) => n.key === 'importer.note.unused').map((n) => n.field)).toEqual(expect.arrayContaining(['Languages[0]', 'Senses[0]', 'Challenge']))
  })

  it('a persistent character with a player is a PC', () => {
    const tala = blocks(reader.read(fixture('library.json'), ctx())).find((b) => b.name === 'Tala Venn')!
    expect(statBlock.parse(tala.data)).toMatchObject({ kind: 'pc', hp: 18 })
  })
})

describe('Starchasers writes Improved Initiative and Fantasy Statblocks (issue 30)', () => {
  it('round trip: name, HP, the six attributes II has, armor deflection and weapon damage read back the same', () => {
    for (const sb of [stormtrooper, bountyHunterBoss, hanSolo]) {
      const w = starchasersToImprovedInitiative(sb.name, statBlock.parse(sb) as Record<string, unknown>)
      const [b] = blocks(reader.read(w.value, ctx()))
      const back = statBlock.parse(b.data)
      expect(back.name).toBe(sb.name)
      expect(back.hp).toBe(sb.hp)
      expect(back.kind).toBe(sb.kind === 'pc' ? 'pc' : 'npc')
      const { deftness: _d, confidence: _c, ...six } = sb.attributes
      expect(back.attributes).toMatchObject(six)
      if (back.kind !== 'ally') expect(back.armor?.deflection ?? 0).toBe(sb.armor?.deflection ?? 0)
      if (back.kind !== 'ally') expect(back.weapons.map((x) => x.damage)).toEqual(sb.weapons.map((x) => x.damage))
    }
  })

  it('lost names what II cannot hold: Deftness, Confidence, the shield, duel dice, stress capacity, weapon qualities', () => {
    const lost = starchasersToImprovedInitiative('Korr', statBlock.parse(bountyHunterBoss) as Record<string, unknown>).lost.map((l) => l.field)
    expect(lost).toEqual(expect.arrayContaining(['attributes.deftness', 'attributes.confidence', 'shield', 'duelDice', 'stressCapacity', 'weapons[0].qualities', 'armor.resistanceBonus', 'defaultDefense']))
    expect(lost).not.toContain('hp')
    const plain = starchasersToImprovedInitiative('T', statBlock.parse({ ...stormtrooper, defaultDefense: 'dodge' }) as Record<string, unknown>).lost.map((l) => l.field)
    expect(plain).not.toContain('defaultDefense')
  })

  it('Fantasy Statblocks: a monster with stats, ac, hp and actions; a PC’s side listed as lost', () => {
    const w = starchasersToFantasyStatblocks('Han Solo', statBlock.parse(hanSolo) as Record<string, unknown>)
    expect(w.value).toMatchObject({ name: 'Han Solo', hp: 12, ac: 14, stats: [11, 15, 11, 11, 15, 15] })
    expect(w.lost.map((l) => l.field)).toContain('kind')
  })
})
