/**
 * Turns the parsed session log into ExportEntry values: the ONE place that reads the session service's record
 * format. Accepted records (see src-main/services/session-service.ts and docs/data-format.md):
 *  - encounter events: `{ kind: 'encounter', encounterId, record: EventRecord }` or an EventRecord with
 *    `encounterId` beside it (`{ encounterId, seq, at, batch, event, status }`);
 *  - notes `{ kind: 'note', text, gmOnly }`, rolls outside combat `{ kind: 'roll', notation, dice, total, hidden }`,
 *    rests/healing `{ kind: 'rest', ... }`, pool changes `{ kind: 'pool', pool, delta, value }`, session
 *    lifecycle `{ kind: 'sessionStarted' | 'sessionEnded' }`; `type` is read where `kind` is absent.
 * A record may carry its own log entry (`entry: { key, params, gmOnly }`); otherwise the `describe` hook (the
 * engine's log entries) or a generic fallback names it.
 */
import type { DieRoll, EngineEvent, LogEntry } from '../../src-shared/domain/encounter'
import { eventFacts } from './facts'
import type { EntryKind, ExportEntry, NormalizedSession, ParsedSessionLog, RollInfo, SessionMeta } from './types'

type Params = Record<string, string | number | boolean>
export type DescribeEvent = (event: EngineEvent, systemId: string) => Omit<LogEntry, 'seq'> | null

export interface NormalizeOptions {
  /** the engine's log entry for an event (system logEntry / core log keys); null: use the fallback */
  describe?: DescribeEvent
  /** from campaign.json: campaign name, system id and this session's index entry */
  campaign?: { name?: string; systemId?: string; session?: Record<string, unknown> | null }
  sessionId?: string
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d)
const prim = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'

export const diceText = (dice: DieRoll[]): string => dice.map((d) => `${d.die}:${d.value}${d.manual ? '*' : ''}`).join(' ')

const KIND_ALIASES: Record<string, EntryKind> = {
  note: 'note', roll: 'roll', rest: 'rest', heal: 'rest', healing: 'rest', pool: 'pool', poolChanged: 'pool',
  encounter: 'encounter', encounterEvent: 'encounter', event: 'encounter',
  sessionStarted: 'session', sessionEnded: 'session', encounterStarted: 'session', encounterEnded: 'session',
}

function kindOf(rec: Record<string, unknown>): EntryKind {
  if (isObject(rec.record) && isObject(rec.record.event)) return 'encounter'
  if (isObject(rec.event) && typeof rec.event.type === 'string' && rec.kind === undefined) return 'encounter'
  const k = str(rec.kind) || str(rec.type)
  return KIND_ALIASES[k] ?? 'other'
}

function rollOf(rec: Record<string, unknown>): RollInfo {
  const dice = Array.isArray(rec.dice) ? (rec.dice.filter((d) => isObject(d) && typeof d.die === 'string') as unknown as DieRoll[]) : []
  return {
    label: str(rec.label) || str(rec.reason) || str(rec.who),
    notation: str(rec.notation),
    dice,
    total: typeof rec.total === 'number' ? rec.total : null,
    hidden: rec.hidden === true || rec.gmOnly === true,
    manual: dice.some((d) => d.manual === true) || rec.manual === true,
  }
}

/** the params a generic log line shows: primitive fields, ids resolved to names, dice as text */
function fallbackParams(event: EngineEvent, names: Map<string, string>): Params {
  const params: Params = {}
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type' || k === 'seed' || k === 'gmOnly') continue
    // ids become names: `attackerId: 'st-1'` → `attacker: 'Stormtrooper 1'`
    if (typeof v === 'string' && k.endsWith('Id') && names.has(v)) params[k === 'combatantId' ? 'name' : k.slice(0, -2)] = names.get(v) as string
    else if (prim(v)) params[k] = v
  }
  const c = event.combatant
  if (isObject(c) && typeof c.name === 'string') params.name = c.name
  return params
}

