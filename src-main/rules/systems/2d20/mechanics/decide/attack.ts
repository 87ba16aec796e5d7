/** The `attack` command (002:13-19, 002:72, 002:78, J2-J4): checks, resolveAttack, and its events. */
import type { Combatant } from '@shared/domain/encounter'
import type { TwoD20Event } from '../../events'
import { ok, type AppError, type Result } from '@shared/result'
import { refuse } from '../../../../kit/refuse'
import { log as en } from '../../i18n/en'
import type { DecideContext } from '../../../../kit/system'
import { resolveAttack, type AttackResolution } from '../attack'
import { useAction } from '../combat'
import type { Command } from '../../commands'
import { spend, type Pools } from '../pools'
import type { AttackKind, Weapon } from '../../schema'
import { fighterOf, isOut, poolSettingsOf, poolsOf, tdState, tdStats } from '../state'
import { outStatus } from '../stress'
import { actingStatus, Batch, inCombat, mergeChanges, poolChanges, rule, DONE, type HandlerResult, payToAct } from './common'
import type { Change } from '../../evolve'

export interface LastAttack { attackerId: string; targetId: string; winner: 'attacker' | 'defender' | 'none'; counterstrike: boolean }

/** A weapon the character does not carry: its name and the ones it has. */
export function noWeapon(c: Combatant, name: string, field: string): { ok: false; error: AppError } {
  const weapons = tdStats(c).weapons.map((x) => x.name).join(', ')
  return weapons
    ? refuse('not-found', en, 'refusal.2d20.noWeapon', { name: c.name, weapon: name, weapons }, { field })
    : refuse('not-found', en, 'refusal.2d20.noWeaponAtAll', { name: c.name, weapon: name }, { field })
}

/** The weapon by name, or the first of the kind; with none, bare hands or a plain insult roll 1 combat die (src-main/rules/systems/2d20/README.md). */
export function chooseWeapon(c: Combatant, name: string | undefined, kind: AttackKind | undefined): Result<Weapon> {
  const weapons = tdStats(c).weapons
  if (name) {
    const w = weapons.find((x) => x.name === name)
    return w ? ok(w) : noWeapon(c, name, 'weapon')
  }
  const k = kind ?? 'melee'
  return ok(weapons.find((x) => x.kind === k) ?? { name: k === 'insult' ? 'insult' : k === 'shooting' ? 'thrown object' : 'bare hands', kind: k, damage: 1, qualities: [] })
}

/** Status words newly true after the attack (for the log and the summaries). */
export function newStatuses(before: Combatant, after: Combatant): Array<'incapacitated' | 'blackedOut' | 'defeated' | 'dispatched'> {
  const sb = tdStats(before)
  const menace = sb.kind === 'npc' ? sb.menace : undefined
  const o0 = outStatus(tdState(before).afflictions, menace)
  const o1 = outStatus(tdState(after).afflictions, menace)
  const out: Array<'incapacitated' | 'blackedOut' | 'defeated' | 'dispatched'> = []
  if (!tdState(before).dispatched && tdState(after).dispatched) out.push('dispatched')
  if (!o0.defeated && o1.defeated) out.push('defeated')
  if (o0.blackedOut.length === 0 && o1.blackedOut.length > 0) out.push('blackedOut')
  else if (o0.incapacitated.length < o1.incapacitated.length) out.push('incapacitated')
  return out
}

/** Afflictions and statuses after a change of a combatant's stress, as log events. */
export function consequenceEvents(b: Batch, before: Combatant, gained: Array<{ affliction: string; reason: string }>): TwoD20Event[] {
  const after = b.current(before.id)
  const running = { ...tdState(before).afflictions }
  const events: TwoD20Event[] = gained.map((g) => {
    const a = g.affliction as keyof typeof running
    running[a] += 1
    return { type: '2d20.afflicted', combatantId: before.id, name: before.name, affliction: a, reason: g.reason, total: running[a] }
  })
  for (const status of newStatuses(before, after)) events.push({ type: '2d20.statusChanged', combatantId: before.id, name: before.name, status })
  return events
}

