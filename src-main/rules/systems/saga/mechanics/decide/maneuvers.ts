/** Aid another (003), grab, grapple and disarm (W10, 003). */
import type { Combatant, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../../../kit/system'
import { checkRule } from '../../../../kit/rules'
import { conditionAddedEventFor } from '../conditions'
import { attackBonus, currentReflex, findWeapon, type AttackOptions } from '../rules'
import { GRAPPLE_SIZE, mod, SIZES } from '../../schema'
import { isOut, sagaState, sagaStats } from '../state'
import type { SagaCommandOf } from '../../commands'
import { noWeapon, rollD20, sagaRule, targetGone, useAction, type Fail } from './common'
import type { Batch } from './common'

// ---------------------------------------------------------------------------------------------- aid, grab, grapple, disarm

/** 003 Aid Another: attack vs Reflex 10; aid gives the next ally attacking that foe +2, suppress gives the foe −2. */
export function aidAnother(b: Batch, cmd: SagaCommandOf<'aidAnother'>, helper: Combatant, enemy: Combatant, ctx: DecideContext): Fail | null {
  const weapon = findWeapon(sagaStats(helper), cmd.weapon)
  if (!weapon) return noWeapon(helper, cmd.weapon, 'weapon')
  const fails: EngineEvent[] = []
  const gone = targetGone(cmd, enemy, 'targetId', fails)
  if (gone) return gone
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, helper, 'standard', 'helperId')
  if (r) return r
  const d = rollD20(ctx)
  const bonus = attackBonus(b.state, b.current(helper.id), null, weapon, {})
  const total = d.value + bonus.total
  const success = d.value === 20 || (d.value !== 1 && total >= 10)
  b.push({ type: 'saga.aidRolled', helperId: helper.id, name: helper.name, targetId: enemy.id, targetName: enemy.name, mode: cmd.mode, dice: [d], d20: d.value, total, success })
  if (success) {
    if (cmd.mode === 'aid') b.push(conditionAddedEventFor(b.state, b.current(enemy.id), 'saga.aidedAgainst', { at: 'turnStart', combatantId: helper.id }, 2, helper.id))
    else b.push(conditionAddedEventFor(b.state, b.current(enemy.id), 'saga.suppressed', { at: 'turnStart', combatantId: helper.id }, -2, helper.id))
  }
  return null
}

/** The creature this one already holds by a grab or a grapple (another than `except`), if any. */
function heldBy(b: Batch, holder: string, except: string): Combatant | undefined {
  return b.state.combatants.find((c) => c.id !== except && c.conditions.some((k) => (k.key === 'saga.grabbed' || k.key === 'saga.grappled') && k.source === holder))
}

/** 003:211 (grab), 003:226 (grapple): only an opponent at most one size category larger, and only one at a time. */
function holdLimits(b: Batch, cmd: SagaCommandOf<'grab' | 'grapple'>, attacker: Combatant, target: Combatant, fails: EngineEvent[]): Fail | null {
  const verb = cmd.type === 'grab' ? 'grab' : 'grapple'
  const cite = verb === 'grab' ? '003:211' : '003:226'
  const tooBig = SIZES.indexOf(sagaStats(target).size) - SIZES.indexOf(sagaStats(attacker).size) > 1
  const held = heldBy(b, attacker.id, target.id)
  return (
    sagaRule(cmd, tooBig, 'rule.saga.grabTooBig', `refusal.saga.${verb}TooBig`, { name: attacker.name, target: target.name }, 'targetId', fails, cite) ??
    sagaRule(cmd, held !== undefined, 'rule.saga.grabOneAtATime', `refusal.saga.${verb}OneAtATime`, { name: attacker.name, target: held?.name ?? '' }, 'targetId', fails, cite)
  )
}

export function special(b: Batch, cmd: SagaCommandOf<'grab' | 'grapple' | 'disarm'>, attacker: Combatant, target: Combatant, ctx: DecideContext): Fail | null {
  const sb = sagaStats(attacker)
  const fails: EngineEvent[] = []
  const x =
    targetGone(cmd, target, 'targetId', fails) ??
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act`, 'attackerId', fails, { name: attacker.name }) ??
    (cmd.type === 'disarm' ? null : holdLimits(b, cmd, attacker, target, fails))
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, attacker, 'standard', 'attackerId')
  if (r) return r
  const wanted = cmd.type === 'disarm' ? cmd.weapon : 'unarmed'
  const weapon = findWeapon(sb, wanted)
  if (!weapon) return noWeapon(attacker, wanted, 'weapon')
  const opts: AttackOptions = { special: cmd.type, twoHandedGrip: cmd.type === 'disarm' ? cmd.twoHandedGrip : undefined }
  const d = rollD20(ctx)
  const bonus = attackBonus(b.state, b.current(attacker.id), b.current(target.id), weapon, opts)
  const reflex = currentReflex(b.state, b.current(target.id), opts)
  const total = d.value + bonus.total
  const hit = d.value === 20 || (d.value !== 1 && total >= reflex.total)
  const base = { attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name, dice: [d], d20: d.value, total, reflex: reflex.total, bonusTerms: bonus.terms, reflexTerms: reflex.terms, hit }
  if (cmd.type === 'grab') {
    // W10: grab −5, no damage; the grabbed creature takes −2 on attacks (not natural or light weapons) and cannot move
    b.push({ type: 'saga.grabRolled', ...base })
    if (hit) b.push(conditionAddedEventFor(b.state, b.current(target.id), 'saga.grabbed', { at: 'manual' }, -2, attacker.id))
  } else if (cmd.type === 'grapple') {
    // W10 / 003: on a hit, opposed 1d20 + BAB + max(Str, Dex) + grapple size modifier; ties go to the attacker
    b.push({ type: 'saga.grappleAttackRolled', ...base })
    if (hit) {
      const check = (c: Combatant) => {
        const s = sagaStats(c)
        const dd = rollD20(ctx)
        return { die: dd, total: dd.value + s.bab + Math.max(mod(s.abilities.str), mod(s.abilities.dex)) + GRAPPLE_SIZE[s.size] }
      }
      const mine = check(attacker)
      const theirs = check(target)
      const won = mine.total >= theirs.total
      b.push({ type: 'saga.grappleChecked', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name, dice: [mine.die, theirs.die], attackerTotal: mine.total, targetTotal: theirs.total, won })
      if (won) b.push(conditionAddedEventFor(b.state, b.current(target.id), 'saga.grappled', { at: 'manual' }, -2, attacker.id))
    }
  } else {
    // 003 Disarm: melee attack vs Reflex +10; −5 if the weapon is held in two hands; a miss allows a free attack back
    b.push({ type: 'saga.disarmRolled', ...base, freeAttack: !hit && !sb.improvedDisarm })
    if (hit) b.push(conditionAddedEventFor(b.state, b.current(target.id), 'saga.disarmed', { at: 'manual' }, undefined, attacker.id))
  }
  return null
}

