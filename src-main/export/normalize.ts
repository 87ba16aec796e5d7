/**
 * Turns the parsed session log into ExportEntry values: the ONE place that reads the session service's record
 * format (documented at the top of src-main/services/sessions/session-service.ts): `session.started`, `session.ended`,
 * `note`, `roll`, `rest`, `pool`, `encounter.started`, `encounter.command`, `encounter.event` (an EventRecord),
 * `encounter.undo` / `encounter.redo` (a batch's status changes; a new batch after an undo discards the undone
 * ones) and `encounter.display`. Commands, undo/redo and display records are kept (the JSON export carries them
 * for replay) but are not shown. Engine events are named by the `describe` hook (the engine's log entry); an
 * event without a message gets a generic one, so nothing is lost. Unknown record kinds are shown as such.
 */
import type { DieRoll, EngineEvent, LogEntry } from '../../src-shared/domain/encounter'
import { eventFacts } from './facts'
import type { EntryKind, ExportEntry, NormalizedSession, ParsedSessionLog, RollInfo, SessionMeta } from './types'

type Params = Record<string, string | number | boolean>
/** the engine's log entry for an event of an encounter of `systemId`; 'silent': a known event with no log line
 *  (turn budgets, resets); null: unknown to the engine, shown with a generic line */
export type DescribeEvent = (systemId: string, event: EngineEvent) => Omit<LogEntry, 'seq'> | 'silent' | null

export interface NormalizeOptions {
  describe?: DescribeEvent
  /** from campaign.json: campaign name, system id and this session's index entry */
  campaign?: { name?: string; systemId?: string; session?: Record<string, unknown> | null }
  sessionId?: string
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d)
const prim = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'

export const diceText = (dice: DieRoll[]): string => dice.map((d) => `${d.die}:${d.value}${d.manual ? '*' : ''}`).join(' ')

/** records kept for replay but not shown as lines */
const SILENT = new Set(['encounter.command', 'encounter.undo', 'encounter.redo', 'encounter.display', 'encounter.shown'])

function rollOf(rec: Record<string, unknown>): RollInfo {
  const dice = Array.isArray(rec.dice) ? (rec.dice.filter((d) => isObject(d) && typeof d.die === 'string') as unknown as DieRoll[]) : []
  return {
    label: str(rec.label),
    notation: str(rec.notation),
    dice,
    total: typeof rec.total === 'number' ? rec.total : null,
    hidden: rec.hidden === true || rec.gmOnly === true,
    manual: dice.some((d) => d.manual === true) || rec.manual === true,
  }
}

/** the params of a generic line for an event without a message: ids resolved to names, simple fields */
function fallbackParams(event: EngineEvent, names: Map<string, string>): Params {
  const params: Params = {}
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type' || k === 'seed' || k === 'gmOnly' || k === 'notes') continue
    // `attackerId: 'st-1'` → `attacker: 'Stormtrooper 1'`
    if (typeof v === 'string' && k.endsWith('Id') && names.has(v)) params[k === 'combatantId' ? 'name' : k.slice(0, -2)] = names.get(v) as string
    else if (prim(v)) params[k] = v
  }
  const c = event.combatant
  if (isObject(c) && typeof c.name === 'string') params.name = c.name
  return params
}

/** the combatants an event is about (not lists like a round's turn order, which name everyone) */
function involvedIds(event: EngineEvent, facts: ReturnType<typeof eventFacts>): string[] {
  const ids = [facts.added?.id, facts.actorId, facts.targetId, facts.damage?.sourceId ?? undefined, facts.knockout?.targetId]
  for (const k of ['attackerId', 'targetId', 'defenderId', 'combatantId', 'source', 'sourceId', 'actorId', 'helper', 'attacker', 'target']) {
    const v = event[k]
    if (typeof v === 'string') ids.push(v)
  }
  for (const k of ['targets', 'targetIds', 'combatantIds']) {
    const v = event[k]
    if (Array.isArray(v)) for (const x of v) ids.push(typeof x === 'string' ? x : isObject(x) && typeof x.id === 'string' ? x.id : undefined)
  }
  return ids.filter((x): x is string => typeof x === 'string')
}

