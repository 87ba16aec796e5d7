/** What the Starchasers command handlers share: the turn economy, paying for moves, and a target defending a share of an area attack. */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import { checkRule } from '../../../../kit/rules'
import { resolveAttack } from '../attack'
import type { DiceSource } from '../dice'
import { actionsThisTurn, coverSoak, rangeDice } from '../conditions'
import { critThreshold, resistanceOf } from '../derived'
import type { Batch } from '../../evolve'
import { payMotivation, payStress } from '../harm'
import { allyDefense } from '../ally'
import { areaDefense, guardOf, landHit } from '../defend'
import { harm, isPc } from '../resolve-helpers'
import { allyStats, conditionKeys, fighter, scState, trackOf, type ScState } from '../state'
import type { RangeBand } from '../../schema'

/** the checks need only the command's type and `override` (kit/rules.ts) */
type Cmd = EngineCommand

export const currentActor = (s: EncounterState): string | null => {
  const t = s.turn
  return (t.phase === 'combat' || t.phase === 'surprise') && t.index >= 0 ? (t.order[t.index] ?? null) : null
}

/** Turn-economy checks shared by actions: own turn, conscious, actions left (000:25, S20). */
export function actionChecks(b: Batch, cmd: Cmd, c: Combatant, actions: number, field: string): Result<void> {
  const st = scState(c)
  const out = checkRule(cmd, st.unconscious || st.dead, 'rule.starchasers.incapacitated', `${c.name} is unconscious or dead`, field, b.events, { name: c.name })
  if (out) return out
  const actor = currentActor(b.state)
  const notTurn = checkRule(cmd, actor !== null && actor !== c.id, 'rule.starchasers.notYourTurn', `it is not ${c.name}'s turn`, field, b.events, { name: c.name })
  if (notTurn) return notTurn
  const allowed = actionsThisTurn(st.actionsLost)
  const none = checkRule(cmd, actor !== null && st.actionsUsed + actions > allowed, 'rule.starchasers.noActionsLeft', `${c.name} has no Standard Action left this turn`, field, b.events, { name: c.name })
  if (none) return none
  return ok(undefined)
}

/** Pay a Special Move: PCs with Motivation or Stress, NPCs with Stress (000:360, S9). */
export function payResource(b: Batch, cmd: Cmd, c: Combatant, cost: number, pay: 'motivation' | 'stress' | undefined, field: string): Result<Partial<ScState>> {
  if (cost <= 0) return ok({})
  const t = trackOf(scState(c))
  const how = isPc(c) ? (pay ?? 'motivation') : 'stress'
  const r = how === 'motivation' ? payMotivation(t, cost) : payStress(t, cost)
  if (!r.ok) {
    const refusal = checkRule(cmd, true, 'rule.starchasers.cannotPay', `${c.name} cannot pay ${cost} ${how === 'motivation' ? 'Motivation' : 'Stress'}`, field, b.events, { name: c.name, cost, resource: `starchasers.resource.${how}` })
    if (refusal) return refusal
    return ok({})
  }
  return ok(how === 'motivation' ? { motivation: r.track.motivation } : { stress: r.track.stress, unconscious: r.track.unconscious })
}

/** One target defends against its share of Hits and Crits (or, for a burst, rolls against `pool` dice). */
export function defendShare(b: Batch, dice: DiceSource, target: Combatant, share: { hits: number; crits: number } | { pool: number }, opts: { group: 'melee' | 'thrown' | 'ranged'; band: RangeBand | null; stun: boolean; cover?: 'none' | 'partial' | 'full'; source: string; zone?: string; attacker?: Combatant; damageType?: string }): Result<void> {
  const ally = allyStats(target)
  const soak = coverSoak(opts.cover ?? 'none', false, opts.group)
  if (ally) {
    const ch = allyDefense(ally, { attackBand: opts.group, conditions: conditionKeys(target) })
    const value = 'pool' in share ? share.pool : share.hits + 2 * share.crits
    const damage = Math.max(0, value - ch.value - soak)
    b.push({ type: 'starchasers.areaHit', targetId: target.id, targetName: target.name, source: opts.source, zone: opts.zone ?? null, defense: ch.defense, damage, outcome: null })
    harm(b, target.id, opts.stun ? 0 : damage, opts.stun ? damage : 0, opts.source)
    return ok(undefined)
  }
  const tf = fighter(target)!
  const tconds = conditionKeys(target)
  const kind = areaDefense(b, target, tf, opts.group, b.state.turn.phase === 'surprise' && !target.aware)
  // the same shield bonus, armor qualities and energy shield as a single attack (defend.ts)
  const guard = guardOf(target, tf, tconds, kind, opts.damageType ?? '')
  const range = opts.band ? (rangeDice({ group: opts.group, kind: opts.group === 'ranged' ? 'rifle' : undefined, qualities: {} }, opts.band) ?? 0) : 0
  const before = dice.rolls.length
  const r = resolveAttack({
    pool: 'pool' in share ? share.pool : 0, qualities: {}, stun: opts.stun, soak,
    ...('pool' in share ? {} : { preset: share }),
    defense: { kind, dice: guard.value, mods: range, focusAsEvades: guard.focusAsEvades, armorQualities: guard.armorQualities },
    critThreshold: critThreshold(tf, tconds), resistance: resistanceOf(tf), melee: opts.group === 'melee',
  }, dice)
  if (!r.ok) return r
  b.push({ type: 'starchasers.areaHit', targetId: target.id, targetName: target.name, source: opts.source, zone: opts.zone ?? null, defense: kind, damage: r.value.damage, outcome: r.value, dice: dice.rolls.slice(before) })
  landHit(b, opts.attacker ? (b.get(opts.attacker.id) ?? null) : null, b.get(target.id)!, tf, r.value, { blocked: kind === 'block', damageType: opts.damageType ?? '', source: opts.source })
  return ok(undefined)
}

