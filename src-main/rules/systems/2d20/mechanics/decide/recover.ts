/** `recover` (002:161-171, J6), `harm` (Danger 002:110, poison 002:152, GM stress) and `blast` (002:137). */
import { refuse } from '../../../../kit/refuse'
import { log as en } from '../../i18n/en'
import type { DecideContext } from '../../../../kit/system'
import { useAction, POISONED_DRINK } from '../combat'
import type { Command } from '../../commands'
import { explosiveBlast, harm } from '../harm'
import { spend, type Payer } from '../pools'
import { resolveRecovery } from '../recovery'
import { fighterOf, poolSettingsOf, poolsOf, tdState } from '../state'
import { applyStress } from '../stress'
import { actingStatus, Batch, inCombat, mergeChanges, NARRATOR, poolChanges, rule, DONE, type HandlerResult, payToAct } from './common'
import { consequenceEvents } from './attack'
import type { Change } from '../../evolve'

/** Stress on a character; a minion (no trackers) is dispatched by any damage outside an attack (src-main/rules/systems/2d20/README.md). */
function harmChanges(id: string, minion: boolean, stress: ReturnType<typeof applyStress>, untracked: number): Change[] {
  if (minion) return untracked > 0 ? [{ id, patch: { dispatched: true } }] : []
  return [{ id, patch: { stress: stress.stress, afflictions: stress.afflictions } }]
}

export function decideRecover(b: Batch, cmd: Command<'recover'>, ctx: DecideContext): HandlerResult {
  const t = b.need(cmd.testerId, 'testerId')
  if (!t.ok) return t
  const p = b.need(cmd.patientId ?? cmd.testerId, 'patientId')
  if (!p.ok) return p
  const tester = t.value
  const patient = p.value
  const r = rule(b, cmd, actingStatus(tester) === 'no', 'cannotAct', `${tester.name} cannot act (002:176)`, 'testerId', { name: tester.name })
  if (r) return r
  const changes: Change[] = []
  // a recovery test during battle is the tester's Conflict action (an attribute test, 002:3; src-main/rules/systems/2d20/README.md)
  if (inCombat(b.state)) {
    const used = useAction(tdState(tester).budget, 'conflict')
    const rr = rule(b, cmd, !used.ok, 'noConflictAction', used.ok ? '' : used.error.message, 'testerId', { name: tester.name })
    if (rr) return rr
    if (used.ok) changes.push({ id: tester.id, patch: { budget: used.value } })
  }
  const before = poolsOf(b.state)
  const toAct = payToAct(tester, before, cmd, 'testerId')
  if (!toAct.ok) return toAct
  const res = resolveRecovery(fighterOf(tester), fighterOf(patient), {
    track: cmd.track, mode: cmd.mode, momentum: cmd.momentum,
    options: { bought: cmd.bought, luckDice: cmd.luckDice, overcomeWeakness: cmd.overcomeWeakness },
  }, toAct.value.pools, ctx.rng, poolSettingsOf(b.state))
  if (!res.ok) return res
  const v = res.value
  const pc = poolChanges(before, v.pools)
  b.push({
    type: '2d20.recovered', testerId: tester.id, testerName: tester.name, patientId: patient.id, patientName: patient.name,
    track: cmd.track, mode: cmd.mode, who: v.who, attributes: v.pair, difficulty: v.difficulty.total,
    successes: v.test.successes, success: v.test.success, complications: v.test.complications,
    stressRemoved: v.stressRemoved, afflictionsRemoved: v.afflictionsRemoved, saved: v.saved, dice: v.rolls,
    changes: mergeChanges(changes, [{ id: patient.id, patch: { stress: v.patient.stress, afflictions: v.patient.afflictions } }], pc.changes),
  })
  b.push(...pc.core)
  return DONE
}

