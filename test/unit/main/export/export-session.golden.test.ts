/**
 * Golden files: each text format of the fixed hangar session (fixture.ts), compared byte for byte with test/unit/main/export/golden/.
 * After an intended change: `UPDATE_GOLDEN=1 npx vitest run test/unit/main/export/export-session.golden.test.ts` and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderSession } from '../../../../src-main/export/export-session'
import type { ExportFormat, ExportLang } from '../../../../src-main/export/types'
import { GOLDEN, hangarSession } from './fixture'

const cases: Array<{ file: string; format: ExportFormat; lang: ExportLang; playerSafe: boolean }> = [
  { file: 'session.en.md', format: 'md', lang: 'en', playerSafe: false },
  { file: 'session.pl.md', format: 'md', lang: 'pl', playerSafe: false },
  { file: 'session.player.en.md', format: 'md', lang: 'en', playerSafe: true },
  { file: 'session.en.html', format: 'html', lang: 'en', playerSafe: false },
  { file: 'session.player.pl.html', format: 'html', lang: 'pl', playerSafe: true },
  { file: 'session.en.json', format: 'json', lang: 'en', playerSafe: false },
  { file: 'session.player.en.json', format: 'json', lang: 'en', playerSafe: true },
  { file: 'rolls.en.csv', format: 'csv', lang: 'en', playerSafe: false },
  { file: 'rolls.player.pl.csv', format: 'csv', lang: 'pl', playerSafe: true },
]

describe('golden exports of the fixture session', () => {
  const session = hangarSession()
  for (const c of cases) {
    it(`${c.file}`, async () => {
      const r = await renderSession(session, { format: c.format, lang: c.lang, playerSafe: c.playerSafe })
      if (!r.ok) throw new Error(r.error.message)
      const text = r.value.data as string
      const path = resolve(GOLDEN, c.file)
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, text)
      expect(text).toBe(readFileSync(path, 'utf8'))
    })
  }
})
