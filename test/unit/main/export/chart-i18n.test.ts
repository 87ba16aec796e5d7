import { describe, expect, it } from 'vitest'
import exportEn from '../../../../src-shared/i18n/export-en'
import exportPl from '../../../../src-shared/i18n/export-pl'
import { barChartSvg, niceMax } from '../../../../src-main/export/svg-chart'
import { createTranslator, fill } from '../../../../src-main/export/translate'

describe('damage-per-round chart (inline SVG)', () => {
  it('rounds the axis to 1, 2 or 5 × 10^n', () => {
    expect([niceMax(0), niceMax(7), niceMax(46), niceMax(120), niceMax(500)]).toEqual([1, 10, 50, 200, 500])
  })

  it('draws one bar per round, scaled to the axis, with labels and no external reference', () => {
    const svg = barChartSvg([46, 21, 0], { title: 'Damage <per> round', label: (i) => `R${i + 1}`, width: 300, height: 150 })
    expect(svg.match(/<rect /g)).toHaveLength(3)
    // plot height = 150 - 12 - 22 = 116; the axis max is 50, so 46 → 106.7 and 21 → 48.7
    expect(svg).toContain('height="106.7"')
    expect(svg).toContain('height="48.7"')
    expect(svg).toContain('>R3<')
    expect(svg).toContain('Damage &lt;per&gt; round')
    expect(svg).not.toMatch(/href|src=|url\(/)
  })
})

describe('export strings', () => {
  it('English and Polish have the same keys and the same params', () => {
    expect(Object.keys(exportPl).sort()).toEqual(Object.keys(exportEn).sort())
    const params = (s: string): string[] => (s.match(/\{\w+\}/g) ?? []).sort()
    for (const k of Object.keys(exportEn)) expect(params(exportPl[k]), k).toEqual(params(exportEn[k]))
  })

  it('fills named params and falls back to English, then to the key and its params', () => {
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and ')
    expect(createTranslator('pl')('export.encounter', { name: 'X' })).toBe('Starcie: X')
    expect(createTranslator('en')('log.saga.somethingNew', { target: 'Y' })).toBe('saga.somethingNew (target=Y)')
  })
})
