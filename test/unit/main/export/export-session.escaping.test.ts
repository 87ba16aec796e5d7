/** Text typed by the GM never becomes markup, links or spreadsheet formulas in an export. */
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import { normalizeSession } from '../../../../src-main/export/normalize'
import { parseSessionLog } from '../../../../src-main/export/parse-log'
import { csvCell } from '../../../../src-main/export/render-csv'

const at = '2026-11-28T18:00:00.000Z'
const text = [
  { schemaVersion: 1, kind: 'gm-console.session-log', sessionId: 's' },
  { kind: 'session.started', at, sessionId: 's', title: 'A <b>bold</b> night', date: '2026-11-28', notes: '' },
  { kind: 'note', at, text: '<script>alert(1)</script> <img src="https://example.com/x.png"> [link](https://example.com) | *x*', gmOnly: false },
  { kind: 'roll', at, notation: '1d20', label: '=HYPERLINK("https://example.com","x")', dice: [{ die: 'd20', value: 7 }], total: 7, hidden: false, seed: 's' },
]
  .map((r) => JSON.stringify(r))
  .join('\n')
const session = normalizeSession(parseSessionLog(text), {})

async function render(format: 'md' | 'html' | 'csv'): Promise<string> {
  const r = await renderSession(session, { format, playerSafe: false, lang: 'en' })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as string
}

describe('escaping', () => {
  it('HTML: tags in notes and titles are text; no src/href leaves the file', async () => {
    const html = await render('html')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('A &lt;b&gt;bold&lt;/b&gt; night')
    expect(html).not.toMatch(/<script|<img|<b>/)
    expect(html).not.toMatch(/(src|href)=["']https?:/)
    // no scripts may run even if something slipped through: the CSP allows only inline styles and data: images
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`)
  })

  it('Markdown: markup characters are escaped', async () => {
    const md = await render('md')
    expect(md).toContain('\\<script\\>alert(1)\\</script\\>')
    expect(md).toContain('\\[link\\](https://example.com) \\| \\*x\\*')
  })

  it('CSV: a label that starts like a formula is quoted as text', async () => {
    const csv = await render('csv')
    expect(csv).toContain(`"'=HYPERLINK(""https://example.com"",""x"")"`)
    expect([csvCell('a,b'), csvCell('say "hi"'), csvCell('+1'), csvCell(-3), csvCell(null)]).toEqual(['"a,b"', '"say ""hi"""', "'+1", '-3', ''])
  })
})
