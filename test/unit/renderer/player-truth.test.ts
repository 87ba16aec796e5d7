/**
 * Issue 27, defect 3: one truth on every screen. The console's pools bar, its player preview and the player page
 * show the figures main derives from the one encounter state: no screen sums a pool of its own.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState } from '@shared/domain/encounter'
import PoolsPanel from '../../../src-renderer/systems/2d20/PoolsPanel.vue'
import PlayerPools from '../../../src-renderer/systems/2d20/PlayerPools.vue'
import { resolveScenario } from '../../../src-main/cli/scenario'
import { getSystem } from '../../../src-main/rules/index'
import { sampleInput } from '../../../src-main/rules/systems/2d20/samples'
import { toGmView } from '../../../src-main/projections/to-gm-view'
import { toPlayerView } from '../../../src-main/projections/to-player-view'
import { mountWithSystems } from './support/mount'

/** the 2d20 sample's fight: both PCs and Woola (an ally, Reason 2: J1 caps her saved Momentum at 2) save Momentum */
function fought(): EncounterState {
  const combatants = [
    { id: 'jc', statBlock: sampleInput('johnCarter') },
    { id: 'dejah', statBlock: sampleInput('dejahThoris') },
    { id: 'woola', side: 'allies', statBlock: sampleInput('woola') },
    { id: 'ape', statBlock: sampleInput('whiteApe') },
  ]
  const test = (id: string, attributes: string[]) => ({ type: 'test', combatantId: id, attributes, difficulty: 1, dice: [1, 1] })
  const r = resolveScenario({ system: '2d20', combatants, commands: [test('dejah', ['empathy', 'reason']), test('jc', ['might', 'daring']), test('woola', ['might', 'daring'])] }, { defaultSeed: 'x' })
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.field})`)
  return r.value.state
}

describe('2d20 Party Momentum is one figure on every screen (issue 27 defect 3, J1)', () => {
  it('the pools bar shows the Party Momentum the player display shows, an ally’s saved Momentum included', async () => {
    const state = fought()
    const sys = getSystem('2d20')
    if (!sys.ok) throw new Error('no 2d20')
    const woola = state.combatants.find((c) => c.id === 'woola')!.state as { momentum: number }
    expect(woola.momentum).toBeGreaterThan(0)
    const gm = toGmView({ state, records: [], log: { length: 0, at: () => undefined, slice: () => [] } as never, systemId: '2d20', campaignId: 'c', sessionId: 's', shownToPlayers: true })
    const player = toPlayerView({ campaignName: 'Mars', systemId: '2d20', state, system: sys.value })
    const shown = player.encounter!.pools!.momentum
    const console = await mountWithSystems(PoolsPanel, ['2d20'], () => ({ props: { view: gm } }))
    expect(console.wrapper.get('[data-testid="td-party-momentum-value"]').text()).toBe(String(shown))
    const tv = await mountWithSystems(PlayerPools, ['2d20'], () => ({ props: { encounter: player.encounter! } }))
    expect(tv.wrapper.get('[data-testid="player-td-momentum"]').text()).toContain(String(shown))
    // the GM sees whose Momentum makes up the figure: Woola's saved Momentum has its own place on the bar
    expect(console.wrapper.get('[data-testid="td-mom-value-woola"]').text()).toContain(String(woola.momentum))
  })
})
