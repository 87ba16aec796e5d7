/**
 * The export document: what every human-readable format shows, already filtered (player-safe) and localized.
 * Markdown, HTML (and so PDF) and CSV render it; nothing here knows a file format.
 */
import { eventFacts } from './facts'
import { boardChanges, isPlayerSafe, lastShown, playerLine, playerMoments, sessionSecrets, summaryLens, type Moment } from './player-safe'
import type { PlayerBoardCombatant, PlayerEncounterView } from '../../src-shared/views/encounter-views'
import { knownCombatants, summarizeAll } from './summary'
import { formatLog } from '../../src-shared/i18n/format-log'
import { getSystem } from '../rules/index'
import { createTranslator, scopedTranslator, type Translate } from './translate'
export { isPlayerSafe } from './player-safe'
import type { DamagedLine, EncounterSummary, ExportEntry, ExportLang, NormalizedSession, SessionMeta } from './types'

export interface DocLine {
  seq: number
  at: string
  round: number | null
  kind: ExportEntry['kind']
  text: string
  /** the params shown (player-safe: without NPC numbers) */
  params: ExportEntry['params']
  gmOnly: boolean
  entry: ExportEntry
  /** player-safe: who acted, as the display named them then ('' when the display did not show them) */
  who?: string
  /** player-safe: a line of what the display showed (a health descriptor…), not an entry of the log */
  board?: boolean
}

export interface DocSection {
  /** null: entries outside combat */
  encounter: EncounterSummary | null
  lines: DocLine[]
  /** the export strings in the words of the encounter's system (2d20: stress; a tick wheel: ticks) */
  t: Translate
}

export interface ExportDocument {
  lang: ExportLang
  playerSafe: boolean
  /** the session's data, and the rule system by its name in the export's language (never its id) */
  meta: SessionMeta & { systemName: string }
  sections: DocSection[]
  summaries: EncounterSummary[]
  /** the entries shown (active, and player-safe when asked) */
  entries: ExportEntry[]
  damaged: DamagedLine[]
  t: Translate
  /** player-safe: the boards players saw, each time the display changed */
  boards?: Array<{ seq: number; at: string; board: PlayerEncounterView }>
}


export function visibleEntries(session: NormalizedSession, playerSafe: boolean): ExportEntry[] {
  return session.entries.filter((e) => e.status === 'active' && !e.carried && (!playerSafe || isPlayerSafe(e)))
}

