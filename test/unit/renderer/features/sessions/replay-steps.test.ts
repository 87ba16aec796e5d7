// issue 28: moved here from the Sessions screen's test (features/sessions/SessionsView.test.ts), the file of its source
import { describe, expect, it } from 'vitest'
import { nextTurnStep, prevTurnStep, turnAt } from '@renderer/features/sessions/replay-steps'

describe('replay steps (pure)', () => {
  // turns begin after steps 1, 3 and 6 of 8
  const turns = [1, 3, 6]
  it('jumps to the next / previous turn boundary', () => {
    expect([0, 1, 2, 3, 6, 7].map((a) => nextTurnStep(turns, a, 8))).toEqual([1, 3, 3, 6, 8, 8])
    expect([0, 1, 2, 3, 7, 8].map((a) => prevTurnStep(turns, a))).toEqual([0, 0, 1, 1, 6, 6])
    expect([0, 1, 2, 5, 6, 8].map((a) => turnAt(turns, a))).toEqual([0, 1, 1, 2, 3, 3])
  })
})
