/**
 * CSV of the rolls (RFC 4180 quoting, UTF-8 with a byte-order mark so spreadsheet programs read Polish letters):
 * rolls made outside combat and every encounter event that carries dice.
 */
import { clock, type ExportDocument } from './document'
import { eventFacts } from './facts'
import { diceText } from './normalize'

/** quote a cell; a text cell starting with = + @ is prefixed with ' so spreadsheets never run it as a formula */
export function csvCell(v: string | number | boolean | null): string {
  if (v === null) return ''
  let s = String(v)
  if (typeof v === 'string' && /^[=+@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s
}

export function renderCsv(doc: ExportDocument): string {
  const t = doc.t
  // the round column in the words of the session's encounters (a tick wheel counts ticks)
  const th = doc.sections.find((s) => s.encounter !== null)?.t ?? t
  const head = ['seq', 'time', 'encounter', 'round', 'who', 'label', 'notation', 'dice', 'total', 'hidden', 'manual'].map((k) => th(`export.csv.${k}`))
  const rows: string[] = [head.map(csvCell).join(',')]
  // who took part, by id (one carried in from the session before joined there)
  const names = new Map<string, string>(doc.summaries.flatMap((s) => s.participants.map((p) => [p.id, p.name] as const)))
  const encNames = new Map(doc.summaries.map((s) => [s.id, s.name]))
  for (const section of doc.sections) {
    for (const l of section.lines) {
      const e = l.entry
      if (l.board) continue
      if (e.roll) {
        const r = e.roll
        rows.push([e.seq, clock(e.at), '', '', '', r.label, r.notation, diceText(r.dice), r.total, t(r.hidden ? 'export.yes' : 'export.no'), t(r.manual ? 'export.yes' : 'export.no')].map(csvCell).join(','))
        continue
      }
      if (!e.event) continue
      const f = eventFacts(e.event, e.systemId)
      if (f.added) names.set(f.added.id, f.added.name)
      if (f.dice.length === 0) continue
      const ev = e.event as Record<string, unknown>
      const firstTarget = Array.isArray(ev.targets) ? (ev.targets[0] as Record<string, unknown> | undefined) : undefined
      // the roll's total: damage and initiative totals, or the attack total against the (first) target
      // player-safe: only what the line may show (its params), named as the display named them
      const total = doc.playerSafe
        ? ([l.params.total, l.params.value].find((x): x is number => typeof x === 'number') ?? null)
        : ([ev.total, ev.attackTotal, firstTarget?.total, ev.value].find((x): x is number => typeof x === 'number') ?? null)
      const who = doc.playerSafe ? (l.who ?? '') : f.actorId ? (names.get(f.actorId) ?? '') : ''
      const manual = f.dice.some((d) => d.manual === true)
      rows.push(
        [e.seq, clock(e.at), encNames.get(e.encounterId ?? '') ?? e.encounterId ?? '', l.round, who, l.text, '', diceText(f.dice), total, t(l.gmOnly ? 'export.yes' : 'export.no'), t(manual ? 'export.yes' : 'export.no')]
          .map(csvCell)
          .join(','),
      )
    }
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`
}
