/** The Dueling System commands (000:1238-1327, S14, S15): start, exchange, boss phase, end. */
import { changesOf } from '../../../../kit/patch'
import type { StarchasersCommand } from '../../commands'
import { ok, type Result } from '@shared/result'
import { checkRule } from '../../../../kit/rules'
import type { DecideContext } from '../../../../kit/system'
import { refuse } from '../../../../kit/refuse'
import { log } from '../../i18n/en'
import { resolveAttack } from '../attack'
import { defenseDice, rangeDice } from '../conditions'
import { critThreshold, defenseAvailability, defenses, resistanceOf } from '../derived'
import { defenseForType, dominateDamage, duelDieFor, duelMatrix, jumpInBlocked, nextActive, proneClashDice, startDuel, type DuelState } from '../duel'
import type { Batch } from '../../evolve'
import { armorEffects, energyShield } from '../focus-effects'
import { sumQualities } from './attack'
import type { AttackOutcome } from '../attack'
import { payMotivation, payStress } from '../harm'
import { allyDefense, npcAttackValue } from '../ally'
import { applyStatuses, buildPool, capMotivation, chooseMove, chooseWeapon, commandDiceSource, harm, isPc, unarmed } from '../resolve-helpers'
import { allyStats, conditionKeys, duelOf, fighter, scState, shieldUp, trackOf, type ScState, addStatus } from '../state'
import type { DefenseKind, DuelType, RangeBand } from '../../schema'


export function decideDuelStart(b: Batch, cmd: StarchasersCommand<'duelStart'>): Result<Batch> {
  for (const [i, id] of (cmd.fighters as string[]).entries()) if (!b.get(id)) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: `fighters.${i}`, details: { id: id } })
  if (!(cmd.fighters as string[]).includes(cmd.activeId)) return refuse('invalid', log, 'refusal.starchasers.activeNotFighter', {}, { field: 'activeId', cite: '000:1309' })
  const active = b.get(cmd.activeId)!
  // 000:1309 a PC can begin the duel only when not surprised
  const surprised = checkRule(cmd, !active.aware, 'rule.starchasers.surprisedCannotLead', `${active.name} is surprised and cannot begin the duel`, 'activeId', b.events, { name: active.name })
  if (surprised) return surprised
  const duel = startDuel(cmd.fighters, cmd.activeId)
  b.push({ type: 'starchasers.duelStarted', fighters: duel.fighters, activeId: duel.active, activeName: active.name, duel })
  return ok(b)
}

export function decideDuelPhase(b: Batch, cmd: StarchasersCommand<'duelPhase'>): Result<Batch> {
  const state = b.state
  const d = duelOf(state)
  if (!d) return refuse('rule', log, 'refusal.starchasers.noDuel', {}, { field: 'type' })
  b.push({ type: 'starchasers.duelPhase', phase: cmd.phase, duel: { ...d, phase: cmd.phase } })
  return ok(b)
}

export function decideDuelEnd(b: Batch): Result<Batch> {
  const state = b.state
  const d = duelOf(state)
  if (!d) return refuse('rule', log, 'refusal.starchasers.noDuel', {}, { field: 'type' })
  b.push({ type: 'starchasers.duelEnded', interactions: d.interactions, duel: null })
  return ok(b)
}

