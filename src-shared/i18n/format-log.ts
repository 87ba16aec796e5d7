/**
 * Fill a log entry's template (pure; also used by the exporters). A count's word agrees with it:
 * `{damage} {damage:obrażenie|obrażenia|obrażeń}` (Polish: one | few | many; English: one | other), chosen by the
 * language's plural rules (Intl.PluralRules): 1 obrażenie, 4 obrażenia, 5 obrażeń, 22 obrażenia. A string param that is itself a key of the
 * table (a condition `cond.<system>.<key>`, a rule `rule.core.notYourTurn`, a side `side.party`) is translated
 * too, with the entry's params (a pool `pool.<key>`, named by the system's own log catalog). Unknown keys fall back to English, then to the key itself.
 */
import type { LogEntry } from '../domain/encounter'
import core from './log-core'
import session from './log-session'

export type LogLocale = 'en' | 'pl'
type Table = Record<string, string>

const tables: Record<LogLocale, Table[]> = { en: [core.en, session.en], pl: [core.pl, session.pl] }
const extra: Record<LogLocale, Table[]> = { en: [], pl: [] }

/**
 * Each rule system's log templates live in its own folder (src-main/rules/systems/<id>/i18n/); main registers them
 * from the system registry, the renderer from `system:describe`. Registering the same tables twice is a no-op.
 */
export function registerLogMessages(messages: { en: Table; pl: Table }): void {
  if (!extra.en.includes(messages.en)) extra.en.push(messages.en)
  if (!extra.pl.includes(messages.pl)) extra.pl.push(messages.pl)
}

function lookup(key: string, locale: LogLocale): string | undefined {
  for (const t of [...tables[locale], ...extra[locale]]) if (Object.hasOwn(t, key)) return t[key]
  if (locale !== 'en') return lookup(key, 'en')
  return undefined
}

/** the plural category of `n` → the index of its form in `one|few|many` (pl) or `one|other` (en) */
const CATEGORIES: Record<LogLocale, string[]> = { en: ['one', 'other'], pl: ['one', 'few', 'many'] }
const rules = new Map<LogLocale, Intl.PluralRules>()

/** the form of a word for a count: `forms` as the language lists them (pl: one|few|many; en: one|other) */
export function pluralForm(n: number, forms: string[], locale: LogLocale): string {
  let r = rules.get(locale)
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)))
  const at = CATEGORIES[locale].indexOf(r.select(n))
  // a fraction ('other' in Polish) takes the genitive singular, as "many" does closest among the forms given
  return forms[at >= 0 && at < forms.length ? at : forms.length - 1] ?? ''
}

/** `{name:one|few|many}`: the word for the count in `params[name]`; left as it is when that count is absent */
export function fillPlurals(template: string, params: Record<string, unknown>, locale: LogLocale): string {
  return template.replace(/\{(\w+):([^{}]*)\}/g, (m, name: string, forms: string) => {
    const v = params[name]
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^[+-]?\d+$/.test(v) ? Math.abs(Number(v)) : null
    return n === null ? m : pluralForm(n, forms.split('|'), locale)
  })
}

export function fill(template: string, params: LogEntry['params'], locale: LogLocale, depth = 0): string {
  return fillPlurals(template, params, locale).replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!Object.hasOwn(params, name)) return m
    const v = params[name]
    if (typeof v === 'string' && depth < 2) {
      const t = lookup(v, locale)
      if (t !== undefined) return fill(t, params, locale, depth + 1)
      // a condition key without a template (a GM's own condition): show its name
      if (v.startsWith('cond.')) return v.slice(v.lastIndexOf('.') + 1)
      // a pool a system's catalog does not name (`pool.<key>`): its key
      if (v.startsWith('pool.')) return v.slice('pool.'.length)
    }
    return String(v)
  })
}

export function formatLog(entry: Pick<LogEntry, 'key' | 'params'>, locale: LogLocale = 'en'): string {
  const template = lookup(entry.key, locale)
  return template === undefined ? entry.key : fill(template, entry.params, locale)
}
