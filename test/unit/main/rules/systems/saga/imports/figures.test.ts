/**
 * Issue 30: the values the library and `gmc import` show of a Saga stat block equal those of the rules engine the
 * board uses: each sample stat block (samples/campaign.ts) is added to a real encounter through the engine
 * (createEncounter + addCombatant), and its figures are held against that combatant's card values (sagaDerived),
 * HP, initiative modifier, and each weapon's attack bonus and damage bonus (mechanics/rules.ts). Failed before:
 * sagaFigures did not exist.
 */
import { describe, expect, it } from 'vitest'
import { sagaFigures, damageText } from '../../../../../../../src-main/rules/systems/saga/imports/figures'
import { sagaSample } from '../../../../../../../src-main/rules/systems/saga/samples/campaign'
import { sagaDerived } from '../../../../../../../src-main/rules/systems/saga/ui/derived'
import { attackBonus, damageBonus } from '../../../../../../../src-main/rules/systems/saga/mechanics/rules'
import { sagaState, sagaStats } from '../../../../../../../src-main/rules/systems/saga/mechanics/state'
import { encounter, who } from '../helpers'

const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`)
const byLabel = (figs: ReturnType<typeof sagaFigures>) => Object.fromEntries(figs.map((f) => [f.label, f.value]))

describe('Saga figures = the engine’s values (issue 30)', () => {
  for (const sample of sagaSample.library) {
    it(`${sample.name}: defenses, HP, threshold, initiative, speed and every attack as the board has them`, () => {
      const log = encounter([{ id: 'c', ...sample.data }])
      const c = who(log, 'c')
      const figs = byLabel(sagaFigures(sample.data))
      // the card's values of the live combatant (ui/derived.ts: combatantSummary)
      for (const v of sagaDerived(log.state, c)) expect(figs[v.label], v.label).toBe(String(v.value))
      expect(figs['saga.hp']).toBe(String(sagaState(c).maxHp))
      expect(figs['saga.initiative']).toBe(signed(c.initiative.modifier))
      for (const w of sagaStats(c).weapons) {
        const atk = attackBonus(log.state, c, null, w).total
        const dmg = damageBonus(c, w).total
        expect(figs[w.name], w.name).toBe(`${signed(atk)} (${damageText(w.damage, dmg)})`)
      }
      expect(sagaFigures(sample.data).filter((f) => f.literal)).toHaveLength(sagaStats(c).weapons.length)
    })
  }

  it('worked examples from the sample comments (001 Defenses, Damage Threshold): Tira Ref 18 / Fort 15 / Will 15, Dax DT 17 + 5 = 22, the droid R4 Fort 9 from Str', () => {
    const lib = Object.fromEntries(sagaSample.library.map((s) => [s.name, byLabel(sagaFigures(s.data))]))
    expect(lib['Tira Vos']).toMatchObject({ 'saga.reflex': '18', 'saga.fortitude': '15', 'saga.will': '15', 'saga.threshold': '15', 'saga.initiative': '+9' })
    expect(lib['Dax Orrin']['saga.threshold']).toBe('22')
    expect(lib['R4-K7']).toMatchObject({ 'saga.fortitude': '9', 'saga.reflex': '14', 'saga.speed': '4' })
    // Tira: BAB 2 + Dex 3 with a blaster pistol (3d6, ½ heroic level 1); the vibrodagger with Str 0
    expect(lib['Tira Vos']['Blaster pistol']).toBe('+5 (3d6+1)')
    expect(lib['Tira Vos'].Vibrodagger).toBe('+2 (2d4+1)')
  })

  it('damage text: constants summed, negative shown with a minus sign; a stat block that fails the schema has no figures', () => {
    expect(damageText('3d8', 2)).toBe('3d8+2')
    expect(damageText('2d6+1', 1)).toBe('2d6+2')
    expect(damageText('1d4', -1)).toBe('1d4−1')
    expect(damageText('2d6+1', -1)).toBe('2d6')
    expect(sagaFigures({ name: 'No HP' })).toEqual([])
  })
})
