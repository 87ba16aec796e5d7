/** The danger check's questions to Starchasers: who is out of the fight, and the default attack (000). */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import { allyStats, conditionKeys, fighter, scState } from './mechanics/state'
import { allyBandFor } from './mechanics/ally'
import { rangeDice } from './mechanics/conditions'
import { chooseWeapon, isPc, unarmed } from './mechanics/resolve-helpers'
import { RANGE_BANDS, type RangeBand } from './schema'
import { REVIVAL_ROUNDS } from './mechanics/harm'

/** 000:615-631: at 0 HP, unconscious, dying or dead */
export function starchasersIsOut(c: Combatant): boolean {
  const st = scState(c)
  return st.hp <= 0 || st.unconscious || st.dying || st.dead
}

/**
 * Where a fighter stands in the danger check: a plan places foes at a range band from the party (their
 * `position.band`, 000:33-51), and the party stands where the fight is. The check reads the bands as places on one
 * line, melee (0) to extreme (4), the party at 0; a fighter that closes in moves along it (below). Null: no band.
 */
function placeOf(c: Combatant): number | null {
  const i = RANGE_BANDS.indexOf(c.position?.band as RangeBand)
  return i >= 0 ? i : null
}

/** The band between two fighters: as far apart as their places (no band: 0); undefined when neither has a band
 * (then the attack's own default: close, or melee for a melee weapon). A raider at long range shoots the party at
 * long range, as the party shoots back at it. */
function pairBand(attacker: Combatant, target: Combatant): RangeBand | undefined {
  const a = placeOf(attacker)
  const t = placeOf(target)
  return a === null && t === null ? undefined : RANGE_BANDS[Math.abs((t ?? 0) - (a ?? 0))]
}

/** an attack with the first weapon (an ally attacks with its strongest attack value: the diceless resolver, S16),
 * at the band between the two */
export function starchasersDangerAttack(_state: EncounterState, attacker: Combatant, target: Combatant): EngineCommand {
  const band = pairBand(attacker, target)
  return { type: 'attack', attackerId: attacker.id, targetId: target.id, weapon: 0, ...(band ? { band } : {}) }
}

/** Can the danger check's attack (above) reach: the first weapon's range dice at the band (000:33-51; a melee weapon
 * reaches only melee), or for an ally an attack value at the band (000:1353, S16). Defaults as the attack's. */
export function starchasersDangerReach(_state: EncounterState, attacker: Combatant, target: Combatant): boolean {
  const band = pairBand(attacker, target)
  const ally = allyStats(attacker)
  if (ally) {
    const key = allyBandFor(band ?? 'melee')
    return !!key && (ally[key]?.value ?? 0) > 0
  }
  const f = fighter(attacker)
  if (!f) return false
  const w = chooseWeapon(f, 0)
  const weapon = w.ok && w.value ? w.value.weapon : unarmed(f)
  return rangeDice(weapon, band ?? (weapon.group === 'melee' ? 'melee' : 'close')) !== null
}

/**
 * A fighter with no foe in reach moves one band along the line: to where it reaches a foe if a step does that (a
 * pistol steps in from long to medium; an ally with no Thrown attack steps back out of close range), else towards
 * the nearest foe. One band is one Movement Action by the table (000:59-66), and the move's own rules check it; null
 * when no step helps. A PC has no band until it moves: the move gives it one, a place on the line.
 */
export function starchasersDangerApproach(state: EncounterState, actor: Combatant, foes: readonly Combatant[]): EngineCommand | null {
  const here = placeOf(actor) ?? 0
  const at = (place: number): Combatant => ({ ...actor, position: { ...actor.position, band: RANGE_BANDS[place] } })
  const steps = [here - 1, here + 1].filter((p) => p >= 0 && p < RANGE_BANDS.length)
  const nearest = Math.min(...foes.map((f) => Math.abs((placeOf(f) ?? 0) - here)))
  const closer = steps.filter((p) => foes.some((f) => Math.abs((placeOf(f) ?? 0) - p) < nearest))
  const to = steps.find((p) => foes.some((f) => starchasersDangerReach(state, at(p), f))) ?? closer[0]
  return to === undefined ? null : { type: 'move', combatantId: actor.id, band: RANGE_BANDS[to] }
}

/** Issue 10: out of the fight, but its turn still runs a rule: the Dying clock and a PC's revival window tick on
 * its turns (S10), Burning and Wounded harm at its turn's start (000:739, 000:587). The others are passed over. */
export function starchasersNeedsTurn(_state: EncounterState, c: Combatant): boolean {
  const st = scState(c)
  if (st.dying && st.dyingRounds !== null) return true
  if (st.dead) return st.deadRounds !== null && st.deadRounds <= REVIVAL_ROUNDS && isPc(c)
  return st.burning > 0 || conditionKeys(c).includes('wounded')
}
