/** The other Starchasers commands: actions, reactions, waking, damage, healing, grenades, falling, hazards, grapples, allies. */
import { changesOf } from '../../../../kit/patch'
import type { Combatant } from '@shared/domain/encounter'
import type { StarchasersCommand } from '../../commands'
import { ok, type Result } from '@shared/result'
import { checkRule } from '../../../../kit/rules'
import type { DecideContext } from '../../../../kit/system'
import { refuse } from '../../../../kit/refuse'
import { log } from '../../i18n/en'
import { resolveAttack } from '../attack'
import { countAttack } from '../dice'
import { critThreshold, defenses, passiveAlertness, resistanceOf, effectiveAttributes } from '../derived'
import { movementActions, SYMPTOMS } from '../conditions'
import { RANGE_BANDS, type RangeBand } from '../../schema'
import type { Batch } from '../../evolve'
import { actionChecks } from './common'
import { bactaTank, bactaVial, fallingDice, firstAid, hazardDice, hazardDifficulty, medicineChallengeStep, medicineSimple, rest, skillCheck, stabilizingShotHeal } from '../healing'
import { burstZone, gridDistance, scatter, type Square } from '../grenade'
import { areaDefense, guardOf, landHit } from '../defend'
import { senseAttackAll, senseFromFocus } from '../focus-effects'
import { cureInjuries, healHp, payMotivation, payStress, revive, wake } from '../harm'
import { allyCardFromPc, allyDefense } from '../ally'
import { chooseWeapon, commandDiceSource, grapplePool, harm, injure, isPc, movementOf, syncConditions } from '../resolve-helpers'
import { allyStats, conditionKeys, fighter, scState, scStats, shieldState, trackOf, type ScState, addStatus, endStatus } from '../state'
import { weaponPool } from '../derived'

const need = (b: Batch, id: string, field: string): Result<Combatant> => { const c = b.get(id); return c ? ok(c) : refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: field, details: { id: id } }) }

export function decideSimpleAction(b: Batch, cmd: StarchasersCommand<'concentrate' | 'aim' | 'changeDefense' | 'move'>): Result<Batch> {
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  const st = scState(x)
  if (cmd.type === 'move' && cmd.reaction) return moveReaction(b, cmd, x)
  if (cmd.type === 'changeDefense' && cmd.reaction) {
    // 000:500 Reactions: PCs pay 1 Motivation or 1 Stress; Elites and Bosses Stress; Extras cannot react
    const sb = scStats(x)
    const r0 = checkRule(cmd, sb.kind === 'npc' && sb.tier === 'extra', 'rule.starchasers.extrasCannotReact', `${x.name} is an Extra and cannot react`, 'reaction', b.events, { name: x.name })
    if (r0) return r0
    const t = trackOf(st)
    const how = isPc(x) ? cmd.reaction : 'stress'
    const paid = how === 'motivation' ? payMotivation(t, 1) : payStress(t, 1)
    const r1 = checkRule(cmd, !paid.ok, 'rule.starchasers.cannotPay', `${x.name} cannot pay the reaction`, 'reaction', b.events, { name: x.name, cost: 1, resource: `starchasers.resource.${how === 'motivation' ? 'motivation' : 'stress'}` })
    if (r1) return r1
    b.push({ type: 'starchasers.defenseChanged', combatantId: x.id, name: x.name, defense: cmd.defense, reaction: how, changes: [{ id: x.id, patch: { defense: cmd.defense, ...(paid.ok ? (how === 'motivation' ? { motivation: paid.track.motivation } : { stress: paid.track.stress, unconscious: paid.track.unconscious }) : {}) } }] })
    return ok(b)
  }
  // the GM placing a combatant on the grid (a square and nothing else) is not an action
  if (cmd.type === 'move' && cmd.square && !cmd.band && !cmd.extra && !cmd.standUp) {
    b.push({ type: 'starchasers.placed', combatantId: x.id, name: x.name, x: cmd.square.x, y: cmd.square.y, changes: [{ id: x.id, patch: { square: cmd.square } }] })
    return ok(b)
  }
  // 000:380 the half Movement Points of Backstab, Ambush, Pistol Whip, Quickdraw: no Action, only what is left
  if (cmd.type === 'move' && cmd.bonus) {
    const left = st.movementLeft ?? 0
    const squares = cmd.squares ?? left
    const none = checkRule(cmd, squares <= 0 || squares > left, 'rule.starchasers.noMovementLeft', `${x.name} has only ${left} square${left === 1 ? '' : 's'} of movement left`, 'squares', b.events, { name: x.name, left })
    if (none) return none
    const patchSquare: Partial<ScState> = cmd.square ? { square: cmd.square } : {}
    b.push({ type: 'starchasers.moved', combatantId: x.id, name: x.name, band: cmd.band ?? null, movementPoints: squares, extra: false, standUp: false, bonus: true, changes: [{ id: x.id, patch: { movementLeft: left - squares, ...patchSquare } }] })
    return ok(b)
  }
  const actions = cmd.type === 'move' && cmd.extra ? 2 : 1
  const chk = actionChecks(b, cmd, x, actions, 'combatantId')
  if (!chk.ok) return chk
  const used = { actionsUsed: st.actionsUsed + actions }
  if (cmd.type === 'concentrate') b.push({ type: 'starchasers.concentrated', combatantId: x.id, name: x.name, focusTokens: st.focusTokens + 1, changes: [{ id: x.id, patch: { ...used, focusTokens: st.focusTokens + 1 } }] })
  else if (cmd.type === 'aim') b.push({ type: 'starchasers.aimed', combatantId: x.id, name: x.name, changes: [{ id: x.id, patch: { ...used, aim: true } }] })
  else if (cmd.type === 'changeDefense') b.push({ type: 'starchasers.defenseChanged', combatantId: x.id, name: x.name, defense: cmd.defense, reaction: null, changes: [{ id: x.id, patch: { ...used, defense: cmd.defense } }] })
  else if (cmd.type === 'move') {
    const mp = movementOf(x) * actions
    // 000:59-66 Movement Actions to traverse range bands (best case); Extra Movement uses both Actions (000:140)
    const from = x.position?.band as RangeBand | undefined
    if (cmd.band && from && RANGE_BANDS.includes(from)) {
      const needed = movementActions(from, cmd.band).min
      const far = checkRule(cmd, needed > actions, 'rule.starchasers.tooFar', `${x.name} needs ${needed} Movement Actions to go from ${from} to ${cmd.band}`, 'band', b.events, { name: x.name, needed })
      if (far) return far
    }
    const patchSquare: Partial<ScState> = cmd.square ? { square: cmd.square } : {}
    b.push({ type: 'starchasers.moved', combatantId: x.id, name: x.name, band: cmd.band ?? null, movementPoints: cmd.standUp ? 0 : mp, extra: !!cmd.extra, standUp: !!cmd.standUp, changes: [{ id: x.id, patch: { ...used, ...patchSquare } }] })
    if (cmd.standUp) endStatus(b, x, 'prone', 'stoodUp')
  }
  return ok(b)
}

