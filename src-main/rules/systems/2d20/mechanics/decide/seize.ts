/**
 * `seize` (002:118, J7): the narrator pays 1 Threat and a narrator character takes the turn a player was about to
 * take; the player waits, and play passes back to the players after it.
 */
import { refuse } from '../../../../kit/refuse'
import { log as en } from '../../i18n/en'
import { freshBudget } from '../combat'
import type { Command } from '../../commands'
import { spend } from '../pools'
import { isOut, poolSettingsOf, poolsOf } from '../state'
import { planRound, sideOfCombatant, turnStartedAt } from '../turn-order'
import { Batch, inCombat, NARRATOR, poolChanges, rule, DONE, type HandlerResult } from './common'

export function decideSeize(b: Batch, cmd: Command<'seize'>): HandlerResult {
  const c = b.need(cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const npc = c.value
  const s = b.state
  if (!inCombat(s) || s.turn.index < 0) return refuse('rule', en, 'refusal.2d20.seizeInCombat', {}, { field: 'type', cite: 'J7' })
  if (sideOfCombatant(npc) !== 'narrator') return refuse('rule', en, 'refusal.2d20.notNarratorChar', { name: npc.name }, { field: 'combatantId', cite: '002:118' })
  const acted = s.turn.order.slice(0, s.turn.index)
  const current = s.turn.order[s.turn.index]
  const cur = b.current(current)
  if (acted.includes(npc.id) || current === npc.id) return refuse('rule', en, 'refusal.2d20.alreadyActed', { name: npc.name }, { field: 'combatantId', cite: 'J7' })
  if (isOut(npc)) return refuse('rule', en, 'refusal.2d20.cannotActOut', { name: npc.name }, { field: 'combatantId', cite: '002:176' })
  const r = rule(b, cmd, sideOfCombatant(cur) !== 'players', 'seizeOnPlayersTurn', 'the initiative is seized when a player would act; it is already the narrator\'s turn (J7)', 'combatantId')
  if (r) return r
  const before = poolsOf(s)
  const paid = spend(before, { id: NARRATOR, side: 'narrator' }, { spend: 'seizeInitiative' }, poolSettingsOf(s))
  if (!paid.ok) return paid
  const p = poolChanges(before, paid.value.pools)
  b.push({ type: '2d20.seized', combatantId: npc.id, name: npc.name, displacedId: cur.id, displacedName: cur.name, changes: p.changes })
  b.push(...p.core)
  const order = [...acted, npc.id, ...planRound(b.state, [...acted, npc.id], 'narrator')]
  b.push(turnStartedAt(b.state, npc.id, acted.length, order, s.turn.round))
  b.push({ type: '2d20.budgetReset', combatantId: npc.id, name: npc.name, changes: [{ id: npc.id, patch: { budget: freshBudget() } }] })
  return DONE
}
