import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand } from '../../../../../../src-shared/domain/encounter'
import { createEngine } from '../../../../../../src-main/rules/kit/engine'
import { starchasersSystem } from '../../../../../../src-main/rules/systems/starchasers'
import { hanSolo, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import { fixedRng } from './fixed-rng'
import { fightOf, now, run } from './play'

const keys = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)!.conditions.map((c) => c.key)

const fight = () => fightOf({ han: hanSolo, trooper: stormtrooper }, { han: 5, trooper: 3 })

describe('Starchasers Critical Strike statuses (issue 27, defect 12)', () => {
  it('Critical Strike statuses last "until it is cleared or the Combat ends" (000:184): ending the encounter ends them', () => {
    let s = fight()
    // the statuses a Critical Strike's d8 gives (000:184, the status table), on the trooper
    s = run(s, { type: 'addCondition', combatantId: 'trooper', key: 'starchasers.dazed' }).state
    s = run(s, { type: 'addCondition', combatantId: 'trooper', key: 'starchasers.stunned' }).state
    s = run(s, { type: 'addCondition', combatantId: 'han', key: 'starchasers.weakened' }).state
    const r = run(s, { type: 'endEncounter' })
    expect(keys(r.state, 'trooper')).not.toContain('starchasers.dazed')
    expect(keys(r.state, 'trooper')).not.toContain('starchasers.stunned')
    expect(keys(r.state, 'han')).not.toContain('starchasers.weakened')
    expect(r.state.turn.phase).toBe('ended')
    // each ending is logged, before the encounter's end
    const ended = r.events.filter((e) => e.type === 'core.conditionEnded').map((e) => String(e.key))
    expect(ended.sort()).toEqual(['starchasers.dazed', 'starchasers.stunned', 'starchasers.weakened'])
    expect(r.events.at(-1)?.type).toBe('core.encounterEnded')
  })
  it('000:184: the step is still named "the encounter ends" for undo, and undoing it brings the statuses back', () => {
    const engine = createEngine(starchasersSystem)
    const log = engine.createEncounter({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' }, now)
    if (!log.ok) throw new Error(log.error.message)
    let records = log.value.records
    let state = engine.replay(records)
    const cmds: EngineCommand[] = [
      { type: 'addCombatant', statBlock: hanSolo, id: 'han' }, { type: 'addCombatant', statBlock: stormtrooper, id: 'trooper' },
      { type: 'setInitiative', combatantId: 'han', value: 5 }, { type: 'setInitiative', combatantId: 'trooper', value: 3 },
      { type: 'startCombat' }, { type: 'addCondition', combatantId: 'trooper', key: 'starchasers.dazed' }, { type: 'endEncounter' },
    ]
    for (const c of cmds) {
      const a = engine.applyCommand(records, state, c, { rng: fixedRng([1, 1, 1, 1, 1, 1]), now })
      if (!a.ok) throw new Error(a.error.message)
      records = a.value.records
      state = a.value.state
    }
    expect(keys(state, 'trooper')).not.toContain('starchasers.dazed')
    expect(engine.nextUndoLabel(records)?.key).toBe('log.core.encounterEnded')
    const u = engine.undo(records)
    if (!u.ok) throw new Error(u.error.message)
    const back = engine.replay(u.value.records)
    expect(keys(back, 'trooper')).toContain('starchasers.dazed')
    expect(back.turn.phase).toBe('combat')
  })
})
