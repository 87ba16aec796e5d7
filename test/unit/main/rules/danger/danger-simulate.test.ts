import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import type { EncounterState } from '@shared/domain/encounter'
import { getSystem, listSystems, validateCommand } from '../../../../../src-main/rules/index'
import { seededRng } from '../../../../../src-main/rules/kit/rng'
import { fight, prepareFight, simulateOnce } from '../../../../../src-main/rules/danger/danger-simulate'
import { launchCommands } from '../../../../../src-main/rules/plan-commands'

// Issue 13: the danger check's fights take the engine's trusted `step` (no zod parse per command, no GM-only
// marks, the batch's state kept) and share one set-up state. These tests pin what that relies on.
const sample = (id: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'resources', 'campaigns', `sample-${id}`, 'campaign.json'), 'utf8')) as CampaignFile

function deepFreeze<T>(o: T): T {
  if (typeof o === 'object' && o !== null && !Object.isFrozen(o)) {
    Object.freeze(o)
    for (const v of Object.values(o)) deepFreeze(v)
  }
  return o
}

describe.each(listSystems())('the danger simulation in %s (issue 13)', (systemId) => {
  const file = sample(systemId)
  const sys = getSystem(systemId)
  if (!sys.ok) throw new Error(sys.error.message)
  const system = sys.value
  const plan = file.encounters[0]
  const setup = launchCommands(file, plan.id, system)
  if (!setup.ok) throw new Error(setup.error.message)

  it('builds attack commands that pass the IPC schema unchanged (so the trusted path may skip it)', () => {
    const p = prepareFight(system, setup.value, file.systemSettings)
    if (!p.ok || !p.value.start) throw new Error('no set-up state')
    const cs = p.value.start.combatants
    let checked = 0
    for (const a of cs) {
      for (const t of cs) {
        if (a === t) continue
        const cmd = system.dangerAttack(p.value.start, a, t)
        const v = validateCommand(system, cmd)
        expect(v.ok && v.value).toEqual(cmd)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(0)
  })

  it('never changes the shared set-up state: 30 fights from a deep-frozen one equal 30 fights each set up afresh', () => {
    const p = prepareFight(system, setup.value, file.systemSettings)
    if (!p.ok || !p.value.start) throw new Error('no set-up state')
    deepFreeze(p.value.start as EncounterState)
    const shared = seededRng('freeze')
    const fresh = seededRng('freeze')
    for (let i = 0; i < 30; i++) {
      const a = fight(p.value, shared)
      const b = simulateOnce(system, setup.value, fresh, file.systemSettings)
      expect(a).toEqual(b)
      expect(a.ok).toBe(true)
    }
  })
})

// Issue 13: a fight evolves its own copy of the start state in place (rules/kit/state.ts `inPlace`). The same rules
// must give the same fights as play's copying evolve, in every system: each sample plan, state by state, same seed.
describe.each(listSystems())('fights in place in %s', (systemId) => {
  const file = sample(systemId)
  const sys = getSystem(systemId)
  if (!sys.ok) throw new Error(sys.error.message)
  const system = sys.value
  it.each(file.encounters.map((p) => [p.name, p.id]))('%s: 100 fights in place pass through the same states as on copies', (_name, planId) => {
    const setup = launchCommands(file, planId, system)
    if (!setup.ok) throw new Error(setup.error.message)
    const p = prepareFight(system, setup.value, file.systemSettings)
    if (!p.ok) throw new Error(p.error.message)
    // every command's resulting state, as text when it was reached (an in-place state changes after)
    let trace: string[] = []
    const real = p.value.engine
    const engine: typeof real = {
      ...real,
      step(state, command, ctx, how) {
        const r = real.step(state, command, ctx, how)
        trace.push(r.ok ? JSON.stringify({ turn: r.value.turn, pools: r.value.pools, system: r.value.system, combatants: r.value.combatants }) : `refused: ${r.error.message}`)
        return r
      },
    }
    const prepared = { ...p.value, engine }
    const a = seededRng(`same ${planId}`)
    const b = seededRng(`same ${planId}`)
    const fights = new Set<string>()
    for (let i = 0; i < 100; i++) {
      trace = []
      const inPlace = fight(prepared, a)
      const inPlaceTrace = trace
      trace = []
      expect(inPlace).toEqual(fight(prepared, b, { inPlace: false }))
      expect(inPlaceTrace).toEqual(trace)
      fights.add(trace.join('\n'))
    }
    // the fights differ from one another (not 100 copies of one fight)
    expect(fights.size).toBeGreaterThan(50)
  })
})

describe('a fight whose command is refused after changing its state in place', () => {
  it('is fought again on copies with the same dice, so it ends as on copies', () => {
    const file = sample('saga')
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const setup = launchCommands(file, file.encounters[0].id, sys.value)
    if (!setup.ok) throw new Error(setup.error.message)
    const p = prepareFight(sys.value, setup.value)
    if (!p.ok) throw new Error(p.error.message)
    // a rule that refuses the second round's first next turn after its events: in place, the turn has already moved
    const real = p.value.engine
    let spoiled = 0
    const engine: typeof real = {
      ...real,
      step(state, command, ctx, how) {
        const refuses = command.type === 'nextTurn' && state.turn.round === 2 && state.turn.index === 0
        if (!refuses) return real.step(state, command, ctx, how)
        if (how?.inPlace) {
          real.step(state, command, ctx, how)
          how.spoiled = true
          spoiled++
        }
        return { ok: false, error: { code: 'rule', message: 'refused for the test' } }
      },
    }
    const prepared = { ...p.value, engine }
    const a = seededRng('refused')
    const b = seededRng('refused')
    for (let i = 0; i < 100; i++) expect(fight(prepared, a)).toEqual(fight(prepared, b, { inPlace: false }))
    expect(spoiled).toBeGreaterThan(50)
  })
})

describe('prepareFight', () => {
  it('refuses a plan command that fails its schema, naming the entry (the edge validates once)', () => {
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const r = prepareFight(sys.value, [{ type: 'addCombatant', statBlock: { name: 'X' }, count: 0 } as never])
    expect(!r.ok && r.error.field).toBe('entries.0')
  })
})
