/**
 * One self-contained HTML file: styles inline, no scripts, no external requests (a CSP meta tag forbids them),
 * print-ready (A4 page rules). Chromium or Electron prints this same HTML to PDF.
 */
import { clock, notableText, sideLabel, stamp, type DocSection, type ExportDocument } from './document'
import { htmlEscape as h } from './html-escape'
import { barChartSvg } from './svg-chart'
import type { EncounterSummary } from './types'
import type { Translate } from './translate'

const STYLE = `
@page { size: A4; margin: 16mm 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #1b1b1b; margin: 0 auto; max-width: 60rem; padding: 1rem; line-height: 1.4; }
h1 { font-size: 20pt; margin: 0 0 .2rem; }
h2 { font-size: 14pt; margin: 1.4rem 0 .4rem; border-bottom: 1px solid #999; break-after: avoid; }
h3 { font-size: 12pt; margin: 1rem 0 .3rem; break-after: avoid; }
h4 { font-size: 11pt; margin: .8rem 0 .2rem; break-after: avoid; }
.block { break-inside: avoid; }
td:first-child { white-space: nowrap; }
.version { font-style: italic; color: #555; margin: 0 0 .6rem; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: 0 0 1rem; }
dl.meta dt { font-weight: bold; }
dl.meta dd { margin: 0; }
table { border-collapse: collapse; margin: .3rem 0 .6rem; break-inside: avoid; }
th, td { border: 1px solid #bbb; padding: .15rem .5rem; text-align: left; }
td.num { text-align: right; }
ol.log { list-style: none; padding: 0; margin: 0; }
ol.log li { padding: .1rem 0; border-bottom: 1px dotted #ddd; break-inside: avoid; }
.mark { color: #666; font-size: 9pt; margin-right: .4rem; }
li.gm { background: #fff4d6; }
li.note { font-style: italic; }
.chart { display: block; margin: .4rem 0; break-inside: avoid; }
footer { margin-top: 2rem; color: #777; font-size: 9pt; }
@media print { body { max-width: none; padding: 0; } li.gm { background: #fff4d6; -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
`

/** `t`: the section's strings, in its system's words (2d20: stress; a tick wheel: ticks) */
function summaryHtml(t: Translate, s: EncounterSummary): string {
  const out: string[] = [`<h3>${h(t('export.summary'))}</h3>`, `<p>${h(t('export.rounds', { rounds: s.rounds }))}</p>`]
  out.push(`<h4>${h(t('export.participants'))}</h4>`)
  if (s.participants.length === 0) out.push(`<p>${h(t('export.none'))}</p>`)
  else {
    out.push('<table><thead><tr>')
    for (const k of ['export.col.combatant', 'export.col.side', 'export.col.dealt', 'export.col.taken', 'export.col.ko']) out.push(`<th>${h(t(k))}</th>`)
    out.push('</tr></thead><tbody>')
    for (const p of s.participants) {
      out.push(`<tr><td>${h(p.name)}</td><td>${h(sideLabel(t, p.side))}</td><td class="num">${p.damageDealt}</td><td class="num">${p.damageTaken}</td><td>${h(t(p.knockedOut ? 'export.yes' : 'export.no'))}</td></tr>`)
    }
    out.push('</tbody></table>')
  }
  // the chart stays on one page with its heading
  out.push(`<div class="block"><h4>${h(t('export.chart.title'))}</h4>`)
  out.push(s.damageByRound.length ? barChartSvg(s.damageByRound, { title: t('export.chart.label'), label: (i) => t('export.chart.round', { round: i + s.firstRound }) }) : `<p>${h(t('export.none'))}</p>`)
  out.push('</div>')
  out.push(`<h4>${h(t('export.knockouts'))}</h4>`)
  out.push(s.knockouts.length ? `<ul>${s.knockouts.map((k) => `<li>${h(t('export.knockout', { name: k.name, round: k.round ?? '-' }))}</li>`).join('')}</ul>` : `<p>${h(t('export.none'))}</p>`)
  out.push(`<h4>${h(t('export.notable'))}</h4>`)
  out.push(s.notable.length ? `<ul>${s.notable.map((n) => `<li>${h(notableText(t, n))}</li>`).join('')}</ul>` : `<p>${h(t('export.none'))}</p>`)
  return out.join('\n')
}

function linesHtml(section: DocSection): string {
  const items = section.lines.map((l) => {
    const marks = [l.round !== null ? section.t('export.roundMark', { round: l.round }) : '', clock(l.at)].filter((x) => x !== '').join(' · ')
    const cls = [l.kind, l.gmOnly ? 'gm' : ''].filter((x) => x).join(' ')
    return `<li class="${h(cls)}">${marks ? `<span class="mark">${h(marks)}</span>` : ''}${h(l.text)}</li>`
  })
  return `<ol class="log">\n${items.join('\n')}\n</ol>`
}

export function renderHtml(doc: ExportDocument): string {
  const t = doc.t
  const m = doc.meta
  const title = `${t('export.title')}: ${m.title || m.id}`
  const out: string[] = [
    '<!DOCTYPE html>',
    `<html lang="${doc.lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${h(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${h(title)}</h1>`,
    `<p class="version">${h(t(doc.playerSafe ? 'export.playerSafe' : 'export.gmVersion'))}</p>`,
    '<dl class="meta">',
  ]
  const meta: Array<[string, string]> = [
    ['export.campaign', m.campaignName],
    ['export.system', m.systemName],
    ['export.date', m.date],
    ['export.started', stamp(m.startedAt)],
    ['export.ended', stamp(m.endedAt)],
  ]
  for (const [k, v] of meta) if (v) out.push(`<dt>${h(t(k))}</dt><dd>${h(v)}</dd>`)
  out.push('</dl>')
  if (m.notes) out.push(`<h2>${h(t('export.sessionNotes'))}</h2>`, `<p>${h(m.notes)}</p>`)
  for (const section of doc.sections) {
    if (section.encounter === null) {
      out.push(`<section class="outside"><h2>${h(t('export.outsideCombat'))}</h2>`, linesHtml(section), '</section>')
      continue
    }
    out.push(`<section class="encounter"><h2>${h(t('export.encounter', { name: section.encounter.name }))}</h2>`)
    out.push(summaryHtml(section.t, section.encounter))
    out.push(`<h3>${h(t('export.log'))}</h3>`, linesHtml(section), '</section>')
  }
  if (doc.damaged.length) {
    out.push(`<h2>${h(t('export.damaged'))}</h2><ul>`)
    for (const d of doc.damaged) out.push(`<li>${h(t('export.damagedLine', { line: d.line, message: d.message }))}</li>`)
    out.push('</ul>')
  }
  out.push(`<footer>${h(t('export.generated'))}</footer>`, '</body>', '</html>', '')
  return out.join('\n')
}
