/** Markdown export of a session document. */
import { clock, notableText, sideLabel, stamp, type DocSection, type ExportDocument } from './document'
import type { EncounterSummary } from './types'
import type { Translate } from './translate'

/** escape characters Markdown would read as markup */
export const mdEscape = (s: string): string => s.replace(/([\\`*_[\]<>|#~])/g, '\\$1').replace(/\r?\n/g, ' ')

/** `t`: the section's strings, in its system's words (2d20: stress; a tick wheel: ticks) */
function summaryMd(t: Translate, s: EncounterSummary): string[] {
  const out = [`### ${mdEscape(t('export.summary'))}`, '', mdEscape(t('export.rounds', { rounds: s.rounds })), '']
  out.push(`**${mdEscape(t('export.participants'))}**`, '')
  if (s.participants.length === 0) out.push(mdEscape(t('export.none')), '')
  else {
    const cols = ['export.col.combatant', 'export.col.side', 'export.col.dealt', 'export.col.taken', 'export.col.ko'].map((k) => mdEscape(t(k)))
    out.push(`| ${cols.join(' | ')} |`, `| --- | --- | ---: | ---: | --- |`)
    for (const p of s.participants) {
      out.push(`| ${mdEscape(p.name)} | ${mdEscape(sideLabel(t, p.side))} | ${p.damageDealt} | ${p.damageTaken} | ${mdEscape(t(p.knockedOut ? 'export.yes' : 'export.no'))} |`)
    }
    out.push('')
  }
  out.push(`**${mdEscape(t('export.chart.title'))}**: ${s.damageByRound.map((d, i) => `${t('export.chart.round', { round: i + s.firstRound })} ${d}`).join(', ') || mdEscape(t('export.none'))}`, '')
  out.push(`**${mdEscape(t('export.knockouts'))}**: ${s.knockouts.map((k) => mdEscape(t('export.knockout', { name: k.name, round: k.round ?? '-' }))).join('; ') || mdEscape(t('export.none'))}`, '')
  out.push(`**${mdEscape(t('export.notable'))}**:`, '')
  if (s.notable.length === 0) out.push(`- ${mdEscape(t('export.none'))}`)
  for (const n of s.notable) out.push(`- ${mdEscape(notableText(t, n))}`)
  out.push('')
  return out
}

function linesMd(section: DocSection): string[] {
  return section.lines.map((l) => {
    const marks = [l.round !== null ? section.t('export.roundMark', { round: l.round }) : '', clock(l.at)].filter((x) => x !== '')
    return `- ${marks.length ? `${marks.join(' · ')} · ` : ''}${mdEscape(l.text)}`
  })
}

export function renderMarkdown(doc: ExportDocument): string {
  const t = doc.t
  const m = doc.meta
  const out: string[] = [`# ${mdEscape(t('export.title'))}: ${mdEscape(m.title || m.id)}`, '']
  out.push(`*${mdEscape(t(doc.playerSafe ? 'export.playerSafe' : 'export.gmVersion'))}*`, '')
  if (m.campaignName) out.push(`- ${mdEscape(t('export.campaign'))}: ${mdEscape(m.campaignName)}`)
  out.push(`- ${mdEscape(t('export.system'))}: ${mdEscape(m.systemName)}`)
  if (m.date) out.push(`- ${mdEscape(t('export.date'))}: ${mdEscape(m.date)}`)
  if (m.startedAt) out.push(`- ${mdEscape(t('export.started'))}: ${mdEscape(stamp(m.startedAt))}`)
  if (m.endedAt) out.push(`- ${mdEscape(t('export.ended'))}: ${mdEscape(stamp(m.endedAt))}`)
  out.push('')
  if (m.notes) out.push(`## ${mdEscape(t('export.sessionNotes'))}`, '', mdEscape(m.notes), '')
  for (const section of doc.sections) {
    if (section.encounter === null) {
      out.push(`## ${mdEscape(t('export.outsideCombat'))}`, '', ...linesMd(section), '')
      continue
    }
    out.push(`## ${mdEscape(t('export.encounter', { name: section.encounter.name }))}`, '')
    out.push(...summaryMd(section.t, section.encounter))
    out.push(`### ${mdEscape(t('export.log'))}`, '', ...linesMd(section), '')
  }
  if (doc.damaged.length) {
    out.push(`## ${mdEscape(t('export.damaged'))}`, '')
    for (const d of doc.damaged) out.push(`- ${mdEscape(t('export.damagedLine', { line: d.line, message: d.message }))}`)
    out.push('')
  }
  out.push('---', '', `*${mdEscape(t('export.generated'))}*`, '')
  return out.join('\n')
}