function metaOf(parsed: ParsedSessionLog, opts: NormalizeOptions): SessionMeta {
  const h = parsed.header ?? {}
  const s = opts.campaign?.session ?? {}
  const pick = (k: string): string => str(s[k]) || str(h[k])
  const startedAt = pick('startedAt') || null
  return {
    id: opts.sessionId ?? (str(h.sessionId) || str(h.id) || str(s.id)),
    title: pick('title'),
    date: pick('date') || (startedAt ?? '').slice(0, 10),
    startedAt,
    endedAt: pick('endedAt') || null,
    notes: pick('notes'),
    campaignName: opts.campaign?.name ?? str(h.campaignName),
    systemId: opts.campaign?.systemId ?? (str(h.systemId) || 'saga'),
  }
}

export function normalizeSession(parsed: ParsedSessionLog, opts: NormalizeOptions = {}): NormalizedSession {
  const meta = metaOf(parsed, opts)
  const names = new Map<string, string>()
  const hidden = new Map<string, boolean>()
  const entries: ExportEntry[] = []
  let seq = 0
  for (const { line, record: rec } of parsed.lines) {
    seq += 1
    const kind = kindOf(rec)
    const own = isObject(rec.entry) && typeof rec.entry.key === 'string' ? (rec.entry as unknown as LogEntry) : null
    const at = str(rec.at)
    const base = {
      line,
      seq: typeof rec.seq === 'number' ? rec.seq : seq,
      at,
      kind,
      encounterId: typeof rec.encounterId === 'string' ? rec.encounterId : null,
      text: null as string | null,
      status: 'active' as ExportEntry['status'],
      roll: null as RollInfo | null,
      event: null as EngineEvent | null,
      raw: rec,
    }
    if (kind === 'encounter') {
      const er = (isObject(rec.record) ? rec.record : rec) as Record<string, unknown>
      const event = er.event as EngineEvent
      const status = er.status === 'undone' || er.status === 'discarded' ? er.status : 'active'
      const facts = eventFacts(event)
      if (facts.added) {
        names.set(facts.added.id, facts.added.name)
        hidden.set(facts.added.id, facts.added.hidden)
      }
      if (facts.hide) hidden.set(facts.hide.id, facts.hide.hidden)
      const described = own ?? opts.describe?.(event, meta.systemId) ?? null
      const aboutHidden = [facts.added?.id, facts.actorId, facts.targetId].some((id) => id !== undefined && hidden.get(id) === true)
      entries.push({
        ...base,
        seq: typeof er.seq === 'number' ? er.seq : base.seq,
        at: str(er.at) || at,
        status,
        event,
        key: described?.key ?? `log.${event.type}`,
        params: described?.params ?? fallbackParams(event, names),
        gmOnly: described?.gmOnly === true || event.gmOnly === true || event.hidden === true || (aboutHidden && !facts.hide),
      })
      continue
    }
    if (kind === 'roll') {
      const roll = rollOf(rec)
      entries.push({
        ...base,
        roll,
        key: own?.key ?? (roll.hidden ? 'export.entry.hiddenRoll' : 'export.entry.roll'),
        params: own?.params ?? { label: roll.label, notation: roll.notation, dice: diceText(roll.dice), total: roll.total ?? '' },
        gmOnly: roll.hidden || own?.gmOnly === true,
      })
      continue
    }
    if (kind === 'note') {
      const gmOnly = rec.gmOnly === true || rec.hidden === true || own?.gmOnly === true
      entries.push({ ...base, text: str(rec.text), key: own?.key ?? (gmOnly ? 'export.entry.gmNote' : 'export.entry.note'), params: own?.params ?? { text: str(rec.text) }, gmOnly })
      continue
    }
    const params: Params = {}
    for (const [k, v] of Object.entries(rec)) if (prim(v) && k !== 'kind' && k !== 'seq' && k !== 'at') params[k] = v
    const sub = str(rec.kind) || str(rec.type)
    entries.push({
      ...base,
      key: own?.key ?? (kind === 'other' ? 'export.entry.other' : kind === 'session' ? `export.entry.${sub}` : `export.entry.${kind}`),
      params: own?.params ?? { ...params, kind: sub },
      gmOnly: rec.gmOnly === true || rec.hidden === true || own?.gmOnly === true,
    })
  }
  return { schemaVersion: parsed.schemaVersion, header: parsed.header, meta, entries, damaged: parsed.damaged }
}
