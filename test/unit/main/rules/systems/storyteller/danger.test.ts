import { describe, expect, it } from 'vitest'
import { seededRng } from '../../../../../../src-main/rules/kit/rng'
import { simulateOnce } from '../../../../../../src-main/services/danger/danger-service'
import { storytellerSystem } from '../../../../../../src-main/rules/systems/storyteller'
import { kaelVorn, stormtrooper } from '../../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'

describe('the danger check plays Storyteller fights', () => {
  it('Kael against two stormtroopers: every run is decided (attacks on the wheel until one side is Incapacitated)', () => {
    const setup = [
      { type: 'addCombatant', statBlock: kaelVorn, id: 'kael', side: 'party' },
      { type: 'addCombatant', statBlock: stormtrooper, id: 'st', count: 2, side: 'enemies' },
    ]
    const outcomes = Array.from({ length: 20 }, (_, i) => simulateOnce(storytellerSystem, setup, seededRng(`run-${i}`)))
    for (const o of outcomes) expect(o.ok && o.value.decided).toBe(true)
    const won = outcomes.filter((o) => o.ok && o.value.partyWon).length
    expect(won).toBeGreaterThan(0)
  })
})
