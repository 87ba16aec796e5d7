/**
 * Issue 29 (found on the Polish phones and TV): a Saga combatant's range band is said in the reader's language. The
 * labels named no band, so the board fell back to a generic word for "medium" and printed "Short" as it is. 001's
 * range categories: point-blank, short, medium, long.
 */
import { describe, expect, it } from 'vitest'
import { getSystem } from '../../../../../../src-main/rules/index'

describe('Saga range bands are labelled in en and pl (issue 29)', () => {
  it('each of the four range categories names a label with its own Polish text', () => {
    const s = getSystem('saga')
    if (!s.ok) throw new Error(s.error.message)
    const { labels, catalogs } = s.value
    for (const band of ['pointBlank', 'short', 'medium', 'long']) {
      const key = labels.bands[band]
      expect(key, band).toBeTruthy()
      const en = catalogs.ui.en[key] ?? catalogs.log.en[key]
      const pl = catalogs.ui.pl[key] ?? catalogs.log.pl[key]
      expect(typeof en, band).toBe('string')
      expect(typeof pl, band).toBe('string')
      expect(pl).not.toBe(en)
    }
    expect(catalogs.ui.pl[labels.bands.short] ?? catalogs.log.pl[labels.bands.short]).toBe('Krótki')
  })
})
