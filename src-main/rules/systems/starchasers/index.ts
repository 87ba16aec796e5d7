/** Starchasers (seed 000; defaults S1–S22): dice pools, the Dueling System and the diceless ally resolver. */
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import { err, ok, type Result } from '@shared/result'
import type { OddsResult, RuleSystem } from '../../kit/system'
import { refuse } from '../../kit/refuse'
import { firstIssue } from '@shared/zod-issue'
import type { StarchasersEvent } from './events'
import { orderedInitiative } from '../../kit/turn-order'
import { statBlock } from './schema'
import { initialState, allyStats, conditionKeys, conditionValue, fighter, scState, shieldHpOf, shieldUp } from './state'
import { starchasersEvolve } from './evolve'
import { starchasersCommandSchemas } from './commands'
import { starchasersCommands } from './decide'
import { onCombatStart, onEncounterEnd, onTurnEnd, onTurnStart, rollInitiative } from './turns'
import { logEntry } from './log'
import { playerView } from './view'
import { attackOdds } from './odds'
import { guardOf } from './defend'
import { buildPool, chooseMove, chooseWeapon, facesOf, unarmed } from './resolve-helpers'
import { coverSoak, defenseDice, rangeDice } from './conditions'
import { critThreshold, defenses, shieldBonusAgainst } from './derived'
import { npcAttackValue, allyDefense } from './ally'
import type { DefenseKind, RangeBand } from './schema'
import { combatantFromStatBlock, roleOfKind } from '../../kit/stat-block'
import { schemasOf } from '../../kit/command'
import { upcastStarchasersEvent } from './upcast'
import { starchasersDangerApproach, starchasersDangerAttack, starchasersDangerReach, starchasersIsOut, starchasersNeedsTurn } from './danger'
import { starchasersFacts } from './facts'
import * as en from './i18n/en'
import * as pl from './i18n/pl'
import { starchasersCard } from './ui/card'
import { starchasersDerived } from './ui/derived'
import { resultCatalog, starchasersResult } from './ui/result'
import { starchasersCommandHints } from './ui/hints'
import { starchasersLabels } from './ui/labels'
import { starchasersTemplates } from './ui/templates'