function metaOf(parsed: ParsedSessionLog, opts: NormalizeOptions): SessionMeta {
  const h = parsed.header ?? {}
  const started = parsed.lines.find((l) => l.record.kind === 'session.started')?.record ?? {}
  const ended = parsed.lines.find((l) => l.record.kind === 'session.ended')?.record ?? {}
  const s = opts.campaign?.session ?? {}
  const pick = (k: string): string => str(s[k]) || str(started[k]) || str(h[k])
  const startedAt = str(s.startedAt) || str(started.at) || null
  return {
    id: opts.sessionId ?? (str(h.sessionId) || str(s.id)),
    title: pick('title'),
    date: pick('date') || (startedAt ?? '').slice(0, 10),
    startedAt,
    endedAt: str(s.endedAt) || str(ended.at) || null,
    notes: pick('notes'),
    campaignName: opts.campaign?.name ?? str(h.campaignName),
    // the rule system from the data (campaign.json, else the log header); '' when neither names one
    systemId: opts.campaign?.systemId ?? str(h.systemId),
  }
}

interface EncounterTrack {
  systemId: string
  /** the encounter's name (for the lines that end or carry it) */
  name: string
  /** its end (`core.encounterEnded`), once logged */
  ended: ExportEntry | null
  names: Map<string, string>
  hidden: Map<string, boolean>
  /** entries by batch, for undo / redo / discard */
  batches: Map<number, ExportEntry[]>
  /** entries undone and not yet redone or discarded */
  undone: Set<ExportEntry>
}

