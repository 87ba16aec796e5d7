import { describe, expect, it } from 'vitest'
import { scoreOptions, scorePool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/dice'
import { kaelVorn, inquisitor, parseSample } from '../../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'
import { DEFAULT_SETTINGS, withDefaults } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/settings'
import { resolveSocial, socialDegree, socialPool } from '../../../../../../../src-main/rules/systems/storyteller/mechanics/social'

const kael = parseSample(kaelVorn)
const s = DEFAULT_SETTINGS
const opts = scoreOptions(s)

describe('004 Presence and Persuasion vs Mental DV (T7)', () => {
  it('004: Presence is Charisma + Presence (3 + 2 = 5 dice); 3 successes vs Mental DV 2 → net 1, a moderate effect', () => {
    expect(socialPool(kael, 'presence', s)).toMatchObject({ dice: 5, auto: 0 })
    const r = resolveSocial(scorePool([7, 8, 9, 1, 2], 0, opts), 2, s)
    expect(r).toEqual({ raw: 3, dv: 2, net: 1, success: true, degree: 'moderate', botch: false })
  })
  it('004: Persuasion is Manipulation + Persuasion (3 + 3 = 6); the GM modifier adds or removes dice', () => {
    expect(socialPool(kael, 'persuasion', s).dice).toBe(6)
    expect(socialPool(kael, 'persuasion', s, { modifier: -2 }).dice).toBe(4)
  })
  it('004: the alternatives Manipulation + Politics, Charisma + Command, Charisma + Animal Ken', () => {
    expect(socialPool(kael, 'politics', s).parts.map((p) => p.key)).toEqual(['manipulation'])
    expect(socialPool(kael, 'command', s).dice).toBe(3)
    expect(socialPool(kael, 'animalKen', s).parts[0]).toEqual({ key: 'charisma', value: 3 })
  })
  it('T2: Epic Charisma adds autosuccesses to Presence', () => {
    expect(socialPool(parseSample(inquisitor), 'presence', s)).toMatchObject({ dice: 7, auto: 1 })
  })
  it('T7: the degree follows net successes: net 0 slight ("tentatively attack you once"), 5+ total ("berserker attack")', () => {
    expect([-1, 0, 1, 2, 3, 4, 5, 9].map((n) => socialDegree(n, n >= 0, s))).toEqual(['none', 'slight', 'moderate', 'moderate', 'strong', 'strong', 'total', 'total'])
    expect(socialDegree(2, true, withDefaults({ socialDegrees: { moderate: 1, strong: 2, total: 4 } }))).toBe('strong')
  })
  it('T7 + T3: below the Mental DV, or no raw success at all, has no effect', () => {
    expect(resolveSocial(scorePool([7, 2], 0, opts), 2, s)).toMatchObject({ net: -1, success: false, degree: 'none' })
    expect(resolveSocial(scorePool([2, 1], 0, opts), 0, s)).toMatchObject({ net: 0, success: false, degree: 'none', botch: true })
  })
})
