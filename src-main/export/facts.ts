/**
 * What the exports need to know about an engine event, read in one place: combatants joining, hide/reveal,
 * round changes, damage (who dealt it to whom), knock-outs and the dice rolled. Engine events carry every die
 * rolled and name combatants by id; systems use their own event types, so this reads the common field names
 * (`attackerId`/`sourceId`/`actorId`, `targetId`, `damage`/`amount`/`hpLoss`, `dice`, `round`) and the
 * documented types of the core and of the Saga and Starchasers systems.
 */
import type { Combatant, DieRoll, EngineEvent } from '../../src-shared/domain/encounter'

export interface EventFacts {
  added?: Pick<Combatant, 'id' | 'name' | 'side' | 'hidden'> & { number?: number; role?: string }
  removedId?: string
  hide?: { id: string; hidden: boolean }
  round?: number
  /** ids of combatants the event is about (actor first) */
  actorId?: string
  targetId?: string
  damage?: { sourceId: string | null; targetId: string; amount: number }
  knockout?: { targetId: string }
  dice: DieRoll[]
  /** system outcome words worth noting: 'dominate', 'complication', 'crit' */
  outcomes: string[]
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

function isDie(v: unknown): v is DieRoll {
  if (typeof v !== 'object' || v === null) return false
  const d = v as Record<string, unknown>
  return typeof d.die === 'string' && (typeof d.value === 'number' || typeof d.value === 'string')
}

/** every DieRoll anywhere in the event (dice arrays may be nested: attack.dice, damage.dice, ...) */
export function collectDice(v: unknown, out: DieRoll[] = [], depth = 0): DieRoll[] {
  if (depth > 6 || v === null || typeof v !== 'object') return out
  if (isDie(v)) {
    out.push(v)
    return out
  }
  if (Array.isArray(v)) {
    for (const x of v) collectDice(x, out, depth + 1)
    return out
  }
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === 'combatant' || k === 'state' || k === 'stats') continue
    collectDice(x, out, depth + 1)
  }
  return out
}

const KO_TYPES = /(knockedOut|knockout|unconscious|downed|defeated|dropped)$/i
const DAMAGE_TYPES = /(damage|damaged|damageApplied|hpLost|wounded|hit)$/i

export function eventFacts(event: EngineEvent): EventFacts {
  const e = event as Record<string, unknown>
  const type = event.type
  const facts: EventFacts = { dice: collectDice(e), outcomes: [] }
  const c = e.combatant as Partial<Combatant> | undefined
  if (/combatantAdded$|combatantJoined$/.test(type) && c && typeof c.id === 'string') {
    facts.added = {
      id: c.id,
      name: typeof c.name === 'string' ? c.name : c.id,
      side: typeof c.side === 'string' ? c.side : 'neutral',
      hidden: c.hidden === true,
      ...(typeof c.number === 'number' ? { number: c.number } : {}),
      ...(typeof c.role === 'string' ? { role: c.role } : {}),
    }
  }
  if (/combatantRemoved$/.test(type)) facts.removedId = str(e.combatantId)
  // core.hiddenSet { combatantId, hidden } (hide and reveal)
  if (/hiddenSet$/.test(type) && str(e.combatantId) && typeof e.hidden === 'boolean') facts.hide = { id: e.combatantId as string, hidden: e.hidden }
  if (/(roundStarted|newRound|turnStarted|turnAdvanced|nextTurn)$/.test(type) && num(e.round) !== undefined) facts.round = e.round as number
  facts.actorId = str(e.attackerId) ?? str(e.sourceId) ?? str(e.actorId) ?? str(e.combatantId)
  facts.targetId = str(e.targetId) ?? str(e.defenderId)
  const amount = num(e.damageDealt) ?? num(e.hpLoss) ?? num(e.damage) ?? num(e.amount)
  const target = facts.targetId ?? (DAMAGE_TYPES.test(type) ? str(e.combatantId) : undefined)
  if (amount !== undefined && amount > 0 && target && (DAMAGE_TYPES.test(type) || num(e.damage) !== undefined || num(e.damageDealt) !== undefined)) {
    const source = str(e.attackerId) ?? str(e.sourceId) ?? null
    facts.damage = { sourceId: source, targetId: target, amount }
  }
  const koTarget = target ?? str(e.combatantId)
  if (koTarget && (KO_TYPES.test(type) || e.knockedOut === true || e.unconscious === true || (e.to === 'unconscious' && /condition/i.test(type)))) {
    facts.knockout = { targetId: koTarget }
  }
  for (const k of ['outcome', 'result', 'verdict']) {
    const v = str(e[k])?.toLowerCase()
    if (v === 'dominate' || v === 'clash' || v === 'repel') facts.outcomes.push(v)
  }
  if (e.crit === true || e.critical === true) facts.outcomes.push('crit')
  const comps = num(e.complications)
  if (comps !== undefined && comps > 0) facts.outcomes.push('complication')
  return facts
}

/** a natural 20 on a d20 (Saga crit threat; in 2d20 a complication) */
export const naturalTwenties = (dice: DieRoll[]): number => dice.filter((d) => d.die === 'd20' && d.value === 20).length
