/**
 * The export document: what every human-readable format shows, already filtered (player-safe) and localized.
 * Markdown, HTML (and so PDF) and CSV render it; nothing here knows a file format.
 */
import { eventFacts } from './facts'
import { aboutNonPc, isPlayerSafe, nonPcIds, withoutNpcNumbers } from './player-safe'
import { knownCombatants, summarizeAll } from './summary'
import { createTranslator, type Translate } from './translate'
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
}

export interface DocSection {
  /** null: entries outside combat */
  encounter: EncounterSummary | null
  lines: DocLine[]
}

export interface ExportDocument {
  lang: ExportLang
  playerSafe: boolean
  meta: SessionMeta
  sections: DocSection[]
  summaries: EncounterSummary[]
  /** the entries shown (active, and player-safe when asked) */
  entries: ExportEntry[]
  damaged: DamagedLine[]
  t: Translate
}


export function visibleEntries(session: NormalizedSession, playerSafe: boolean): ExportEntry[] {
  return session.entries.filter((e) => e.status === 'active' && (!playerSafe || isPlayerSafe(e)))
}

export function buildDocument(session: NormalizedSession, opts: { playerSafe: boolean; lang: ExportLang }): ExportDocument {
  const t = createTranslator(opts.lang)
  const entries = visibleEntries(session, opts.playerSafe)
  const summaries = summarizeAll(entries, knownCombatants(session.entries))
  const sections: DocSection[] = []
  const byEncounter = new Map<string, DocSection>()
  const rounds = new Map<string, number>()
  const npcs = nonPcIds(session.entries)
  for (const entry of entries) {
    if (!entry.shown) {
      // still advances the round of its encounter
      if (entry.encounterId !== null && entry.event) {
        const f = eventFacts(entry.event, entry.systemId)
        if (f.round !== undefined) rounds.set(entry.encounterId, f.round)
      }
      continue
    }
    let round: number | null = null
    if (entry.encounterId !== null && entry.event) {
      const f = eventFacts(entry.event, entry.systemId)
      if (f.round !== undefined) rounds.set(entry.encounterId, f.round)
      round = rounds.get(entry.encounterId) ?? null
    }
    const redact = opts.playerSafe && entry.event !== null && aboutNonPc(entry.event, npcs)
    const params = withoutNpcNumbers(entry.params, redact)
    const line: DocLine = { seq: entry.seq, at: entry.at, round, kind: entry.kind, text: t(entry.key, withoutNpcNumbers(entry.params, redact, '?')), params, gmOnly: entry.gmOnly, entry }
    if (entry.encounterId === null) {
      const last = sections[sections.length - 1]
      if (last && last.encounter === null) last.lines.push(line)
      else sections.push({ encounter: null, lines: [line] })
      continue
    }
    let section = byEncounter.get(entry.encounterId)
    if (!section) {
      section = { encounter: summaries.find((s) => s.id === entry.encounterId) ?? null, lines: [] }
      byEncounter.set(entry.encounterId, section)
      sections.push(section)
    }
    section.lines.push(line)
  }
  const meta = opts.playerSafe ? { ...session.meta, notes: '' } : session.meta
  return { lang: opts.lang, playerSafe: opts.playerSafe, meta, sections, summaries, entries, damaged: session.damaged, t }
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
