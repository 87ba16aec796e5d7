/** Saga attacks (001, 003): the attack roll and damage, full attacks, the diceless ally mode, coup de grace. */
import { ok, type Result } from '@shared/result'
import type { Combatant, EngineEvent } from '@shared/domain/encounter'
import type { DecideContext } from '../../../../kit/system'
import { parseDiceCached, rollExpr } from '../../../../kit/dice'
import { checkRule } from '../../../../kit/rules'
import { conditionAddedEventFor, conditionEndedEvent } from '../conditions'
import { aimedNow, attackBonus, bandFor, currentReflex, damageBonus, damagePatch, findWeapon, resolveDamage, type AttackOptions, type DamageMode, type DamageOutcome } from '../rules'
import { type Weapon } from '../../schema'
import { averageOfTerms } from '../../../../diceless'
import { sagaTakeTen, type SagaDefense } from '../diceless'
import { combatantSummary } from '../summary'
import { CT_MAX, isOut, sagaState, sagaStats, type SagaState, type Status } from '../state'
import type { SagaCommandOf } from '../../commands'
import { knockedOut, noWeapon, rollD20, targetGone, useAction, type Fail } from './common'
import type { Batch } from './common'
import type { SagaAttackTarget } from '../../events'

/** Roll weapon damage + bonus, minimum 1 (W2), doubled on a crit (W1, not for area attacks). */
function rollDamage(ctx: DecideContext, attacker: Combatant, weapon: Weapon, opts: AttackOptions, crit: boolean, field = 'weapon'): Result<{ dice: unknown[]; rolled: number; bonus: number; total: number; crit: boolean }> {
  const notation = opts.stun && typeof weapon.stun === 'string' ? weapon.stun : weapon.damage
  const p = parseDiceCached(notation, field)
  if (!p.ok) return p
  const r = rollExpr(p.value, ctx.rng)
  const bonus = damageBonus(attacker, weapon, opts).total
  const base = Math.max(1, r.total + bonus)
  const doubled = crit && !opts.area && !opts.autofire
  return ok({ dice: r.dice, rolled: r.total, bonus, total: doubled ? base * 2 : base, crit: doubled })
}

type OptionFields = 'weapon' | 'range' | 'distance' | 'cover' | 'concealment' | 'flanking' | 'charge' | 'shootingIntoMelee' | 'twoHanded' | 'stun' | 'misc'

/** The attack options an `attack` and an `allyAttack` both take from their command (001/003 modifiers); a
 * stun-only weapon stuns unless the command says otherwise. */
function commandOptions(cmd: Pick<SagaCommandOf<'attack'>, OptionFields>, weapon: Weapon): AttackOptions {
  return {
    weapon: cmd.weapon,
    range: cmd.range,
    distance: cmd.distance,
    cover: cmd.cover,
    concealment: cmd.concealment,
    flanking: cmd.flanking,
    charge: cmd.charge,
    shootingIntoMelee: cmd.shootingIntoMelee,
    twoHanded: cmd.twoHanded,
    stun: cmd.stun ?? weapon.stunOnly,
    misc: cmd.misc,
  }
}

