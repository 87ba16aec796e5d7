import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand, EngineEvent } from '../../../../../../src-shared/domain/encounter'
import { createEngine, initialState } from '../../../../../../src-main/rules/kit/engine'
import { fixedRng } from '../../../../../../src-main/rules/kit/rng'
import { twoD20System } from '../../../../../../src-main/rules/systems/2d20'
import { johnCarter, thark } from './fixtures'

const engine = createEngine(twoD20System)
const ctx = { rng: fixedRng([]), now: '2026-01-01T00:00:00.000Z' }

function play(cmds: EngineCommand[]): { state: EncounterState; events: EngineEvent[] } {
  let state = initialState({ id: 'e', name: 'Helium', systemId: '2d20', seed: '1' })
  const events: EngineEvent[] = []
  for (const c of cmds) {
    const r = engine.decide(state, c, ctx)
    if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`)
    for (const e of r.value) state = engine.evolve(state, e)
    events.push(...r.value)
  }
  return { state, events }
}

describe('2d20 has no initiative roll (issue 27, defect 6)', () => {
  it('J7: starting the fight logs no "rolls initiative: 1000" (the count only keeps the order of each side)', () => {
    const { events } = play([
      { type: 'addCombatant', statBlock: johnCarter, id: 'jc' },
      { type: 'addCombatant', statBlock: thark, id: 'th' },
      { type: 'startCombat' },
    ])
    const lines = events.map((e) => engine.describe(e)).filter((x) => x !== null)
    expect(lines.map((l) => l.key)).not.toContain('log.core.initiativeRolled')
    // the turn order itself is logged: the fight starts with John Carter's turn (players first, J7)
    expect(lines).toContainEqual(expect.objectContaining({ key: 'log.core.nextTurn', params: expect.objectContaining({ name: 'John Carter' }) }))
    for (const l of lines) for (const v of Object.values(l.params ?? {})) expect(v).not.toBe(1000)
  })
  it('J7: a narrator character joining mid-fight takes its place without an initiative line', () => {
    const { events } = play([
      { type: 'addCombatant', statBlock: johnCarter, id: 'jc' },
      { type: 'addCombatant', statBlock: thark, id: 'th' },
      { type: 'startCombat' },
      { type: 'addCombatant', statBlock: { ...thark, name: 'Second warrior' }, id: 'th2' },
    ])
    const keys = events.map((e) => engine.describe(e)?.key)
    expect(keys).not.toContain('log.core.initiativeRolled')
    expect(keys).toContain('log.core.combatantAdded')
  })
})
