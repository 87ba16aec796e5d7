/**
 * Issue 27, defect 3: the console's pools and the player display's come from one function in main. The GM view
 * carries the figures the player view shows (`playerPools`), so no screen sums a pool of its own.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState } from '@shared/domain/encounter'
import { resolveScenario } from '../../../../src-main/cli/scenario'
import { getSystem } from '../../../../src-main/rules/index'
import { sampleInput } from '../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import { toGmView } from '../../../../src-main/projections/to-gm-view'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'

function fought(commands: unknown[]): EncounterState {
  const combatants = [
    { id: 'jc', statBlock: sampleInput('johnCarter') },
    { id: 'dejah', statBlock: sampleInput('dejahThoris') },
    { id: 'woola', side: 'allies', statBlock: sampleInput('woola') },
    { id: 'ape', statBlock: sampleInput('whiteApe') },
  ]
  const r = resolveScenario({ system: '2d20', combatants, commands }, { defaultSeed: 'x' })
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.field})`)
  return r.value.state
}
const test = (id: string, attributes: string[]) => ({ type: 'test', combatantId: id, attributes, difficulty: 1, dice: [1, 1] })
const log = { length: 0, at: () => undefined, slice: () => [] } as never

describe('the GM view carries the pools the player display shows (issue 27 defect 3, J1)', () => {
  it('the Party Momentum of the GM view and the player view agree, an ally’s saved Momentum counted in both', () => {
    const sys = getSystem('2d20')
    if (!sys.ok) throw new Error('no 2d20')
    const state = fought([test('dejah', ['empathy', 'reason']), test('jc', ['might', 'daring']), test('woola', ['might', 'daring']), { type: 'playerDisplay', showThreat: true }, { type: 'adjustPool', pool: 'threat', delta: 3 }])
    const woola = (state.combatants.find((c) => c.id === 'woola')!.state as { momentum: number }).momentum
    expect(woola).toBe(2)
    const gm = toGmView({ state, records: [], log, systemId: '2d20', campaignId: 'c', sessionId: 's', shownToPlayers: true })
    const player = toPlayerView({ campaignName: 'Mars', systemId: '2d20', state, system: sys.value })
    expect(gm.playerPools).toEqual(player.encounter!.pools)
    const pcs = state.combatants.filter((c) => c.side === 'party').reduce((a, c) => a + (c.state as { momentum: number }).momentum, 0)
    expect(gm.playerPools!.momentum).toBe(pcs + woola)
    expect(gm.playerPools!.threat).toBe(state.pools.threat)
  })
  it('a system that shows players no pool gives the GM view none', () => {
    const gm = toGmView({ state: { ...fought([]), systemId: 'saga', combatants: [] } as EncounterState, records: [], log, systemId: 'saga', campaignId: 'c', sessionId: 's', shownToPlayers: false })
    expect(gm.playerPools).toBeUndefined()
  })
})