export function decideHarm(b: Batch, cmd: Command<'harm'>, ctx: DecideContext): HandlerResult {
  const t = b.need(cmd.targetId, 'targetId')
  if (!t.ok) return t
  const target = t.value
  const f = fighterOf(target)
  const before = poolsOf(b.state)
  let pools = before
  let fields: Record<string, unknown>
  let stress: ReturnType<typeof applyStress>
  let untracked = 0
  if (cmd.source === 'gm') {
    if (cmd.amount === undefined) return refuse('invalid', en, 'refusal.2d20.giveStressAmount', {}, { field: 'amount' })
    if (!f.minion && !f.trackers.includes(cmd.track)) return refuse('rule', en, 'refusal.2d20.noTrack', { name: target.name, track: `2d20.track.${cmd.track}` }, { field: 'track' })
    stress = applyStress(f, { [cmd.track]: cmd.amount })
    untracked = f.minion ? cmd.amount : 0
    fields = { amount: cmd.amount, byTrack: { [cmd.track]: cmd.amount } }
  } else {
    const dice = cmd.source === 'poison' ? (cmd.combatDice ?? POISONED_DRINK.combatDice) : cmd.combatDice
    if (dice === undefined || dice < 1) return refuse('invalid', en, 'refusal.2d20.giveCombatDice', {}, { field: 'combatDice' })
    if (cmd.source === 'danger') {
      const paid = spend(pools, { id: NARRATOR, side: 'narrator' }, { spend: 'danger', dice }, poolSettingsOf(b.state))
      if (!paid.ok) return paid
      pools = paid.value.pools
    }
    const qualities = cmd.qualities ?? (cmd.source === 'poison' ? POISONED_DRINK.qualities : [])
    const h = harm(f, dice, cmd.track, qualities, ctx.rng)
    stress = h.stress
    untracked = h.split.untracked
    fields = { combatDice: dice, combat: h.combat, byTrack: h.split.byTrack, qualities, dice: h.rolls }
  }
  const pc = poolChanges(before, pools)
  b.push({
    type: '2d20.harmed', combatantId: target.id, name: target.name, source: cmd.source, track: cmd.track, ...fields,
    changes: mergeChanges(harmChanges(target.id, f.minion === true, stress, untracked), pc.changes),
  })
  b.push(...pc.core)
  b.push(...consequenceEvents(b, target, stress.gained))
  return DONE
}

export function decideBlast(b: Batch, cmd: Command<'blast'>, ctx: DecideContext): HandlerResult {
  const t = b.need(cmd.bystanderId, 'bystanderId')
  if (!t.ok) return t
  const bystander = t.value
  let payer: Payer = { id: NARRATOR, side: 'narrator' }
  if (cmd.by !== NARRATOR) {
    const c = b.need(cmd.by, 'by')
    if (!c.ok) return c
    payer = { id: c.value.id, side: fighterOf(c.value).side, name: c.value.name }
    if (payer.side === 'narrator') return refuse('rule', en, 'refusal.2d20.narratorBlastThreat', {}, { field: 'by', cite: '002:137' })
    if (fighterOf(bystander).side !== 'narrator') return refuse('rule', en, 'refusal.2d20.blastOnlyNarratorChars', { name: bystander.name }, { field: 'bystanderId', cite: '002:137' })
  }
  const before = poolsOf(b.state)
  const paid = spend(before, payer, { spend: payer.id === NARRATOR ? 'explosiveBystander' : 'explosiveBlast' }, poolSettingsOf(b.state))
  if (!paid.ok) return paid
  const res = explosiveBlast(fighterOf(bystander), ctx.rng)
  if (!res.ok) return res
  const v = res.value
  const pc = poolChanges(before, paid.value.pools)
  const hurt = v.harm ? harmChanges(bystander.id, fighterOf(bystander).minion === true, v.harm.stress, v.harm.split.untracked) : []
  b.push({
    type: '2d20.blasted', combatantId: bystander.id, name: bystander.name, by: payer.id, successes: v.test.successes, evaded: v.evaded,
    ...(v.harm ? { combat: v.harm.combat, byTrack: v.harm.split.byTrack } : {}), dice: v.rolls,
    changes: mergeChanges(hurt, pc.changes),
  })
  b.push(...pc.core)
  b.push(...consequenceEvents(b, bystander, v.harm?.stress.gained ?? []))
  return DONE
}