/** Pay a Reaction (000:500): PCs 1 Motivation or 1 Stress, Elites and Bosses 1 Stress; Extras cannot react. */
function payReaction(b: Batch, cmd: StarchasersCommand<'move'>, x: Combatant): Result<{ how: 'motivation' | 'stress'; patch: Partial<ScState> }> {
  const sb = scStats(x)
  const r0 = checkRule(cmd, sb.kind === 'npc' && sb.tier === 'extra', 'rule.starchasers.extrasCannotReact', `${x.name} is an Extra and cannot react`, 'reaction', b.events, { name: x.name })
  if (r0) return r0
  const t = trackOf(scState(x))
  const how = isPc(x) ? cmd.reaction as 'motivation' | 'stress' : 'stress'
  const paid = how === 'motivation' ? payMotivation(t, 1) : payStress(t, 1)
  const r1 = checkRule(cmd, !paid.ok, 'rule.starchasers.cannotPay', `${x.name} cannot pay the reaction`, 'reaction', b.events, { name: x.name, cost: 1, resource: `starchasers.resource.${how === 'motivation' ? 'motivation' : 'stress'}` })
  if (r1) return r1
  return ok({ how, patch: paid.ok ? (how === 'motivation' ? { motivation: paid.track.motivation } : { stress: paid.track.stress, unconscious: paid.track.unconscious }) : {} })
}

/**
 * 000:500-502 a Movement Action as a Reaction, out of turn and without spending the mover's Actions: one
 * Movement Action's worth (one range band step by the table, 000:59-66).
 */
function moveReaction(b: Batch, cmd: StarchasersCommand<'move'>, x: Combatant): Result<Batch> {
  const paid = payReaction(b, cmd, x)
  if (!paid.ok) return paid
  const from = x.position?.band as RangeBand | undefined
  if (cmd.band && from && RANGE_BANDS.includes(from)) {
    const needed = movementActions(from, cmd.band).min
    const far = checkRule(cmd, needed > 1, 'rule.starchasers.tooFar', `${x.name} needs ${needed} Movement Actions to go from ${from} to ${cmd.band}`, 'band', b.events, { name: x.name, needed })
    if (far) return far
  }
  const patchSquare: Partial<ScState> = cmd.square ? { square: cmd.square } : {}
  b.push({ type: 'starchasers.moved', combatantId: x.id, name: x.name, band: cmd.band ?? null, movementPoints: movementOf(x), extra: false, standUp: false, reaction: paid.value.how, changes: [{ id: x.id, patch: { ...paid.value.patch, ...patchSquare } }] })
  syncConditions(b, x.id)
  return ok(b)
}

