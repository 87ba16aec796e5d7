import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkId, compactStamp, defaultDataDir, electronDataDir, slugify, stampToIso } from '../../../../src-main/campaign/paths'

describe('paths', () => {
  it('browser mode default data folder: $GM_CONSOLE_DATA, else ~/.gm-console/campaigns', () => {
    expect(defaultDataDir({})).toBe(join(homedir(), '.gm-console', 'campaigns'))
    expect(defaultDataDir({ GM_CONSOLE_DATA: 'some/where' })).toBe(resolve('some/where'))
    expect(defaultDataDir({ GM_CONSOLE_DATA: '  ' })).toBe(join(homedir(), '.gm-console', 'campaigns'))
    expect(electronDataDir('/home/gm/.config/GM Console')).toBe(join('/home/gm/.config/GM Console', 'campaigns'))
  })

  it('ids are folder names that cannot leave the data folder', () => {
    for (const bad of ['', '..', '../x', 'a/b', 'A', '.hidden', 'x'.repeat(101), 5]) expect(checkId(bad, 'campaignId').ok).toBe(false)
    expect(checkId('sample-saga', 'campaignId')).toEqual({ ok: true, value: 'sample-saga' })
  })

  it('slugs fold Polish letters and fall back to "campaign"', () => {
    expect(slugify('Żółta Łódź: część 2!')).toBe('zolta-lodz-czesc-2')
    expect(slugify('!!!')).toBe('campaign')
  })

  it('compact stamps round-trip', () => {
    expect(compactStamp('2026-11-29T12:30:00.123Z')).toBe('20261129T123000123Z')
    expect(stampToIso('20261129T123000123Z')).toBe('2026-11-29T12:30:00.123Z')
  })
})
