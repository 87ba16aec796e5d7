/**
 * The `spend` command: any row of the seed's Momentum, Luck and Threat tables (002:68-128), checked and paid by
 * pools.spend, with what the spend does to a character (Second Wind, an extra Conflict action, black-outs).
 * Also `act` (Movement / Spoken / Free actions) and `complicationsToThreat`.
 */
import { refuse } from '../../../../kit/refuse'
import { log as en } from '../../i18n/en'
import { buyConflictAction, useAction } from '../combat'
import type { Command } from '../../commands'
import { adjustPool, complicationsToThreat, spend, SPEND_POOL, spendCost, type Payer, type SpendId } from '../pools'
import { lowestAttribute } from '../../schema'
import { fighterOf, poolSettingsOf, poolsOf, tdState, tdStats } from '../state'
import { secondWind } from '../stress'
import { Batch, inCombat, mergeChanges, NARRATOR, poolChanges, rule, DONE, type HandlerResult } from './common'
import type { Change } from '../../evolve'

const IN_ROLL: Partial<Record<SpendId, string>> = {
  counterstrike: 'attack { counterstrike: true }',
  createOpportunity: 'test { bought } or attack { attacker: { bought } }',
  bonusD20: 'test { luckDice } or attack { attacker: { luckDice } }',
  rollExtraDamage: 'attack { extraDice }',
  dispatchMinion: 'attack { alsoDispatch }',
  winDraw: 'attack { narratorPaysForDraw: true }',
  danger: 'harm { source: "danger" }',
  explosiveBlast: 'blast',
  explosiveBystander: 'blast',
  seizeInitiative: 'seize',
}

export function decideSpend(b: Batch, cmd: Command<'spend'>): HandlerResult {
  const r = cmd.request
  let payer: Payer
  let byName = 'narrator'
  if (cmd.by === NARRATOR) payer = { id: NARRATOR, side: 'narrator' }
  else {
    const c = b.need(cmd.by, 'by')
    if (!c.ok) return c
    payer = { id: c.value.id, side: fighterOf(c.value).side, name: c.value.name }
    byName = c.value.name
  }
  const { pool, seed } = SPEND_POOL[r.spend]
  // spends that belong to a roll are paid by the command that rolls, so they are never paid twice
  const inRoll = IN_ROLL[r.spend]
  if (inRoll) {
    const refused = rule(b, cmd, true, 'spendInRoll', `${r.spend} is paid by ${inRoll} (${seed})`, 'request.spend', { spend: `2d20.spend.${r.spend}`, where: inRoll })
    if (refused) return refused
  }
  if (pool === 'luck' && payer.side === 'narrator') {
    const who = payer.id === NARRATOR ? null : b.current(payer.id)
    const sb = who ? tdStats(who) : null
    if (!sb || sb.kind !== 'npc' || sb.tier !== 'villain') return refuse('rule', en, 'refusal.2d20.luckPlayersVillains', {}, { field: 'by', cite: `${seed}, 002:120` })
  }
  // the character a Threat-table row acts on
  const targetId = 'characterId' in r ? r.characterId : 'villainId' in r ? r.villainId : null
  if (targetId) {
    const c = b.need(targetId, r.spend === 'villainLuck' ? 'request.villainId' : 'request.characterId')
    if (!c.ok) return c
    if (r.spend === 'villainLuck') {
      const sb = tdStats(c.value)
      if (sb.kind !== 'npc' || sb.tier !== 'villain') return refuse('rule', en, 'refusal.2d20.notVillain', { name: c.value.name }, { field: 'request.villainId', cite: '002:120' })
    } else if (fighterOf(c.value).side !== 'players') return refuse('rule', en, 'refusal.2d20.notPc', { name: c.value.name }, { field: 'request.characterId', cite: seed })
    if ((r.spend === 'voluntaryBlackOut' || r.spend === 'voluntaryFailure') && payer.id !== targetId && payer.id !== NARRATOR) return refuse('rule', en, 'refusal.2d20.ownChoice', { character: c.value.name }, { field: 'by', cite: seed })
  }
  const before = poolsOf(b.state)
  const paid = spend(before, payer, r, poolSettingsOf(b.state))
  if (!paid.ok) return paid
  const extra: Change[] = []
  if (r.spend === 'extraConflictAction') {
    const c = b.current(payer.id)
    const bought = buyConflictAction(tdState(c).budget)
    const rr = rule(b, cmd, !bought.ok, 'luckConflictOnce', bought.ok ? '' : bought.error.message, 'request')
    if (rr) return rr
    if (bought.ok) extra.push({ id: c.id, patch: { budget: bought.value } })
  }
  if (r.spend === 'secondWind') {
    if (!cmd.track) return refuse('invalid', en, 'refusal.2d20.secondWindTrack', {}, { field: 'track', cite: '002:98' })
    const c = b.current(payer.id)
    extra.push({ id: c.id, patch: { stress: secondWind(tdState(c).stress, cmd.track) } })
  }
  if (r.spend === 'forceBlackOut') extra.push({ id: r.characterId, patch: { blackedOut: true } })
  if (r.spend === 'voluntaryBlackOut') extra.push({ id: r.characterId, patch: { blackedOut: true, reliefNextScene: true } })
  const p = poolChanges(before, paid.value.pools)
  b.push({
    type: '2d20.spent', by: payer.id, byName, spend: r.spend, pool, cost: spendCost(r), request: r,
    ...(cmd.track ? { track: cmd.track } : {}),
    ...(targetId ? { characterId: targetId, characterName: b.current(targetId).name } : {}),
    changes: mergeChanges(p.changes, extra),
  })
  b.push(...p.core)
  if (r.spend === 'forceBlackOut' || r.spend === 'voluntaryBlackOut') b.push({ type: '2d20.statusChanged', combatantId: r.characterId, name: b.current(r.characterId).name, status: 'blackedOut' })
  return DONE
}

