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

/** the event that applies damage to a target (one per hit, so nothing is counted twice):
 *  Saga `saga.damageDealt`, Starchasers `starchasers.harmed`, and the generic `…damageApplied` / `…damaged` */
const DAMAGE_TYPES = /(damageDealt|damageApplied|damaged|harmed)$/
const KO_STATUS = new Set(['unconscious', 'dead', 'disabled', 'destroyed', 'dying', 'helpless'])

/** knocked out by this event: a flag (Starchasers), a status change (Saga damage) or a patch (Saga condition track) */
function knockedOutId(e: Record<string, unknown>, target: string | undefined): string | undefined {
  if (target && (e.knockedOut === true || e.died === true || e.becameDying === true || e.unconscious === true)) return target
  if (target && typeof e.status === 'string' && KO_STATUS.has(e.status) && e.statusBefore !== undefined && !KO_STATUS.has(String(e.statusBefore))) return target
  if (/knockedOut$/.test(String(e.type)) && target) return target
  if (Array.isArray(e.changes)) {
    for (const c of e.changes as Array<Record<string, unknown>>) {
      const patch = c?.patch as Record<string, unknown> | undefined
      if (typeof c?.id === 'string' && typeof patch?.status === 'string' && KO_STATUS.has(patch.status) && e.type !== undefined && /conditionTrackMoved$/.test(String(e.type))) return c.id
    }
  }
  return undefined
}

/** facts are read several times per event (normalize, summary, document, CSV, player-safe): computed once */
const memo = new WeakMap<EngineEvent, EventFacts>()

export function eventFacts(event: EngineEvent): EventFacts {
  const known = memo.get(event)
  if (known) return known
  const facts = readFacts(event)
  memo.set(event, facts)
  return facts
}

function readFacts(event: EngineEvent): EventFacts {
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
  if (/(roundStarted|turnStarted)$/.test(type) && num(e.round) !== undefined) facts.round = e.round as number
  facts.actorId = str(e.attackerId) ?? str(e.actorId) ?? (DAMAGE_TYPES.test(type) ? undefined : str(e.combatantId))
  // Saga attacks name their targets in `targets: [{ id, ... }]`
  const firstTarget = Array.isArray(e.targets) && e.targets.length > 0 ? (e.targets[0] as Record<string, unknown>) : null
  facts.targetId = str(e.targetId) ?? str(e.defenderId) ?? str(firstTarget?.id) ?? (DAMAGE_TYPES.test(type) ? str(e.combatantId) : undefined)
  if (DAMAGE_TYPES.test(type) && facts.targetId) {
    const amount = num(e.dealt) ?? num(e.damage) ?? num(e.hpLoss) ?? num(e.hpLost) ?? num(e.amount) ?? 0
    // Saga puts the attacker's id in `source`; Starchasers' `source` is a reason ('attack'), so only ids count
    const source = str(e.attackerId) ?? str(e.sourceId) ?? str(e.source) ?? null
    if (amount > 0) facts.damage = { sourceId: source, targetId: facts.targetId, amount }
  }
  const ko = knockedOutId(e, facts.targetId ?? str(e.combatantId))
  if (ko) facts.knockout = { targetId: ko }
  // Starchasers duels: result DOMINATE / CLASH / REPEL (S14)
  for (const k of ['result', 'outcome']) {
    const v = str(e[k])?.toLowerCase()
    if (v === 'dominate') facts.outcomes.push(v)
  }
  if (/attack/i.test(type) && (e.crit === true || e.critical === true)) facts.outcomes.push('crit')
  const comps = num(e.complications)
  if (comps !== undefined && comps > 0) facts.outcomes.push('complication')
  return facts
}

/** a natural 20 on a d20 (Saga crit threat; in 2d20 a complication) */
export const naturalTwenties = (dice: DieRoll[]): number => dice.filter((d) => d.die === 'd20' && d.value === 20).length
