/** vue-i18n with the UI strings (ui-en/ui-pl) merged with the engine's log strings (log-*.ts), switchable at run time. */
import { createI18n } from 'vue-i18n'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'

export const LOCALES = ['en', 'pl'] as const
export type Locale = (typeof LOCALES)[number]
const STORAGE_KEY = 'gmc.locale'

type Messages = Record<string, any>

/** Log lines are localized by the shared formatLog (src-shared/i18n/format-log.ts, also used by the exporters), following this i18n's locale (core/labels.ts). */

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object') deepMerge(target[k] as Messages, v as Messages)
    else target[k] = v
  }
  return target
}

export function messagesFor(locale: Locale): Messages {
  const ui = locale === 'pl' ? uiPl : uiEn
  return deepMerge({}, structuredClone(ui) as Messages)
}

/** Polish plural forms: 1 / 2-4 (not 12-14) / 5+ */
function plPlural(choice: number, choicesLength: number): number {
  if (choicesLength < 3) return choice === 1 ? 0 : 1
  if (choice === 1) return 0
  const m10 = choice % 10
  const m100 = choice % 100
  return m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 1 : 2
}

export function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY)
    if (saved === 'en' || saved === 'pl') return saved
  } catch {
    /* storage may be unavailable */
  }
  const nav = globalThis.navigator?.language ?? 'en'
  return nav.toLowerCase().startsWith('pl') ? 'pl' : 'en'
}

export function rememberLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale)
  } catch {
    /* ignore */
  }
  if (globalThis.document) globalThis.document.documentElement.lang = locale
}

/** Dotted flat keys (`saga.range.short`) as nested messages; a key that is both a text and a prefix keeps the text. */
export function unflatten(flat: Record<string, string>): Messages {
  const out: Messages = {}
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.')
    let node = out
    let ok = true
    for (const p of parts.slice(0, -1)) {
      if (node[p] === undefined) node[p] = {}
      if (typeof node[p] !== 'object') {
        ok = false
        break
      }
      node = node[p] as Messages
    }
    const last = parts[parts.length - 1]
    if (ok && typeof node[last] !== 'object') node[last] = text
  }
  return out
}

type AppI18n = ReturnType<typeof createAppI18n>
let active: AppI18n | null = null
/** each i18n's messages as plain objects (vue-i18n may hold compiled ones), the systems' catalogs merged in */
const plain = new WeakMap<AppI18n, Record<Locale, Messages>>()

/** A rule system's messages (from `system:describe`) merged into the running i18n, both languages. */
export function mergeCatalogs(catalogs: Partial<Record<Locale, Record<string, string>>>, i18n: AppI18n | null = active): void {
  if (!i18n) return
  const mine = plain.get(i18n) ?? { en: messagesFor('en'), pl: messagesFor('pl') }
  plain.set(i18n, mine)
  for (const locale of LOCALES) {
    const flat = catalogs[locale]
    if (!flat) continue
    deepMerge(mine[locale], unflatten(flat))
    // set a new object, not merge in place: vue-i18n keeps the messages in a shallow ref, so only a new object
    // re-renders what is already on screen (a card drawn before the description arrived)
    i18n.global.setLocaleMessage(locale, { ...mine[locale] } as never)
  }
}

export function makeI18n(locale: Locale = initialLocale()) {
  active = createAppI18n(locale)
  return active
}

/**
 * `t(key)` and `te(key[, locale])` remembered per locale (issue 13, the GM board's next turn): vue-i18n resolves a
 * key through its reactive messages and builds a message context on every call, and a board re-render makes a few
 * hundred such calls. A remembered answer still reads the locale and its messages, so a render that used it follows
 * a language switch or a merged catalog as before; a catalog merge (setLocaleMessage) forgets every answer.
 */
function rememberLookups<I extends { global: unknown }>(i18n: I): I {
  const g = i18n.global as {
    locale: { value: string }
    fallbackLocale: { value: unknown }
    messages: { value: Record<string, unknown> }
    t: (...args: unknown[]) => string
    te: (key: string, locale?: string) => boolean
    setLocaleMessage: (locale: string, message: unknown) => void
    mergeLocaleMessage: (locale: string, message: unknown) => void
  }
  const texts = new Map<string, string>()
  const known = new Map<string, boolean>()
  const forget = () => {
    texts.clear()
    known.clear()
  }
  /** what a lookup depends on, read so the render calling it tracks it */
  const depend = (locale: string) => {
    void g.fallbackLocale.value
    const m = g.messages.value
    void m[locale]
    void m.en
  }
  const { t, te, setLocaleMessage, mergeLocaleMessage } = g
  g.t = (...args: unknown[]) => {
    if (args.length !== 1 || typeof args[0] !== 'string') return t(...args)
    const locale = g.locale.value
    depend(locale)
    const k = `${locale}\u0000${args[0]}`
    let v = texts.get(k)
    if (v === undefined) texts.set(k, (v = t(args[0])))
    return v
  }
  g.te = (key: string, locale?: string) => {
    const loc = locale ?? g.locale.value
    depend(loc)
    const k = `${locale === undefined ? '' : '!'}${loc}\u0000${key}`
    let v = known.get(k)
    if (v === undefined) known.set(k, (v = locale === undefined ? te(key) : te(key, locale)))
    return v
  }
  g.setLocaleMessage = (locale, message) => {
    forget()
    setLocaleMessage(locale, message)
  }
  g.mergeLocaleMessage = (locale, message) => {
    forget()
    mergeLocaleMessage(locale, message)
  }
  return i18n
}

function createAppI18n(locale: Locale) {
  return rememberLookups(createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    missingWarn: false,
    fallbackWarn: false,
    messages: { en: messagesFor('en'), pl: messagesFor('pl') },
    pluralRules: { pl: plPlural },
  }))
}
