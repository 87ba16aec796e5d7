/**
 * Issue 12 (odds panel): the generic odds panel labels a roll's outcomes by what the roll is. A Storyteller social
 * roll (T7: net successes over the Mental DV give a degree of effect) shows the chance of an effect and a total
 * effect, never "Critical hit"; a Storyteller attack (004 has no critical hits) shows no critical figure at all.
 */
import { describe, expect, it } from 'vitest'
import OddsView from '@renderer/features/dice/OddsView.vue'
import { mountWithSystems } from '../../support/mount'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import { createEngine, initialState } from '../../../../../src-main/rules/kit/engine'
import { fixedRng, type Rng } from '../../../../../src-main/rules/kit/rng'
import { storytellerSystem } from '../../../../../src-main/rules/systems/storyteller'
import { kaelVorn, stormtrooper } from '../../../../../src-main/rules/systems/storyteller/samples/stat-blocks'

const engine = createEngine(storytellerSystem)
const noRng: Rng = { int: () => { throw new Error('no rng expected') } }
function run(s: EncounterState, cmd: EngineCommand, rng: Rng = noRng) {
  const r = engine.decide(s, cmd, { rng, now: '2026-01-01T00:00:00.000Z' })
  if (!r.ok) throw new Error(r.error.message)
  return { state: r.value.reduce((x, e) => engine.evolve(x, e), s) }
}
function fight() {
  let s = initialState({ id: 'e1', name: 'Docking bay', systemId: 'storyteller', seed: '1' })
  s = run(s, { type: 'addCombatant', statBlock: kaelVorn, id: 'kael' }).state
  s = run(s, { type: 'addCombatant', statBlock: stormtrooper, id: 'trooper' }).state
  return run(s, { type: 'startCombat' }, fixedRng([7, 8, 9, 10, 2, 7, 1, 2, 3])).state
}
function odds(command: Record<string, unknown>) {
  const o = storytellerSystem.odds!(fight(), command as never)
  if (!o.ok) throw new Error(o.error.message)
  return o.value
}

describe('odds panel labels (issue 12)', () => {
  for (const [lang, effect, total, none] of [['en', 'Chance of an effect', 'Total effect', 'Critical'], ['pl', 'Szansa na efekt', 'Pełny efekt', 'Krytyczn']] as const) {
    it(`T7 social roll (${lang}): "${effect}" and "${total}", no "${none}…" and no damage words`, async () => {
      const o = odds({ type: 'social', actorId: 'kael', targetId: 'trooper', roll: 'presence' })
      const { wrapper } = await mountWithSystems(OddsView, ['storyteller'], () => ({ props: { odds: o, systemId: 'storyteller' }, locale: lang }))
      const box = (id: string) => wrapper.find(`[data-testid="${id}"]`).element.parentElement!
      expect(box('odds-hit').textContent).toContain(effect)
      expect(box('odds-crit').textContent).toContain(total)
      expect(box('odds-hit').getAttribute('title')).toMatch(lang === 'en' ? /Mental DV/ : /umysłową ST/)
      expect(wrapper.text()).not.toContain(none)
      expect(wrapper.text()).not.toMatch(lang === 'en' ? /damage/i : /obrażen/i)
    })
  }
  it('004 attack: no critical figure (labels.crit null), the botch still shown', async () => {
    const o = odds({ type: 'attack', attackerId: 'kael', targetId: 'trooper' })
    const { wrapper } = await mountWithSystems(OddsView, ['storyteller'], () => ({ props: { odds: o, systemId: 'storyteller' } }))
    expect(wrapper.find('[data-testid="odds-crit"]').exists()).toBe(false)
    expect(wrapper.text()).not.toContain('Critical')
    expect(wrapper.find('[data-testid="odds-extra-botch"]').element.parentElement!.textContent).toContain('Botch')
  })
})

// issue 28: moved here from the board's results test (EncounterBoard.results.test.ts), the file of its source
describe('odds panel words (Starchasers)', () => {
  it('says which "critical" is which, and shows the average damage once', async () => {
    const odds = { hit: 0.6, crit: 0.44, damage: [{ value: 0, p: 0.4 }, { value: 2, p: 0.6 }], extra: { criticalStrike: 0.001, expectedDamage: 1.2, dropToZero: 0.1 } }
    const { wrapper } = await mountWithSystems(OddsView, ['starchasers'], () => ({ props: { odds, systemId: 'starchasers' } }))
    const box = (id: string) => wrapper.find(`[data-testid="${id}"]`).element.parentElement!
    expect(box('odds-crit').textContent).toContain('A Crit gets through')
    expect(box('odds-crit').getAttribute('title')).toMatch(/Not yet a Critical Strike/)
    expect(box('odds-extra-criticalStrike').textContent).toContain('Critical Strike (status)')
    expect(box('odds-extra-criticalStrike').getAttribute('title')).toMatch(/Toughness \+ Resistance/)
    expect(wrapper.text().match(/Average damage/g)).toHaveLength(1)
    expect(wrapper.find('[data-testid="odds-extra-expectedDamage"]').exists()).toBe(false)
  })
})
