import { describe, expect, it } from 'vitest'
import exportEn from '../../../../src-shared/i18n/export-en'
import exportPl from '../../../../src-shared/i18n/export-pl'
import { createTranslator, fill } from '../../../../src-main/export/translate'

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
