import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState, Side } from '@shared/domain/encounter'
import { toPlayerView } from '../../../../src-main/projections/to-player-view'
import { sagaSystem } from '../../../../src-main/rules/systems/saga'
import { scanPlayerPayload } from './scan'

const SIDE_LIST: Side[] = ['party', 'allies', 'enemies', 'neutral']
const MODES = ['exact', 'descriptor', 'hidden'] as const

const spec = fc.record({
  side: fc.constantFrom(...SIDE_LIST),
  hidden: fc.boolean(),
  damage: fc.nat({ max: 400 }),
  gmOnlyCondition: fc.boolean(),
})

/** property: whatever the board holds, the player payload never carries what must stay in main (DESIGN §5) */
describe('player view redaction, property-based over random Saga boards', () => {
  it('never leaks hidden names, notes, gmOnly conditions, or numbers of sides not shown exactly', () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 8 }), fc.record({ party: fc.constantFrom(...MODES), allies: fc.constantFrom(...MODES), enemies: fc.constantFrom(...MODES), neutral: fc.constantFrom(...MODES) }), fc.nat({ max: 7 }), (specs, display, idx) => {
        const combatants: Combatant[] = specs.map((s, i) => {
          // distinctive numbers per combatant so a leak cannot hide behind a coincidence
          const maxHp = 5000 + i * 1000
          const made = sagaSystem.createCombatant({ name: `Name${i}`, kind: 'nonheroic', hp: maxHp })
          if (!made.ok) throw new Error(made.error.message)
          const hp = Math.max(0, maxHp - s.damage)
          return {
            id: `c${i}`,
            name: s.hidden ? `Secret${i}Zq` : `Name${i}`,
            side: s.side,
            role: s.side === 'party' ? 'pc' : 'npc',
            hidden: s.hidden,
            aware: true,
            notes: `GMNOTE${i}`,
            stats: made.value.stats,
            state: { ...made.value.state, hp, maxHp },
            conditions: s.gmOnlyCondition ? [{ id: `k${i}`, key: `saga.secretMark${i}`, gmOnly: true, ends: { at: 'manual' }, appliedRound: 1 }] : [],
            initiative: { value: 10 + i, modifier: 0, readied: `TRIGGER${i}` },
          }
        })
        const state: EncounterState = {
          id: 'e',
          name: 'Board',
          systemId: 'saga',
          seed: 'SEEDSECRET',
          combatants,
          turn: { phase: 'combat', round: 1, order: combatants.map((c) => c.id), index: idx % combatants.length },
          pools: {},
          system: {},
          display,
        }
        const view = toPlayerView({ campaignName: 'C', systemId: 'saga', state, system: sagaSystem })
        const strings = ['GMNOTE', 'TRIGGER', 'SEEDSECRET', 'secretMark', ...combatants.filter((c) => c.hidden).map((c) => c.name)]
        const numbers = combatants.flatMap((c) => (c.hidden || display[c.side] !== 'exact' ? [Number(c.state.hp), Number(c.state.maxHp)] : []))
        expect(scanPlayerPayload(view, { strings, numbers })).toEqual([])
        expect(view.encounter!.order.map((c) => c.id)).toEqual(combatants.filter((c) => !c.hidden).map((c) => c.id))
      }),
      { numRuns: 200 },
    )
  })
})