/** The closest opponent's Passive Alertness (S21) for a hider: the one named, else the most alert conscious opponent. */
function passiveAlertnessAgainst(b: Batch, x: Combatant, againstId: string | undefined): Result<{ id: string | null; value: number }> {
  const opp = (c: Combatant): number => {
    const f = fighter(c)
    if (f) { const a = effectiveAttributes(f.attributes, conditionKeys(c)); return passiveAlertness(a.perception, f.skills.alertness) }
    const al = allyStats(c)!
    return al.passiveAlertness ?? passiveAlertness(al.attributes.perception, al.alertness)
  }
  if (againstId) { const c = need(b, againstId, 'againstId'); return c.ok ? ok({ id: c.value.id, value: opp(c.value) }) : c }
  const foes = b.state.combatants.filter((c) => (x.side === 'enemies' ? c.side === 'party' || c.side === 'allies' : c.side === 'enemies') && !scState(c).unconscious && !scState(c).dead)
  const best = foes.map((c) => ({ id: c.id, value: opp(c) })).sort((p, q) => q.value - p.value)[0]
  return ok(best ?? { id: null, value: 0 })
}

/**
 * 000:330-342 Hiding: Agility (less the armor agility penalty, 000:260) + Stealth against the closest opponent's
 * Passive Alertness as defense dice; uncanceled Hits (Crits count 2) become Stealth tokens. 000:344-346 Quick
 * Searching: Perception + Searching against `difficulty` dice, 2 Stealth tokens while in Stealth.
 */
export function decideStealth(b: Batch, cmd: StarchasersCommand<'hide' | 'search'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  const f = fighter(x)
  const al = allyStats(x)
  const chk = actionChecks(b, cmd, x, 1, 'combatantId')
  if (!chk.ok) return chk
  const st = scState(x)
  const dice = commandDiceSource(state, cmd, ctx)
  const a = f ? effectiveAttributes(f.attributes, conditionKeys(x)) : al!.attributes
  if (cmd.type === 'hide') {
    const against = cmd.difficulty !== undefined ? ok({ id: null, value: cmd.difficulty as number }) : passiveAlertnessAgainst(b, x, cmd.againstId)
    if (!against.ok) return against
    const pool = Math.max(0, a.agility - (f?.armor?.agilityPenalty ?? 0)) + (f ? f.skills.stealth : al!.stealth)
    const r = resolveAttack({ pool, qualities: {}, defense: { kind: 'armor', dice: against.value.value }, critThreshold: Infinity, resistance: 99 }, dice)
    if (!r.ok) return r
    const tokens = r.value.netHits + 2 * r.value.netCrits
    b.push({ type: 'starchasers.hid', combatantId: x.id, name: x.name, pool, againstId: against.value.id, passiveAlertness: against.value.value, tokens, outcome: r.value, dice: dice.rolls, changes: [{ id: x.id, patch: { actionsUsed: st.actionsUsed + 1, stealthTokens: tokens } }] })
    return ok(b)
  }
  const pool = a.perception + (f ? f.skills.searching : al!.searching)
  const r = skillCheck(dice, pool, cmd.difficulty ?? 0)
  if (!r.ok) return r
  const cost = Math.min(2, st.stealthTokens)
  b.push({ type: 'starchasers.searched', combatantId: x.id, name: x.name, pool, check: r.value, hits: r.value.netHits + 2 * r.value.netCrits, stealthSpent: cost, tokens: st.stealthTokens - cost, dice: dice.rolls, changes: [{ id: x.id, patch: { actionsUsed: st.actionsUsed + 1, stealthTokens: st.stealthTokens - cost } }] })
  return ok(b)
}

/** 000:884 an energy shield's battery is replaced during combat (an Action): full rounds and shield HP. */
export function decideRechargeShield(b: Batch, cmd: StarchasersCommand<'rechargeShield'>): Result<Batch> {
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const sh = fighter(c.value)?.shield
  if (!sh || sh.kind === 'physical') return refuse('rule', log, 'refusal.starchasers.noEnergyShield', { name: c.value.name }, { field: 'combatantId', cite: '000:884' })
  const chk = actionChecks(b, cmd, c.value, 1, 'combatantId')
  if (!chk.ok) return chk
  const full = shieldState(sh)
  b.push({ type: 'starchasers.shieldRecharged', combatantId: c.value.id, name: c.value.name, shield: sh.name, ...full, changes: [{ id: c.value.id, patch: { ...full, actionsUsed: scState(c.value).actionsUsed + 1 } }] })
  return ok(b)
}