export function decideAct(b: Batch, cmd: Command<'act'>): HandlerResult {
  const c = b.need(cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const changes: Change[] = []
  if (inCombat(b.state)) {
    const used = useAction(tdState(c.value).budget, cmd.action)
    const r = rule(b, cmd, !used.ok, 'noAction', used.ok ? '' : used.error.message, 'action', { name: c.value.name })
    if (r) return r
    if (used.ok) changes.push({ id: c.value.id, patch: { budget: used.value } })
  }
  b.push({ type: '2d20.acted', combatantId: c.value.id, name: c.value.name, action: cmd.action, what: cmd.what ?? '', changes })
  return DONE
}

export function decideComplications(b: Batch, cmd: Command<'complicationsToThreat'>): HandlerResult {
  const c = b.need(cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  if (fighterOf(c.value).side !== 'players') return refuse('rule', en, 'refusal.2d20.complicationsPcOnly', {}, { field: 'combatantId', cite: 'src-main/rules/systems/2d20/README.md' })
  const before = poolsOf(b.state)
  const p = poolChanges(before, complicationsToThreat(before, cmd.count))
  b.push({ type: '2d20.complicationsToThreat', combatantId: c.value.id, name: c.value.name, count: cmd.count, threat: 2 * cmd.count })
  b.push(...p.core)
  return DONE
}

/**
 * `adjust`: the GM's + and − on a character's Luck (PCs, villains: 002:92, 002:120) or a PC's saved Momentum (J1:
 * never above the lowest attribute). Neither goes below 0. With the party pool on, Momentum is the board's pool.
 */
export function decideAdjust(b: Batch, cmd: Command<'adjust'>): HandlerResult {
  const c = b.need(cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const sb = tdStats(c.value)
  if (cmd.pool === 'momentum') {
    if (sb.kind !== 'pc') return refuse('rule', en, 'refusal.2d20.noSavedMomentum', { name: c.value.name }, { field: 'combatantId', cite: 'J1' })
    if (poolSettingsOf(b.state).momentumPool === 'party') return refuse('rule', en, 'refusal.2d20.partyPoolOn', {}, { field: 'pool' })
  } else if (!(sb.kind === 'pc' || (sb.kind === 'npc' && sb.tier === 'villain'))) return refuse('rule', en, 'refusal.2d20.holdsNoLuck', { name: c.value.name }, { field: 'combatantId', cite: '002:92, 002:120' })
  const before = poolsOf(b.state)
  const after = adjustPool(before, cmd.pool, cmd.delta, c.value.id, cmd.pool === 'momentum' ? lowestAttribute(sb.attributes) : undefined)
  if (!after.ok) return after
  const value = after.value[cmd.pool][c.value.id] ?? 0
  b.push({ type: '2d20.adjusted', combatantId: c.value.id, name: c.value.name, pool: cmd.pool, delta: cmd.delta, value, changes: poolChanges(before, after.value).changes })
  return DONE
}

/** `playerDisplay`: whether the player display shows the narrator's Threat (src-main/rules/systems/2d20/README.md). */
export function decidePlayerDisplay(b: Batch, cmd: Command<'playerDisplay'>): HandlerResult {
  b.push({ type: '2d20.displaySet', showThreat: cmd.showThreat, system: { showThreat: cmd.showThreat } })
  return DONE
}
