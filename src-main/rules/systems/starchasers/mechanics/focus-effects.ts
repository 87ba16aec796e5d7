/**
 * What an attack's Focus effects do after the roll, on both sides:
 * the attacker's Disarming, Grappling, Blinding, Deafening and Ionic (000:732-742), the defender's armor and
 * shield qualities (Reflective, Restorative, Spiked, Knockback: 000:869-873, 000:928) and the energy shield
 * soaking damage (000:884-909, S18).
 */
import { changesOf } from '../../../kit/patch'
import type { Combatant } from '@shared/domain/encounter'
import { ok, type Result } from '@shared/result'
import type { AttackOutcome } from './attack'
import { countAttack, countDefense, type DiceSource } from './dice'
import { resistanceOf, shieldBonusAgainst } from './derived'
import type { Batch } from '../evolve'
import { healHp } from './harm'
import { burstZone } from './grenade'
import { grapplePool, harm } from './resolve-helpers'
import { allyStats, disarmedWeapons, fighter, scState, shieldHpOf, shieldUp, trackOf, addStatus } from './state'

/** The weapon a Disarm knocks away: the one named, else the target's first weapon still in hand. */
export function weaponToDisarm(target: Combatant, named?: string): string | null {
  const f = fighter(target)
  if (!f) return null
  const gone = disarmedWeapons(target)
  if (named) return f.weapons.some((w) => w.name.toLowerCase() === named.toLowerCase()) && !gone.includes(named) ? (f.weapons.find((w) => w.name.toLowerCase() === named.toLowerCase())?.name ?? null) : null
  return f.weapons.find((w) => !gone.includes(w.name))?.name ?? null
}

/** 000:732 / 000:936: the target's weapon leaves its hand (condition `disarmed`, source = the weapon). */
export function disarm(b: Batch, target: Combatant, weapon: string | null, why: string): void {
  if (!weapon) return
  b.push({ type: 'starchasers.disarmed', combatantId: target.id, name: target.name, weapon, why })
  addStatus(b, b.get(target.id) ?? target, 'disarmed', { at: 'manual' }, undefined, weapon)
}

/**
 * 000:740 Grappling(N): the target makes its Grappling counter roll (the break-free pool, 000:956) and must get at
 * least N Hits, or it is Grappled by the attacker (the grapple's Hits = N).
 */
export function grapplingFocus(b: Batch, dice: DiceSource, attacker: Combatant, target: Combatant, n: number): Result<void> {
  const roll = dice.attack(Math.max(1, grapplePool(target, 'upper')))
  if (!roll.ok) return roll
  const k = countAttack(roll.value)
  const escaped = k.hit + k.crit >= n
  b.push({
    type: 'starchasers.grapplingFocus', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name,
    needed: n, hits: k.hit + k.crit, escaped, faces: roll.value,
    changes: changesOf(escaped ? {} : { [attacker.id]: { grappling: target.id, grappleHits: n } }),
  })
  if (!escaped) addStatus(b, b.get(target.id) ?? target, 'grappled', { at: 'manual' }, n, attacker.id)
  return ok(undefined)
}

/**
 * 000:741-742 Blinding / Deafening(N): each point is an attack on sight / hearing; the target rolls its
 * Resistance as defense dice and each Evade stops one point; any point left makes it Insensate / Incommunicado
 * for 1 round. Allies take no status conditions (000:1380).
 */
export function senseAttack(b: Batch, dice: DiceSource, target: Combatant, kind: 'blinding' | 'deafening', n: number): Result<void> {
  const f = fighter(target)
  if (!f) return ok(undefined)
  const roll = dice.defense(Math.max(1, resistanceOf(f)))
  if (!roll.ok) return roll
  const evades = countDefense(roll.value).evade
  const status = kind === 'blinding' ? 'insensate' : 'incommunicado'
  const afflicted = evades < n
  b.push({ type: 'starchasers.senseAttack', targetId: target.id, targetName: target.name, quality: kind, points: n, evades, afflicted, status, faces: roll.value })
  if (afflicted) addStatus(b, b.get(target.id) ?? target, status, { at: 'rounds', rounds: 1 }, undefined, kind)
  return ok(undefined)
}

export const SENSE_QUALITIES = ['blinding', 'deafening'] as const
export type SensePoints = Partial<Record<(typeof SENSE_QUALITIES)[number], number>>

/**
 * 000:741-742 Blinding / Deafening: "all in the radius must roll Resistance" — each combatant caught rolls against
 * the points, in the order given.
 */