export function normalizeSession(parsed: ParsedSessionLog, opts: NormalizeOptions = {}): NormalizedSession {
  const meta = metaOf(parsed, opts)
  const encounters = new Map<string, EncounterTrack>()
  const track = (id: string, systemId = meta.systemId): EncounterTrack => {
    let t = encounters.get(id)
    if (!t) {
      t = { systemId, name: '', ended: null, names: new Map(), hidden: new Map(), batches: new Map(), undone: new Set() }
      encounters.set(id, t)
    }
    return t
  }
  const entries: ExportEntry[] = []
  const records: Array<Record<string, unknown>> = []
  let seq = 0
  for (const { line, record: rec } of parsed.lines) {
    records.push(rec)
    seq += 1
    const kind = str(rec.kind) || str(rec.type)
    const encounterId = typeof rec.encounterId === 'string' ? rec.encounterId : null
    const base = {
      line,
      seq,
      at: str(rec.at),
      encounterId,
      batch: null as number | null,
      text: null as string | null,
      status: 'active' as ExportEntry['status'],
      roll: null as RollInfo | null,
      event: null as EngineEvent | null,
      gmOnly: rec.gmOnly === true,
      shown: true,
      raw: rec,
    }
    const push = (kindOf: EntryKind, key: string, params: Params, extra: Partial<ExportEntry> = {}): ExportEntry => {
      const systemId = encounterId ? (encounters.get(encounterId)?.systemId ?? meta.systemId) : ''
      const e: ExportEntry = { ...base, kind: kindOf, key, params, ...(systemId ? { systemId } : {}), ...extra }
      entries.push(e)
      return e
    }
    if (SILENT.has(kind)) {
      const t = encounterId ? encounters.get(encounterId) : undefined
      const batch = typeof rec.batch === 'number' ? t?.batches.get(rec.batch) : undefined
      for (const e of batch ?? []) {
        if (kind === 'encounter.undo' && e.status === 'active') {
          e.status = 'undone'
          t?.undone.add(e)
        }
        if (kind === 'encounter.redo' && e.status === 'undone') {
          e.status = 'active'
          t?.undone.delete(e)
        }
      }
      continue
    }
    switch (kind) {
      case 'session.started':
        // the title now (the index's, after session:rename), not the first one the line was written with
        push('session', 'export.entry.sessionStarted', { title: meta.title || str(rec.title), date: str(rec.date) })
        continue
      case 'session.ended':
        push('session', 'export.entry.sessionEnded', {})
        continue
      case 'note': {
        const gmOnly = rec.gmOnly === true
        push('note', gmOnly ? 'export.entry.gmNote' : 'export.entry.note', { text: str(rec.text) }, { text: str(rec.text), gmOnly })
        continue
      }
      case 'roll': {
        const roll = rollOf(rec)
        const params = { label: roll.label, notation: roll.notation, dice: diceText(roll.dice), total: roll.total ?? '' }
        push('roll', `export.entry.${roll.hidden ? 'hiddenRoll' : 'roll'}${roll.label ? '' : 'Unlabelled'}`, params, { roll, gmOnly: roll.hidden })
        continue
      }
      case 'rest': {
        const restKind = ['short', 'long', 'healing'].includes(str(rec.restKind)) ? str(rec.restKind) : 'other'
        const params: Params = { who: str(rec.who), text: str(rec.text), amount: typeof rec.amount === 'number' ? rec.amount : '' }
        push('rest', `export.entry.rest.${restKind}`, params, { text: str(rec.text) })
        continue
      }
      case 'pool': {
        const delta = typeof rec.delta === 'number' ? rec.delta : 0
        push('pool', 'export.entry.pool', { pool: str(rec.pool), delta: delta > 0 ? `+${delta}` : String(delta), reason: str(rec.reason) })
        continue
      }
      case 'encounter.started':
        if (encounterId) track(encounterId, str(rec.systemId) || meta.systemId).name = str(rec.name)
        push('session', 'export.entry.encounterStarted', { name: str(rec.name) })
        continue
      case 'encounter.resumed': {
        // an encounter carried in from the session before: its combatants joined there (their names come along)
        if (!encounterId) break
        const t = track(encounterId, str(rec.systemId) || meta.systemId)
        t.name = str(rec.name)
        push('session', 'log.session.encounterResumed', { name: t.name })
        for (const r of Array.isArray(rec.records) ? rec.records : []) {
          if (!isObject(r) || !isObject(r.event) || typeof r.event.type !== 'string' || r.status !== 'active') continue
          const event = r.event as EngineEvent
          const f = eventFacts(event, t.systemId || undefined)
          if (f.added) t.names.set(f.added.id, f.added.name)
          if (f.added) t.hidden.set(f.added.id, f.added.hidden)
          if (f.hide) t.hidden.set(f.hide.id, f.hide.hidden)
          const aboutHidden = involvedIds(event, f).some((id) => t.hidden.get(id) === true)
          push('encounter', `log.${event.type}`, {}, { event, batch: typeof r.batch === 'number' ? r.batch : null, shown: false, gmOnly: aboutHidden, carried: true })
        }
        continue
      }
      case 'encounter.carried':
      case 'encounter.ended': {
        // written with `session.ended` for each encounter still open: one that already ended says nothing more
        const t = encounterId ? encounters.get(encounterId) : undefined
        if (kind === 'encounter.ended' && t?.ended?.status === 'active') continue
        push('session', kind === 'encounter.carried' ? 'log.session.encounterCarried' : 'log.session.encounterEnded', { name: t?.name ?? '' })
        continue
      }
    }
    const er = isObject(rec.record) ? rec.record : null
    if (kind === 'encounter.event' && er && isObject(er.event) && typeof er.event.type === 'string' && encounterId) {
      const t = track(encounterId)
      const event = er.event as EngineEvent
      const batch = typeof er.batch === 'number' ? er.batch : -1
      if (!t.batches.has(batch)) {
        // a new command after an undo discards the redo branch
        for (const e of t.undone) e.status = 'discarded'
        t.undone.clear()
        t.batches.set(batch, [])
      }
      const facts = eventFacts(event, t.systemId || undefined)
      if (facts.added) {
        t.names.set(facts.added.id, facts.added.name)
        t.hidden.set(facts.added.id, facts.added.hidden)
      }
      if (facts.hide) t.hidden.set(facts.hide.id, facts.hide.hidden)
      let answer: Omit<LogEntry, 'seq'> | 'silent' | null = null
      try {
        answer = opts.describe?.(t.systemId, event) ?? null
      } catch {
        answer = null
      }
      const described = answer === 'silent' ? null : answer
      const aboutHidden = involvedIds(event, facts).some((id) => t.hidden.get(id) === true)
      const e = push('encounter', described?.key ?? `log.${event.type}`, described?.params ?? fallbackParams(event, t.names), {
        event,
        batch,
        shown: answer !== 'silent',
        gmOnly: described?.gmOnly === true || event.gmOnly === true || aboutHidden,
      })
      t.batches.get(batch)?.push(e)
      if (event.type === 'core.encounterEnded') t.ended = e
      continue
    }
    const params: Params = { kind }
    for (const [k, v] of Object.entries(rec)) if (prim(v) && k !== 'kind' && k !== 'at') params[k] = v
    push('other', 'export.entry.other', params)
  }
  return { schemaVersion: parsed.schemaVersion, header: parsed.header, meta, entries, records, damaged: parsed.damaged }
}
