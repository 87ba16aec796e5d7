/** Exact odds of an `attack` or a `test` command before it is rolled (the probabilities: mechanics/probability.ts). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { refuse } from '../../kit/refuse'
import type { OddsResult } from '../../kit/system'
import { attackPair, damageTrack, defensePair } from './mechanics/combat'
import type { commandSchemas } from './commands'
import type { z } from 'zod'
import { chooseWeapon } from './mechanics/decide'
import { attackOdds, testOdds } from './mechanics/probability'
import { difficultyOf, testTarget } from './mechanics/roll'
import { fighterOf } from './mechanics/state'
import * as en from './i18n/en'

/** what the odds chart calls the figures (ui catalog): a test's success, complication and Momentum; an attack's win,
 *  affliction and damage (the stress before it splits over the tracks) */
const TEST_ODDS_LABELS = { hit: '2d20.odds.success', crit: '2d20.odds.complication', expected: '2d20.odds.expectedMomentum', dist: '2d20.odds.momentumDist' }
const ATTACK_ODDS_LABELS = { hit: '2d20.odds.win', crit: '2d20.odds.affliction', expected: '2d20.odds.expectedDamage', dist: '2d20.odds.damageDist' }

/** Exact odds of an `attack` or a `test` command before it is rolled; the command parsed once where main received it
 *  (the encounter service: issue 28), never parsed again here. */
export function twoD20Odds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  const find = (id: unknown, field: string): Result<Combatant> => {
    const c = state.combatants.find((x) => x.id === id)
    return c ? ok(c) : refuse('not-found', en.log, 'refusal.2d20.noCombatant', {}, { field })
  }
  if (command.type === 'test') {
    const cmd = command as z.output<typeof commandSchemas.test>
    const c = find(cmd.combatantId, 'combatantId')
    if (!c.ok) return c
    const f = fighterOf(c.value)
    const d = difficultyOf({ base: cmd.difficulty, pair: cmd.attributes, afflictions: f.afflictions, overcomeWeakness: cmd.overcomeWeakness, obstacle: cmd.obstacle, rangeSteps: cmd.rangeSteps })
    if (!d.ok) return d
    const assists = (cmd.assists ?? []).map((a) => state.combatants.find((x) => x.id === a.combatantId)).filter((x): x is Combatant => x !== undefined).map((x) => testTarget(fighterOf(x).attributes, cmd.attributes))
    const o = testOdds({ target: testTarget(f.attributes, cmd.attributes), difficulty: d.value.total, bought: cmd.bought, luckDice: cmd.luckDice, assists })
    return ok({ hit: o.success, crit: o.complication, damage: o.momentum, extra: { expectedSuccesses: o.expectedSuccesses, difficulty: d.value.total }, labels: TEST_ODDS_LABELS })
  }
  if (command.type !== 'attack') return refuse('invalid', en.log, 'refusal.2d20.oddsOnlyAttackTest', {}, { field: 'type' })
  const cmd = command as z.output<typeof commandSchemas.attack>
  const a = find(cmd.attackerId, 'attackerId')
  if (!a.ok) return a
  const t = find(cmd.targetId, 'targetId')
  if (!t.ok) return t
  const w = chooseWeapon(a.value, cmd.weapon, cmd.kind)
  if (!w.ok) return w
  const fa = fighterOf(a.value)
  const ft = fighterOf(t.value)
  const defendWith = cmd.defendWith ?? (ft.attributes.passion >= ft.attributes.might ? 'passion' : 'might')
  const aPair = attackPair(w.value.kind, cmd.insultWith)
  const dPair = defensePair(w.value.kind, defendWith)
  const ad = difficultyOf({ base: cmd.difficulty ?? 1, pair: aPair, afflictions: fa.afflictions, overcomeWeakness: cmd.attacker?.overcomeWeakness, obstacle: cmd.obstacle, rangeSteps: cmd.rangeSteps })
  if (!ad.ok) return ad
  const dd = difficultyOf({ base: cmd.defenseDifficulty ?? 1, pair: dPair, afflictions: ft.afflictions, overcomeWeakness: cmd.defender?.overcomeWeakness })
  if (!dd.ok) return dd
  const o = attackOdds({
    attacker: { target: testTarget(fa.attributes, aPair), difficulty: ad.value.total, bought: cmd.attacker?.bought, luckDice: cmd.attacker?.luckDice, isPc: fa.side === 'players' },
    defender: { target: testTarget(ft.attributes, dPair), difficulty: dd.value.total, bought: cmd.defender?.bought, luckDice: cmd.defender?.luckDice, isPc: ft.side === 'players' },
    narratorPaysForDraw: cmd.narratorPaysForDraw, rating: w.value.damage, qualities: w.value.qualities, track: damageTrack(w.value.kind, cmd.insultWith),
    extraDice: cmd.extraDice, target: { ...ft, menace: ft.menace },
  })
  const expected = (list: Array<{ value: number; p: number }>) => list.reduce((s, x) => s + x.value * x.p, 0)
  return ok({
    hit: o.win, crit: o.anyAffliction, damage: o.damage, labels: ATTACK_ODDS_LABELS,
    extra: { draw: o.draw, neither: o.neither, takenOut: o.takenOut, anyAffliction: o.anyAffliction, expectedInjury: expected(o.stress.injury), expectedFear: expected(o.stress.fear), expectedConfusion: expected(o.stress.confusion) },
  })
}