export function decideWake(b: Batch, cmd: StarchasersCommand<'wake'>): Result<Batch> {
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  const st = scState(x)
  if (!st.unconscious) return refuse('rule', log, 'refusal.starchasers.notUnconscious', { name: x.name }, { field: 'combatantId' })
  const r0 = checkRule(cmd, st.hp === 0 || st.dying || st.dead, 'rule.starchasers.cannotWake', `${x.name} is at 0 HP, Dying or dead`, 'combatantId', b.events, { name: x.name })
  if (r0) return r0
  let t = trackOf(st)
  const by = cmd.by ?? 'motivation'
  if (by === 'motivation') {
    const p = payMotivation(t, 1)
    const r1 = checkRule(cmd, !p.ok, 'rule.starchasers.cannotPay', `${x.name} has no Motivation to wake`, 'by', b.events, { name: x.name, cost: 1, resource: 'starchasers.resource.motivation' })
    if (r1) return r1
    t = p.track
  }
  t = { ...wake(t), unconscious: false }
  b.push({ type: 'starchasers.woke', combatantId: x.id, name: x.name, by, changes: [{ id: x.id, patch: { ...t } }] })
  syncConditions(b, x.id)
  return ok(b)
}

export function decideDamage(b: Batch, cmd: StarchasersCommand<'damage'>): Result<Batch> {
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const kind = cmd.kind ?? 'lethal'
  if (kind === 'injury') for (let i = 0; i < Math.max(1, cmd.amount); i++) injure(b, c.value.id, 'gm')
  else harm(b, c.value.id, kind === 'lethal' ? cmd.amount : 0, kind === 'stun' ? cmd.amount : 0, 'gm')
  return ok(b)
}

export function decideHeal(b: Batch, cmd: StarchasersCommand<'heal'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  const st = scState(x)
  const dice = commandDiceSource(state, cmd, ctx)
  const healer = cmd.healerId ? b.get(cmd.healerId) : x
  if (!healer) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'healerId', details: { id: cmd.healerId } })
  const hf = fighter(healer)
  const int = hf ? effectiveAttributes(hf.attributes, conditionKeys(healer)).intelligence : (allyStats(healer)?.attributes.intelligence ?? 0)
  let t = trackOf(st)
  const info: Record<string, unknown> = {}
  const m = cmd.method as string
  if (m === 'firstAid') {
    const r = firstAid(dice, int, hf?.skills.firstAid ?? 0)
    if (!r.ok) return r
    t = healHp(t, r.value.healed); info.amount = r.value.healed; info.pool = r.value.pool
  } else if (m === 'medicine') {
    const r = medicineSimple(dice, int, hf?.skills.medicine ?? 0, t.injuries)
    if (!r.ok) return r
    t = cureInjuries(t, r.value.cured); info.cured = r.value.cured; info.check = r.value
  } else if (m === 'medicineChallenge') {
    const prev = (st as unknown as { challenge?: { progress: number; symptoms: []; cured: number } }).challenge ?? { progress: 0, symptoms: [], cured: 0 }
    const r = medicineChallengeStep(dice, prev)
    if (!r.ok) return r
    t = cureInjuries(t, r.value.curedNow)
    if (r.value.stress) t = { ...t, stress: Math.min(t.stressCapacity, t.stress + r.value.stress) }
    info.face = r.value.face; info.cured = r.value.curedNow; info.stress = r.value.stress
    Object.assign(info, { challenge: r.value.state })
  } else if (m === 'bacta') {
    const r = bactaVial(dice, cmd.size ?? 'tiny')
    if (!r.ok) return r
    t = healHp(t, r.value); info.amount = r.value; info.size = cmd.size ?? 'tiny'
  } else if (m === 'stabilizingShot') {
    const r = stabilizingShotHeal(dice)
    if (!r.ok) return r
    t = healHp(t, r.value); info.amount = r.value
  } else if (m === 'bactaTank') {
    const r = bactaTank(cmd.minutes ?? 60)
    t = cureInjuries(t, r.injuriesCured)
    if (r.fullHp) t = healHp(t, t.maxHp)
    info.cured = r.injuriesCured
  } else if (m === 'rest') {
    const hours = cmd.hours ?? 8
    if (allyStats(x) && hours >= 8) {
      // 000:1384 allies: 8 hours clear Stress, heal 8 HP and 1 Injury
      t = cureInjuries(healHp({ ...t, stress: 0 }, 8), 1)
    } else {
      const r = rest(hours)
      t = cureInjuries(healHp(t, r.hp), r.injuries)
      if (r.clearStress) t = { ...t, stress: 0 }
    }
    info.hours = hours
    if (t.hp > 0 && t.stress < t.stressCapacity && !t.dying) t = { ...t, unconscious: false }
  } else if (m === 'revive') {
    const r = revive(t)
    const r0 = checkRule(cmd, !r.ok, 'rule.starchasers.beyondRevival', `${x.name} cannot be revived`, 'method', b.events, { name: x.name })
    if (r0) return r0
    t = r.track
  } else {
    t = healHp(t, cmd.amount ?? 0); info.amount = cmd.amount ?? 0
  }
  const extra: Partial<ScState> = 'challenge' in info ? ({ challenge: info.challenge } as unknown as Partial<ScState>) : {}
  b.push({ type: 'starchasers.healed', combatantId: x.id, name: x.name, healerId: healer.id, method: m, ...info, hp: t.hp, injuries: t.injuries, dice: dice.rolls, changes: [{ id: x.id, patch: { ...t, ...extra } }] })
  syncConditions(b, x.id)
  return ok(b)
}

