/**
 * The PDF is Chromium's print of the HTML export: rendered once per variant with ONE Chromium launch for the
 * suite, then checked with poppler (page count, extracted text).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import { createChromiumPrinter } from '../../../../src-main/export/pdf-printer'
import type { PdfPrinter } from '../../../../src-main/export/types'
import { GM_ONLY_VALUES, hangarSession } from './fixture'

const haveTools = existsSync('/usr/bin/chromium') && existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdfinfo')

describe.skipIf(!haveTools)('PDF export (Chromium print of the HTML)', () => {
  let printer: PdfPrinter
  let dir: string
  const session = hangarSession()

  beforeAll(() => {
    printer = createChromiumPrinter()
    dir = mkdtempSync(join(tmpdir(), 'gmc-pdf-'))
  })
  afterAll(async () => {
    await printer.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function pdf(name: string, playerSafe: boolean, lang: 'en' | 'pl'): Promise<{ bytes: Uint8Array; text: string; pages: number }> {
    const r = await renderSession(session, { format: 'pdf', playerSafe, lang }, printer)
    if (!r.ok) throw new Error(r.error.message)
    const bytes = r.value.data as Uint8Array
    const file = join(dir, name)
    writeFileSync(file, bytes)
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    const info = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' })
    return { bytes, text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) }
  }

  it('GM version: a real PDF with the session, the summary and the log', async () => {
    const { bytes, text, pages } = await pdf('gm.pdf', false, 'en')
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    expect(pages).toBeGreaterThanOrEqual(2)
    expect(pages).toBeLessThanOrEqual(4)
    for (const s of ['Session log: The hangar ambush', 'Encounter: Ambush in the hangar', 'Damage per round', 'Knock-outs', 'natural 20', 'AUREK-9-BESH', 'Sniper']) expect(text).toContain(s)
  }, 60_000)

  it('player-safe Polish version: localized, and no GM-only value in the extracted text', async () => {
    const { text, pages } = await pdf('player.pdf', true, 'pl')
    expect(pages).toBeGreaterThanOrEqual(1)
    for (const s of ['Dziennik sesji', 'Wersja dla graczy', 'Starcie: Ambush in the hangar', 'Wyeliminowani z walki']) expect(text).toContain(s)
    for (const v of GM_ONLY_VALUES) expect(text).not.toContain(v)
  }, 60_000)

  it('a missing printer is an error value, not a throw', async () => {
    const r = await renderSession(session, { format: 'pdf', playerSafe: false, lang: 'en' })
    expect(r.ok).toBe(false)
  })
})
