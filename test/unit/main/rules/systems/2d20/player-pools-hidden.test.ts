/**
 * Issue 27: the pools players see (the 2d20 `playerPools`, shown on the TV and in the GM's preview of it) counted the
 * saved Momentum of a hidden combatant, so a hidden ally's test changed the Party Momentum on the TV and gave away
 * that someone hidden is there. Players' figures come only from what players may see (J1: the Party Momentum is the
 * PCs' and allies' saved Momentum summed, here of the visible ones).
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState } from '@shared/domain/encounter'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'
import { getSystem } from '../../../../../../src-main/rules/index'
import { sampleInput } from '../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import { toGmView } from '../../../../../../src-main/projections/to-gm-view'
import { toPlayerView } from '../../../../../../src-main/projections/to-player-view'

const sys = (() => {
  const s = getSystem('2d20')
  if (!s.ok) throw new Error(s.error.message)
  return s.value
})()
const test = (id: string, attributes: string[]) => ({ type: 'test', combatantId: id, attributes, difficulty: 1, dice: [1, 1] })
const log = { length: 0, at: () => undefined, slice: () => [] } as never

/** John Carter and Woola (an ally) each save Momentum from a test; then the GM hides `hide` */
function fought(hide: string[]): EncounterState {
  const combatants = [
    { id: 'jc', statBlock: sampleInput('johnCarter') },
    { id: 'woola', side: 'allies', statBlock: sampleInput('woola') },
    { id: 'ape', statBlock: sampleInput('whiteApe') },
  ]
  const r = resolveScenario({ system: '2d20', combatants, commands: [test('jc', ['might', 'daring']), test('woola', ['might', 'daring']), { type: 'playerDisplay', showThreat: true }] }, { defaultSeed: 'x' })
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.field})`)
  return { ...r.value.state, combatants: r.value.state.combatants.map((c) => (hide.includes(c.id) ? { ...c, hidden: true } : c)) }
}
const saved = (s: EncounterState, id: string) => (s.combatants.find((c) => c.id === id)!.state as { momentum: number }).momentum

describe('2d20 player pools count only what players see (issue 27, J1)', () => {
  it('a hidden ally\'s saved Momentum is not in the Party Momentum the TV and the GM\'s preview show', () => {
    const open = fought([])
    const hidden = fought(['woola'])
    expect(saved(hidden, 'woola')).toBeGreaterThan(0)
    // visible, the ally counts (J1); hidden, the TV's figure is the same as if it were not there at all
    expect(sys.playerPools!(open).momentum).toBe(saved(open, 'jc') + saved(open, 'woola'))
    expect(sys.playerPools!(hidden).momentum).toBe(saved(hidden, 'jc'))
    const player = toPlayerView({ campaignName: 'Mars', systemId: '2d20', state: hidden, system: sys })
    const gm = toGmView({ state: hidden, records: [], log, systemId: '2d20', campaignId: 'c', sessionId: 's', shownToPlayers: true })
    expect(player.encounter!.pools!.momentum).toBe(saved(hidden, 'jc'))
    expect(gm.playerPools).toEqual(player.encounter!.pools)
    // the GM's own figures still count everything: the hidden ally keeps its Momentum in the state
    expect(gm.encounter.combatants.find((c) => c.id === 'woola')).toBeDefined()
  })
})
