/**
 * Issue 27, defect 11: a count's word agrees with it in every log line and export string ("1 obrażeń", "4 obrażeń"
 * were written): Polish one / few / many, English one / other. Every template of the log catalogs (core, session,
 * each registered system's) and of the export strings is filled with counts 1, 2, 5, 22 and read for a word that
 * does not agree with the count before it.
 */
import { describe, expect, it } from 'vitest'
import exportEn from '../../../../src-shared/i18n/export-en'
import exportPl from '../../../../src-shared/i18n/export-pl'
import { fill, formatLog, pluralForm } from '../../../../src-shared/i18n/format-log'
import core from '../../../../src-shared/i18n/log-core'
import session from '../../../../src-shared/i18n/log-session'
import { getSystem, listSystems } from '../../../../src-main/rules/index'

/** each counted word with its forms: pl one | few | many, en one | other */
const WORDS = {
  pl: [
    ['obrażenie', 'obrażenia', 'obrażeń'],
    ['sukces', 'sukcesy', 'sukcesów'],
    ['Efekt', 'Efekty', 'Efektów'],
    ['punkt', 'punkty', 'punktów'],
    ['pole', 'pola', 'pól'],
    ['tik', 'tiki', 'tików'],
    ['runda', 'rundy', 'rund'],
    ['żeton', 'żetony', 'żetonów'],
    ['komplikacja', 'komplikacje', 'komplikacji'],
    ['krytyk', 'krytyki', 'krytyków'],
    ['unik', 'uniki', 'uników'],
    ['kość', 'kości', 'kości'],
  ],
  en: [
    ['success', 'successes'],
    ['tick', 'ticks'],
    ['round', 'rounds'],
    ['minion', 'minions'],
    ['complication', 'complications'],
    ['point', 'points'],
    ['token', 'tokens'],
    ['Effect', 'Effects'],
  ],
} as const

function templates(lang: 'en' | 'pl'): Array<[string, string]> {
  const out: Array<[string, string]> = [...Object.entries(core[lang]), ...Object.entries(session[lang]), ...Object.entries(lang === 'en' ? exportEn : exportPl)]
  for (const id of listSystems()) {
    const s = getSystem(id)
    if (s.ok) out.push(...Object.entries(s.value.catalogs.log[lang]))
  }
  return out
}

/** the words of `text` that do not agree with the count `n` written before them */
function disagreements(text: string, n: number, lang: 'en' | 'pl'): string[] {
  const out: string[] = []
  for (const forms of WORDS[lang]) {
    const right = pluralForm(n, [...forms], lang)
    for (const wrong of forms.filter((f) => f !== right)) {
      // after "z" (out of) the genitive is right: "z 2 punktów"
      if (new RegExp(`(^|[^\\d])(?<!\\bz )${n} ${wrong}(?![\\p{L}])`, 'u').test(text)) out.push(`${n} ${wrong}`)
    }
  }
  if (lang === 'en' && /\w\(s\)/.test(text)) out.push('(s)')
  return out
}

describe('plural forms of counted words (issue 27)', () => {
  it('pl: 1 obrażenie, 4 obrażenia, 5 obrażeń, 22 obrażenia; en: 1 success, 2 successes', () => {
    const forms = ['obrażenie', 'obrażenia', 'obrażeń']
    expect([1, 4, 5, 12, 22, 0].map((n) => pluralForm(n, forms, 'pl'))).toEqual(['obrażenie', 'obrażenia', 'obrażeń', 'obrażeń', 'obrażenia', 'obrażeń'])
    expect(fill('{n} {n:success|successes}', { n: 1 }, 'en')).toBe('1 success')
    expect(fill('{n} {n:success|successes}', { n: 2 }, 'en')).toBe('2 successes')
    // a signed count as a string ("+3"), as pool changes are written
    expect(fill('{d} {d:punkt|punkty|punktów}', { d: '+3' }, 'pl')).toBe('+3 punkty')
    // a count that is not there leaves the placeholder, so a player-safe line without it is left out
    expect(fill('{n} {n:tik|tiki|tików}', {}, 'pl')).toBe('{n} {n:tik|tiki|tików}')
  })

  for (const lang of ['pl', 'en'] as const) {
    it(`every ${lang} log template and export string: the counted word agrees with the count`, () => {
      const wrong: string[] = []
      for (const [key, template] of templates(lang)) {
        const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        for (const n of [1, 2, 5, 22]) {
          const text = fill(template, Object.fromEntries(names.map((x) => [x, n])), lang)
          for (const d of disagreements(text, n, lang)) wrong.push(`${key}: "${d}" in "${text}"`)
        }
      }
      expect([...new Set(wrong)]).toEqual([])
    })
  }

  it('a real line: Saga damage taken, in Polish and English (the issue: "1 obrażeń", "4 obrażeń")', () => {
    const line = (hpLoss: number, lang: 'en' | 'pl') => formatLog({ key: 'log.saga.damage.hit', params: { target: 'Tira Vos', hpLoss, hp: 10 } }, lang)
    expect(line(1, 'pl')).toBe('Tira Vos otrzymuje 1 obrażenie (zostaje 10 PW)')
    expect(line(4, 'pl')).toBe('Tira Vos otrzymuje 4 obrażenia (zostaje 10 PW)')
    expect(line(5, 'pl')).toBe('Tira Vos otrzymuje 5 obrażeń (zostaje 10 PW)')
    expect(line(1, 'en')).toMatch(/^Tira Vos takes 1 damage/)
  })
})