/** 000:204-212: Focus results place the grenade; short of the distance it scatters (d8). Burst(N) full / half zones. */
export function decideGrenade(b: Batch, cmd: StarchasersCommand<'throwGrenade'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const a = need(b, cmd.attackerId, 'attackerId')
  if (!a.ok) return a
  const f = fighter(a.value)
  if (!f) return refuse('rule', log, 'refusal.starchasers.allyNoGrenade', { name: a.value.name }, { field: 'attackerId', cite: '000:1339' })
  const chk = actionChecks(b, cmd, a.value, 1, 'attackerId')
  if (!chk.ok) return chk
  const wc = chooseWeapon(f, cmd.weapon)
  if (!wc.ok) return wc
  if (!wc.value) return refuse('invalid', log, 'refusal.starchasers.noGrenade', { name: a.value.name }, { field: 'weapon' })
  const w = wc.value.weapon
  const dice = commandDiceSource(state, cmd, ctx)
  const pool = weaponPool(f, w, conditionKeys(a.value))
  const roll = dice.attack(pool)
  if (!roll.ok) return roll
  const focus = countAttack(roll.value).focus
  const distance = gridDistance(cmd.from as Square, cmd.target as Square)
  const launcher = cmd.launcher ?? w.kind === 'launcher'
  let direction: number | null = null
  const needed = Math.max(0, distance - (launcher ? 3 : 0))
  if (focus < needed) {
    const d = dice.dN(8)
    if (!d.ok) return d
    direction = d.value
  }
  const s = scatter(cmd.target as Square, distance, focus, launcher, direction)
  const radius = w.qualities.burst ?? w.qualities.splash ?? 1
  const st = scState(a.value)
  b.push({ type: 'starchasers.grenadeThrown', attackerId: a.value.id, attackerName: a.value.name, weapon: w.name, pool, attackFaces: roll.value, distance, radius, ...s, dice: dice.rolls.slice(), changes: [{ id: a.value.id, patch: { actionsUsed: st.actionsUsed + 1, attacksThisTurn: st.attacksThisTurn + 1 } }] })
  // who is caught: squares on the combatants, else the GM's list
  const caught: Array<{ id: string; zone: 'full' | 'half' }> = []
  if (cmd.targets) caught.push(...(cmd.targets as typeof caught))
  else for (const c of b.state.combatants) {
    const sq = (c.state as { square?: Square }).square
    const z = sq ? burstZone(s.landing, radius, sq) : null
    if (z) caught.push({ id: c.id, zone: z })
  }
  for (const [i, t] of caught.entries()) {
    const target = b.get(t.id)
    if (!target) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: `targets.${i}`, details: { id: t.id } })
    const p = t.zone === 'full' ? pool : Math.max(1, Math.floor(pool / 2))
    const ally = allyStats(target)
    if (ally) {
      const ch = allyDefense(ally, { attackBand: 'thrown', conditions: conditionKeys(target) })
      const damage = Math.max(0, p - ch.value)
      b.push({ type: 'starchasers.blast', targetId: target.id, targetName: target.name, zone: t.zone, pool: p, defense: ch.defense, damage, outcome: null })
      harm(b, target.id, damage, 0, 'grenade')
      continue
    }
    const tf = fighter(target)!
    const tconds = conditionKeys(target)
    // shields, armor qualities and energy shields as for a single attack (defend.ts)
    const kind = areaDefense(b, target, tf, 'thrown', b.state.turn.phase === 'surprise' && !target.aware)
    const guard = guardOf(target, tf, tconds, kind, w.damageType)
    const before = dice.rolls.length
    const r = resolveAttack({ pool: p, qualities: {}, stun: w.stun, defense: { kind, dice: guard.value, focusAsEvades: guard.focusAsEvades, armorQualities: guard.armorQualities }, critThreshold: critThreshold(tf, tconds), resistance: resistanceOf(tf) }, dice)
    if (!r.ok) return r
    b.push({ type: 'starchasers.blast', targetId: target.id, targetName: target.name, zone: t.zone, pool: p, defense: kind, damage: r.value.damage, outcome: r.value, dice: dice.rolls.slice(before) })
    landHit(b, b.get(a.value.id) ?? null, target, tf, r.value, { blocked: kind === 'block', damageType: w.damageType, source: 'grenade' })
  }
  // 000:741-742 a grenade that lands where aimed spends the Focus beyond the distance on Blinding / Deafening;
  // everyone caught in the burst rolls Resistance
  const sense = senseFromFocus(focus >= needed ? focus - needed : 0, w.qualities)
  const sr = senseAttackAll(b, dice, caught.map((t) => b.get(t.id)!), sense)
  return sr.ok ? ok(b) : sr
}