export function buildDocument(session: NormalizedSession, opts: { playerSafe: boolean; lang: ExportLang }): ExportDocument {
  const t = createTranslator(opts.lang)
  const entries = visibleEntries(session, opts.playerSafe)
  // an encounter carried in from the session before: its earlier events say who is there and the round
  const listed = new Set(entries)
  const safe = opts.playerSafe ? playerSafeParts(session) : null
  // an encounter carried in from the session before: its earlier events say who is there and the round.
  // Player-safe: every event counts as far as the display showed it (a hidden attacker's hit on a PC's health)
  const counted = session.entries.filter((e) => e.status === 'active' && (e.carried === true || safe !== null || listed.has(e)))
  const summaries = summarizeAll(counted, knownCombatants(session.entries), safe ? summaryLens(safe.moments, listed) : undefined)
  const sections: DocSection[] = []
  const byEncounter = new Map<string, DocSection>()
  const rounds = new Map<string, number>()
  const boards: NonNullable<ExportDocument['boards']> = []
  /** each encounter's strings in its system's words (2d20: stress, Injury left) and unit (a tick wheel: ticks) */
  const scoped = new Map<string, Translate>()
  const tOf = (entry: ExportEntry): Translate => {
    if (entry.encounterId === null) return t
    let own = scoped.get(entry.encounterId)
    if (!own) {
      const unit = summaries.find((s) => s.id === entry.encounterId)?.unit ?? 'round'
      scoped.set(entry.encounterId, (own = scopedTranslator(t, opts.lang, entry.systemId ?? session.meta.systemId, unit)))
    }
    return own
  }
  const add = (entry: ExportEntry, line: DocLine) => {
    if (entry.encounterId === null) {
      const last = sections[sections.length - 1]
      if (last && last.encounter === null) last.lines.push(line)
      else sections.push({ encounter: null, lines: [line], t })
      return
    }
    let section = byEncounter.get(entry.encounterId)
    if (!section) {
      section = { encounter: summaries.find((s) => s.id === entry.encounterId) ?? null, lines: [], t: tOf(entry) }
      byEncounter.set(entry.encounterId, section)
      sections.push(section)
    }
    section.lines.push(line)
  }
  const ticks = new Set(summaries.filter((s) => s.unit === 'tick').map((s) => s.id))
  // every active event keeps the round (those carried in from the session before too); player-safe: every one moves
  // the board (a hidden attacker's hit still shows on its target's health)
  for (const entry of session.entries.filter((e) => e.status === 'active')) {
    let round: number | null = null
    if (entry.encounterId !== null && entry.event) {
      const f = eventFacts(entry.event, entry.systemId)
      // a tick wheel marks its lines with the tick (004: no rounds)
      const at = ticks.has(entry.encounterId) ? f.tick : f.round
      if (at !== undefined) rounds.set(entry.encounterId, at)
      round = rounds.get(entry.encounterId) ?? null
    }
    const m = safe?.moments.get(entry)
    if (safe && m?.after && JSON.stringify(m.after) !== JSON.stringify(boards[boards.length - 1]?.board)) boards.push({ seq: entry.seq, at: entry.at, board: m.after })
    let said: Set<string> | null = null
    if (entry.shown && (listed.has(entry) || safe)) {
      const named: PlayerBoardCombatant[] = []
      let line = !listed.has(entry) ? null : safe ? safeLine(entry, round, m, safe.secrets, t, named, ticks.has(entry.encounterId ?? '')) : { seq: entry.seq, at: entry.at, round, kind: entry.kind, text: t(entry.key, entry.params), params: entry.params, gmOnly: entry.gmOnly, entry }
      if (safe) line = safe.brackets.line(entry, line, (key) => ({ seq: entry.seq, at: entry.at, round, kind: entry.kind, text: t(key, {}), params: {}, gmOnly: false, entry }))
      if (line) {
        add(entry, line)
        said = new Set(named.map((c) => c.id))
      }
    }
    if (safe && m) {
      for (const b of boardChanges(m, said)) {
        const params = typeof b.params.health === 'string' ? { ...b.params, health: healthLabel(t, b.params.health) } : b.params
        const when = ticks.has(entry.encounterId ?? '') ? round : shownRound(round, m)
        add(entry, { seq: entry.seq, at: entry.at, round: when, kind: entry.kind, text: tOf(entry)(b.key, params), params, gmOnly: false, entry, board: true })
      }
    }
  }
  if (safe) renameSummaries(summaries, lastShown(safe.moments), safe.gmNames)
  const meta = { ...session.meta, ...(opts.playerSafe ? { notes: '' } : {}), systemName: systemName(session.meta.systemId, opts.lang) }
  return { lang: opts.lang, playerSafe: opts.playerSafe, meta, sections, summaries, entries, damaged: session.damaged, t, ...(safe ? { boards } : {}) }
}

/** the system's own name ("Saga Edition"), else its id when no registered system has it */
function systemName(systemId: string, lang: ExportLang): string {
  const s = getSystem(systemId)
  return s.ok ? s.value.names[lang] : systemId
}

function playerSafeParts(session: NormalizedSession) {
  const moments = playerMoments(session)
  const gmNames = new Map<string, string>()
  for (const m of moments.values()) for (const [name, id] of m.gmNames) gmNames.set(name, id)
  return { moments, secrets: sessionSecrets(session), gmNames, brackets: new Brackets() }
}

/**
 * Things a system opens and closes with a pair of events, `<ns>.<thing>Started` … `<ns>.<thing>Ended` (a Starchasers
 * duel): players read of both or of neither. Unseen start (a hidden fighter opened it): its phases and its end are
 * left out too. Seen start whose end names someone unseen: the end's plain line (`log.<ns>.<thing>Ended`).
 */
class Brackets {
  /** per encounter: the open things by event-type prefix (`starchasers.duel`) → did players read its start */
  private open = new Map<string, Map<string, boolean>>()