export function attack(b: Batch, cmd: SagaCommandOf<'attack'>, attacker: Combatant, targets: Combatant[], ctx: DecideContext): Fail | null {
  const sb = sagaStats(attacker)
  const weapon = findWeapon(sb, cmd.weapon)
  if (!weapon) return noWeapon(attacker, cmd.weapon, 'weapon')
  // set one by one, not spread into a new literal: V8 builds a spread followed by more fields on a slow path, and
  // this runs on every attack (issue 13: the danger check's thousands of fights)
  const opts: AttackOptions = commandOptions(cmd, weapon)
  opts.fightingDefensively = cmd.fightingDefensively
  opts.autofire = cmd.autofire ?? weapon.autofireOnly
  opts.braced = cmd.braced
  opts.area = cmd.area ?? (weapon.area || cmd.autofire || weapon.autofireOnly || (cmd.splash?.length ?? 0) > 0)
  opts.aimed = aimedNow(attacker, weapon)
  const fails: EngineEvent[] = []
  const multi = targets.length > 1
  for (const t of targets) {
    const gone = targetGone(cmd, t, targetField(cmd, t.id), fails)
    if (gone) return gone
  }
  let x =
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act (${sagaState(attacker).status})`, 'attackerId', fails, { name: attacker.name }) ??
    checkRule(cmd, multi && !opts.area, 'rule.saga.singleTarget', 'only area and autofire attacks can target several combatants', 'targets', fails) ??
    checkRule(cmd, opts.cover === 'total', 'rule.saga.totalCover', 'the target has total cover and cannot be attacked (003)', 'cover', fails) ??
    checkRule(cmd, opts.autofire === true && !weapon.autofire && !weapon.autofireOnly, 'rule.saga.noAutofire', `${weapon.name} has no autofire setting`, 'autofire', fails, { weapon: weapon.name }) ??
    checkRule(cmd, opts.stun === true && !weapon.stun && !weapon.stunOnly, 'rule.saga.noStun', `${weapon.name} has no stun setting`, 'stun', fails, { weapon: weapon.name })
  if (x) return x
  if (weapon.kind === 'ranged' && cmd.distance !== undefined) {
    // W8 bands from data; 003: a blaster's stun setting reaches 6 squares
    const band = bandFor(weapon, cmd.distance)
    x = checkRule(cmd, band === null || (opts.stun === true && cmd.distance > 6), 'rule.saga.outOfRange', `the target is out of range of ${weapon.name}`, 'distance', fails, { weapon: weapon.name })
    if (x) return x
  }
  fails.forEach((e) => b.push(e))
  const action = cmd.action ?? 'standard'
  const af = useAction(b, cmd, attacker, action, 'attackerId', { aoo: cmd.aoo, reaction: cmd.reaction, trigger: cmd.trigger })
  if (af) return af
  const attackerNow = b.current(attacker.id)
  const d20 = rollD20(ctx)
  const nat20 = d20.value === 20
  const nat1 = d20.value === 1
  // a loop rather than map(), and one literal per result (W9's flag set after): V8 shapes map()'s array and a
  // literal with a spread differently once the code is optimized, and the danger check's optimized attack was
  // thrown away for it (issue 13)
  const results: SagaAttackTarget[] = []
  for (const t0 of targets) {
    const t = b.current(t0.id)
    const bonus = attackBonus(b.state, attackerNow, multi ? null : t, weapon, opts)
    const reflex = currentReflex(b.state, t, opts)
    const total = d20.value + bonus.total
    // 001: natural 20 always hits (critical), natural 1 always misses
    const hit = nat20 || (!nat1 && total >= reflex.total)
    // W9: the held-object Reflex is the literal 003 reading; flag it so the GM can check it
    const r: SagaAttackTarget = { id: t.id, name: t.name, total, bonus: bonus.total, bonusTerms: bonus.terms, reflex: reflex.total, reflexTerms: reflex.terms, hit }
    if (reflex.terms.some((x) => x.term === 'wielder')) r.flags = ['W9']
    results.push(r)
  }
  const crit = nat20 && !opts.area
  b.push({
    type: 'saga.attackRolled',
    attackerId: attacker.id,
    attackerName: attacker.name,
    weapon: weapon.name,
    d20: d20.value,
    dice: [d20],
    natural20: nat20,
    natural1: nat1,
    crit,
    area: opts.area === true,
    autofire: opts.autofire === true,
    mode: opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal',
    targets: results,
  })
  // used-up one-shot modifiers: aid against these targets, the attacker's suppression (003 Aid Another)
  for (const t0 of targets) {
    const t = b.current(t0.id)
    for (const k of t.conditions) if (k.key === 'saga.aidedAgainst') b.push(conditionEndedEvent(t, k, 'used'))
  }
  for (const k of b.current(attacker.id).conditions) if (k.key === 'saga.suppressed' || (opts.aimed && k.key === 'saga.aiming')) b.push(conditionEndedEvent(b.current(attacker.id), k, 'used'))
  // 003: charge −2 Reflex and fighting defensively +2 until the start of the attacker's next turn
  if (opts.charge && weapon.kind === 'melee') b.push(conditionAddedEventFor(b.state, b.current(attacker.id), 'saga.charging', { at: 'turnStart', combatantId: attacker.id }, -2))
  if (opts.fightingDefensively) b.push(conditionAddedEventFor(b.state, b.current(attacker.id), 'saga.fightingDefensively', { at: 'turnStart', combatantId: attacker.id }, 2))
  const anyHit = results.some((t) => t.hit)
  if (!opts.area && !anyHit) return null
  const dmg = rollDamage(ctx, attacker, weapon, opts, crit)
  if (!dmg.ok) return dmg
  b.push({ type: 'saga.damageRolled', attackerId: attacker.id, dice: dmg.value.dice, rolled: dmg.value.rolled, bonus: dmg.value.bonus, total: dmg.value.total, crit: dmg.value.crit })
  const mode: DamageMode = opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal'
  const splash = new Set<string>(((cmd.splash ?? []) as string[]).filter((id) => !(cmd.targets ?? [cmd.targetId]).includes(id)))
  for (const res of results) {
    const t = b.current(res.id)
    let amount = dmg.value.total
    if (opts.area) {
      // 003 area attacks: hit = full, miss = half (003:272); Evasion: hit = half, miss = none
      // 003 splash: the targets next to the primary one take half on a hit and nothing on a miss (Evasion: half again)
      const evasion = sagaStats(t).evasion === true
      const adjacent = splash.has(t.id)
      const onHit = adjacent ? Math.floor(amount / 2) : amount
      // 003:340: a creature with improved cover takes no half damage from an area attack that misses its Reflex
      // (unless the attacker aimed: aim ignores the cover, 003)
      const improvedCover = opts.cover === 'improved' && !opts.aimed
      const onMiss = adjacent || improvedCover ? 0 : Math.floor(amount / 2)
      amount = res.hit ? (evasion ? Math.floor(onHit / 2) : onHit) : evasion ? 0 : onMiss
      if (amount === 0) continue
    } else if (!res.hit) continue
    dealDamage(b, t, amount, mode, weapon.damageType, { source: attacker.id, sourceName: attacker.name, hit: res.hit })
  }
  return null
}

/** The field of the command that names this target (targetId, targets.N or splash.N). */
function targetField(cmd: SagaCommandOf<'attack'>, id: string): string {
  const i = cmd.targets?.indexOf(id) ?? -1
  if (i >= 0) return `targets.${i}`
  const j = cmd.splash?.indexOf(id) ?? -1
  return j >= 0 && cmd.targetId !== id ? `splash.${j}` : 'targetId'
}

export function dealDamage(b: Batch, t: Combatant, amount: number, mode: DamageMode, damageType: string | undefined, meta: Record<string, unknown>): void {
  const o = resolveDamage(sagaStats(t), sagaState(t), amount, mode, damageType)
  // 001:94: a Force Point can still avoid this death: the log says so, with the Force Points left
  const fp = o.deathAvoidable && o.statusBefore !== o.status ? { forcePoints: sagaState(t).forcePoints } : {}
  b.push({ type: 'saga.damageDealt', targetId: t.id, targetName: t.name, ...meta, ...o, ...fp, changes: [{ id: t.id, patch: { ...damagePatch(o), ...knockedOut(b.state, o.statusBefore, o.status) } }] })
}

// ---------------------------------------------------------------------------------------------- full attack, threat

/** 003: a character threatens only when armed with a melee, natural or ranged weapon (area weapons such as
 * grenades do not), or unarmed with Martial Arts I. */
export const threatens = (sb: ReturnType<typeof sagaStats>): boolean => sb.martialArts === true || sb.weapons.some((w) => !w.area)

/** 003 Dual Weapon Mastery I, II, III reduce the −10; all three cancel it. The seed gives no steps in between:
 * −5 and −2 are the defaults (the core rulebook's). */
export const DUAL_WEAPON_PENALTY = [-10, -5, -2, 0] as const

/** 003 Full attack: a full-round action; every attack is rolled in the order given, each against its target. */
export function fullAttack(b: Batch, cmd: SagaCommandOf<'fullAttack'>, attacker: Combatant, ctx: DecideContext): Fail | null {
  const sb = sagaStats(attacker)
  const attacks = cmd.attacks
  for (const [i, a] of attacks.entries()) {
    const t = b.need(a.targetId, `attacks.${i}.targetId`)
    if (!t.ok) return t
    if (!findWeapon(sb, a.weapon)) return noWeapon(attacker, a.weapon, `attacks.${i}.weapon`)
  }
  const fails: EngineEvent[] = []
  for (const [i, a] of attacks.entries()) {
    const gone = targetGone(cmd, b.current(a.targetId), `attacks.${i}.targetId`, fails)
    if (gone) return gone
  }
  const dual = cmd.twoWeapons === true || cmd.doubleWeapon === true
  const allowed = 1 + (dual ? 1 : 0) + (cmd.doubleAttack ? 1 : 0) + (cmd.tripleAttack ? 1 : 0)
  const x =
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act (${sagaState(attacker).status})`, 'attackerId', fails, { name: attacker.name }) ??
    checkRule(cmd, cmd.doubleAttack === true && !sb.doubleAttack, 'rule.saga.noFeat', `${attacker.name} does not have Double Attack`, 'doubleAttack', fails, { name: attacker.name, feat: 'Double Attack' }) ??
    checkRule(cmd, cmd.tripleAttack === true && (!sb.tripleAttack || cmd.doubleAttack !== true), 'rule.saga.noFeat', `${attacker.name} needs Triple Attack (on top of Double Attack)`, 'tripleAttack', fails, { name: attacker.name, feat: 'Triple Attack' }) ??
    checkRule(cmd, attacks.length > allowed, 'rule.saga.tooManyAttacks', `${attacker.name} may make ${allowed} attack(s) in this full attack`, 'attacks', fails, { name: attacker.name, count: allowed })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, attacker, 'fullRound', 'attackerId')
  if (r) return r
  const terms: Array<{ term: string; value: number }> = []
  if (dual) terms.push({ term: cmd.doubleWeapon ? 'doubleWeapon' : 'twoWeapons', value: DUAL_WEAPON_PENALTY[sb.dualWeaponMastery ?? 0] })
  if (dual && cmd.proficient === false) terms.push({ term: 'notProficient', value: -5 })
  if (cmd.doubleAttack) terms.push({ term: 'doubleAttack', value: -5 })
  if (cmd.tripleAttack) terms.push({ term: 'tripleAttack', value: -5 })
  const penalty = terms.reduce((sum, t) => sum + t.value, 0)
  b.push({ type: 'saga.fullAttack', attackerId: attacker.id, name: attacker.name, count: attacks.length, penalty, terms })
  // 003: "all penalties of an extra attack apply to every attack the character makes before the start of its next turn"
  if (penalty !== 0) b.push(conditionAddedEventFor(b.state, b.current(attacker.id), 'saga.extraAttacks', { at: 'turnStart', combatantId: attacker.id }, penalty))
  const shared = { range: cmd.range, distance: cmd.distance, cover: cmd.cover, concealment: cmd.concealment, flanking: cmd.flanking, shootingIntoMelee: cmd.shootingIntoMelee, misc: cmd.misc, override: cmd.override }
  for (const a of attacks) {
    const one: SagaCommandOf<'attack'> = { type: 'attack', attackerId: attacker.id, targetId: a.targetId, weapon: a.weapon, action: 'free', ...shared }
    const failed = attack(b, one, b.current(attacker.id), [b.current(a.targetId)], ctx)
    if (failed) return failed
  }
  return null
}

