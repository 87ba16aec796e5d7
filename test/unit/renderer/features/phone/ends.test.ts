// issue 29: when a condition ends, as the player's phone says it (en and pl, Polish plural forms)
import { describe, expect, it } from 'vitest'
import { endsOf } from '@renderer/features/phone/ends'
import type { CharacterConditionEnds } from '@shared/views/character-views'
import { makeI18n } from '@renderer/i18n'

const say = (e: CharacterConditionEnds, locale: 'en' | 'pl' = 'en') => {
  const { key, params } = endsOf(e)
  const global = makeI18n(locale).global as unknown as { t: (k: string, p: Record<string, unknown>) => string }
  return global.t(key, params)
}

describe('phone: when a condition ends (issue 29)', () => {
  it('says whose turn ends it: mine, a named one, one players cannot see', () => {
    expect(say({ at: 'turnStart', who: 'Nira', mine: false })).toBe('until the start of Nira’s next turn')
    expect(say({ at: 'turnEnd', who: 'Han', mine: true })).toBe('until the end of your next turn')
    expect(say({ at: 'turnStart', who: 'Nira', mine: false, round: 3 })).toBe('until the start of Nira’s turn in round 3')
    expect(say({ at: 'turnEnd', who: null, mine: false })).toBe('until the end of another combatant’s turn')
    expect(say({ at: 'turnStart', who: 'Han', mine: true, round: 5 }, 'pl')).toBe('do początku twojej tury w rundzie 5')
  })
  it('rounds, the end of a round, and until removed', () => {
    expect(say({ at: 'rounds', rounds: 1, untilRound: 4 })).toBe('for 1 round')
    expect(say({ at: 'rounds', rounds: 2, untilRound: 5 })).toBe('for 2 rounds')
    expect(say({ at: 'roundEnd', round: 3 })).toBe('until the end of round 3')
    expect(say({ at: 'manual' })).toBe('until removed')
  })
  it('Polish plural forms of rounds: 1 / 2-4 / 5+ (12-14 many)', () => {
    expect(say({ at: 'rounds', rounds: 1, untilRound: 2 }, 'pl')).toBe('przez 1 rundę')
    expect(say({ at: 'rounds', rounds: 3, untilRound: 4 }, 'pl')).toBe('przez 3 rundy')
    expect(say({ at: 'rounds', rounds: 5, untilRound: 6 }, 'pl')).toBe('przez 5 rund')
    expect(say({ at: 'rounds', rounds: 12, untilRound: 13 }, 'pl')).toBe('przez 12 rund')
  })
})