  line(entry: ExportEntry, line: DocLine | null, plain: (key: string) => DocLine): DocLine | null {
    const type = entry.event?.type ?? ''
    if (entry.encounterId === null || type.startsWith('core.')) return line
    let open = this.open.get(entry.encounterId)
    if (!open) this.open.set(entry.encounterId, (open = new Map()))
    const m = /^(.+)(Started|Ended)$/.exec(type)
    if (m?.[2] === 'Started') {
      open.set(m[1], line !== null)
      return line
    }
    const prefix = [...open.keys()].find((p) => type.startsWith(p))
    if (prefix === undefined) return line
    const seen = open.get(prefix) === true
    if (m?.[2] === 'Ended') open.delete(prefix)
    if (!seen) return null
    if (line || m?.[2] !== 'Ended') return line
    const key = `log.${type}`
    const text = formatLog({ key, params: {} })
    return text !== key && !/\{\w+(?::[^{}]*)?\}/.test(text) ? plain(key) : null
  }
}

/** a log line as players may read it at its moment, or null (it names someone unseen, or needs a withheld value) */
function safeLine(entry: ExportEntry, round: number | null, m: Moment | undefined, secrets: Set<string>, t: Translate, named: PlayerBoardCombatant[], tick = false): DocLine | null {
  const base = { seq: entry.seq, at: entry.at, kind: entry.kind, gmOnly: false, entry }
  if (entry.encounterId === null || !entry.event) {
    return { ...base, round, text: t(entry.key, entry.params), params: entry.params }
  }
  // a line that lacks a withheld value, or speaks of a pool players did not see (the Threat): its public version
  const line = playerLine(entry.key, entry.params, m, secrets, named, t)
  if (!line) return null
  const { params } = line
  const text = t(line.key, params)
  const actor = eventFacts(entry.event, entry.systemId).actorId
  const who = actor ? (m?.shown.get(actor)?.name ?? '') : ''
  // a tick wheel's tick is the wheel's own (the display shows it); rounds as players saw them
  return { ...base, round: tick ? round : shownRound(round, m), text, params, who }
}

/** the round players saw: a hidden combatant opening a round does not start it for them */
const shownRound = (round: number | null, m: Moment | undefined): number | null => (round !== null && m?.after && m.after.round < round ? m.after.round : round)

/** a health descriptor key in words: the catalogs, else its last part */
function healthLabel(t: Translate, key: string): string {
  const label = t(key)
  return label === key || label === key.replace(/^log\./, '') ? (key.split('.').pop() ?? key) : label
}

/** the summaries name combatants as the display last did; a name players never saw is not kept */
function renameSummaries(summaries: EncounterSummary[], shown: Map<string, { id: string; name: string }>, gmNames: Map<string, string>): void {
  const byName = (name: string): string => {
    const id = gmNames.get(name)
    return id !== undefined ? (shown.get(id)?.name ?? '') : name
  }
  for (const s of summaries) {
    s.participants = s.participants.flatMap((p) => {
      const c = shown.get(p.id)
      return c ? [{ ...p, id: c.id, name: c.name }] : []
    })
    s.knockouts = s.knockouts.map((k) => ({ ...k, name: byName(k.name) })).filter((k) => k.name !== '')
    s.notable = s.notable.map((n) => ({ ...n, who: byName(n.who) }))
  }
}

/** "HH:MM" of an ISO time, '' when absent (exports are reproducible: no clock, no time zone guessing) */
export const clock = (iso: string): string => (/T(\d\d:\d\d)/.exec(iso)?.[1] ?? '')

/** "YYYY-MM-DD HH:MM UTC" of an ISO time ('' when absent); times in the log are UTC */
export const stamp = (iso: string | null): string => {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso ?? '')
  return m ? `${m[1]} ${m[2]} UTC` : (iso ?? '')
}

export const sideLabel = (t: Translate, side: string): string => t(`export.side.${side}`)

export function notableText(t: Translate, n: EncounterSummary['notable'][number]): string {
  return t('export.notable.line', { round: n.round ?? '-', who: n.who || '?', what: t(`export.notable.${n.kind}`) })
}
