/**
 * When one of the player's conditions ends, as their phone says it (issue 29): "until the start of your next turn",
 * "until the end of Nira's next turn", "until the end of round 3", "for 2 rounds". Pure: main's
 * CharacterConditionEnds, where a combatant players may not see is `who: null` ("another combatant's turn").
 */
import type { CharacterConditionEnds } from '@shared/views/character-views'

export interface EndsText {
  key: string
  params: Record<string, string | number>
}

export function endsOf(e: CharacterConditionEnds): EndsText {
  switch (e.at) {
    case 'manual':
      return { key: 'phone.ends.manual', params: {} }
    case 'rounds':
      return { key: 'phone.ends.rounds', params: { n: e.rounds, round: e.untilRound } }
    case 'roundEnd':
      return { key: 'phone.ends.roundEnd', params: { round: e.round } }
    case 'turnStart':
    case 'turnEnd': {
      const edge = e.at === 'turnStart' ? 'start' : 'end'
      const whose = e.mine ? 'Mine' : e.who ? '' : 'Other'
      const inRound = e.round !== undefined ? 'InRound' : ''
      const params: Record<string, string | number> = {}
      if (e.who && !e.mine) params.name = e.who
      if (e.round !== undefined) params.round = e.round
      return { key: `phone.ends.${edge}${whose}${inRound}`, params }
    }
  }
}
