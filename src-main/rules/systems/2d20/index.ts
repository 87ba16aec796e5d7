/** 2d20 / John Carter of Mars (seed 002; defaults J1–J7): tests, conflict, stress and afflictions, the pools. */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { CoreEvent } from '../../kit/events'
import type { TwoD20Event } from './events'
import { err, ok, type AppError, type Result } from '@shared/result'
import { firstIssue } from '@shared/zod-issue'
import { refuse } from '../../kit/refuse'
import type { OddsResult, RuleSystem } from '../../kit/system'
import { combatantFromStatBlock, roleOfKind } from '../../kit/stat-block'
import { attackPair, damageTrack, defensePair } from './combat'
import { commandSchemas } from './commands'
import { chooseWeapon, twoD20Commands } from './decide'
import { j7Initiative } from './turn-order'
import { freshBudget } from './combat'
import { tdEvolve } from './evolve'
import { logEntry } from './log'
import { attackOdds, testOdds } from './odds'
import { difficultyOf, testTarget } from './roll'
import { statBlock } from './schema'
import { fighterOf, initialState } from './state'
import { playerPools, playerView } from './view'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { twoD20DangerAttack, twoD20IsOut } from './danger'
import { twoD20Facts } from './facts'
import { twoD20Card } from './ui/card'
import { twoD20Derived } from './ui/derived'
import { twoD20CommandHints } from './ui/hints'
import { twoD20Labels } from './ui/labels'
import { twoD20Result, twoD20ResultCatalog } from './ui/result'
import { twoD20Templates } from './ui/templates'

/**
 * No initiative roll in 2d20: the count only keeps each side's characters in the order they joined (players 1000,
 * 998, …; narrator characters 999, 997, …); the J7 strategy (turn-order.ts) alternates the sides.
 */
function rollInitiative(state: EncounterState, c: Combatant): Result<CoreEvent[]> {
  const players = (x: Combatant) => x.side === 'party' || x.side === 'allies'
  const mine = state.combatants.filter((x) => players(x) === players(c))
  const k = mine.findIndex((x) => x.id === c.id)
  return ok([{ type: 'core.initiativeSet', combatantId: c.id, name: c.name, value: (players(c) ? 1000 : 999) - 2 * Math.max(0, k), modifier: 0, dice: [] }])
}

/** A new turn: the character's action budget is fresh (002:3, 002:96). */
function onTurnStart(state: EncounterState, id: string): TwoD20Event[] {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) return []
  return [{ type: '2d20.budgetReset', combatantId: id, name: c.name, changes: [{ id, patch: { budget: freshBudget() } }] }]
}

/** what the odds chart calls the figures (ui catalog): a test's success, complication and Momentum; an attack's win,
 *  affliction and damage (the stress before it splits over the tracks) */
const TEST_ODDS_LABELS = { hit: '2d20.odds.success', crit: '2d20.odds.complication', expected: '2d20.odds.expectedMomentum', dist: '2d20.odds.momentumDist' }
const ATTACK_ODDS_LABELS = { hit: '2d20.odds.win', crit: '2d20.odds.affliction', expected: '2d20.odds.expectedDamage', dist: '2d20.odds.damageDist' }

/** a command of the wrong shape: its first issue, which the UI says from the field's label (issue 27) */
function badCommand(error: Parameters<typeof firstIssue>[0]): { ok: false; error: AppError } {
  const i = firstIssue(error)
  return err('invalid', i.message, i.field, { issue: i.issue })
}

/** Exact odds of an `attack` or a `test` command before it is rolled. */
function odds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  const find = (id: unknown, field: string): Result<Combatant> => {
    const c = state.combatants.find((x) => x.id === id)
    return c ? ok(c) : refuse('not-found', en.log, 'refusal.2d20.noCombatant', {}, { field })
  }
  if (command.type === 'test') {
    const p = commandSchemas.test.safeParse(command)
    if (!p.success) return badCommand(p.error)
    const cmd = p.data
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
  const p = commandSchemas.attack.safeParse(command)
  if (!p.success) return badCommand(p.error)
  const cmd = p.data
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

/** typed against its own events inside; the registry and callers hold it as a `RuleSystem` of wire events */
const system: RuleSystem<TwoD20Event> = {
  id: '2d20',
  initiative: j7Initiative,
  statBlockSchema: statBlock,
  createCombatant: (input: unknown) =>
    combatantFromStatBlock(statBlock, input, (sb) => ({
      state: initialState(sb),
      role: roleOfKind(sb.kind),
      initiativeModifier: 0,
    })),
  rollInitiative: (state, c) => rollInitiative(state, c),
  onTurnStart: (state, id) => onTurnStart(state, id),
  commands: twoD20Commands,
  evolve: tdEvolve,
  odds,
  playerView,
  playerPools,
  logEntry,
  commandSchemas,
  names: { en: en.ui['system.2d20'], pl: pl.ui['system.2d20'] },
  isOut: twoD20IsOut,
  facts: twoD20Facts,
  dangerAttack: twoD20DangerAttack,
  labels: twoD20Labels,
  derived: twoD20Derived,
  card: twoD20Card,
  // the result card from the fields the log prints (issue 27: the generic card summed the tracks as "damage")
  result: twoD20Result,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: { ...en.ui, ...twoD20ResultCatalog.en }, pl: { ...pl.ui, ...twoD20ResultCatalog.pl } } },
  commandHints: twoD20CommandHints,
  statBlockTemplates: twoD20Templates,
}

export const twoD20System: RuleSystem = system

export default twoD20System