export function decideAttack(b: Batch, cmd: Command<'attack'>, ctx: DecideContext): HandlerResult {
  const a = b.need(cmd.attackerId, 'attackerId')
  if (!a.ok) return a
  const t = b.need(cmd.targetId, 'targetId')
  if (!t.ok) return t
  const attacker = a.value
  const target = t.value
  if (attacker.id === target.id) return refuse('invalid', en, 'refusal.2d20.attackSelf', { name: attacker.name }, { field: 'targetId' })
  const acting = actingStatus(attacker)
  const r1 = rule(b, cmd, acting === 'no', 'cannotAct', `${attacker.name} cannot act (blacked out, defeated or dispatched, 002:176)`, 'attackerId', { name: attacker.name })
  if (r1) return r1
  const r2 = rule(b, cmd, isOut(target), 'targetOut', `${target.name} is already out of the fight`, 'targetId', { name: target.name })
  if (r2) return r2
  const w = chooseWeapon(attacker, cmd.weapon, cmd.kind)
  if (!w.ok) return w
  const weapon = w.value

  let pools: Pools = poolsOf(b.state)
  const before = pools
  const settings = poolSettingsOf(b.state)
  const attackerPatch: Record<string, unknown> = {}

  // 002:176: an incapacitated character acts only by spending Luck (1 per action, src-main/rules/systems/2d20/README.md)
  const toAct = payToAct(attacker, pools, cmd, 'attackerId')
  if (!toAct.ok) return toAct
  pools = toAct.value.pools
  const luckToAct = toAct.value.paid

  // 002:72: a Counterstrike follows a successful defense, costs 3 Momentum, and cannot answer a Counterstrike
  const last = b.state.system.lastAttack2d20 as LastAttack | undefined
  if (cmd.counterstrike) {
    const valid = last !== undefined && last.targetId === attacker.id && last.attackerId === target.id && last.winner === 'defender' && !last.counterstrike
    const r = rule(b, cmd, !valid, 'counterstrike', last?.counterstrike ? 'you cannot Counterstrike a Counterstrike (002:72)' : `${attacker.name} can Counterstrike only right after defending successfully against ${target.name} (002:72)`, 'counterstrike')
    if (r) return r
    const paid = spend(pools, { id: attacker.id, side: fighterOf(attacker).side, name: attacker.name }, { spend: 'counterstrike' }, settings)
    if (!paid.ok) return paid
    pools = paid.value.pools
  } else if (inCombat(b.state)) {
    // 002:3: one Conflict action per turn (Luck buys one more: spend extraConflictAction)
    const used = useAction(tdState(attacker).budget, 'conflict')
    const r = rule(b, cmd, !used.ok, 'noConflictAction', used.ok ? '' : used.error.message, 'attackerId', { name: attacker.name })
    if (r) return r
    if (used.ok) attackerPatch.budget = used.value
  }

  // 002:78: more minions dispatched with the Momentum of the win
  const also = cmd.alsoDispatch ?? []
  for (const [i, id] of also.entries()) {
    const m = b.need(id, `alsoDispatch.${i}`)
    if (!m.ok) return m
    const sb = tdStats(m.value)
    if (sb.kind !== 'npc' || sb.tier !== 'minion' || isOut(m.value) || id === target.id) return refuse('rule', en, 'refusal.2d20.notAnotherMinion', { name: m.value.name }, { field: `alsoDispatch.${i}`, cite: '002:78' })
  }
  const targetFighter = fighterOf(target)
  if (also.length > 0 && !targetFighter.minion) return refuse('rule', en, 'refusal.2d20.dispatchOnlyMinions', {}, { field: 'alsoDispatch', cite: '002:78' })

  const res = resolveAttack(fighterOf(attacker), targetFighter, {
    kind: weapon.kind, insultWith: cmd.insultWith, defendWith: cmd.defendWith, weapon,
    difficulty: cmd.difficulty, defenseDifficulty: cmd.defenseDifficulty, rangeSteps: cmd.rangeSteps, obstacle: cmd.obstacle,
    attacker: cmd.attacker, defender: cmd.defender, narratorPaysForDraw: cmd.narratorPaysForDraw,
    extraDice: cmd.extraDice, dispatchExtra: also.length, minionsInReach: 1 + also.length,
  }, pools, ctx.rng, settings)
  if (!res.ok) return res
  const v = res.value

  const targetPatch: Record<string, unknown> = {}
  if (v.stress) { targetPatch.stress = v.stress.stress; targetPatch.afflictions = v.stress.afflictions }
  const dispatched: string[] = v.dispatched ? [target.id, ...also] : []
  const p = poolChanges(before, v.pools)
  const changes: Change[] = mergeChanges(
    Object.keys(attackerPatch).length > 0 ? [{ id: attacker.id, patch: attackerPatch }] : [],
    Object.keys(targetPatch).length > 0 ? [{ id: target.id, patch: targetPatch }] : [],
    dispatched.map((id) => ({ id, patch: { dispatched: true } })),
    p.changes,
  )
  const lastAttack: LastAttack = { attackerId: attacker.id, targetId: target.id, winner: v.outcome.winner, counterstrike: cmd.counterstrike === true }
  const snapshots = new Map([target, ...also.map((id) => b.current(id))].map((c) => [c.id, c]))
  b.push({ type: '2d20.attacked', ...attackEventFields(attacker, target, weapon, v, cmd.counterstrike === true, luckToAct), dispatchedIds: dispatched, changes, system: { lastAttack2d20: lastAttack } })
  b.push(...p.core)
  b.push(...consequenceEvents(b, target, v.stress?.gained ?? []))
  for (const id of also) b.push(...consequenceEvents(b, snapshots.get(id) as Combatant, []))
  return DONE
}

function attackEventFields(attacker: Combatant, target: Combatant, weapon: Weapon, v: AttackResolution, counterstrike: boolean, luckToAct: boolean) {
  const side = (s: AttackResolution['attack']) => ({ attributes: s.pair, difficulty: s.difficulty.total, successes: s.test.successes, success: s.test.success, momentum: s.test.momentum, complications: s.test.complications })
  return {
    attackerId: attacker.id, attackerName: attacker.name, targetId: target.id, targetName: target.name,
    weapon: weapon.name, kind: weapon.kind, track: v.track,
    attack: side(v.attack), defense: side(v.defense),
    winner: v.outcome.winner, draw: v.outcome.draw, threatPaid: v.outcome.threatPaid, momentum: v.outcome.momentum,
    ...(v.combat ? { combat: v.combat } : {}),
    ...(v.split ? { byTrack: v.split.byTrack, dishonorable: v.split.dishonorable } : {}),
    spends: v.spends.map((s) => ({ by: s.by, ...s.request })),
    saved: v.saved, lost: v.lost,
    counterstrike, luckToAct,
    dice: v.rolls,
  }
}
