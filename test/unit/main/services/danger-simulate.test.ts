import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CampaignFile } from '@shared/domain/campaign'
import type { EncounterState } from '@shared/domain/encounter'
import { getSystem, listSystems, validateCommand } from '../../../../src-main/rules/index'
import { seededRng } from '../../../../src-main/rules/core/rng'
import { fight, prepareFight, simulateOnce } from '../../../../src-main/services/danger-simulate'
import { launchCommands } from '../../../../src-main/services/plan-commands'

// Issue 13: the danger check's fights take the engine's trusted `step` (no zod parse per command, no GM-only
// marks, the batch's state kept) and share one set-up state. These tests pin what that relies on.
const sample = (id: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'resources', 'campaigns', `sample-${id}`, 'campaign.json'), 'utf8')) as CampaignFile

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

describe('prepareFight', () => {
  it('refuses a plan command that fails its schema, naming the entry (the edge validates once)', () => {
    const sys = getSystem('saga')
    if (!sys.ok) throw new Error(sys.error.message)
    const r = prepareFight(sys.value, [{ type: 'addCombatant', statBlock: { name: 'X' }, count: 0 } as never])
    expect(!r.ok && r.error.field).toBe('entries.0')
  })
})
