/**
 * What the board and the player display need of the 2d20 engine: the GM's + and − on a character's Luck and saved
 * Momentum (`adjust`, J1 cap), and the pools players see (the party's Momentum; Threat only when the GM shows it,
 * src-main/rules/systems/2d20/README.md), through the real projection.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../../../../../src-shared/domain/encounter'
import { resolveScenario } from '../../../../../../src-main/cli/scenario'
import { getSystem } from '../../../../../../src-main/rules/index'
import { toPlayerView } from '../../../../../../src-main/projections/to-player-view'
import { sampleInput } from '../../../../../../src-main/rules/systems/2d20/samples/stat-blocks'
import type { TdState } from '../../../../../../src-main/rules/systems/2d20/mechanics/state'

const cast = [
  { id: 'jc', statBlock: sampleInput('johnCarter') },
  { id: 'dejah', statBlock: sampleInput('dejahThoris') },
  { id: 'ape', statBlock: sampleInput('whiteApe') },
  { id: 'thark', statBlock: sampleInput('tharkWarrior') },
  { id: 'sab', statBlock: sampleInput('sabThan') },
]
const run = (commands: unknown[]) => resolveScenario({ system: '2d20', combatants: cast, commands }, { defaultSeed: 'b' })
function play(commands: unknown[]): { state: EncounterState; log: string[] } {
  const r = run(commands)
  if (!r.ok) throw new Error(`${r.error.message} (${r.error.field})`)
  return { state: r.value.state, log: r.value.log.map((l) => l.text) }
}
function refused(commands: unknown[]) {
  const r = run(commands)
  if (r.ok) throw new Error('expected a refusal')
  return r.error
}
const st = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.state as unknown as TdState
const sys = () => {
  const s = getSystem('2d20')
  if (!s.ok) throw new Error('no 2d20')
  return s.value
}

describe('adjust: the GM’s + and − on Luck and saved Momentum', () => {
  it('002:92 Luck of a PC up and down, never below 0; J1 saved Momentum never above the lowest attribute', () => {
    // John Carter: Luck 3, Momentum 0, lowest attribute Daring 4 (J1 cap)
    const { state, log } = play([
      { type: 'adjust', combatantId: 'jc', pool: 'luck', delta: 1 },
      { type: 'adjust', combatantId: 'jc', pool: 'momentum', delta: 3 },
      { type: 'adjust', combatantId: 'jc', pool: 'momentum', delta: -1 },
    ])
    expect([st(state, 'jc').luck, st(state, 'jc').momentum]).toEqual([4, 2])
    expect(log).toEqual(expect.arrayContaining(["John Carter's Luck +1: 4", "John Carter's saved Momentum +3: 3", "John Carter's saved Momentum -1: 2"]))
    expect(refused([{ type: 'adjust', combatantId: 'jc', pool: 'luck', delta: -4 }])).toMatchObject({ code: 'rule', field: 'commands.0.delta' })
    expect(refused([{ type: 'adjust', combatantId: 'jc', pool: 'momentum', delta: 5 }])).toMatchObject({ code: 'rule', field: 'commands.0.delta' })
  })
  it('002:120 a villain holds Luck; a monster holds none and only PCs save Momentum (J1)', () => {
    expect(st(play([{ type: 'adjust', combatantId: 'sab', pool: 'luck', delta: 2 }]).state, 'sab').luck).toBe(2)
    expect(refused([{ type: 'adjust', combatantId: 'ape', pool: 'luck', delta: 1 }])).toMatchObject({ code: 'rule', field: 'commands.0.combatantId' })
    expect(refused([{ type: 'adjust', combatantId: 'thark', pool: 'momentum', delta: 1 }])).toMatchObject({ code: 'rule', field: 'commands.0.combatantId' })
  })
})

describe('the pools on the player display', () => {
  it('the party’s Momentum (J1: the PCs’ saved Momentum summed) always; Threat only after the GM shows it', () => {
    const before = play([
      { type: 'adjustPool', pool: 'threat', value: 5 },
      { type: 'adjust', combatantId: 'jc', pool: 'momentum', delta: 2 },
      { type: 'adjust', combatantId: 'dejah', pool: 'momentum', delta: 3 },
    ])
    const view = (s: EncounterState) => toPlayerView({ campaignName: 'c', systemId: '2d20', state: s, system: sys() }).encounter
    expect(view(before.state)?.pools).toEqual({ momentum: 5 })
    const shown = play([
      { type: 'adjustPool', pool: 'threat', value: 5 },
      { type: 'adjust', combatantId: 'jc', pool: 'momentum', delta: 2 },
      { type: 'playerDisplay', showThreat: true },
    ])
    expect(view(shown.state)?.pools).toEqual({ momentum: 2, threat: 5 })
    expect(shown.log).toContain('The players now see the Threat')
    const hidden = play([{ type: 'playerDisplay', showThreat: true }, { type: 'playerDisplay', showThreat: false }])
    expect(view(hidden.state)?.pools).toEqual({ momentum: 0 })
    // each PC's Luck travels in its own extra, never a narrator character's
    const jc = view(shown.state)?.order.find((c) => c.name === 'John Carter')
    expect(jc?.extra).toMatchObject({ luck: 3, momentum: 2 })
    expect(view(shown.state)?.order.find((c) => c.name === 'Sab Than')?.extra).toBeUndefined()
  })
  it('a system without playerPools adds no pools to the player view', () => {
    const { state } = play([{ type: 'adjustPool', pool: 'threat', value: 5 }])
    const noPools = { ...sys(), playerPools: undefined }
    expect(toPlayerView({ campaignName: 'c', systemId: '2d20', state, system: noPools }).encounter?.pools).toBeUndefined()
  })
})
