/** The `attack` command: dice attacks (PC/NPC), diceless ally attacks and NPC attacks on allies (000:150-184, 000:1339-1372). */
import { changesOf } from '../../../../kit/patch'
import type { Combatant } from '@shared/domain/encounter'
import type { StarchasersCommand } from '../../commands'
import { ok, type Result } from '@shared/result'
import { checkRule } from '../../../../kit/rules'
import type { DecideContext } from '../../../../kit/system'
import { refuse } from '../../../../kit/refuse'
import { log } from '../../i18n/en'
import { resolveAttack } from '../attack'
import { AIMED_SHOT, coverSoak, defenseDice, frightenedDifficulty, rangeDice } from '../conditions'
import { critThreshold, defenseAvailability, defenses, resistanceOf, weightExcess, effectiveAttributes } from '../derived'
import type { Batch } from '../../evolve'
import { skillCheck, stabilizingShotHeal } from '../healing'
import { healHp, payStress } from '../harm'
import { allyAttackDamage, allyBandFor, allyDefense, npcAttackValue } from '../ally'
import { buildPool, chooseMove, chooseWeapon, commandDiceSource, harm, movementOf, unarmed, type PoolBuild } from '../resolve-helpers'
import { allyStats, burningAdded, conditionKeys, conditionValue, disarmedWeapons, fighter, scState, shieldUp, trackOf, type ScState, addStatus } from '../state'
import { disarm, grapplingFocus, inSenseRadius, senseAttackAll, weaponToDisarm } from '../focus-effects'
import type { DefenseKind, Fighter, RangeBand } from '../../schema'
import type { SpecialMove } from '../moves'
import { actionChecks, currentActor, defendShare, payResource } from './common'
import { guardOf, landHit } from '../defend'
import { splitHits } from '../grenade'

type Cmd = StarchasersCommand<'attack'>

function targetBand(cmd: Cmd, target: Combatant, group: 'melee' | 'thrown' | 'ranged'): RangeBand {
  return (cmd.band as RangeBand | undefined) ?? (target.position?.band as RangeBand | undefined) ?? (group === 'melee' ? 'melee' : 'close')
}

