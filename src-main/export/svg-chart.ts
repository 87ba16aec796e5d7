/**
 * Damage per round as an inline SVG bar chart (no scripts, no external requests), for the HTML and PDF exports.
 */
import { htmlEscape } from './html-escape'

export interface BarChartOptions {
  title: string
  label: (index: number) => string
  width?: number
  height?: number
}

/** a round axis maximum: 1, 2, 5 × 10^n at or above the largest value */
export function niceMax(max: number): number {
  if (max <= 0) return 1
  const p = 10 ** Math.floor(Math.log10(max))
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p
  return 10 * p
}

export function barChartSvg(values: number[], opts: BarChartOptions): string {
  const width = opts.width ?? 480
  const height = opts.height ?? 180
  const left = 36
  const bottom = 22
  const top = 12
  const plotW = width - left - 8
  const plotH = height - top - bottom
  const max = niceMax(Math.max(0, ...values))
  const n = Math.max(1, values.length)
  const slot = plotW / n
  const barW = Math.max(2, Math.min(48, slot * 0.7))
  const parts: string[] = [
    `<svg class="chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${htmlEscape(opts.title)}">`,
    `<title>${htmlEscape(opts.title)}</title>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#555" />`,
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#555" />`,
    `<text x="${left - 4}" y="${top + 4}" text-anchor="end" font-size="10">${max}</text>`,
    `<text x="${left - 4}" y="${top + plotH}" text-anchor="end" font-size="10">0</text>`,
  ]
  values.forEach((v, i) => {
    const h = Math.round((v / max) * plotH * 10) / 10
    const x = Math.round((left + slot * i + (slot - barW) / 2) * 10) / 10
    const y = Math.round((top + plotH - h) * 10) / 10
    const cx = Math.round((x + barW / 2) * 10) / 10
    parts.push(`<rect x="${x}" y="${y}" width="${Math.round(barW * 10) / 10}" height="${h}" fill="#8a2f2f"><title>${htmlEscape(opts.label(i))}: ${v}</title></rect>`)
    parts.push(`<text x="${cx}" y="${y - 2}" text-anchor="middle" font-size="10">${v}</text>`)
    parts.push(`<text x="${cx}" y="${top + plotH + 14}" text-anchor="middle" font-size="10">${htmlEscape(opts.label(i))}</text>`)
  })
  parts.push('</svg>')
  return parts.join('')
}