// ---------------------------------------------------------------------------------------------- diceless ally mode

/** An ally in the diceless sense: an ally stat block, or anyone on the allies' side. PCs roll. */
const isDicelessAlly = (c: Combatant) => c.role === 'ally' || c.side === 'allies'

/**
 * Beyond the seed: diceless allies in Saga, take-10 style (src-main/rules/diceless). The attacker takes 10
 * (10 + its attack bonus with every 001/003 modifier) against the target's defense; damage is the average of the
 * dice + the damage bonus, rounded down, through the same SR → DR → HP → threshold pipeline (W2). An NPC attacking
 * an ally takes 10 too, against the ally's best applicable defense. No critical hits: a take 10 is never a natural 20.
 */
export function allyAttack(b: Batch, cmd: SagaCommandOf<'allyAttack'>, attacker: Combatant, target: Combatant): Fail | null {
  const weapon = findWeapon(sagaStats(attacker), cmd.weapon)
  if (!weapon) return noWeapon(attacker, cmd.weapon, 'weapon')
  const opts: AttackOptions = commandOptions(cmd, weapon)
  const fails: EngineEvent[] = []
  let x =
    targetGone(cmd, target, 'targetId', fails) ??
    checkRule(cmd, !isDicelessAlly(attacker) && !isDicelessAlly(target), 'rule.saga.notAlly', `the diceless mode is for allies: neither ${attacker.name} nor ${target.name} is one`, 'attackerId', fails, { name: attacker.name, target: target.name }) ??
    checkRule(cmd, isOut(sagaState(attacker)), 'rule.saga.attackerOut', `${attacker.name} cannot act (${sagaState(attacker).status})`, 'attackerId', fails, { name: attacker.name }) ??
    checkRule(cmd, opts.cover === 'total', 'rule.saga.totalCover', 'the target has total cover and cannot be attacked (003)', 'cover', fails) ??
    checkRule(cmd, opts.stun === true && !weapon.stun && !weapon.stunOnly, 'rule.saga.noStun', `${weapon.name} has no stun setting`, 'stun', fails, { weapon: weapon.name })
  if (x) return x
  if (weapon.kind === 'ranged' && cmd.distance !== undefined) {
    const band = bandFor(weapon, cmd.distance)
    x = checkRule(cmd, band === null || (opts.stun === true && cmd.distance > 6), 'rule.saga.outOfRange', `the target is out of range of ${weapon.name}`, 'distance', fails, { weapon: weapon.name })
    if (x) return x
  }
  const notation = opts.stun && typeof weapon.stun === 'string' ? weapon.stun : weapon.damage
  const parsed = parseDiceCached(notation, 'weapon')
  if (!parsed.ok) return parsed
  fails.forEach((e) => b.push(e))
  const af = useAction(b, cmd, attacker, cmd.action ?? 'standard', 'attackerId')
  if (af) return af
  const a = b.current(attacker.id)
  const t = b.current(target.id)
  const bonus = attackBonus(b.state, a, t, weapon, opts)
  const reflex = currentReflex(b.state, t, opts)
  const summary = combatantSummary(b.state, t)
  const value = (d: SagaDefense) => (d === 'reflex' ? reflex.total : d === 'fortitude' ? summary.fortitude : summary.will)
  const against: SagaDefense[] = cmd.against ?? ['reflex']
  const targetIsAlly = isDicelessAlly(t) && !isDicelessAlly(a)
  const dmgBonus = damageBonus(a, weapon, opts)
  const res = sagaTakeTen(bonus.total, against.map((d) => ({ defense: d, value: value(d) })), targetIsAlly, averageOfTerms(parsed.value.terms) + dmgBonus.total)
  const mode: DamageMode = opts.stun ? 'stun' : weapon.ion ? 'ion' : 'normal'
  b.push({
    type: 'saga.dicelessAttack',
    attackerId: a.id,
    attackerName: a.name,
    targetId: t.id,
    targetName: t.name,
    weapon: weapon.name,
    mode,
    direction: targetIsAlly ? 'againstAlly' : 'byAlly',
    attackValue: res.attackValue,
    bonusTerms: bonus.terms,
    defense: res.defense,
    defenseValue: res.defenseValue,
    ...(res.defense === 'reflex' ? { defenseTerms: reflex.terms } : {}),
    choice: res.choice,
    considered: res.considered,
    hit: res.hit,
    damageNotation: notation,
    damageAverage: res.average,
    damageBonus: dmgBonus.total,
    damage: res.damage,
  })
  // the one-shot modifiers are used, as by a rolled attack (003 Aid Another); charge −2 Reflex (003)
  for (const k of b.current(t.id).conditions) if (k.key === 'saga.aidedAgainst') b.push(conditionEndedEvent(b.current(t.id), k, 'used'))
  for (const k of b.current(a.id).conditions) if (k.key === 'saga.suppressed') b.push(conditionEndedEvent(b.current(a.id), k, 'used'))
  if (opts.charge && weapon.kind === 'melee') b.push(conditionAddedEventFor(b.state, b.current(a.id), 'saga.charging', { at: 'turnStart', combatantId: a.id }, -2))
  if (res.hit) dealDamage(b, b.current(t.id), res.damage, mode, weapon.damageType, { source: a.id, sourceName: a.name, hit: true, diceless: true })
  return null
}

