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
}

export const newEntryContext = (describe: DescribeEvent): EntryContext => ({ describe, systems: new Map(), combatants: new Map() })

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
  const base = { line, at: r.at }
  switch (r.kind) {
    case 'session.started':
      return { ...base, kind: 'session', key: 'log.session.started', params: { title: r.title, date: r.date } }
    case 'session.ended':
      return { ...base, kind: 'session', key: 'log.session.ended', params: {} }
    case 'note':
      return { ...base, kind: 'note', key: 'log.session.note', params: { text: r.text }, ...(r.gmOnly ? { gmOnly: true } : {}) }
    case 'roll':
      return {
        ...base,
        kind: 'roll',
        key: r.label ? 'log.session.rollLabelled' : 'log.session.roll',
        params: { notation: r.notation, total: r.total, dice: r.dice.map((d) => String(d.value)).join(', '), ...(r.label ? { label: r.label } : {}) },
        ...(r.hidden ? { gmOnly: true } : {}),
      }
    case 'rest':
      return {
        ...base,
        kind: 'rest',
        key: `log.session.rest.${r.restKind}`,
        params: { who: r.who, text: r.text, ...(r.amount !== undefined ? { amount: r.amount } : {}) },
        ...(r.gmOnly ? { gmOnly: true } : {}),
      }
    case 'pool':
      return { ...base, kind: 'pool', key: 'log.session.pool', params: { pool: r.pool, delta: r.delta, reason: r.reason }, ...(r.gmOnly ? { gmOnly: true } : {}) }
    case 'encounter.started':
      return { ...base, kind: 'encounter', key: 'log.session.encounterStarted', params: { name: r.name }, encounterId: r.encounterId }
    case 'encounter.resumed':
      return { ...base, kind: 'encounter', key: 'log.session.encounterResumed', params: { name: r.name }, encounterId: r.encounterId }
    case 'encounter.carried':
    case 'encounter.ended':
      return { ...base, kind: 'encounter', key: r.kind === 'encounter.carried' ? 'log.session.encounterCarried' : 'log.session.encounterEnded', params: { name: ctx.names?.get(r.encounterId) ?? '' }, encounterId: r.encounterId }
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
      const ids = combatantIdsOf(r.record.event as EngineEvent, known.size > 0 ? known : null)
      return {
        ...base,
        kind: 'event',
        key: described.key,
        params: described.params,
        encounterId: r.encounterId,
        ...(ids.length > 0 ? { combatantIds: ids } : {}),
        ...(described.gmOnly ? { gmOnly: true } : {}),
        ...(status && status !== 'active' ? { status } : {}),
      }
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