export function decideAttack(b: Batch, cmd: Cmd, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const attacker = b.get(cmd.attackerId)
  if (!attacker) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'attackerId', details: { id: cmd.attackerId } })
  const target = b.get(cmd.targetId)
  if (!target) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'targetId', details: { id: cmd.targetId } })
  if (allyStats(attacker)) return allyAttack(b, cmd, attacker, target)
  const f = fighter(attacker)!
  const checks = actionChecks(b, cmd, attacker, 1, 'attackerId')
  if (!checks.ok) return checks
  // 000:611 a Charmed character will not attack the one who charmed it
  const charmed = attacker.conditions.some((k) => k.key === 'starchasers.charmed' && k.source === target.id)
  const r0 = checkRule(cmd, charmed, 'rule.starchasers.charmed', `${attacker.name} is charmed by ${target.name}`, 'targetId', b.events, { name: attacker.name, target: target.name })
  if (r0) return r0
  const st = scState(attacker)
  const tooMany = checkRule(cmd, currentActor(b.state) === attacker.id && st.attacksThisTurn >= 2, 'rule.starchasers.twoAttacks', `${attacker.name} already attacked twice this turn`, 'attackerId', b.events, { name: attacker.name })
  if (tooMany) return tooMany
  const wc = chooseWeapon(f, cmd.weapon)
  if (!wc.ok) return wc
  const mc = chooseMove(f, cmd.move)
  if (!mc.ok) return mc
  const move = mc.value.move
  const baseWeapon = wc.value?.weapon ?? unarmed(f)
  // a weapon knocked away or dropped (Disarm 000:936, too heavy 000:785) must be picked up first
  const gone = checkRule(cmd, disarmedWeapons(attacker).includes(baseWeapon.name), 'rule.starchasers.disarmed', `${attacker.name} no longer holds ${baseWeapon.name}`, 'weapon', b.events, { name: attacker.name, weapon: baseWeapon.name })
  if (gone) return gone
  const built = buildPool(attacker, f, baseWeapon, move, { backAttack: cmd.backAttack, highGround: cmd.highGround, surprise: (b.state.turn.phase === 'surprise' && !target.aware) || st.stealthTokens > 0, targetFlankedByAlly: cmd.targetFlankedByAlly }, cmd.stealthTokens ?? st.stealthTokens)
  const band = targetBand(cmd, target, built.weapon.group)
  const range = rangeDice(built.weapon, band)
  const oor = checkRule(cmd, range === null, 'rule.starchasers.outOfRange', `${built.weapon.name} cannot reach ${band} range`, 'band', b.events, { weapon: built.weapon.name, band: `starchasers.band.${band}` })
  if (oor) return oor
  const paid = payResource(b, cmd, attacker, mc.value.abilityCost, cmd.pay, 'move')
  if (!paid.ok) return paid
  const dice = commandDiceSource(state, cmd, ctx)
  const attackerPatch: Partial<ScState> = { ...paid.value, actionsUsed: st.actionsUsed + 1, attacksThisTurn: st.attacksThisTurn + 1, aim: false, ...halfMovement(attacker, move) }
  // 000:779-785 a weapon above the wielder's Strength: a Strength check against +2 dice per weight level, once
  // each round ("just to use the weapon each round"); a failure drops the weapon and wastes the attack
  const excess = weightExcess(effectiveAttributes(f.attributes, conditionKeys(attacker)).strength, built.weapon.weight)
  const round = b.state.turn.round
  if (excess > 0 && st.weightChecks?.[built.weapon.name] !== round) {
    const chk = skillCheck(dice, effectiveAttributes(f.attributes, conditionKeys(attacker)).strength, 2 * excess)
    if (!chk.ok) return chk
    if (!chk.value.success) {
      b.push({ type: 'starchasers.weaponTooHeavy', combatantId: attacker.id, name: attacker.name, weapon: built.weapon.name, check: chk.value, dice: dice.rolls, changes: [{ id: attacker.id, patch: attackerPatch }] })
      disarm(b, attacker, built.weapon.name, 'tooHeavy')
      return ok(b)
    }
    attackerPatch.weightChecks = { ...(st.weightChecks ?? {}), [built.weapon.name]: round }
  }
  if (allyStats(target)) return npcAttacksAllyDiceless(b, cmd, attacker, target, built, range ?? 0, attackerPatch, dice.rolls)
  return diceAttack(b, cmd, attacker, f, target, built, move, range ?? 0, band, attackerPatch, dice)
}

function chosenDefense(b: Batch, cmd: Cmd, target: Combatant, tf: Fighter, group: 'melee' | 'thrown' | 'ranged'): { kind: DefenseKind; why: string | null } {
  const surprised = b.state.turn.phase === 'surprise' && !target.aware
  // 000:992 an attack from Stealth (the attacker holds Stealth tokens) is a Surprise Attack: Armor Defense only
  const fromStealth = (scState(b.get(cmd.attackerId) ?? target).stealthTokens ?? 0) > 0
  const avail = defenseAvailability(tf, { attackGroup: group, conditions: conditionKeys(target), surprised: surprised || fromStealth, grappling: scState(target).grappling !== null, shieldDown: !shieldUp(target) })
  const want = (cmd.defense as DefenseKind | undefined) ?? scState(target).defense
  if (avail[want]) return { kind: 'armor', why: avail[want] } // 000:1000 surprised → Armor only; unavailable → Armor
  return { kind: want, why: null }
}

/** 000:380 (Backstab; Ambush, Pistol Whip, Quickdraw alike): "gains ½ of their Movement points they can use either
 *  before or after this move" — kept as movement left this turn, spent by `move { bonus: true }` (rounded down, S21) */
function halfMovement(attacker: Combatant, move: SpecialMove | null): Partial<ScState> {
  if (!move?.halfMove) return {}
  return { movementLeft: (scState(attacker).movementLeft ?? 0) + Math.floor(movementOf(attacker) / 2) }
}

