/**
 * How long a condition lasts, as the card says it (issue 10): "2 rounds left", "until the end of Kira's next
 * turn", "until the start of Kira's turn in round 3", nothing for one that lasts until removed. Pure: the condition's
 * `ends` (core/commands.ts conditionEndsSchema), the round now and the combatants' names.
 */
import type { ConditionInstance } from '@shared/domain/encounter'

export interface DurationText {
  key: string
  params: Record<string, string | number>
}

/** W7: a duration of N rounds ends just before the count where it began, N rounds on (core/engine.ts) */
export function durationOf(cond: Pick<ConditionInstance, 'ends' | 'appliedRound'>, round: number, nameOf: (id: string) => string): DurationText | null {
  const e = cond.ends
  switch (e.at) {
    case 'rounds': {
      const left = cond.appliedRound + e.rounds - round
      return left <= 0 ? { key: 'board.duration.thisRound', params: {} } : { key: 'board.duration.rounds', params: { n: left } }
    }
    case 'turnStart':
    case 'turnEnd': {
      const name = nameOf(e.combatantId)
      const at = e.at === 'turnStart' ? 'start' : 'end'
      return e.round !== undefined && e.round > round
        ? { key: `board.duration.${at}InRound`, params: { name, round: e.round } }
        : { key: `board.duration.${at}`, params: { name } }
    }
    default:
      return null
  }
}