/** 000:974-976, S21: falling dice against the Default Defense; the faller ends Prone. */
export function decideFall(b: Batch, cmd: StarchasersCommand<'fall'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  const n = fallingDice(cmd.meters, cmd.gravityCap ?? 10)
  const dice = commandDiceSource(state, cmd, ctx)
  const f = fighter(x)
  if (f) {
    const conds = conditionKeys(x)
    const kind = scState(x).defense
    // armor qualities as for an attack, without those that act on an attacker; a shield intercepts attacks
    // (000:266), not falls, so an energy shield does not soak the fall
    const guard = guardOf(x, f, conds, kind, 'fall', { attacker: false })
    const r = resolveAttack({ pool: n, qualities: {}, defense: { kind, dice: guard.value, focusAsEvades: guard.focusAsEvades, armorQualities: guard.armorQualities }, critThreshold: critThreshold(f, conds), resistance: resistanceOf(f) }, dice)
    if (!r.ok) return r
    b.push({ type: 'starchasers.fell', combatantId: x.id, name: x.name, meters: cmd.meters, fallDice: n, damage: r.value.damage, outcome: r.value, dice: dice.rolls })
    landHit(b, null, x, f, r.value, { blocked: false, damageType: 'fall', source: 'fall' })
  } else {
    const damage = Math.max(0, n - (allyStats(x)?.defaultDefense ?? 0))
    b.push({ type: 'starchasers.fell', combatantId: x.id, name: x.name, meters: cmd.meters, fallDice: n, damage, outcome: null, dice: dice.rolls })
    harm(b, x.id, damage, 0, 'fall')
  }
  addStatus(b, b.get(x.id)!, 'prone')
  return ok(b)
}

/** 000:536-560 environmental damage for one hour (cold, heat, toxin) or exposure (radiation hour, vacuum minute). */
export function decideHazard(b: Batch, cmd: StarchasersCommand<'hazard'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  const diff = hazardDifficulty(cmd.hazard)
  if (diff === null) {
    b.push({ type: 'starchasers.hazard', combatantId: x.id, name: x.name, hazard: cmd.hazard, check: null, damage: 0, injury: true })
    injure(b, x.id, cmd.hazard)
    return ok(b)
  }
  const dice = commandDiceSource(state, cmd, ctx)
  const f = fighter(x)
  const resistance = f ? resistanceOf(f) : (allyStats(x)?.resistance ?? 0)
  const chk = skillCheck(dice, resistance, diff)
  if (!chk.ok) return chk
  let damage = 0
  if (!chk.value.success) {
    const roll = dice.attack(hazardDice(cmd.hour ?? 1))
    if (!roll.ok) return roll
    const k = countAttack(roll.value)
    damage = k.hit + 2 * k.crit
  }
  b.push({ type: 'starchasers.hazard', combatantId: x.id, name: x.name, hazard: cmd.hazard, hour: cmd.hour ?? 1, check: chk.value, damage, injury: false, dice: dice.rolls })
  harm(b, x.id, damage, 0, cmd.hazard)
  return ok(b)
}