/** 003 Coup de grace: full-round action against a helpless creature or droid (not a vehicle or object); an
 * automatic critical hit (double damage); a target brought to 0 HP, or already unconscious or disabled, dies. */
export function coupDeGrace(b: Batch, cmd: SagaCommandOf<'coupDeGrace'>, attacker: Combatant, target: Combatant, ctx: DecideContext): Fail | null {
  const tsb = sagaStats(target)
  const tst = sagaState(target)
  const weapon = findWeapon(sagaStats(attacker), cmd.weapon)
  if (!weapon) return noWeapon(attacker, cmd.weapon, 'weapon')
  const fails: EngineEvent[] = []
  const x =
    targetGone(cmd, target, 'targetId', fails) ??
    checkRule(cmd, tsb.kind === 'vehicle' || tsb.kind === 'object', 'rule.saga.coupDeGraceObject', 'no coup de grace against vehicles or objects', 'targetId', fails, { name: target.name }) ??
    checkRule(cmd, !isHelplessNow(tst), 'rule.saga.notHelpless', `${target.name} is not helpless`, 'targetId', fails, { name: target.name })
  if (x) return x
  fails.forEach((e) => b.push(e))
  const r = useAction(b, cmd, attacker, 'fullRound', 'attackerId')
  if (r) return r
  const dmg = rollDamage(ctx, attacker, weapon, {}, true)
  if (!dmg.ok) return dmg
  b.push({ type: 'saga.damageRolled', attackerId: attacker.id, dice: dmg.value.dice, rolled: dmg.value.rolled, bonus: dmg.value.bonus, total: dmg.value.total, crit: true, coupDeGrace: true })
  const before = sagaState(b.current(target.id))
  const o = resolveDamage(tsb, before, dmg.value.total, 'normal', weapon.damageType)
  const lethal = o.hpAfter === 0 || before.status === 'unconscious' || before.status === 'disabled'
  const living = tsb.kind === 'heroic' || tsb.kind === 'nonheroic'
  const status: Status = lethal ? (living ? 'dead' : 'destroyed') : o.status
  const out: DamageOutcome = { ...o, status, ctAfter: lethal ? CT_MAX : o.ctAfter, outcome: lethal ? (living ? 'dead' : 'destroyed') : o.outcome, deathAvoidable: false }
  b.push({ type: 'saga.damageDealt', targetId: target.id, targetName: target.name, source: attacker.id, sourceName: attacker.name, coupDeGrace: true, ...out, changes: [{ id: target.id, patch: damagePatch(out) }] })
  return null
}

const isHelplessNow = (st: SagaState) => st.status === 'unconscious' || st.status === 'disabled' || st.ct >= CT_MAX