export function decideDuelExchange(b: Batch, cmd: StarchasersCommand<'duelExchange'>, ctx: DecideContext): Result<Batch> {
  const state = b.state
  const duel = duelOf(state)
  if (!duel) return refuse('rule', log, 'refusal.starchasers.noDuelStartFirst', {}, { field: 'type' })
  const attackerId: string = cmd.attackerId ?? duel.active
  const attacker = b.get(attackerId)
  if (!attacker) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'attackerId', details: { id: attackerId } })
  const defender = b.get(cmd.defenderId)
  if (!defender) return refuse('not-found', log, 'refusal.starchasers.noCombatant', {}, { field: 'defenderId', details: { id: cmd.defenderId } })
  if (attacker.id === defender.id) return refuse('invalid', log, 'refusal.starchasers.attackSelf', { name: attacker.name }, { field: 'defenderId' })
  const dice = commandDiceSource(state, cmd, ctx)
  const patches: Record<string, Partial<ScState>> = {}
  const next: DuelState = { ...duel, fighters: [...duel.fighters], lastJumpIn: { ...duel.lastJumpIn } }
  // jumping in (000:1315, 000:1413)
  const jumper: string | undefined = cmd.jumpIn
  if (jumper !== undefined) {
    if (jumper !== attacker.id && jumper !== defender.id) return refuse('invalid', log, 'refusal.starchasers.jumpInWho', {}, { field: 'jumpIn', cite: '000:1315' })
    const j = b.get(jumper)!
    const blocked = jumpInBlocked(duel, jumper)
    const r1 = checkRule(cmd, blocked !== null, 'rule.starchasers.jumpInEvery3', `${j.name} can jump in only every 3 interactions`, 'jumpIn', b.events, { name: j.name })
    if (r1) return r1
    const t = trackOf(scState(j))
    const paid = isPc(j) ? payMotivation(t, 1) : payStress(t, 1)
    const r2 = checkRule(cmd, !paid.ok, 'rule.starchasers.cannotPay', `${j.name} cannot pay to jump in`, 'jumpIn', b.events, { name: j.name, cost: 1, resource: isPc(j) ? 'starchasers.resource.motivation' : 'starchasers.resource.stress' })
    if (r2) return r2
    if (paid.ok) patches[jumper] = isPc(j) ? { motivation: paid.track.motivation } : { stress: paid.track.stress, unconscious: paid.track.unconscious }
    next.lastJumpIn[jumper] = duel.interactions + 1
  } else {
    const r = checkRule(cmd, attacker.id !== duel.active, 'rule.starchasers.notActiveFighter', `${attacker.name} is not the Active Fighter`, 'attackerId', b.events, { name: attacker.name })
    if (r) return r
  }
  const defConds = conditionKeys(defender)
  const prone = defConds.includes('prone')
  // the attack: typed value (ally) or pool (fighter)
  const aAlly = allyStats(attacker)
  const af = fighter(attacker)
  let attackType: DuelType
  let pool = 0
  let qualities = {}
  let stun = false
  let group: 'melee' | 'thrown' | 'ranged' = 'melee'
  let weaponName = ''
  let damageType = 'physical'
  let band: RangeBand = (cmd.band as RangeBand | undefined) ?? 'melee'
  if (aAlly) {
    const key = band === 'melee' ? 'melee' : band === 'close' ? 'thrown' : 'ranged'
    const a = aAlly[key]
    if (!a) return refuse('rule', log, 'refusal.starchasers.allyNoAttack', { name: attacker.name, kind: `starchasers.attackKind.${key}` }, { field: 'band', cite: '000:1353' })
    pool = a.value
    attackType = (cmd.attackType as DuelType | undefined) ?? a.duelType
    group = key
    weaponName = key
  } else {
    const wc = chooseWeapon(af!, cmd.weapon)
    if (!wc.ok) return wc
    const mc = chooseMove(af!, cmd.move)
    if (!mc.ok) return mc
    const built = buildPool(attacker, af!, wc.value?.weapon ?? unarmed(af!), mc.value.move, { backAttack: cmd.backAttack, highGround: cmd.highGround })
    pool = built.pool
    qualities = built.qualities
    stun = cmd.stun ?? built.stun
    group = built.weapon.group
    weaponName = built.weapon.name
    damageType = built.weapon.damageType
    band = (cmd.band as RangeBand | undefined) ?? (group === 'melee' ? 'melee' : 'close')
    if (rangeDice(built.weapon, band) === null) return refuse('rule', log, 'refusal.starchasers.outOfRange', { weapon: built.weapon.name, band: `starchasers.band.${band}` }, { field: 'band', cite: 'S13' })
    let t: DuelType | undefined = cmd.attackType ?? mc.value.move?.type
    // 000:1301 the GM rolls for the NPC to see which move it uses (a boss's Duel Die for its phase)
    if (!t && af!.kind === 'npc' && af!.duelDice.length > 0) {
      const r = dice.custom('duel', duelDieFor(af!.duelDice, duel.phase))
      if (!r.ok) return r
      t = r.value
    }
    attackType = t ?? built.weapon.duelType
  }
  // the defense: given, a boss's Duel Die, or the defender's current one
  const dAlly = allyStats(defender)
  const df = fighter(defender)
  let defense: DefenseKind | undefined = cmd.defense
  if (!defense && df && df.kind === 'npc' && df.duelDice.length > 0) {
    const r = dice.custom('duel', duelDieFor(df.duelDice, duel.phase))
    if (!r.ok) return r
    defense = defenseForType(r.value)
  }
  let available = true
  let unavailableReason: string | null = null
  let defenseValue = 0
  if (dAlly) {
    const ch = allyDefense(dAlly, { attackBand: group, conditions: defConds, pick: defense })
    if (defense && ch.defense !== defense) { available = false; unavailableReason = ch.unavailable[defense] ?? null }
    defense = defense ?? ch.defense
    defenseValue = ch.defense === defense ? ch.value : 0
  } else {
    defense = defense ?? scState(defender).defense
    const av = defenseAvailability(df!, { attackGroup: group, conditions: defConds, grappling: scState(defender).grappling !== null, shieldDown: !shieldUp(defender) })
    if (av[defense]) { available = false; unavailableReason = av[defense] }
    defenseValue = defenses(df!, defConds)[defense]
  }
  let result = duelMatrix(attackType, defense, available)
  let damage = 0
  let stress = 0
  let outcome: unknown = null
  let succeeded = false
  // 000:598 a prone defender still rolls in a REPEL
  const rolls = result === 'clash' || (result === 'repel' && prone)
  if (result === 'dominate') {
    damage = dominateDamage(pool, prone) // S14
    succeeded = true
  } else if (rolls) {
    if (aAlly || dAlly) {
      // diceless side: values against values (S16), no crits
      const value = aAlly ? pool : npcAttackValue(pool, qualities).value
      damage = Math.max(0, value - (prone ? proneClashDice(defenseValue) : defenseValue))
      succeeded = damage > 0
    } else {
      const sit = defenseDice(defense, defenseValue, { group }, defConds)
      const dDice = prone && result === 'clash' ? proneClashDice(sit.dice) : sit.dice
      // the defender's armor (and Blocking shield) qualities take its spare Focus as in any attack (000:866)
      const armorQualities = sumQualities(df!.armor?.qualities, defense === 'block' && shieldUp(defender) ? df!.shield?.qualities : undefined)
      const r = resolveAttack({ pool, qualities, stun, defense: { kind: defense, dice: dDice, armorQualities, focusPlan: cmd.defenderFocusPlan }, critThreshold: critThreshold(df!, defConds), resistance: resistanceOf(df!), melee: group === 'melee' }, dice)
      if (!r.ok) return r
      outcome = r.value
      damage = r.value.damage
      stress = r.value.stress
      succeeded = r.value.success
    }
    if (result === 'repel') result = 'repel'
  }
  if (stun && result === 'dominate') { stress = damage; damage = 0 }
  const active = nextActive(result === 'repel' && rolls ? 'clash' : result, attacker.id, defender.id, succeeded)
  next.interactions = duel.interactions + 1
  next.active = active
  // 000:1315 a character who jumps in joins the duel when it becomes the Active Fighter
  for (const id of [attacker.id, defender.id]) if (!next.fighters.includes(id) && (id !== jumper || active === id)) next.fighters.push(id)
  next.history = [...duel.history, { n: next.interactions, attacker: attacker.id, defender: defender.id, attackType, defense, result, damage: damage + stress, nextActive: active }].slice(-50)
  // S6: DOMINATE +1 Motivation to the attacker, REPEL +1 to the defender (PCs)
  const gain = result === 'dominate' ? attacker : result === 'repel' ? defender : null
  if (gain && isPc(gain)) patches[gain.id] = { ...(patches[gain.id] ?? {}), motivation: capMotivation(state, (patches[gain.id]?.motivation ?? scState(gain).motivation) + 1) }
  b.push({
    type: 'starchasers.duelExchanged', n: next.interactions, attackerId: attacker.id, attackerName: attacker.name, defenderId: defender.id, defenderName: defender.name,
    weapon: weaponName, attackType, defense, defenseAvailable: available, unavailableReason, result, pool, damage, stress, prone,
    outcome, nextActive: active, nextActiveName: b.get(active)?.name ?? active, jumpIn: jumper ?? null, dice: dice.rolls, duel: next, changes: changesOf(patches),
  })
  // a Blocking energy shield takes the damage first; Ionic Focus drains it (000:736, S18)
  const ionic = (outcome as { effects?: { ionic?: number } } | null)?.effects?.ionic ?? 0
  if (df) damage = energyShield(b, defender, { damage, ionic, blocked: defense === 'block', damageType })
  if (damage > 0 || stress > 0) harm(b, defender.id, damage, stress, `duel.${result}`)
  // 000:1295 on a REPEL the defender's Knockback may trigger: the attacker is pushed back its number in squares
  const kb = result === 'repel' && !rolls && df ? (df.armor?.qualities.knockback ?? 0) + (defense === 'block' ? (df.shield?.qualities.knockback ?? 0) : 0) : 0
  const ro = outcome as AttackOutcome | null
  if (ro) armorEffects(b, attacker, defender, ro)
  if (kb > 0) armorEffects(b, attacker, defender, { reflected: 0, spikes: 0, restored: 0, knockback: kb })
  const o = outcome as { statuses?: Array<{ status: import('../conditions').StatusCondition; source: string }> } | null
  if (o?.statuses) applyStatuses(b, defender.id, o.statuses)
  // 000:1325 a grapple that DOMINATEs grapples the defender; a Grapple-Attack may follow at once
  if (cmd.grapple && result === 'dominate') {
    addStatus(b, b.get(defender.id)!, 'grappled', { at: 'manual' }, pool, attacker.id)
    b.push({ type: 'starchasers.grappled', attackerId: attacker.id, attackerName: attacker.name, targetId: defender.id, targetName: defender.name, hits: pool, grappleAttackReady: true, changes: [{ id: attacker.id, patch: { grappling: defender.id, grappleHits: pool } }] })
  }
  return ok(b)
}