export function senseAttackAll(b: Batch, dice: DiceSource, caught: Combatant[], points: SensePoints): Result<void> {
  for (const k of SENSE_QUALITIES) {
    const n = points[k] ?? 0
    if (n <= 0) continue
    for (const c of caught) {
      const r = senseAttack(b, dice, b.get(c.id) ?? c, k, n)
      if (!r.ok) return r
    }
  }
  return ok(undefined)
}

/** Spare Focus spent on Blinding, then Deafening, each up to its number (000:725 the player may choose; this is the default order). */
export function senseFromFocus(focus: number, qualities: Partial<Record<string, number>>): SensePoints {
  const out: SensePoints = {}
  let left = focus
  for (const k of SENSE_QUALITIES) {
    const n = Math.min(left, qualities[k] ?? 0)
    if (n > 0) { out[k] = n; left -= n }
  }
  return out
}

/**
 * Who is "in the radius" of a single attack's Blinding / Deafening: with a Burst(N) / Splash(N) weapon and a target
 * on the map, every placed combatant within N squares of the target (the grenade burst's squares, both zones);
 * otherwise the target alone.
 */
export function inSenseRadius(b: Batch, target: Combatant, qualities: Partial<Record<string, number>>): Combatant[] {
  const radius = qualities.burst ?? qualities.splash ?? 0
  const at = scState(target).square
  if (radius <= 0 || !at) return [target]
  return b.state.combatants.filter((c) => c.id === target.id || (scState(c).square && burstZone(at, radius, scState(c).square!) !== null))
}

/**
 * Energy shields (000:884-909, S18). Ionic Focus takes 2 shield HP a point (000:736), whatever the defense.
 * When the wearer Blocks with an energy shield that is up and attuned to the damage type, the shield's HP take
 * the damage first; the rest goes to the wearer. Returns the damage left for the wearer.
 */
export function energyShield(b: Batch, target: Combatant, o: { damage: number; ionic: number; blocked: boolean; damageType: string }): number {
  const f = fighter(target)
  const sh = f?.shield
  if (!f || !sh || sh.kind === 'physical') return o.damage
  let hp = shieldHpOf(target)
  if (hp === null) return o.damage
  const up = shieldUp(target)
  let ionicLoss = 0
  if (o.ionic > 0 && up) { ionicLoss = Math.min(hp, 2 * o.ionic); hp -= ionicLoss }
  let absorbed = 0
  if (o.blocked && up && hp > 0 && o.damage > 0 && shieldBonusAgainst(f, o.damageType).why !== 'notAttuned') {
    absorbed = Math.min(hp, o.damage)
    hp -= absorbed
  }
  if (ionicLoss > 0 || absorbed > 0) {
    b.push({ type: 'starchasers.shieldHit', combatantId: target.id, name: target.name, shield: sh.name, ionic: ionicLoss, absorbed, shieldHp: hp, down: hp <= 0, changes: [{ id: target.id, patch: { shieldHp: hp } }] })
  }
  return o.damage - absorbed
}

/** Reflective and Spiked hurt the attacker, Restorative heals the wearer, Knockback pushes the attacker back. */
export function armorEffects(b: Batch, attacker: Combatant | null, target: Combatant, o: Pick<AttackOutcome, 'reflected' | 'spikes' | 'restored' | 'knockback'>): void {
  if (o.reflected + o.spikes + o.restored + o.knockback === 0) return
  if (!attacker) { restore(b, target, o.restored); return }
  b.push({ type: 'starchasers.armorReacted', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name, reflected: o.reflected, spikes: o.spikes, restored: o.restored, knockback: o.knockback, ...pushBack(attacker, target, o.knockback) })
  // the reflected and spike Hits are damage to the attacker, as the Hits were (no second roll)
  if (o.reflected + o.spikes > 0) harm(b, attacker.id, o.reflected + o.spikes, 0, 'armor')
  restore(b, target, o.restored)
}

/** Restorative: 1 HP a Focus to the wearer (000:872). */
function restore(b: Batch, target: Combatant, n: number): void {
  if (n <= 0) return
  const t = b.get(target.id)!
  const healed = healHp(trackOf(scState(t)), n)
  b.push({ type: 'starchasers.healed', combatantId: t.id, name: t.name, method: 'restorative', amount: n, hp: healed.hp, changes: [{ id: t.id, patch: { hp: healed.hp } }] })
}

/** Knockback moves the attacker's map square straight away from the wearer, 1 square a point (when both are placed). */
function pushBack(attacker: Combatant, target: Combatant, n: number): Record<string, unknown> {
  const a = scState(attacker).square
  const t = scState(target).square
  if (n <= 0 || !a || !t || allyStats(attacker)) return {}
  const to = { x: a.x + Math.sign(a.x - t.x) * n, y: a.y + Math.sign(a.y - t.y) * n }
  return { square: to, changes: [{ id: attacker.id, patch: { square: to } }]}
}
