/**
 * Exact odds of a Saga attack before it is rolled (convolution, no sampling): hit and crit chance, the
 * distribution of HP lost after SR and DR, and the chance of a condition-track step, of 0 HP and of death.
 */
import { err, ok, type Result } from '@shared/result'
import type { EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { OddsResult } from '../../core/system'
import { findCombatant } from '../../core/state'
import { mapDist, mix, notationDist, point, type Dist } from '../../core/distribution'
import { sagaCommandSchemas } from './commands'
import { aimedNow, attackBonus, currentReflex, damageBonus, findWeapon, resolveDamage, type AttackOptions, type DamageMode } from './rules'
import { sagaState, sagaStats } from './state'
import { firstIssue } from '@shared/zod-issue'

export function sagaOdds(state: EncounterState, command: EngineCommand): Result<OddsResult> {
  const parsed = sagaCommandSchemas.attack.safeParse(command)
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error)
    return err('invalid', message, field || undefined)
  }
  const cmd = parsed.data as Record<string, any>
  const attacker = findCombatant(state, cmd.attacker)
  if (!attacker) return err('not-found', `no combatant with id "${cmd.attacker}"`, 'attacker')
  const targetId: string = cmd.target ?? cmd.targets[0]
  const target = findCombatant(state, targetId)
  if (!target) return err('not-found', `no combatant with id "${targetId}"`, cmd.target ? 'target' : 'targets.0')
  const weapon = findWeapon(sagaStats(attacker), cmd.weapon)
  if (!weapon) return err('invalid', `${attacker.name} has no weapon "${String(cmd.weapon)}"`, 'weapon')
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
  if (!dice.ok) return err('invalid', dice.error.message, 'weapon')
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
