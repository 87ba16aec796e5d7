/**
 * Issue 27 (defects 5 and 11): no export shows a raw i18n key, a combatant id, "undefined", "NaN" or "[object Object]".
 * Every text format (md, html, json, csv; the PDF prints the html), in en and pl, GM and player-safe, of every
 * bundled sample session: sessions played through the real store, services and engines of all four systems
 * (scripts/make-sample-session.ts); and the player-safe PDF of each system's sample, read back with pdftotext.
 * The JSON is data: its ids and keys are fields; what people read in it (the lines' text, the names in the
 * summaries, the session's words) is scanned.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSession, renderSession } from '../../../../src-main/export/export-session'
import { createChromiumPrinter } from '../../../../src-main/export/pdf-printer'
import type { PdfPrinter } from '../../../../src-main/export/types'
import { getSystem } from '../../../../src-main/rules/index'
import { EXPORT_LANGS, type ExportFormat } from '../../../../src-main/export/types'

const ROOT = resolve(import.meta.dirname, '../../../../resources/campaigns')
const FORMATS: ExportFormat[] = ['md', 'html', 'json', 'csv']

/** a dotted lower-case token (`encounter.ended`, `side.party`, `log.core.x`): a key, never a word */
const RAW_KEY = /(?<![\w@/.-])[a-z][a-zA-Z0-9-]*\.[a-z][a-zA-Z0-9-]*(?:\.[a-zA-Z0-9-]+)*(?![\w-])/g
const GARBLE = /undefined|\bNaN\b|\[object Object\]/

/** the combatants' ids that differ from their names (an id shown is an id leaked into the text) */
function idsOf(log: string): string[] {
  const out = new Set<string>()
  for (const line of log.split('\n').filter((l) => l.trim())) {
    const r = JSON.parse(line) as { record?: { event?: { type?: string; combatant?: { id?: string; name?: string } } }; records?: Array<{ event?: { type?: string; combatant?: { id?: string; name?: string } } }> }
    for (const e of [r.record?.event, ...(r.records ?? []).map((x) => x.event)]) {
      const c = e?.type === 'core.combatantAdded' ? e.combatant : undefined
      if (c?.id && c.id !== c.name && /[-\d]/.test(c.id)) out.add(c.id)
    }
  }
  return [...out]
}

/** what people read in a JSON export: the lines, the summaries' names and words, the session's title and names */
function readableJson(text: string): string {
  const d = JSON.parse(text) as {
    session: Record<string, unknown>
    entries: Array<{ text: string }>
    encounters: Array<{ name: string; participants: Array<{ name: string; sideLabel?: string }>; knockouts: Array<{ name: string }>; notable: Array<{ who: string }> }>
  }
  const parts: string[] = [String(d.session.title), String(d.session.campaignName), String(d.session.systemName)]
  for (const e of d.entries) parts.push(e.text)
  for (const s of d.encounters) parts.push(s.name, ...s.participants.flatMap((p) => [p.name, String(p.sideLabel)]), ...s.knockouts.map((k) => k.name), ...s.notable.map((n) => n.who))
  return parts.join('\n')
}

const readable = (format: ExportFormat, data: string): string =>
  format === 'json' ? readableJson(data) : format === 'html' ? data.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ').replace(/&[a-z]+;/g, ' ') : data

describe('every export of every sample session reads as words: no raw key, id, undefined, NaN or [object Object] (issue 27)', () => {
  for (const campaign of readdirSync(ROOT).filter((c) => !c.endsWith('.json'))) {
    const dir = resolve(ROOT, campaign)
    for (const file of readdirSync(resolve(dir, 'sessions')).filter((f) => f.endsWith('.ndjson'))) {
      const ids = idsOf(readFileSync(resolve(dir, 'sessions', file), 'utf8'))
      for (const lang of EXPORT_LANGS) {
        it(`${campaign}/${file} (${lang}): md, html, json, csv, GM and player-safe`, async () => {
          const loaded = await loadSession(dir, file.replace(/\.ndjson$/, ''))
          if (!loaded.ok) throw new Error(loaded.error.message)
          const systemId = loaded.value.meta.systemId
          const found = getSystem(systemId)
          if (!found.ok) throw new Error(systemId)
          const system = found.value
          for (const playerSafe of [false, true]) {
            for (const format of FORMATS) {
              const r = await renderSession(loaded.value, { format, lang, playerSafe })
              if (!r.ok) throw new Error(r.error.message)
              const text = readable(format, r.value.data as string)
              const where = `${format}${playerSafe ? ' player-safe' : ''}`
              expect(text.match(GARBLE), where).toBeNull()
              expect(text.match(RAW_KEY) ?? [], `${where}: raw keys`).toEqual([])
              expect(ids.filter((id) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text)), `${where}: ids`).toEqual([])
              // the header names the system by its name, not its id ("System: saga")
              if (format !== 'csv') expect(text, `${where}: system`).toContain(`${system.names[lang]}`)
              if (format !== 'csv') expect(text, `${where}: system`).not.toMatch(new RegExp(`System\\W+${systemId}\\s*$`, 'm'))
            }
          }
        })
      }
    }
  }
})

const havePdfTools = existsSync('/usr/bin/chromium') && existsSync('/usr/bin/pdftotext')

describe.skipIf(!havePdfTools)('the PDF (Chromium print of the html) of each system\'s sample reads as words too, en and pl (issue 27)', () => {
  let printer: PdfPrinter
  let dir: string
  beforeAll(() => {
    printer = createChromiumPrinter()
    dir = mkdtempSync(join(tmpdir(), 'gmc-pdf-words-'))
  })
  afterAll(async () => {
    await printer.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('player-safe PDFs of session 2 of every sample: no raw key, id, undefined, NaN; the 2d20 one holds no Threat', async () => {
    // one print per system (a print takes seconds on this machine), the languages taken in turn
    for (const [i, campaign] of readdirSync(ROOT).filter((c) => !c.endsWith('.json')).entries()) {
      const dir0 = resolve(ROOT, campaign)
      const ids = idsOf(readFileSync(resolve(dir0, 'sessions', 'session-2.ndjson'), 'utf8'))
      const loaded = await loadSession(dir0, 'session-2')
      if (!loaded.ok) throw new Error(loaded.error.message)
      for (const lang of [EXPORT_LANGS[i % EXPORT_LANGS.length]]) {
        const r = await renderSession(loaded.value, { format: 'pdf', lang, playerSafe: true }, printer)
        if (!r.ok) throw new Error(r.error.message)
        const file = join(dir, `${campaign}.${lang}.pdf`)
        writeFileSync(file, r.value.data as Uint8Array)
        const text = execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' })
        const where = `${campaign} pdf ${lang}`
        expect(text.length, where).toBeGreaterThan(200)
        expect(text.match(GARBLE), where).toBeNull()
        expect(text.match(RAW_KEY) ?? [], where).toEqual([])
        expect(ids.filter((id) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text)), where).toEqual([])
        if (loaded.value.meta.systemId === '2d20') expect(text, where).not.toMatch(/Threat|Zagroż/)
      }
    }
  }, 120_000)
})
