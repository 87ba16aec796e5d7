/**
 * Area attacks (000:1068-1180): one attack roll whose Hits and Crits are split among the combatants in a box,
 * line, bracket or cone (000:1106: "split rolled Hits amongst all targets ... each able to defend separately"),
 * or a burst whose outer ring faces half the dice (000:1165). Also Spread / Cleave / Impale hits on neighbours.
 */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { err, ok, type Result } from '@shared/result'
import type { DecideContext } from '../../core/system'
import { resolveAttack } from './attack'
import { countAttack, type DiceSource } from './dice'
import { coverSoak, rangeDice } from './conditions'
import { critThreshold, resistanceOf } from './derived'
import { newBatch, type Batch } from './evolve'
import { actionChecks, payResource } from './decide-attack'
import { areaSquares, burstZone, inSquares, splitHits, type AreaShape, type Facing, type Square } from './grenade'
import { allyDefense } from './ally'
import { areaDefense, guardOf, landHit } from './defend'
import { senseAttackAll, senseFromFocus } from './focus-effects'
import { buildPool, chooseMove, chooseWeapon, commandDiceSource, harm, unarmed } from './resolve-helpers'
import { allyStats, conditionKeys, fighter, scState, type ScState } from './state'
import type { RangeBand } from './schema'

type Cmd = EngineCommand & Record<string, any>

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

const squareOf = (c: Combatant): Square | null => (scState(c).square ?? null)

export function decideAreaAttack(state: EncounterState, cmd: Cmd, ctx: DecideContext): Result<Batch> {
  const b = newBatch(state)
  const attacker = b.get(cmd.attackerId)
  if (!attacker) return err('not-found', `no combatant with id "${cmd.attackerId}"`, 'attackerId')
  const f = fighter(attacker)
  if (!f) return err('rule', 'allies make diceless single attacks', 'attackerId')
  const chk = actionChecks(b, cmd, attacker, 1, 'attackerId')
  if (!chk.ok) return chk
  const wc = chooseWeapon(f, cmd.weapon)
  if (!wc.ok) return wc
  const mc = chooseMove(f, cmd.move)
  if (!mc.ok) return mc
  const built = buildPool(attacker, f, wc.value?.weapon ?? unarmed(f), mc.value.move, { highGround: cmd.highGround })
  const paid = payResource(b, cmd, attacker, mc.value.abilityCost, cmd.pay, 'move')
  if (!paid.ok) return paid
  // who is inside
  const shape = cmd.area as AreaShape | { shape: 'burst'; radius: number }
  const origin = cmd.origin as Square
  const inside: Array<{ c: Combatant; zone: 'full' | 'half' }> = []
  if (cmd.targets) {
    for (const [i, t] of (cmd.targets as Array<{ id: string; zone?: 'full' | 'half' }>).entries()) {
      const c = b.get(t.id)
      if (!c) return err('not-found', `no combatant with id "${t.id}"`, `targets.${i}`)
      inside.push({ c, zone: t.zone ?? 'full' })
    }
  } else {
    const squares = shape.shape === 'burst' ? [] : areaSquares(origin, shape, (cmd.facing ?? 'e') as Facing)
    for (const c of b.state.combatants) {
      const sq = squareOf(c)
      if (!sq || c.id === attacker.id) continue
      if (shape.shape === 'burst') { const z = burstZone(origin, shape.radius, sq); if (z) inside.push({ c, zone: z }) }
      else if (inSquares(squares, sq)) inside.push({ c, zone: 'full' })
    }
  }
  const dice = commandDiceSource(state, cmd, ctx)
  const st = scState(attacker)
  const patch: Partial<ScState> = { ...paid.value, actionsUsed: st.actionsUsed + 1, attacksThisTurn: st.attacksThisTurn + 1 }
  const group = built.weapon.group
  const band = (cmd.band as RangeBand | undefined) ?? null
  if (shape.shape === 'burst') {
    b.push({ type: 'starchasers.areaAttack', attackerId: attacker.id, attackerName: attacker.name, weapon: built.weapon.name, shape: 'burst', pool: built.pool, targets: inside.map((x) => x.c.id), changes: [{ id: attacker.id, patch: patch }] })
    for (const t of inside) {
      const r = defendShare(b, dice, b.get(t.c.id)!, { pool: t.zone === 'full' ? built.pool : Math.max(1, Math.floor(built.pool / 2)) }, { group, band, stun: built.stun, cover: cmd.cover, source: 'area', zone: t.zone, attacker, damageType: built.weapon.damageType })
      if (!r.ok) return r
    }
    return ok(b)
  }
  const roll = dice.attack(built.pool)
  if (!roll.ok) return roll
  const k = countAttack(roll.value)
  const useToken = st.focusTokens > 0 && (cmd.useFocusToken ?? true)
  let focus = k.focus
  let hits = k.hit
  let crits = k.crit
  // a Focus token, or Full Spread (Rapid Fire, Suppressive Fire: each Focus is a Spread hit, 000:439), then Vicious / Accurate
  if (useToken || mc.value.move?.fullSpread) { hits += focus; focus = 0 }
  const v = Math.min(focus, built.qualities.vicious ?? 0); crits += v; focus -= v
  const a = Math.min(focus, built.qualities.accurate ?? 0); hits += a
  // 000:741-742 the Focus left can Blind / Deafen everyone inside the area
  const sense = senseFromFocus(focus - a, built.qualities)
  const n = inside.length
  const hs = splitHits(hits, n, cmd.allocation)
  const cs = splitHits(crits, n)
  b.push({ type: 'starchasers.areaAttack', attackerId: attacker.id, attackerName: attacker.name, weapon: built.weapon.name, shape: shape.shape, pool: built.pool, attackFaces: roll.value, hits, crits, targets: inside.map((x) => x.c.id), shares: inside.map((x, i) => ({ id: x.c.id, hits: hs[i], crits: cs[i] })), dice: dice.rolls.slice(), changes: [{ id: attacker.id, patch: { ...patch, focusTokens: st.focusTokens - (useToken ? 1 : 0) } }] })
  for (const [i, t] of inside.entries()) {
    if (hs[i] + cs[i] === 0) continue
    const r = defendShare(b, dice, b.get(t.c.id)!, { hits: hs[i], crits: cs[i] }, { group, band, stun: built.stun, cover: cmd.cover, source: 'area', attacker, damageType: built.weapon.damageType })
    if (!r.ok) return r
  }
  const sr = senseAttackAll(b, dice, inside.map((x) => x.c), sense)
  return sr.ok ? ok(b) : sr
}
