/** The odds of a Starchasers command as the engine reports them (the probabilities: mechanics/probability.ts). */
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { z } from 'zod'
import type { OddsResult } from '../../kit/system'
import { refuse } from '../../kit/refuse'
import { allyStats, conditionKeys, conditionValue, fighter, scState, shieldHpOf, shieldUp } from './mechanics/state'
import type { starchasersCommandSchemas } from './commands'
import { attackOdds } from './mechanics/probability'
import { guardOf } from './mechanics/defend'
import { buildPool, chooseMove, chooseWeapon, facesOf, unarmed } from './mechanics/resolve-helpers'
import { coverSoak, defenseDice, rangeDice } from './mechanics/conditions'
import { critThreshold, defenses, shieldBonusAgainst } from './mechanics/derived'
import { npcAttackValue, allyDefense } from './mechanics/ally'
import type { DefenseKind, RangeBand } from './schema'
import * as en from './i18n/en'

/** Exact odds of an `attack` command before it is rolled (mechanics/probability.ts), or the certain diceless result. */
export function starchasersOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  if (command.type !== 'attack') return refuse('invalid', en.log, 'refusal.starchasers.oddsAttackOnly', {}, { field: 'type' })
  // parsed once where main received it (the encounter service: issue 28), never parsed again here
  const cmd = command as z.output<typeof starchasersCommandSchemas.attack>
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
