/**
 * Browser mode's PDF export without a Chromium (issue 27, defect 13): it prints with the Chromium installed on this
 * computer; when there is none, the GM gets a plain refusal (`details.reason: 'no-chromium'`, the places looked at)
 * that the console turns into its own words with the HTML export offered instead, not a playwright stack line.
 */
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import { createChromiumPrinter, findChromium } from '../../../../src-main/export/pdf-printer'
import { hangarSession } from './fixture'

describe('PDF export in browser mode: the installed Chromium, or a plain refusal', () => {
  it('no Chromium at the path given: a plain "no-chromium" refusal naming where it looked, no playwright text', async () => {
    const printer = createChromiumPrinter({ executablePath: '/nonexistent/chromium' })
    const r = await renderSession(hangarSession(), { format: 'pdf', playerSafe: true, lang: 'en' }, printer)
    await printer.close()
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.details?.reason).toBe('no-chromium')
    expect(r.error.details?.looked).toEqual(['/nonexistent/chromium'])
    expect(r.error.message).toBe('No Chromium or Chrome was found on this computer (looked at /nonexistent/chromium), so browser mode cannot print a PDF: export HTML and print it from the browser, or set CHROMIUM_PATH.')
    expect(r.error.message).not.toMatch(/browserType|Executable doesn't exist|playwright/i)
  })

  it('finds the installed Chromium: CHROMIUM_PATH first, else the usual places; none gives null', () => {
    const exists = (p: string) => ['/usr/bin/chromium', '/opt/chrome'].includes(p)
    expect(findChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists })).toEqual({ path: '/opt/chrome', looked: ['/opt/chrome'] })
    expect(findChromium({ env: {}, exists, platform: 'linux' })?.path).toBe('/usr/bin/chromium')
    const none = findChromium({ env: {}, exists: () => false, platform: 'linux' })
    expect(none.path).toBeNull()
    expect(none.looked).toContain('/usr/bin/chromium')
  })
})
