/**
 * Area attacks (000:1068-1180): one attack roll whose Hits and Crits are split among the combatants in a box,
 * line, bracket or cone (000:1106: "split rolled Hits amongst all targets ... each able to defend separately"),
 * or a burst whose outer ring faces half the dice (000:1165). Also Spread / Cleave / Impale hits on neighbours.
 */
import type { Combatant } from '@shared/domain/encounter'
import type { StarchasersCommand } from '../../commands'
import { ok, type Result } from '@shared/result'
import type { DecideContext } from '../../../../kit/system'
import { refuse } from '../../../../kit/refuse'
import { log } from '../../i18n/en'
import { countAttack } from '../dice'
import type { Batch } from '../../evolve'
import { actionChecks, defendShare, payResource } from './common'
import { areaSquares, burstZone, inSquares, splitHits, type AreaShape, type Facing, type Square } from '../grenade'
import { senseAttackAll, senseFromFocus } from '../focus-effects'
import { buildPool, chooseMove, chooseWeapon, commandDiceSource, unarmed } from '../resolve-helpers'
import { fighter, scState, type ScState } from '../state'
import type { RangeBand } from '../../schema'

type Cmd = StarchasersCommand<'areaAttack'>

const squareOf = (c: Combatant): Square | null => (scState(c).square ?? null)

export function decideAreaAttack(b: Batch, cmd: Cmd, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const attacker = b.get(cmd.attackerId)
  if (!attacker) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'attackerId', details: { id: cmd.attackerId } })
  const f = fighter(attacker)
  if (!f) return refuse('rule', log, 'refusal.starchasers.allyNoArea', { name: attacker.name }, { field: 'attackerId', cite: '000:1341' })
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
      if (!c) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: `targets.${i}`, details: { id: t.id } })
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