function diceAttack(b: Batch, cmd: Cmd, attacker: Combatant, f: Fighter, target: Combatant, built: PoolBuild, move: SpecialMove | null, range: number, band: RangeBand, attackerPatch: Partial<ScState>, dice: ReturnType<typeof commandDiceSource>): Result<Batch> {
  const tf = fighter(target)!
  const tconds = conditionKeys(target)
  const tst = scState(target)
  const ast = scState(attacker)
  const group = built.weapon.group
  const def = move?.forceDefense ? { kind: move.forceDefense, why: 'move' } : chosenDefense(b, cmd, target, tf, group)
  const guard = guardOf(target, tf, tconds, def.kind, built.weapon.damageType)
  const sit = defenseDice(def.kind, guard.value, { group, flankers: cmd.flankers, armorBreak: conditionValue(target, 'armorBreak'), armorPierced: conditionValue(target, 'armorPierced') }, tconds)
  // 000:936 Disarm: an aimed shot at the weapon hand, Challenging (3)
  const aimed = cmd.disarm ? AIMED_SHOT.challenging : cmd.aimedShot === undefined ? 0 : typeof cmd.aimedShot === 'number' ? cmd.aimedShot : AIMED_SHOT[cmd.aimedShot as keyof typeof AIMED_SHOT]
  const mods = range + aimed + frightenedDifficulty(conditionKeys(attacker))
  const useToken = (cmd.useFocusToken ?? ast.focusTokens > 0) && ast.focusTokens > 0
  const defToken = (cmd.defenderFocusToken ?? tst.focusTokens > 0) && tst.focusTokens > 0 && def.kind !== 'armor'
  const soak = coverSoak(cmd.cover ?? 'none', !!cmd.coverIsCreature, group)
  const r = resolveAttack({
    pool: built.pool, qualities: built.qualities, focusToken: useToken, focusPlan: cmd.focusPlan, reroll: ast.aim ? 2 : 0, rerollPick: cmd.rerollPick,
    stun: cmd.stun ?? built.stun, soak,
    defense: { kind: def.kind, dice: sit.dice, mods, focusToken: defToken, focusAsEvades: guard.focusAsEvades, bonusEvades: tst.bankedEvades, armorQualities: guard.armorQualities, focusPlan: cmd.defenderFocusPlan },
    critThreshold: critThreshold(tf, tconds), resistance: resistanceOf(tf), melee: group === 'melee',
  }, dice)
  if (!r.ok) return r
  const o = r.value
  const patches: Record<string, Partial<ScState>> = {
    // Object.assign, not a spread followed by new fields (a slow path in V8; issue 13)
    [attacker.id]: Object.assign({}, attackerPatch, { focusTokens: ast.focusTokens - (useToken ? 1 : 0), bankedEvades: (o.effects.defensive ?? 0), stealthTokens: Math.max(0, ast.stealthTokens - (ast.stealthTokens > 0 ? 1 : 0)) }),
  }
  patches[target.id] = Object.assign({}, patches[target.id], { focusTokens: tst.focusTokens - (defToken ? 1 : 0), bankedEvades: 0 }, o.success && o.effects.burning ? burningAdded(tst, o.effects.burning, b.state.turn.round) : {})
  const heals = move?.heals && o.success
  b.push({
    type: 'starchasers.attackResolved', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name,
    weapon: built.weapon.name, move: move?.id ?? null, band, pool: built.pool, poolReasons: built.reasons, qualities: built.qualities,
    defense: def.kind, defenseReason: def.why, shield: guard.shieldWhy, defenseDice: sit.dice, defenseMods: mods, defenseReasons: sit.reasons, soak,
    outcome: { ...o, damage: heals ? 0 : o.damage, stress: heals ? 0 : o.stress }, dice: dice.rolls, changes: changesOf(patches),
  })
  if (heals) {
    const h = stabilizingShotHeal(dice)
    if (!h.ok) return h
    const t = healHp(trackOf(scState(b.get(target.id)!)), h.value)
    b.push({ type: 'starchasers.healed', combatantId: target.id, name: target.name, method: 'stabilizingShot', amount: h.value, hp: t.hp, dice: dice.rolls.slice(-1), changes: [{ id: target.id, patch: { hp: t.hp } }] })
    return ok(b)
  }
  // energy shield (000:736, S18), damage, statuses and armor reactions: the same for area, grenade and fall hits
  landHit(b, attacker, target, tf, o, { blocked: def.kind === 'block', damageType: built.weapon.damageType, source: 'attack' })
  if (o.success) {
    // 000:380 Backstab, 000:483 Piercing Shot: -Armor Defense "for the rest of the Round"
    const restOfRound = { at: 'roundEnd' as const, round: b.state.turn.round }
    if (move?.armorBreak) addStatus(b, b.get(target.id)!, 'armorBreak', restOfRound, move.armorBreak, move.id)
    if (move?.armorPierce) addStatus(b, b.get(target.id)!, 'armorPierced', restOfRound, move.armorPierce, move.id)
  }
  const fx = focusEffects(b, cmd, dice, attacker, target, o, built.weapon.qualities)
  if (!fx.ok) return fx
  // Spread / Cleave / Impale: each point is 1 Hit on a neighbour, who defends as usual (000:1086-1102)
  const extra = (o.effects.spreading ?? 0) + (o.effects.cleaving ?? 0) + (o.effects.impale ?? 0)
  const around = (cmd.spreadTo as string[] | undefined) ?? []
  if (extra > 0 && around.length > 0) {
    const shares = splitHits(extra, around.length)
    for (const [i, id] of around.entries()) {
      const n = b.get(id)
      if (!n) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: `spreadTo.${i}`, details: { id: id } })
      if (shares[i] === 0) continue
      const r = defendShare(b, dice, n, { hits: shares[i], crits: 0 }, { group, band, stun: cmd.stun ?? built.stun, source: 'spread', attacker, damageType: built.weapon.damageType })
      if (!r.ok) return r
    }
  }
  if (move?.unbalancesSelf) addStatus(b, b.get(attacker.id)!, 'unbalanced', { at: 'manual' }, undefined, move.id)
  return ok(b)
}

