/**
 * Issue 11: the 2d20 stat block laid out as the seed presents a character (ui/card.ts), per kind: a PC's Luck and
 * saved Momentum with its cap (J1), a monster's Menace under its own heading (002:176: defeated when its
 * afflictions exceed it), never under "Luck and Momentum", a minion with no tracks (002:78), in en and pl.
 */
import { describe, expect, it } from 'vitest'
import { twoD20Card } from '../../../../../../../src-main/rules/systems/2d20/ui/card'
import { sampleInput } from '../../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'

const section = (c: ReturnType<typeof twoD20Card>, title: string) => c.sections.find((s) => s.title === title)

describe('2d20 book-style card', () => {
  it('J1: a PC shows Luck and saved Momentum with its cap (the lowest attribute)', () => {
    const c = twoD20Card(sampleInput('johnCarter'), 'en')
    expect(section(c, '2d20.card.pools')?.lines.map((l) => [l.label, l.value])).toEqual([['2d20.card.luck', '3'], ['2d20.card.savedMomentum', '0 (cap 4)']])
  })
  it('002:176: a monster\'s Menace has its own heading and says when it is defeated (en, pl)', () => {
    const en = twoD20Card(sampleInput('whiteApe'), 'en')
    expect(section(en, '2d20.card.pools')).toBeUndefined()
    expect(section(en, '2d20.card.menace')?.lines).toEqual([{ label: '2d20.card.menace', value: '3 (defeated when its afflictions exceed it)', strong: true }])
    const pl = twoD20Card(sampleInput('whiteApe'), 'pl')
    expect(section(pl, '2d20.card.menace')?.lines[0].value).toBe('3 (pokonany, gdy dolegliwości ją przekroczą)')
  })
  it('002:120: a villain\'s Luck sits under Luck, not under Momentum', () => {
    const c = twoD20Card(sampleInput('sabThan'), 'en')
    expect(section(c, '2d20.card.luck')?.lines).toEqual([{ label: '2d20.card.luck', value: '0' }])
    expect(section(c, '2d20.card.pools')).toBeUndefined()
  })
})
