/**
 * Exact odds of a Saga attack before it is rolled (convolution, no sampling): hit and crit chance, the
 * distribution of HP lost after SR and DR, and the chance of a condition-track step, of 0 HP and of death.
 */
import { ok, type Result } from '@shared/result'
import type { z } from 'zod'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { OddsResult } from '../../kit/system'
import { findCombatant } from '../../kit/state'
import { convolve, fromMap, mapDist, mix, notationDist, point, toList, type Dist } from '../../kit/distribution'
import type { sagaCommandSchemas } from './commands'
import { aimedNow, attackBonus, currentReflex, damageBonus, findWeapon, resolveDamage, type AttackOptions, type DamageMode } from './mechanics/rules'
import { sagaState, sagaStats } from './mechanics/state'
import { DUAL_WEAPON_PENALTY } from './mechanics/decide'
import { noWeapon } from './mechanics/decide/common'
import { refuse } from '../../kit/refuse'
import { log as sentences } from './i18n/en'

type AttackCommand = z.output<typeof sagaCommandSchemas.attack>
type FullAttackCommand = z.output<typeof sagaCommandSchemas.fullAttack>

/** The odds of a command parsed once where main received it (the encounter service: issue 28), never parsed again here. */
export function sagaOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  if (command.type === 'fullAttack') return fullAttackOdds(state, command)
  return attackOdds(state, command)
}

/**
 * 003 Full attack: every attack takes the penalties of the extra attacks (two weapons or a double weapon −10,
 * −5 more when not proficient, Dual Weapon Mastery reducing it; Double Attack −5; Triple Attack −5 more). Each attack
 * is an attack with those penalties (per-attack hit and crit chance in `extra`); the total HP lost is the
 * convolution of the attacks' HP-loss distributions. Every attack is computed against the target as it is before
 * the full attack: a condition-track step from an earlier attack of the same full attack (−1 Reflex) is not
 * carried into the later ones.
 */
function fullAttackOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  const cmd = command as FullAttackCommand
  const attacker = findCombatant(state, cmd.attackerId)
  if (!attacker) return refuse('not-found', sentences, 'refusal.saga.noCombatant', {}, { field: 'attackerId' })
  const dual = cmd.twoWeapons === true || cmd.doubleWeapon === true
  let penalty = 0
  if (dual) penalty += DUAL_WEAPON_PENALTY[sagaStats(attacker).dualWeaponMastery ?? 0]
  if (dual && cmd.proficient === false) penalty -= 5
  if (cmd.doubleAttack) penalty -= 5
  if (cmd.tripleAttack) penalty -= 5
  const shared = { range: cmd.range, distance: cmd.distance, cover: cmd.cover, concealment: cmd.concealment, flanking: cmd.flanking, shootingIntoMelee: cmd.shootingIntoMelee }
  let total: Dist = point(0)
  let noHit = 1
  let noCrit = 1
  // only probabilities and figures the odds view can tell apart by name (…Bonus is a figure)
  const extra: Record<string, number> = {}
  for (const [i, a] of cmd.attacks.entries()) {
    const one = attackOdds(state, { type: 'attack', attackerId: attacker.id, targetId: a.targetId, weapon: a.weapon, ...shared, misc: (cmd.misc ?? 0) + penalty })
    // the attack's own refusal, its sentence and reason kept, at the field of this attack
    if (!one.ok) return { ok: false, error: { ...one.error, field: one.error.field === 'targetId' || one.error.field === 'weapon' ? `attacks.${i}.${one.error.field}` : one.error.field } }
    const n = i + 1
    extra[`attack${n}Hit`] = one.value.hit
    extra[`attack${n}Crit`] = one.value.crit
    extra[`attack${n}Bonus`] = one.value.extra.attackBonus ?? 0
    noHit *= 1 - one.value.hit
    noCrit *= 1 - one.value.crit
    total = convolve(total, fromMap(new Map(one.value.damage.map((d) => [d.value, d.p]))))
  }
  const damage = toList(total).filter((d) => d.p > 0)
  extra.meanDamage = damage.reduce((s, d) => s + d.value * d.p, 0)
  return ok({ hit: 1 - noHit, crit: 1 - noCrit, damage, extra })
}

function attackOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  const cmd = command as AttackCommand
  const attacker = findCombatant(state, cmd.attackerId)
  if (!attacker) return refuse('not-found', sentences, 'refusal.saga.noCombatant', {}, { field: 'attackerId' })
  const targetId = cmd.targetId ?? cmd.targets?.[0] ?? ''
  const target = findCombatant(state, targetId)
  if (!target) return refuse('not-found', sentences, 'refusal.saga.noCombatant', {}, { field: cmd.targetId ? 'targetId' : 'targets.0' })
  const weapon = findWeapon(sagaStats(attacker), cmd.weapon)
  if (!weapon) return noWeapon(attacker, cmd.weapon, 'weapon')
  const opts: AttackOptions = {
    ...cmd,
    stun: cmd.stun ?? weapon.stunOnly,
    autofire: cmd.autofire ?? weapon.autofireOnly,
    area: cmd.area ?? (weapon.area || cmd.autofire || weapon.autofireOnly),
    aimed: aimedNow(attacker, weapon),
  }
  if (opts.cover === 'total') return ok({ hit: 0, crit: 0, damage: [{ value: 0, p: 1 }], extra: { conditionStep: 0, dropToZero: 0, kill: 0, totalCover: 1 } })
  const multi = (cmd.targets?.length ?? 1) > 1
  const bonus = attackBonus(state, attacker, multi ? null : target, weapon, opts).total
  const reflex = currentReflex(state, target, opts).total
  // d20: 1 always misses, 20 always hits and crits (001)
  let hitFaces = 0
  for (let r = 2; r <= 19; r++) if (r + bonus >= reflex) hitFaces++
  const pHitNormal = hitFaces / 20
  const pCrit = 1 / 20
  const pHit = pHitNormal + pCrit
  const notation = opts.stun && typeof weapon.stun === 'string' ? weapon.stun : weapon.damage
  const dice = notationDist(notation)
  if (!dice.ok) return refuse('invalid', sentences, 'refusal.saga.badDamageDice', { name: attacker.name, weapon: weapon.name, dice: notation }, { field: 'weapon', details: { dice: dice.error.message } })
  const dbonus = damageBonus(attacker, weapon, opts).total
  const base = mapDist(dice.value, (v) => Math.max(1, v + dbonus)) // W2: minimum 1
  const area = opts.area === true
  const critDist = area ? base : mapDist(base, (v) => 2 * v) // W1
  const evasion = sagaStats(target).evasion === true
  const onHit = area && evasion ? mapDist(base, (v) => Math.floor(v / 2)) : base
  const onCrit = area && evasion ? onHit : critDist
  const onMiss: Dist = area ? (evasion ? point(0) : mapDist(base, (v) => Math.floor(v / 2))) : point(0)
  const raw = mix([
    { w: 1 - pHit, d: onMiss },
    { w: pHitNormal, d: onHit },
    { w: pCrit, d: onCrit },
  ])
  const mode: DamageMode = opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal'
  const sb = sagaStats(target)
  const st = sagaState(target)
  const hpLoss = new Map<number, number>()
  let step = 0
  let zero = 0
  let kill = 0
  raw.p.forEach((q, i) => {
    if (q === 0) return
    const v = raw.min + i
    const o = v === 0 ? null : resolveDamage(sb, st, v, mode, weapon.damageType)
    const loss = o ? o.hpLoss : 0
    hpLoss.set(loss, (hpLoss.get(loss) ?? 0) + q)
    if (!o) return
    if (o.ctAfter > o.ctBefore && o.hpAfter > 0) step += q
    if (o.hpAfter === 0 && o.hpBefore > 0) zero += q
    if ((o.status === 'dead' || o.status === 'destroyed') && o.statusBefore !== o.status) kill += q
  })
  const damage = [...hpLoss.entries()].sort((a, b) => a[0] - b[0]).map(([value, p]) => ({ value, p }))
  const mean = damage.reduce((s, d) => s + d.value * d.p, 0)
  return ok({
    hit: pHit,
    crit: area ? 0 : pCrit,
    damage,
    extra: { conditionStep: step, dropToZero: zero, kill, meanDamage: mean, attackBonus: bonus, reflex },
  })
}
