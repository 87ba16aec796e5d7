/**
 * `seize` (002:118, J7): the narrator pays 1 Threat and a narrator character takes the turn a player was about to
 * take; the player waits, and play passes back to the players after it.
 */
import { err } from '@shared/result'
import { freshBudget } from '../combat'
import type { Command } from '../commands'
import { spend } from '../pools'
import { isOut, poolSettingsOf, poolsOf } from '../state'
import { planRound, sideOfCombatant, turnStartedAt } from '../turn-order'
import { Batch, inCombat, NARRATOR, poolChanges, rule, DONE, type HandlerResult } from './common'

export function decideSeize(b: Batch, cmd: Command<'seize'>): HandlerResult {
  const c = b.need(cmd.combatantId, 'combatantId')
  if (!c.ok) return c
  const npc = c.value
  const s = b.state
  if (!inCombat(s) || s.turn.index < 0) return err('rule', 'the initiative is seized during combat, on a player\'s turn (J7)', 'type')
  if (sideOfCombatant(npc) !== 'narrator') return err('rule', `${npc.name} is not a narrator character (002:118)`, 'combatantId')
  const acted = s.turn.order.slice(0, s.turn.index)
  const current = s.turn.order[s.turn.index]
  const cur = b.current(current)
  if (acted.includes(npc.id) || current === npc.id) return err('rule', `${npc.name} has already acted this round (J7)`, 'combatantId')
  if (isOut(npc)) return err('rule', `${npc.name} cannot act (002:176)`, 'combatantId')
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
