import { describe, expect, it } from 'vitest'
import { barChartSvg, niceMax } from '../../../../src-main/export/svg-chart'

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
