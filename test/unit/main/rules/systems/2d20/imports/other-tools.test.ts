/**
 * 2d20 and Improved Initiative / Fantasy Statblocks (issue 30): the reader's stat blocks pass the 2d20 schema
 * (worked example: the dock guard), the writers' stat blocks read back the same.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isRefusal, type ReadOutcome, type ReadStatBlock } from '../../../../../../../src-main/rules/kit/imports'
import { statBlock } from '../../../../../../../src-main/rules/systems/2d20/schema'
import { sample, SAMPLE_IDS } from '../../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import {
  attributeOf, scoreOf, twoD20ImprovedInitiativeReader as reader, twoD20ToFantasyStatblocks, twoD20ToImprovedInitiative,
} from '../../../../../../../src-main/rules/systems/2d20/imports/other-tools'

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../../../fixtures/imports/improved-initiative', name), 'utf8'))
const ctx = (answers = {}) => ({ answers, file: 'f.json' })
const blocks = (o: ReadOutcome[]): ReadStatBlock[] => o.filter((x): x is ReadStatBlock => !isRefusal(x))

describe('2d20 reads Improved Initiative (issue 30)', () => {
  it('every stat block read from every fixture passes the 2d20 schema, with the suggested answer and with HP as Menace', () => {
    for (const answers of [{}, { 'ii.2d20': { hp: 'menace' } }]) {
      for (const f of ['dock-guard.json', 'awkward.json', 'library.json']) {
        for (const b of blocks(reader.read(fixture(f), ctx(answers)))) {
          const p = statBlock.safeParse(b.data)
          expect(p.success, `${f} ${b.name}: ${JSON.stringify(p.error?.issues[0])}`).toBe(true)
        }
      }
    }
  })

  it('the dock guard: half its scores as attributes, AC and HP without counterpart (noted), dice count as damage rating (J3), the rest in the notes', () => {
    const [b] = blocks(reader.read(fixture('dock-guard.json'), ctx()))
    const sb = statBlock.parse(b.data)
    expect(sb).toMatchObject({ kind: 'npc', tier: 'villain', name: 'Dock Guard' })
    expect(sb.attributes).toEqual({ might: 6, daring: 7, passion: 6, reason: 5, cunning: 7, empathy: 4 })
    expect(sb.weapons).toEqual([
      { name: 'Blaster Rifle', kind: 'shooting', damage: 3, qualities: [] },
      { name: 'Stun Baton', kind: 'melee', damage: 1, qualities: [] },
    ])
    expect(sb.notes).toContain('Watchful: The guard cannot be surprised while awake.')
    expect(sb.notes).toContain('Call for Help: ')
    const noted = b.notes.map((n) => `${n.field} ${n.key}`)
    expect(noted).toEqual(expect.arrayContaining(['AC.Value importer.note.noCounterpart', 'HP.Value importer.note.noCounterpart', 'Name 2d20.import.tierChosen']))
  })

  it('HP mapped onto Menace makes a monster, ⌈HP ÷ 10⌉ (002:176)', () => {
    const [b] = blocks(reader.read(fixture('dock-guard.json'), ctx({ 'ii.2d20': { hp: 'menace' } })))
    expect(statBlock.parse(b.data)).toMatchObject({ tier: 'monster', menace: 2 })
  })

  it('scores to attributes and back', () => {
    expect([2, 8, 10, 11, 16, 40].map(attributeOf)).toEqual([1, 4, 5, 6, 8, 20])
    for (let a = 1; a <= 20; a++) expect(attributeOf(scoreOf(a))).toBe(a)
  })
})

describe('2d20 writes Improved Initiative and Fantasy Statblocks (issue 30)', () => {
  it('round trip of every sample: name, the six attributes, weapons (not insults) with their damage rating', () => {
    for (const id of SAMPLE_IDS) {
      const sb = sample(id)
      const w = twoD20ToImprovedInitiative(sb.name, sb as Record<string, unknown>)
      const [b] = blocks(reader.read(w.value, ctx()))
      const back = statBlock.parse(b.data)
      expect(back.name).toBe(sb.name)
      expect(back.attributes).toEqual(sb.attributes)
      expect(back.weapons.map((x) => [x.name, x.kind, x.damage])).toEqual(sb.weapons.filter((x) => x.kind !== 'insult').map((x) => [x.name, x.kind, x.damage]))
    }
  })

  it('lost names what II cannot hold: Luck, Menace, stress, an insult, qualities', () => {
    const villain = statBlock.parse({ ...(sample('sabThan') as Record<string, unknown>), luck: 2, stress: { confusion: 0, fear: 1, injury: 0 } })
    const lost = twoD20ToImprovedInitiative('Sab Than', villain as Record<string, unknown>).lost.map((l) => l.field)
    expect(lost).toEqual(expect.arrayContaining(['luck', 'stress', 'weapons[0].qualities', 'weapons[1].kind']))
    expect(lost).not.toContain('afflictions') // all zero: nothing to lose
    const ape = twoD20ToImprovedInitiative('White ape', sample('whiteApe') as Record<string, unknown>).lost.map((l) => l.field)
    expect(ape).toEqual(expect.arrayContaining(['menace', 'trackers']))
    // an ally comes back as a narrator character: its side is named lost
    expect(twoD20ToImprovedInitiative('Woola', sample('woola') as Record<string, unknown>).lost.map((l) => l.field)).toContain('kind')
    expect(twoD20ToImprovedInitiative('John Carter', sample('johnCarter') as Record<string, unknown>).value).toMatchObject({ Player: 'player' })
  })

  it('Fantasy Statblocks: stats twice the attributes, the tier as cr', () => {
    const w = twoD20ToFantasyStatblocks('White ape', sample('whiteApe') as Record<string, unknown>)
    expect(w.value).toMatchObject({ name: 'White ape', stats: [20, 16, 14, 4, 8, 4], cr: 'monster' })
  })
})

describe('2d20: a player character has no Menace (issue 30)', () => {
  it('HP mapped onto Menace for a persistent character with a player: left out and noted, not landed', () => {
    const tala = blocks(reader.read(fixture('library.json'), ctx({ 'ii.2d20': { hp: 'menace' } }))).find((b) => b.name === 'Tala Venn')!
    expect(statBlock.parse(tala.data)).toMatchObject({ kind: 'pc' })
    expect(tala.fields.some((f) => f.to === 'menace')).toBe(false)
    expect(tala.notes).toContainEqual({ field: 'PersistentCharacters.pc-1.StatBlock.HP.Value', key: 'importer.note.noCounterpart', params: { label: 'HP', value: 18 } })
  })
})
