/** The `test` command (002:21-53, J1, J5): an attribute test with dice bought, assistants and Momentum spent. */
import { refuse } from '../../../../kit/refuse'
import { log as en } from '../../i18n/en'
import type { DecideContext } from '../../../../kit/system'
import { quietBonus } from '../combat'
import type { Command } from '../../commands'
import { saveMomentum, spend, type Payer, type Pools, type SpendRequest } from '../pools'
import { difficultyOf, rollTest, testTarget, type TestTarget } from '../roll'
import { lowestAttribute } from '../../schema'
import { fighterOf, poolSettingsOf, poolsOf, tdStats } from '../state'
import { noWeapon } from './attack'
import { actingStatus, Batch, poolChanges, rule, DONE, type HandlerResult, payToAct } from './common'

export function decideTest(b: Batch, cmd: Command<'test'>, ctx: DecideContext): HandlerResult {
  const c = b.need(cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const actor = c.value
  const r = rule(b, cmd, actingStatus(actor) === 'no', 'cannotAct', `${actor.name} cannot act (002:176)`, 'combatantId', { name: actor.name })
  if (r) return r
  const f = fighterOf(actor)
  const diff = difficultyOf({ base: cmd.difficulty, pair: cmd.attributes, afflictions: f.afflictions, overcomeWeakness: cmd.overcomeWeakness, obstacle: cmd.obstacle, rangeSteps: cmd.rangeSteps })
  if (!diff.ok) return diff
  const assists: TestTarget[] = []
  const assistIds: string[] = []
  for (const [i, a] of (cmd.assists ?? []).entries()) {
    const h = b.need(a.combatantId, `assists.${i}.combatantId`)
    if (!h.ok) return h
    if (h.value.id === actor.id) return refuse('invalid', en, 'refusal.2d20.assistSelf', { name: actor.name }, { field: `assists.${i}.combatantId` })
    assists.push(testTarget(fighterOf(h.value).attributes, a.attributes ?? cmd.attributes))
    assistIds.push(h.value.id)
  }
  const settings = poolSettingsOf(b.state)
  const before = poolsOf(b.state)
  const toAct = payToAct(actor, before, cmd, 'combatantId')
  if (!toAct.ok) return toAct
  let pools: Pools = toAct.value.pools
  const payer: Payer = { id: actor.id, side: f.side, name: actor.name }
  const pre: SpendRequest[] = [
    ...(cmd.bought ? [{ spend: 'createOpportunity' as const, dice: cmd.bought }] : []),
    ...(cmd.luckDice ? [{ spend: 'bonusD20' as const, dice: cmd.luckDice }] : []),
    ...(cmd.overcomeWeakness ? [{ spend: 'overcomeWeakness' as const }] : []),
  ]
  for (const s of pre) {
    const paid = spend(pools, payer, s, settings)
    if (!paid.ok) return paid
    pools = paid.value.pools
  }
  const t = rollTest({ target: testTarget(f.attributes, cmd.attributes), difficulty: diff.value.total, bought: cmd.bought, luckDice: cmd.luckDice, assists }, ctx.rng)
  if (!t.ok) return t
  // 002:146 Quiet: 1 bonus Momentum on a successful test to stay hidden
  let quiet = 0
  if (cmd.quietWeapon) {
    const w = tdStats(actor).weapons.find((x) => x.name === cmd.quietWeapon)
    if (!w) return noWeapon(actor, cmd.quietWeapon, 'quietWeapon')
    quiet = t.value.success ? quietBonus(w.qualities, false) : 0
  }
  let fresh = t.value.momentum + quiet
  for (const [i, s] of (cmd.spends ?? []).entries()) {
    if (!t.value.success) return refuse('rule', en, 'refusal.2d20.failedNoMomentum', {}, { field: `spends.${i}`, cite: 'J1' })
    const paid = spend(pools, { ...payer, fresh }, s, settings)
    // the refusal as it is (its sentence's key and params), at the spend's field
    if (!paid.ok) return { ok: false, error: { ...paid.error, field: `spends.${i}` } }
    pools = paid.value.pools
    fresh = paid.value.freshLeft
  }
  const saved = saveMomentum(pools, payer, fresh, lowestAttribute(f.attributes), settings)
  const p = poolChanges(before, saved.pools)
  b.push({
    type: '2d20.tested', combatantId: actor.id, name: actor.name, attributes: cmd.attributes,
    difficulty: diff.value.total, difficultyParts: diff.value, successes: t.value.successes, success: t.value.success,
    momentum: t.value.momentum, quietBonus: quiet, complications: t.value.complications, assists: assistIds, assistsCounted: t.value.assistsCounted,
    spends: cmd.spends ?? [], saved: saved.saved, lost: saved.lost, dice: t.value.rolls, changes: p.changes,
  })
  b.push(...p.core)
  return DONE
}
