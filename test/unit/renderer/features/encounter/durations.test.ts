/** Condition durations on the card (issue 10), counted like the engine ends them (W7). */
import { describe, expect, it } from 'vitest'
import { durationOf } from '@renderer/features/encounter/durations'

const names = (id: string) => ({ kira: 'Kira' })[id] ?? id

describe('condition durations', () => {
  it('W7: 3 rounds applied in round 2 → 3 left in round 2, 2 left in round 3, ends in round 5', () => {
    const c = { ends: { at: 'rounds' as const, rounds: 3 }, appliedRound: 2 }
    expect(durationOf(c, 2, names)).toEqual({ key: 'board.duration.rounds', params: { n: 3 } })
    expect(durationOf(c, 3, names)).toEqual({ key: 'board.duration.rounds', params: { n: 2 } })
    expect(durationOf(c, 5, names)).toEqual({ key: 'board.duration.thisRound', params: {} })
  })
  it('until the end (or start) of someone’s next turn, by name; a later round is named', () => {
    expect(durationOf({ ends: { at: 'turnEnd', combatantId: 'kira' }, appliedRound: 1 }, 1, names)).toEqual({ key: 'board.duration.end', params: { name: 'Kira' } })
    expect(durationOf({ ends: { at: 'turnStart', combatantId: 'kira', round: 4 }, appliedRound: 1 }, 2, names)).toEqual({ key: 'board.duration.startInRound', params: { name: 'Kira', round: 4 } })
  })
  it('until removed: no text', () => {
    expect(durationOf({ ends: { at: 'manual' }, appliedRound: 1 }, 1, names)).toBeNull()
  })
})
