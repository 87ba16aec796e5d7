/**
 * What the exports need to know about an engine event, read in one place. The core events say who joined, who
 * was hidden or revealed and which round (or, on a tick wheel, which tick) it is; the engine's documented field names say who acted
 * (`attackerId`, `actorId`, `combatantId`) and on whom (`targetId`, `defenderId`); every die rolled is collected.
 * What an event MEANS (damage dealt, knock-outs, notable rolls) is asked of the rule system of the encounter
 * (`RuleSystem.facts`): this file names no system and guesses nothing from event names.
 */
import type { Combatant, DieRoll, EngineEvent } from '../../src-shared/domain/encounter'
import type { RuleSystem, SystemEventFacts } from '../rules/kit/system'
import { getSystem } from '../rules/index'

export interface EventFacts {
  added?: Pick<Combatant, 'id' | 'name' | 'side' | 'hidden'> & { number?: number; role?: string }
  removedId?: string
  hide?: { id: string; hidden: boolean }
  round?: number
  /** a tick system (the Storyteller wheel): the tick a turn starts on (`core.turnStarted.tick`); there are no rounds */
  tick?: number
  /** ids of combatants the event is about (actor first) */
  actorId?: string
  targetId?: string
  damage?: { sourceId: string | null; targetId: string; amount: number }
  knockout?: { targetId: string }
  dice: DieRoll[]
  /** notable rolls and outcomes named by the system: 'nat20', 'crit', 'dominate', 'complication', ... */
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

/** the rule system whose facts apply: the encounter's, else the one the event type is namespaced with */
function systemFor(event: EngineEvent, systemId: string | undefined): RuleSystem | null {
  const id = systemId ?? event.type.slice(0, Math.max(0, event.type.indexOf('.')))
  if (!id || id === 'core') return null
  const s = getSystem(id)
  return s.ok ? s.value : null
}

/** facts are read several times per event (normalize, summary, document, CSV, player-safe): computed once */
const memo = new WeakMap<EngineEvent, Map<string, EventFacts>>()

/** `systemId`: the rule system of the event's encounter (core events are asked of it too: a system may note an
 *  initiative roll); absent: the system named by the event type's namespace */
export function eventFacts(event: EngineEvent, systemId?: string): EventFacts {
  const key = systemId ?? ''
  let byId = memo.get(event)
  const known = byId?.get(key)
  if (known) return known
  const facts = readFacts(event, systemFor(event, systemId))
  if (!byId) memo.set(event, (byId = new Map()))
  byId.set(key, facts)
  return facts
}

function readFacts(event: EngineEvent, system: RuleSystem | null): EventFacts {
  const e = event as Record<string, unknown>
  const facts: EventFacts = { dice: collectDice(e), outcomes: [] }
  const c = e.combatant as Partial<Combatant> | undefined
  switch (event.type) {
    case 'core.combatantAdded':
      if (c && typeof c.id === 'string') {
        facts.added = {
          id: c.id,
          name: typeof c.name === 'string' ? c.name : c.id,
          side: typeof c.side === 'string' ? c.side : 'neutral',
          hidden: c.hidden === true,
          ...(typeof c.number === 'number' ? { number: c.number } : {}),
          ...(typeof c.role === 'string' ? { role: c.role } : {}),
        }
      }
      break
    case 'core.combatantRemoved':
      facts.removedId = str(e.combatantId)
      break
    case 'core.hiddenSet':
      if (str(e.combatantId) && typeof e.hidden === 'boolean') facts.hide = { id: e.combatantId as string, hidden: e.hidden }
      break
    case 'core.roundStarted':
    case 'core.turnStarted':
      facts.round = num(e.round)
      facts.tick = num(e.tick)
      break
  }
  facts.actorId = str(e.attackerId) ?? str(e.actorId) ?? str(e.combatantId)
  facts.targetId = str(e.targetId) ?? str(e.defenderId)
  const own: SystemEventFacts | null = system ? system.facts(event) : null
  if (own) {
    // a key the system gives (even as undefined: "nobody acted") replaces the core's reading
    if ('actorId' in own) facts.actorId = own.actorId
    if ('targetId' in own) facts.targetId = own.targetId
    if (own.damage && own.damage.amount > 0) facts.damage = own.damage
    if (own.knockout) facts.knockout = own.knockout
    if (own.notable) facts.outcomes.push(...own.notable)
  }
  return facts
}
