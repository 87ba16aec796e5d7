/**
 * Session log records → readable entries (message key + params, localized in the renderer with
 * src-shared/i18n/log-session.ts and the engine's log catalogs), and the filter of the log pane.
 */
import type { EngineEvent, LogEntry } from '@shared/domain/encounter'
import type { SessionLogEntry, SessionLogFilter } from '@shared/views/encounter-views'
import type { SessionRecord } from './session-records'

/** How an engine event reads in the log (the engine's log entry for the encounter's system). */
export type DescribeEvent = (systemId: string, event: EngineEvent) => Omit<LogEntry, 'seq'> | null

const COMBATANT_FIELD = /^(combatantId|combatantIds|attacker|attackerId|target|targetId|targets|targetIds|actor|actorId|defender|defenderId|id|ids|by|source)$/

/** ids of the combatants an event concerns, read from its id-like fields */
export function combatantIdsOf(event: EngineEvent, known: ReadonlySet<string> | null): string[] {
  const out = new Set<string>()
  const add = (v: unknown) => {
    if (typeof v === 'string' && (!known || known.has(v))) out.add(v)
  }
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type') continue
    if (COMBATANT_FIELD.test(k)) (Array.isArray(v) ? v : [v]).forEach(add)
    else if (k === 'combatant' && v && typeof v === 'object') add((v as { id?: unknown }).id)
    else if (k === 'combatants' && Array.isArray(v)) v.forEach((c) => add(c && typeof c === 'object' ? (c as { id?: unknown }).id : c))
  }
  return [...out]
}

export interface EntryContext {
  describe: DescribeEvent
  /** encounterId → systemId, filled from `encounter.started` records as they come */
  systems: Map<string, string>
  /** encounterId → its name */
  names?: Map<string, string>
  /** encounterId → known combatant ids (grows with the events) */
  combatants: Map<string, Set<string>>
  /** final status of an event record (after later undo/redo), keyed `${encounterId}#${seq}` */
  statusOf?: (encounterId: string, seq: number) => LogEntry['status'] | undefined
  /** one array per combatant id for the entries that concern that one combatant alone (most do; never written into) */
  single?: Map<string, string[]>
}

export const newEntryContext = (describe: DescribeEvent): EntryContext => ({ describe, systems: new Map(), combatants: new Map() })

/** The optional fields of an entry, set only when they say something. */
interface EntryExtra {
  encounterId?: string
  combatantIds?: string[]
  gmOnly?: boolean
  status?: SessionLogEntry['status']
}

/**
 * An entry as the session service keeps it (issue 14, memory): made by a constructor, so V8 gives every entry one
 * hidden class and room for the optional fields in the object itself. An object literal that spreads conditional
 * objects, `{ ...base, key, ...(x ? { gmOnly: true } : {}) }`, got a hidden class and descriptor array of its own
 * (about 0.5 KB an entry), and fields added to a literal afterwards go to a separate properties array. The fields
 * are the same as a literal's: only those that say something are set (JSON and IPC see a plain object).
 */
class Entry implements SessionLogEntry {
  line: number
  at: string
  kind: SessionLogEntry['kind']
  key: string
  params: SessionLogEntry['params']
  // declared, not defined: an entry without them has no such keys (as a literal would not)
  declare encounterId?: string
  declare combatantIds?: string[]
  declare gmOnly?: boolean
  declare status?: SessionLogEntry['status']
  constructor(line: number, at: string, kind: SessionLogEntry['kind'], key: string, params: SessionLogEntry['params'], extra: EntryExtra) {
    this.line = line
    this.at = at
    this.kind = kind
    this.key = key
    this.params = params
    if (extra.encounterId !== undefined) this.encounterId = extra.encounterId
    if (extra.combatantIds && extra.combatantIds.length > 0) this.combatantIds = extra.combatantIds
    if (extra.gmOnly) this.gmOnly = true
    if (extra.status && extra.status !== 'active') this.status = extra.status
  }
}

// V8 sizes a constructor's objects by the fields its first few objects get: one with every field first, so an
// entry with all of them later still holds them in itself (no properties array)
void new Entry(0, '', 'session', '', {}, { encounterId: '', combatantIds: [''], gmOnly: true, status: 'undone' })

const makeEntry = (line: number, at: string, kind: SessionLogEntry['kind'], key: string, params: SessionLogEntry['params'], extra: EntryExtra = {}): SessionLogEntry =>
  new Entry(line, at, kind, key, params, extra)

/** the same entry with status `status` (active: none) */
export function withStatus(e: SessionLogEntry, status: SessionLogEntry['status']): SessionLogEntry {
  return makeEntry(e.line, e.at, e.kind, e.key, e.params, { encounterId: e.encounterId, combatantIds: e.combatantIds, gmOnly: e.gmOnly, status })
}


const ADDED = /added|joined/i

/**
 * What a record teaches the context (encounter systems and names, the combatants an encounter has had so far):
 * run on every line in order, whether or not its entry is built. Returns false for an event of an encounter
 * the log never started (it makes no entry).
 */
