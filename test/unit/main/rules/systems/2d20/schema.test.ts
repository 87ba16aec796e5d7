import { describe, expect, it } from 'vitest'
import { lowestAttribute, statBlock, stressMax, trackersOf, trackOfAttribute, type Attributes } from '../../../../../../src-main/rules/systems/2d20/schema'
import { johnCarter, parse, thark, warriorMinion } from './fixtures'

const field = (input: unknown) => {
  const r = statBlock.safeParse(input)
  return r.success ? null : r.error.issues[0].path.join('.')
}

describe('2d20 stat blocks (002, J1)', () => {
  it('a PC parses with its six attributes, Luck and saved Momentum; stress and afflictions default to 0', () => {
    const sb = parse(johnCarter)
    expect(sb.kind === 'pc' && sb).toMatchObject({ luck: 3, momentum: 2, stress: { confusion: 0, fear: 0, injury: 0 }, afflictions: { madness: 0, trauma: 0, wounds: 0 } })
  })
  it('J1: saved Momentum is capped at the lowest attribute (Daring 4)', () => {
    expect(lowestAttribute(johnCarter.attributes as Attributes)).toBe(4)
    expect(field({ ...johnCarter, momentum: 5 })).toBe('momentum')
  })
  it('002:165: stress above the track maximum is refused, naming the track', () => {
    expect(stressMax(johnCarter.attributes as Attributes, 'injury')).toBe(8)
    expect(field({ ...johnCarter, stress: { injury: 9 } })).toBe('stress.injury')
  })
  it('a missing attribute names the field', () => {
    expect(field({ ...johnCarter, attributes: { ...johnCarter.attributes, reason: undefined } })).toBe('attributes.reason')
  })
  it('002:176: a monster needs a Menace rating; only monsters have one', () => {
    expect(field({ ...thark, menace: undefined })).toBe('menace')
    expect(field({ ...warriorMinion, menace: 1 })).toBe('menace')
    expect(parse(thark)).toMatchObject({ tier: 'monster', menace: 2 })
  })
  it('002:137: trackers — minions have none, a monster may lack some', () => {
    expect(trackersOf(parse(warriorMinion))).toEqual([])
    expect(trackersOf(parse({ ...thark, trackers: ['injury'] }))).toEqual(['injury'])
    expect(trackersOf(parse(johnCarter))).toEqual(['confusion', 'fear', 'injury'])
  })
  it('002:120: only a villain holds Luck among narrator characters', () => {
    expect(field({ ...thark, luck: 1 })).toBe('luck')
    expect(parse({ ...thark, tier: 'villain', menace: undefined, luck: 1 })).toMatchObject({ tier: 'villain', luck: 1 })
  })
  it('weapons: kind, damage rating and qualities; a quality listed twice is refused', () => {
    expect(field({ ...johnCarter, weapons: [{ name: 'x', kind: 'melee', damage: 2, qualities: ['sharp', 'sharp'] }] })).toBe('weapons.0.qualities')
    expect(field({ ...johnCarter, weapons: [{ name: 'x', kind: 'melee', damage: 2, qualities: ['vorpal'] }] })).toBe('weapons.0.qualities.0')
  })
  it('002:157-159: each attribute belongs to one track', () => {
    expect((['cunning', 'daring', 'empathy', 'might', 'passion', 'reason'] as const).map(trackOfAttribute)).toEqual(['injury', 'fear', 'confusion', 'injury', 'fear', 'confusion'])
  })
})

describe('sample stat blocks', () => {
  it('every sample parses (PCs, an ally, a minion, a monster with Menace, a villain)', async () => {
    const { SAMPLE_IDS, sample } = await import('../../../../../../src-main/rules/systems/2d20/samples/stat-blocks')
    const kinds = SAMPLE_IDS.map((id) => { const s = sample(id); return s.kind === 'npc' ? s.tier : s.kind })
    expect(kinds).toEqual(['pc', 'pc', 'ally', 'minion', 'monster', 'villain'])
  })
})
