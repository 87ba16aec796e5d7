/** The danger check plays 2d20 fights (issue 11): default attacks through the real engine until one side is out. */
import { describe, expect, it } from 'vitest'
import type { EngineCommand } from '../../../../../../src-shared/domain/encounter'
import { simulateOnce } from '../../../../../../src-main/services/danger/danger-service'
import { seededRng } from '../../../../../../src-main/rules/kit/rng'
import { getSystem } from '../../../../../../src-main/rules/index'
import { sampleInput } from '../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'

const sys = getSystem('2d20')
if (!sys.ok) throw new Error('2d20 is not registered')
const setup: EngineCommand[] = [
  { type: 'addCombatant', id: 'jc', statBlock: sampleInput('johnCarter') as Record<string, unknown> },
  { type: 'addCombatant', id: 'dejah', statBlock: sampleInput('dejahThoris') as Record<string, unknown> },
  { type: 'addCombatant', id: 'thark', count: 3, statBlock: sampleInput('tharkWarrior') as Record<string, unknown> },
  { type: 'addCombatant', id: 'ape', statBlock: sampleInput('whiteApe') as Record<string, unknown> },
]

describe('danger check with 2d20', () => {
  it('fights end with a side out (minions dispatched, the monster past its Menace, PCs blacked out) and both sides can win', () => {
    const rng = seededRng('danger-2d20')
    const runs = Array.from({ length: 30 }, () => {
      const r = simulateOnce(sys.value, setup, rng)
      if (!r.ok) throw new Error(r.error.message)
      return r.value
    })
    expect(runs.filter((r) => r.decided).length).toBeGreaterThanOrEqual(25)
    const wins = runs.filter((r) => r.partyWon).length
    expect(wins).toBeGreaterThan(0)
    expect(wins).toBeLessThan(30)
  })
  it('the default attack uses the first weapon; isOut follows 002:176', () => {
    const r = simulateOnce(sys.value, setup, seededRng(3))
    expect(r.ok).toBe(true)
    expect(sys.value.dangerAttack({} as never, { id: 'a', stats: sampleInput('whiteApe') } as never, { id: 'b' } as never)).toEqual({ type: 'attack', attackerId: 'a', targetId: 'b', weapon: 'Four fists' })
  })
})
