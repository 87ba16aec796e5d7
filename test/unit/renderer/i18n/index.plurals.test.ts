/**
 * Polish plurals in the UI (issue 27, defect 11: "1 obrażeń", "4 obrażeń"). Polish has three forms: one (1),
 * few (2–4, 22–24, … but not 12–14) and many (0, 5–21, 25–31, …); every UI message that puts a count before a noun
 * has all three, and the renderer picks the form by the count the message shows (its `count` or `n`, else its
 * first number: `{amount}` damage, `{steps}` steps).
 */
import { describe, expect, it } from 'vitest'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'
import { makeI18n } from '@renderer/i18n'

type Tree = { [k: string]: string | Tree }
const flat = (o: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)))
const pluralKeys = (o: Tree) => flat(o).filter(([, v]) => v.includes('|'))
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])

/** the Polish form a count takes, from the grammar (not from the code under test) */
const POLISH_FORM: Record<number, 0 | 1 | 2> = { 1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 2, 22: 1, 25: 2, 104: 1, 112: 2 }

describe('Polish plural forms in the UI', () => {
  const pl = pluralKeys(uiPl as unknown as Tree)

  it('the messages that count things are plural messages in Polish', () => {
    // the ones a GM met as "1 obrażeń", "4 obrażeń", "o 1 na ścieżce stanu", "dla 1 walczących", "zostało rund: 1"
    expect(pl.map(([k]) => k)).toEqual(expect.arrayContaining(['result.damage', 'result.ctStep', 'result.ctUp', 'result.initiativeFor', 'result.more', 'board.duration.rounds', 'library.importDone', 'validation.shortText', 'validation.longText', 'validation.fewItems', 'validation.manyItems']))
  })

  it('every plural message in Polish has the three forms (one | few | many), each showing the same placeholders', () => {
    expect(pl.length).toBeGreaterThan(0)
    for (const [key, text] of pl) {
      const forms = text.split('|').map((f) => f.trim())
      expect(forms, key).toHaveLength(3)
      for (const f of forms) {
        expect(f, key).not.toBe('')
        expect(placeholders(f).sort(), `${key}: ${f}`).toEqual(placeholders(forms[0]).sort())
      }
    }
  })

  it('English plural messages have one | other, and English has a plural wherever Polish does for a countable noun', () => {
    for (const [key, text] of pluralKeys(uiEn as unknown as Tree)) expect(text.split('|'), key).toHaveLength(2)
    // every Polish plural key exists in English (damage is uncountable in English: one form is right there)
    const enKeys = new Set(flat(uiEn as unknown as Tree).map(([k]) => k))
    for (const [key] of pl) expect(enKeys.has(key), key).toBe(true)
  })

  it('renders 1, 2, 5, 22 (and 12, 14, 104, 112) with the form Polish grammar asks for, by the count the message shows', () => {
    const i18n = makeI18n('pl')
    const g = i18n.global as unknown as { t: (k: string, p?: Record<string, unknown>) => string }
    for (const [key, text] of pl) {
      const forms = text.split('|').map((f) => f.trim())
      const names = placeholders(forms[0])
      const words = ['name', 'field']
      const counted = names.includes('count') ? 'count' : names.includes('n') ? 'n' : names.find((p) => !words.includes(p))
      for (const [n, form] of Object.entries(POLISH_FORM)) {
        const params = Object.fromEntries(names.map((p) => [p, p === counted ? Number(n) : words.includes(p) ? 'Vela' : 9]))
        const want = forms[form].replace(/\{(\w+)\}/g, (_, p: string) => String(params[p]))
        expect(g.t(key, params), `${key} with ${n}`).toBe(want)
      }
    }
  })

  it('says "1 obrażenie", "4 obrażenia", "5 obrażeń", "22 obrażenia" (was "… obrażeń" for every count)', () => {
    const g = makeI18n('pl').global as unknown as { t: (k: string, p?: Record<string, unknown>) => string }
    const damage = (amount: number) => g.t('result.damage', { name: 'Vela', amount })
    expect([1, 4, 5, 12, 22].map(damage)).toEqual(['Vela otrzymuje 1 obrażenie', 'Vela otrzymuje 4 obrażenia', 'Vela otrzymuje 5 obrażeń', 'Vela otrzymuje 12 obrażeń', 'Vela otrzymuje 22 obrażenia'])
    expect(g.t('result.ctStep', { name: 'Vela', steps: 1, step: 3 })).toBe('Vela schodzi o 1 krok na ścieżce stanu (krok 3)')
    expect(g.t('result.initiativeFor', { n: 1 })).toBe('Inicjatywa dla 1 walczącego')
    expect(g.t('board.duration.rounds', { n: 2 })).toBe('zostały 2 rundy')
    expect(g.t('validation.shortText', { field: 'Nazwa', min: 1 })).toBe('Nazwa: co najmniej 1 znak')
    expect(g.t('validation.manyItems', { field: 'Broń', max: 22 })).toBe('Broń: najwyżej 22 pozycje')
  })

  it('English: "1 round left", "2 rounds left"; "1 step down"', () => {
    const g = makeI18n('en').global as unknown as { t: (k: string, p?: Record<string, unknown>) => string }
    expect([1, 2].map((n) => g.t('board.duration.rounds', { n }))).toEqual(['1 round left', '2 rounds left'])
    expect(g.t('result.ctStep', { name: 'Vela', steps: 1, step: 2 })).toBe('Vela moves 1 step down the condition track (step 2)')
    expect(g.t('result.damage', { name: 'Vela', amount: 1 })).toBe('Vela takes 1 damage')
  })
})