/** 000:938-972 grapple, Grapple-Attacks (Pin, Trip, Throw) and breaking free. */
export function decideGrapple(b: Batch, cmd: StarchasersCommand<'grapple' | 'grappleAttack' | 'breakFree'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const dice = commandDiceSource(state, cmd, ctx)
  if (cmd.type === 'breakFree') {
    const c = need(b, cmd.combatantId, 'combatantId')
    if (!c.ok) return c
    const x = c.value
    const grappler = b.state.combatants.find((g) => scState(g).grappling === x.id)
    if (!grappler) return refuse('rule', log, 'refusal.starchasers.notGrappled', { name: x.name }, { field: 'combatantId', cite: '000:956' })
    const roll = dice.attack(Math.max(1, grapplePool(x, cmd.body)))
    if (!roll.ok) return roll
    const k = countAttack(roll.value)
    const need2 = scState(grappler).grappleHits
    const free = k.hit + k.crit >= need2 // 000:956 equal or beat the grapple's Hits
    b.push({ type: 'starchasers.breakFree', combatantId: x.id, name: x.name, hits: k.hit + k.crit, needed: need2, free, dice: dice.rolls, changes: changesOf(free ? { [grappler.id]: { grappling: null, grappleHits: 0 } } : {})})
    if (free) { endStatus(b, x, 'grappled', 'brokeFree'); endStatus(b, b.get(x.id)!, 'pinned', 'brokeFree') }
    return ok(b)
  }
  const a = need(b, cmd.attackerId, 'attackerId')
  if (!a.ok) return a
  const att = a.value
  if (cmd.type === 'grapple') {
    const t = need(b, cmd.targetId, 'targetId')
    if (!t.ok) return t
    const target = t.value
    const chk = actionChecks(b, cmd, att, 1, 'attackerId')
    if (!chk.ok) return chk
    const tf = fighter(target)
    const kind = scState(target).defense
    const dDice = tf ? defenses(tf, conditionKeys(target))[kind] : (allyStats(target)?.defaultDefense ?? 1)
    const r = resolveAttack({ pool: grapplePool(att, cmd.body), qualities: {}, defense: { kind, dice: dDice }, critThreshold: Infinity, resistance: 99 }, dice)
    if (!r.ok) return r
    const hits = r.value.netHits + r.value.netCrits
    const st = scState(att)
    b.push({ type: 'starchasers.grappleAttempt', attackerId: att.id, attackerName: att.name, targetId: target.id, targetName: target.name, success: r.value.success, hits, outcome: r.value, dice: dice.rolls, changes: [{ id: att.id, patch: { actionsUsed: st.actionsUsed + 1, ...(r.value.success ? { grappling: target.id, grappleHits: hits } : {}) } }] })
    if (r.value.success) addStatus(b, target, 'grappled', { at: 'manual' }, hits, att.id)
    return ok(b)
  }
  // grappleAttack: a Free Action on the grappler's following turn (000:958)
  const held = scState(att).grappling
  if (!held) return refuse('rule', log, 'refusal.starchasers.notGrappling', { name: att.name }, { field: 'attackerId', cite: '000:958' })
  const target = b.get(held)
  if (!target) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'attackerId', details: { id: held } })
  const tf = fighter(target)
  const tAttr = tf ? effectiveAttributes(tf.attributes, conditionKeys(target)) : allyStats(target)!.attributes
  const acro = tAttr.agility + (tf ? tf.skills.acrobatics : allyStats(target)!.acrobatics)
  // 000:972 the defender rolls its Acrobatics pool; if its Evades cancel everything the attack fails
  const r = resolveAttack({ pool: grapplePool(att, cmd.body), qualities: {}, defense: { kind: 'dodge', dice: acro }, critThreshold: Infinity, resistance: 99 }, dice)
  if (!r.ok) return r
  b.push({ type: 'starchasers.grappleAttack', attackerId: att.id, attackerName: att.name, targetId: target.id, targetName: target.name, kind: cmd.kind, success: r.value.success, damage: r.value.damage, outcome: r.value, dice: dice.rolls })
  if (!r.value.success) return ok(b)
  if (cmd.kind === 'pin') {
    addStatus(b, target, 'pinned', { at: 'manual' }, undefined, att.id)
    // 000:962 the grappler may also inflict Stun equal to its Strength/Agility
    const f = fighter(att)
    const a2 = f ? effectiveAttributes(f.attributes, conditionKeys(att)) : allyStats(att)!.attributes
    harm(b, target.id, 0, r.value.damage + (cmd.body === 'lower' ? a2.agility : a2.strength), 'pin')
  } else {
    harm(b, target.id, r.value.damage, 0, cmd.kind)
    addStatus(b, b.get(target.id)!, 'prone', { at: 'manual' }, undefined, cmd.kind)
  }
  return ok(b)
}

/** An ally's Passive Ability: Stress cost and uses per battle (000:1399). */
export function decideAllyPassive(b: Batch, cmd: StarchasersCommand<'allyPassive'>): Result<Batch> {
  const c = need(b, cmd.allyId, 'allyId')
  if (!c.ok) return c
  const ally = allyStats(c.value)
  if (!ally) return refuse('invalid', log, 'refusal.starchasers.notAlly', { name: c.value.name }, { field: 'allyId' })
  if (!ally.passiveAbility) return refuse('rule', log, 'refusal.starchasers.noPassive', { name: c.value.name }, { field: 'allyId', cite: '000:1399' })
  const p = ally.passiveAbility
  const st = scState(c.value)
  const used = st.uses[p.name] ?? 0
  const r0 = checkRule(cmd, used >= p.usesPerBattle, 'rule.starchasers.noUsesLeft', `${p.name} has no uses left this battle`, 'allyId', b.events, { name: p.name })
  if (r0) return r0
  const paid = payStress(trackOf(st), p.stressCost)
  const r1 = checkRule(cmd, !paid.ok, 'rule.starchasers.cannotPay', `${c.value.name} cannot take ${p.stressCost} Stress`, 'allyId', b.events, { name: c.value.name, cost: p.stressCost, resource: 'starchasers.resource.stress' })
  if (r1) return r1
  const patch: Partial<ScState> = { uses: { ...st.uses, [p.name]: used + 1 }, ...(paid.ok ? { stress: paid.track.stress, unconscious: paid.track.unconscious } : {}) }
  b.push({ type: 'starchasers.allyPassive', allyId: c.value.id, name: c.value.name, ability: p.name, usesLeft: p.usesPerBattle - used - 1, stress: patch.stress ?? st.stress, changes: [{ id: c.value.id, patch: patch }] })
  syncConditions(b, c.value.id)
  return ok(b)
}