/** Exact odds of an `attack` command before it is rolled (odds.ts), or the certain diceless result. */
function odds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  if (command.type !== 'attack') return refuse('invalid', en.log, 'refusal.starchasers.oddsAttackOnly', {}, { field: 'type' })
  const parsed = starchasersCommandSchemas.attack.safeParse(command)
  if (!parsed.success) {
    // the issue as data: a screen says it with the field's label (issue 27, defect 9)
    const { field, message, issue } = firstIssue(parsed.error)
    return err('invalid', message, field || undefined, { issue })
  }
  const cmd = parsed.data
  const attacker = state.combatants.find((c) => c.id === cmd.attackerId)
  if (!attacker) return refuse('not-found', en.log, 'refusal.starchasers.noCombatant', {}, { field: 'attackerId', details: { id: cmd.attackerId } })
  const target = state.combatants.find((c) => c.id === cmd.targetId)
  if (!target) return refuse('not-found', en.log, 'refusal.starchasers.noCombatant', {}, { field: 'targetId', details: { id: cmd.targetId } })
  const certain = (damage: number): OddsResult => ({ hit: damage > 0 ? 1 : 0, crit: 0, damage: [{ value: damage, p: 1 }], extra: { criticalStrike: 0, diceless: 1 } })
  const ally = allyStats(attacker)
  if (ally) {
    const band = (cmd.band as RangeBand | undefined) ?? (target.position?.band as RangeBand | undefined) ?? 'melee'
    const key = band === 'melee' ? 'melee' : band === 'close' ? 'thrown' : 'ranged'
    const tf = fighter(target)
    const dv = tf ? defenses(tf, conditionKeys(target))[(cmd.defense as DefenseKind | undefined) ?? scState(target).defense] : (allyStats(target)?.defaultDefense ?? 0)
    return ok(certain(Math.max(0, (ally[key]?.value ?? 0) - dv)))
  }
  const f = fighter(attacker)!
  const wc = chooseWeapon(f, cmd.weapon)
  if (!wc.ok) return wc
  const mc = chooseMove(f, cmd.move)
  if (!mc.ok) return mc
  const built = buildPool(attacker, f, wc.value?.weapon ?? unarmed(f), mc.value.move, { backAttack: cmd.backAttack, highGround: cmd.highGround, targetFlankedByAlly: cmd.targetFlankedByAlly })
  const band = (cmd.band as RangeBand | undefined) ?? (target.position?.band as RangeBand | undefined) ?? (built.weapon.group === 'melee' ? 'melee' : 'close')
  const range = rangeDice(built.weapon, band)
  if (range === null) return refuse('rule', en.log, 'refusal.starchasers.outOfRange', { weapon: built.weapon.name, band: `starchasers.band.${band}` }, { field: 'band', cite: 'S13' })
  const tAlly = allyStats(target)
  if (tAlly) {
    const v = npcAttackValue(built.pool, built.qualities).value
    const d = allyDefense(tAlly, { attackBand: built.weapon.group, conditions: conditionKeys(target), pick: cmd.defense })
    return ok(certain(Math.max(0, v - d.value - range)))
  }
  const tf = fighter(target)!
  const tconds = conditionKeys(target)
  const wanted: DefenseKind = (cmd.defense as DefenseKind | undefined) ?? scState(target).defense
  // as the attack would: Armor only from Stealth (000:992) or when the energy shield is down (000:897)
  const kind: DefenseKind = scState(attacker).stealthTokens > 0 || (wanted === 'block' && !shieldUp(target)) ? 'armor' : wanted
  // the same defender side as the attack (defend.ts): shield bonus by damage type, Focus as Evades, armor qualities
  const guard = guardOf(target, tf, tconds, kind, built.weapon.damageType)
  const sit = defenseDice(kind, guard.value, { group: built.weapon.group, flankers: cmd.flankers, armorBreak: conditionValue(target, 'armorBreak'), armorPierced: conditionValue(target, 'armorPierced') }, tconds)
  const focusToken = (cmd.useFocusToken ?? true) && scState(attacker).focusTokens > 0
  const o = attackOdds({
    attackDice: built.pool, defenseDice: Math.max(1, sit.dice + range + (cmd.disarm ? 3 : 0)), faces: facesOf(state), focusToken,
    accurate: built.qualities.accurate, vicious: built.qualities.vicious, soak: coverSoak(cmd.cover ?? 'none', !!cmd.coverIsCreature, built.weapon.group),
    defenderFocusToken: kind !== 'armor' && scState(target).focusTokens > 0, focusAsEvades: guard.focusAsEvades,
    reflective: guard.armorQualities.reflective, fortifying: guard.armorQualities.fortifying,
    critThreshold: critThreshold(tf, tconds),
  })
  // a Blocking, attuned energy shield soaks the damage into its HP first (S18)
  const soakHp = kind === 'block' && tf.shield && tf.shield.kind !== 'physical' && shieldBonusAgainst(tf, built.weapon.damageType).why !== 'notAttuned' ? (shieldHpOf(target) ?? 0) : 0
  const damage = soakHp > 0 ? merge(o.damage.map((d) => ({ value: Math.max(0, d.value - soakHp), p: d.p }))) : o.damage
  const hp = scState(target).hp
  const drop = damage.filter((d) => d.value >= hp && hp > 0).reduce((s, d) => s + d.p, 0)
  return ok({ hit: o.success, crit: o.anyCrit, damage, extra: { criticalStrike: o.criticalStrike, expectedDamage: damage.reduce((s, d) => s + d.value * d.p, 0), dropToZero: drop } })
}

const merge = (ds: Array<{ value: number; p: number }>): Array<{ value: number; p: number }> => {
  const m = new Map<number, number>()
  for (const d of ds) m.set(d.value, (m.get(d.value) ?? 0) + d.p)
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }))
}

/** typed against its own events inside; the registry and callers hold it as a `RuleSystem` of wire events */
const system: RuleSystem<StarchasersEvent> = {
  id: 'starchasers',
  initiative: orderedInitiative,
  statBlockSchema: statBlock,
  createCombatant: (input: unknown) =>
    combatantFromStatBlock(statBlock, input, (sb) => ({
      state: initialState(sb),
      role: roleOfKind(sb.kind),
      initiativeModifier: 0,
    })),
  rollInitiative,
  onCombatStart: (state) => onCombatStart(state),
  onTurnStart: (state, id) => onTurnStart(state, id),
  onTurnEnd: (state, id) => onTurnEnd(state, id),
  onEncounterEnd: (state) => onEncounterEnd(state),
  evolve: starchasersEvolve,
  upcastEvent: upcastStarchasersEvent,
  odds,
  playerView,
  logEntry,
  commands: starchasersCommands,
  commandSchemas: schemasOf(starchasersCommands),
  // what generic code asks a system (issue 9 item 1)
  names: { en: en.ui['system.starchasers'], pl: pl.ui['system.starchasers'] },
  isOut: starchasersIsOut,
  needsTurn: starchasersNeedsTurn,
  facts: starchasersFacts,
  dangerAttack: starchasersDangerAttack,
  dangerReach: starchasersDangerReach,
  dangerApproach: starchasersDangerApproach,
  labels: starchasersLabels,
  derived: starchasersDerived,
  result: starchasersResult,
  card: starchasersCard,
  catalogs: { log: { en: en.log, pl: pl.log }, ui: { en: { ...en.ui, ...resultCatalog.en }, pl: { ...pl.ui, ...resultCatalog.pl } } },
  commandHints: starchasersCommandHints,
  statBlockTemplates: starchasersTemplates,
}

export const starchasersSystem: RuleSystem = system

export default starchasersSystem