export { sumQualities } from '../defend'

/**
 * The attacker's Focus effects that change the target: Disarming and the Disarm action (000:732, 000:936) and
 * Grappling (000:740) need the attack to succeed; Blinding / Deafening (000:741-742) attack the senses whatever
 * the damage.
 */
function focusEffects(b: Batch, cmd: Cmd, dice: ReturnType<typeof commandDiceSource>, attacker: Combatant, target: Combatant, o: { success: boolean; effects: Partial<Record<string, number>> }, qualities: Partial<Record<string, number>>): Result<void> {
  if (o.success && ((o.effects.disarming ?? 0) > 0 || cmd.disarm)) disarm(b, target, weaponToDisarm(b.get(target.id)!, cmd.disarmWeapon), cmd.disarm ? 'disarm' : 'disarming')
  if (o.success && (o.effects.grappling ?? 0) > 0 && !conditionKeys(b.get(target.id)!).includes('grappled')) {
    const r = grapplingFocus(b, dice, attacker, b.get(target.id)!, o.effects.grappling!)
    if (!r.ok) return r
  }
  // everyone in the radius rolls (000:741-742): the Burst / Splash squares around the target, else the target
  return senseAttackAll(b, dice, inSenseRadius(b, b.get(target.id)!, qualities), { blinding: o.effects.blinding ?? 0, deafening: o.effects.deafening ?? 0 })
}

/** NPC → ally without dice (000:1366-1372, S16); cover soak is taken off the damage. */
function npcAttacksAllyDiceless(b: Batch, cmd: Cmd, attacker: Combatant, target: Combatant, built: PoolBuild, range: number, attackerPatch: Partial<ScState>, rolls: unknown[]): Result<Batch> {
  const ally = allyStats(target)!
  const group = built.weapon.group
  const { value, qualityBonus } = npcAttackValue(built.pool, built.qualities)
  const choice = allyDefense(ally, { attackBand: group, conditions: conditionKeys(target), surprised: (b.state.turn.phase === 'surprise' && !target.aware) || scState(attacker).stealthTokens > 0, pick: cmd.defense })
  const soak = coverSoak(cmd.cover ?? 'none', !!cmd.coverIsCreature, group)
  // range dice add to the defense value as they would add defense dice
  const defenseValue = choice.value + range
  const damage = Math.max(0, value - defenseValue - soak)
  b.push({
    type: 'starchasers.allyDefended', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name,
    weapon: built.weapon.name, attackDice: built.pool, qualityBonus, attackValue: value, defense: choice.defense, defenseValue, rangeBonus: range,
    reason: choice.reason, unavailable: choice.unavailable, soak, damage, dice: rolls,
    // an attack from Stealth spends a token (000:373)
    changes: [{ id: attacker.id, patch: { ...attackerPatch, ...(scState(attacker).stealthTokens > 0 ? { stealthTokens: scState(attacker).stealthTokens - 1 } : {}) } }],
  })
  harm(b, target.id, built.stun ? 0 : damage, built.stun ? damage : 0, 'attack')
  return ok(b)
}

