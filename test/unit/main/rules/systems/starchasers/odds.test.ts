/**
 * The odds count the defender's armor / shield qualities that change the damage (000:869 Fortifying, 000:871
 * Reflective) and Focus as Evades (000:870 Protective, 000:731 Defensive). Default faces (S1): attack 1-3 Hit,
 * 4 Crit, 5-6 Focus, 7-8 Blank; defense 1-3 Evade, 4-5 Focus, 6-8 Blank.
 */
import { describe, expect, it } from 'vitest'
import type { EncounterState, EngineCommand } from '../../../../../../src-shared/domain/encounter'
import { decide, evolve, initialState } from '../../../../../../src-main/rules/index'
import { attackOdds } from '../../../../../../src-main/rules/systems/starchasers/mechanics/probability'
import { resolveAttack } from '../../../../../../src-main/rules/systems/starchasers/mechanics/attack'
import { DEFAULT_FACES, DiceSource } from '../../../../../../src-main/rules/systems/starchasers/mechanics/dice'
import { starchasersSystem } from '../../../../../../src-main/rules/systems/starchasers/index'
import { hanSolo, stormtrooper } from '../../../../../../src-main/rules/systems/starchasers/samples/stat-blocks'
import type { StatBlock } from '../../../../../../src-main/rules/systems/starchasers/schema'
import { fixedRng, noRng } from './fixed-rng'

type Q = { reflective?: number; fortifying?: number; focusAsEvades?: number; critThreshold: number }

/** every face of every die through resolveAttack (the d8 of a Critical Strike answered with 1) */
function bruteForce(n: number, m: number, q: Q) {
  const combos = (k: number, size: number): number[][] => (k === 0 ? [[]] : combos(k - 1, size).flatMap((c) => Array.from({ length: size }, (_, i) => [...c, i + 1])))
  let success = 0, crit = 0, expected = 0, total = 0
  for (const a of combos(n, DEFAULT_FACES.attack.length)) for (const d of combos(m, DEFAULT_FACES.defense.length)) {
    const r = resolveAttack({ pool: n, qualities: {}, defense: { kind: 'dodge', dice: m, focusAsEvades: q.focusAsEvades, armorQualities: { reflective: q.reflective, fortifying: q.fortifying } }, critThreshold: q.critThreshold, resistance: 99 }, new DiceSource(noRng, [...a, ...d, 1]))
    if (!r.ok) throw new Error(r.error.message)
    total++
    if (r.value.success) success++
    if (r.value.criticalStrike) crit++
    expected += r.value.damage
  }
  return { success: success / total, criticalStrike: crit / total, expectedDamage: expected / total }
}

describe('odds with the defender\'s armor qualities', () => {
  it('000:871 Reflective(1), 1 die vs 1 die by hand: a defense Focus turns back a lone Hit, not a Crit', () => {
    const plain = attackOdds({ attackDice: 1, defenseDice: 1, critThreshold: 5 })
    const refl = attackOdds({ attackDice: 1, defenseDice: 1, critThreshold: 5, reflective: 1 })
    // Hit (3/8) gets through on Focus or Blank (5/8) without it, only on Blank (3/8) with it; Crit (1/8) on 5/8 both
    expect(plain.success).toBeCloseTo(15 / 64 + 5 / 64, 12)
    expect(refl.success).toBeCloseTo(9 / 64 + 5 / 64, 12)
    expect(refl.expectedDamage).toBeCloseTo(9 / 64 + (5 / 64) * 2, 12)
  })
  it('000:869 Fortifying(1), 1 die vs 1 die: a lone Crit over T+R 0 is a Critical Strike unless a Focus fortifies', () => {
    expect(attackOdds({ attackDice: 1, defenseDice: 1, critThreshold: 0 }).criticalStrike).toBeCloseTo(5 / 64, 12)
    expect(attackOdds({ attackDice: 1, defenseDice: 1, critThreshold: 0, fortifying: 1 }).criticalStrike).toBeCloseTo(3 / 64, 12)
  })
  it('matches brute force through resolveAttack: 3 dice vs 2 dice, Reflective 1, Fortifying 1, 1 Focus as an Evade', () => {
    const q: Q = { reflective: 1, fortifying: 1, focusAsEvades: 1, critThreshold: 0 }
    const exact = attackOdds({ attackDice: 3, defenseDice: 2, ...q })
    const brute = bruteForce(3, 2, q)
    expect(exact.success).toBeCloseTo(brute.success, 12)
    expect(exact.criticalStrike).toBeCloseTo(brute.criticalStrike, 12)
    expect(exact.expectedDamage).toBeCloseTo(brute.expectedDamage, 12)
  })
  it('the odds command reads the target\'s armor: a Reflective trooper lowers Han\'s expected damage', () => {
    const now = '2026-01-01T00:00:00.000Z'
    const game = (trooper: StatBlock): EncounterState => {
      let s = initialState({ id: 'e', name: 'E', systemId: 'starchasers', seed: '1' })
      const step = (cmd: EngineCommand, rng = noRng) => { const r = decide(s, cmd, { rng, now }); if (!r.ok) throw new Error(r.error.message); s = r.value.reduce(evolve, s) }
      step({ type: 'addCombatant', statBlock: hanSolo, id: 'han' })
      step({ type: 'addCombatant', statBlock: trooper, id: 'trooper' })
      step({ type: 'setInitiative', combatantId: 'han', value: 5 })
      step({ type: 'setInitiative', combatantId: 'trooper', value: 3 })
      step({ type: 'startCombat' }, fixedRng(Array(8).fill(1)))
      return s
    }
    const cmd = { type: 'attack', attackerId: 'han', targetId: 'trooper', band: 'medium' }
    const plain = starchasersSystem.odds!(game(stormtrooper), cmd)
    const refl = starchasersSystem.odds!(game({ ...stormtrooper, armor: { ...stormtrooper.armor!, qualities: { defensive: 1, reflective: 2 } } }), cmd)
    expect(plain.ok && refl.ok).toBe(true)
    if (!plain.ok || !refl.ok) return
    const e = (o: typeof plain.value) => Number(o.extra?.expectedDamage)
    expect(e(refl.value)).toBeLessThan(e(plain.value))
    expect(refl.value.damage.reduce((n, d) => n + d.p, 0)).toBeCloseTo(1, 9)
  })
})