/** 000:1415-1417 a PC becomes an ally card for an absent player. */
export function decideAllyCard(b: Batch, cmd: StarchasersCommand<'allyCard'>): Result<Batch> {
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const sb = scStats(c.value)
  if (sb.kind !== 'pc') return refuse('invalid', log, 'refusal.starchasers.notPc', { name: c.value.name }, { field: 'combatantId', cite: '000:1415' })
  const card = allyCardFromPc(sb)
  b.push({ type: 'starchasers.allyCardMade', combatantId: c.value.id, name: c.value.name, stats: card as unknown as Record<string, unknown>, changes: [{ id: c.value.id, patch: { defense: 'armor' } }] })
  return ok(b)
}

/**
 * 000:599 Unbalanced: roll Acrobatics (Agility + Acrobatics) against the Unwieldiness (default 2 dice, S12) and get
 * one uncanceled Hit or fall Prone; Extras fall Prone at once. Falling Prone costs 1 die of damage.
 */
export function decideSteady(b: Batch, cmd: StarchasersCommand<'steady'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const x = c.value
  if (!conditionKeys(x).includes('unbalanced')) return refuse('rule', log, 'refusal.starchasers.notUnbalanced', { name: x.name }, { field: 'combatantId', cite: '000:599' })
  const dice = commandDiceSource(state, cmd, ctx)
  const sb = scStats(x)
  let check: unknown = null
  let falls = sb.kind === 'npc' && sb.tier === 'extra'
  if (!falls) {
    const f = fighter(x)
    const a = f ? effectiveAttributes(f.attributes, conditionKeys(x)) : allyStats(x)!.attributes
    const pool = a.agility + (f ? f.skills.acrobatics : allyStats(x)!.acrobatics)
    const r = skillCheck(dice, pool, cmd.difficulty ?? 2)
    if (!r.ok) return r
    check = r.value
    falls = !r.value.success
  }
  let damage = 0
  if (falls) {
    const roll = dice.attack(1)
    if (!roll.ok) return roll
    const k = countAttack(roll.value)
    damage = k.hit + 2 * k.crit
  }
  b.push({ type: 'starchasers.steadied', combatantId: x.id, name: x.name, check, falls, damage, dice: dice.rolls })
  endStatus(b, x, 'unbalanced', falls ? 'fell' : 'steadied')
  if (falls) {
    addStatus(b, b.get(x.id)!, 'prone')
    harm(b, x.id, damage, 0, 'fall')
  }
  return ok(b)
}

/** 000:25 up to five Free Actions a turn. */
export function decideFreeAction(b: Batch, cmd: StarchasersCommand<'freeAction'>): Result<Batch> {
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const st = scState(c.value)
  const r0 = checkRule(cmd, st.freeActionsUsed >= 5, 'rule.starchasers.fiveFreeActions', `${c.value.name} has used five Free Actions this turn`, 'combatantId', b.events, { name: c.value.name })
  if (r0) return r0
  b.push({ type: 'starchasers.freeAction', combatantId: c.value.id, name: c.value.name, what: cmd.what ?? '', count: st.freeActionsUsed + 1, changes: [{ id: c.value.id, patch: { freeActionsUsed: st.freeActionsUsed + 1 } }] })
  return ok(b)
}

/** 000:621-631 one symptom per Injury: a d6 on the symptom table, a 6 is rolled again. */
export function decideSymptoms(b: Batch, cmd: StarchasersCommand<'symptoms'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const c = need(b, cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const dice = commandDiceSource(state, cmd, ctx)
  const symptoms: string[] = []
  for (let i = 0; i < scState(c.value).injuries; i++) {
    let r = dice.dN(6)
    for (let guard = 0; r.ok && r.value === 6 && guard < 50; guard++) r = dice.dN(6)
    if (!r.ok) return r
    symptoms.push(r.value === 6 ? SYMPTOMS[0] : SYMPTOMS[r.value - 1])
  }
  b.push({ type: 'starchasers.symptoms', combatantId: c.value.id, name: c.value.name, symptoms, list: symptoms.join(', '), dice: dice.rolls })
  return ok(b)
}