/** Ally → anyone: the attack value for the band minus the defense (000:1353); one attack per turn (000:1341). */
function allyAttack(b: Batch, cmd: Cmd, attacker: Combatant, target: Combatant): Result<Batch> {
  const ally = allyStats(attacker)!
  const st = scState(attacker)
  const checks = actionChecks(b, cmd, attacker, 1, 'attackerId')
  if (!checks.ok) return checks
  const once = checkRule(cmd, st.attacksThisTurn >= 1 && currentActor(b.state) === attacker.id, 'rule.starchasers.allyOneAttack', `${attacker.name} already attacked this turn (allies make one attack per turn)`, 'attackerId', b.events, { name: attacker.name })
  if (once) return once
  const band = (cmd.band as RangeBand | undefined) ?? (target.position?.band as RangeBand | undefined) ?? 'melee'
  const patchA: Partial<ScState> = { actionsUsed: st.actionsUsed + 1, attacksThisTurn: st.attacksThisTurn + 1 }
  let value: number
  let attackBand = allyBandFor(band)
  let special: string | null = null
  if (cmd.special) {
    const sp = ally.specialAttacks.find((s) => s.name.toLowerCase() === String(cmd.special).toLowerCase())
    if (!sp) return refuse('not-found', log, 'refusal.starchasers.noSpecialAttack', { name: attacker.name, special: String(cmd.special) }, { field: 'special' })
    const used = st.uses[sp.name] ?? 0
    const spent = checkRule(cmd, used >= sp.usesPerBattle, 'rule.starchasers.noUsesLeft', `${sp.name} has no uses left this battle`, 'special', b.events, { name: sp.name })
    if (spent) return spent
    const paid = payStress(trackOf(st), sp.stressCost)
    const cant = checkRule(cmd, !paid.ok, 'rule.starchasers.cannotPay', `${attacker.name} cannot take ${sp.stressCost} Stress`, 'special', b.events, { name: attacker.name, cost: sp.stressCost, resource: 'starchasers.resource.stress' })
    if (cant) return cant
    Object.assign(patchA, { stress: paid.track.stress, unconscious: paid.track.unconscious, uses: { ...st.uses, [sp.name]: used + 1 } })
    value = sp.value
    attackBand = sp.band
    special = sp.name
  } else {
    const a = attackBand ? ally[attackBand] : null
    const none = checkRule(cmd, !a || a.value <= 0, 'rule.starchasers.outOfRange', `${attacker.name} has no attack at ${band} range`, 'band', b.events, { weapon: attacker.name, band: `starchasers.band.${band}` })
    if (none) return none
    value = a?.value ?? 0
  }
  let defense: DefenseKind
  let defenseValue: number
  const tAlly = allyStats(target)
  if (tAlly) {
    const ch = allyDefense(tAlly, { attackBand: attackBand ?? 'melee', conditions: conditionKeys(target), pick: cmd.defense })
    defense = ch.defense
    defenseValue = ch.value
  } else {
    const tf = fighter(target)!
    const ch = chosenDefense(b, cmd, target, tf, attackBand ?? 'melee')
    defense = ch.kind
    defenseValue = defenses(tf, conditionKeys(target))[defense]
  }
  const damage = allyAttackDamage(value, defenseValue)
  b.push({
    type: 'starchasers.allyAttacked', attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name,
    band: attackBand, special, attackValue: value, defense, defenseValue, damage, changes: [{ id: attacker.id, patch: patchA }],
  })
  harm(b, target.id, damage, 0, 'allyAttack')
  return ok(b)
}