export function learnRecord(r: SessionRecord, ctx: EntryContext): boolean {
  switch (r.kind) {
    case 'encounter.started':
      ctx.systems.set(r.encounterId, r.systemId)
      ctx.combatants.set(r.encounterId, new Set())
      ;(ctx.names ??= new Map()).set(r.encounterId, r.name)
      return true
    case 'encounter.resumed': {
      ctx.systems.set(r.encounterId, r.systemId)
      const known = new Set<string>()
      for (const x of r.records) if (ADDED.test(x.event.type)) for (const id of combatantIdsOf(x.event as EngineEvent, null)) known.add(id)
      ctx.combatants.set(r.encounterId, known)
      ;(ctx.names ??= new Map()).set(r.encounterId, r.name)
      return true
    }
    case 'encounter.event': {
      if (!ctx.systems.has(r.encounterId)) return false
      let known = ctx.combatants.get(r.encounterId)
      if (!known) ctx.combatants.set(r.encounterId, (known = new Set<string>()))
      // learn the ids of combatants as they are added, then only count known ids as combatants
      if (ADDED.test(r.record.event.type)) for (const id of combatantIdsOf(r.record.event as EngineEvent, null)) known.add(id)
      return true
    }
    default:
      return true
  }
}

/** One record → zero or one entry (the context learns from it: `learnRecord`). */
export function toEntry(r: SessionRecord, line: number, ctx: EntryContext): SessionLogEntry | null {
  return learnRecord(r, ctx) ? entryOf(r, line, ctx) : null
}

/** The entry of one record, from a context that has learnt every record up to and including it (changes nothing). */
function entryOf(r: SessionRecord, line: number, ctx: EntryContext): SessionLogEntry | null {
  switch (r.kind) {
    case 'session.started':
      return makeEntry(line, r.at, 'session', 'log.session.started', { title: r.title, date: r.date })
    case 'session.ended':
      return makeEntry(line, r.at, 'session', 'log.session.ended', {})
    case 'note':
      return makeEntry(line, r.at, 'note', 'log.session.note', { text: r.text }, { gmOnly: r.gmOnly })
    case 'roll':
      return makeEntry(
        line,
        r.at,
        'roll',
        r.label ? 'log.session.rollLabelled' : 'log.session.roll',
        { notation: r.notation, total: r.total, dice: r.dice.map((d) => String(d.value)).join(', '), ...(r.label ? { label: r.label } : {}) },
        { gmOnly: r.hidden },
      )
    case 'rest':
      return makeEntry(line, r.at, 'rest', `log.session.rest.${r.restKind}`, { who: r.who, text: r.text, ...(r.amount !== undefined ? { amount: r.amount } : {}) }, { gmOnly: r.gmOnly })
    case 'pool':
      return makeEntry(line, r.at, 'pool', 'log.session.pool', { pool: r.pool, delta: r.delta, reason: r.reason }, { gmOnly: r.gmOnly })
    case 'encounter.started':
      return makeEntry(line, r.at, 'encounter', 'log.session.encounterStarted', { name: r.name }, { encounterId: r.encounterId })
    case 'encounter.resumed':
      return makeEntry(line, r.at, 'encounter', 'log.session.encounterResumed', { name: r.name }, { encounterId: r.encounterId })
    case 'encounter.shown':
      // which encounter the player display shows (issue 27): kept for a restart, not a line of the log
      return null
    case 'encounter.carried':
    case 'encounter.ended':
      return makeEntry(line, r.at, 'encounter', r.kind === 'encounter.carried' ? 'log.session.encounterCarried' : 'log.session.encounterEnded', { name: ctx.names?.get(r.encounterId) ?? '' }, { encounterId: r.encounterId })
    case 'encounter.event': {
      const systemId = ctx.systems.get(r.encounterId)
      if (!systemId) return null
      const known = ctx.combatants.get(r.encounterId) ?? new Set<string>()
      let described: Omit<LogEntry, 'seq'> | null = null
      try {
        described = ctx.describe(systemId, r.record.event as EngineEvent)
      } catch {
        described = null
      }
      if (!described) return null
      const status = ctx.statusOf?.(r.encounterId, r.record.seq) ?? r.record.status
      let ids = combatantIdsOf(r.record.event as EngineEvent, known.size > 0 ? known : null)
      if (ids.length === 1) {
        // shared, not one array a line (issue 14, memory)
        const single = (ctx.single ??= new Map())
        const shared = single.get(ids[0])
        if (shared) ids = shared
        else single.set(ids[0], ids)
      }
      return makeEntry(line, r.at, 'event', described.key, described.params, { encounterId: r.encounterId, combatantIds: ids, gmOnly: described.gmOnly, status })
    }
    default:
      return null
  }
}

export function matchesFilter(e: SessionLogEntry, f: SessionLogFilter): boolean {
  if (f.encounterId && e.encounterId !== f.encounterId) return false
  if (f.combatantId && !(e.combatantIds ?? []).includes(f.combatantId)) return false
  if (f.kind && e.kind !== f.kind) return false
  if (f.search) {
    const q = f.search.trim().toLowerCase()
    if (q.length > 0) {
      const hay = [e.key, ...Object.values(e.params).map(String)].join(' ').toLowerCase()
      if (!hay.includes(q)) return false
    }
  }
  return true
}
