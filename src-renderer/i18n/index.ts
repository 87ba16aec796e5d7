/** vue-i18n with the UI strings (ui-en/ui-pl) merged with the engine's log strings (log-*.ts), switchable at run time. */
import { effectScope, shallowRef, watch } from 'vue'
import { createI18n } from 'vue-i18n'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'
import { onSystemCatalogs } from '../stores/systems'

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

// every system described from now on (stores/systems.ts) speaks in the running i18n
onSystemCatalogs((catalogs) => mergeCatalogs(catalogs))

export function makeI18n(locale: Locale = initialLocale()) {
  active = createAppI18n(locale)
  return active
}

/**
 * `t(key)`, `t(key, params)` with plain params, and `te(key[, locale])` remembered per locale (issue 13, the GM
 * board's next turn): vue-i18n resolves a key through its reactive messages and builds a message context on every
 * call, and a board re-render makes a few hundred such calls. Every lookup reads one reactive value, bumped when the
 * locale, the fallback or a catalog changes, so a render that used a remembered answer follows a language switch or
 * a merged catalog as before; a catalog change forgets every answer. At most `MAX_REMEMBERED` answers are kept (texts
 * with params vary: a log line's names and numbers).
 */
const MAX_REMEMBERED = 5000
type Param = string | number | boolean | null | undefined
function plainParams(p: unknown): p is Record<string, Param> {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return false
  for (const v of Object.values(p)) if (v !== null && v !== undefined && typeof v === 'object') return false
  return true
}
/** a message with plain text and `{name}` placeholders only: no plural (`|`), linked (`@:`) or literal (`{'x'}`) parts */
const SIMPLE_MESSAGE = /^(?:[^{}@|%]|\{[A-Za-z_]\w*\})+$/
export const isSimpleMessage = (text: string): boolean => SIMPLE_MESSAGE.test(text)
/** a simple message (isSimpleMessage) with its placeholders filled as vue-i18n fills them */
export const fillSimple = (text: string, params: Record<string, Param>): string =>
  text.replace(/\{([A-Za-z_]\w*)\}/g, (_, name: string) => {
    const v = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined
    return v === null || v === undefined ? '' : String(v)
  })

/**
 * The count a plural message (`one | few | many`) is chosen by: its `count` or `n` param, as vue-i18n reads them,
 * else the first number among the params it shows (`{amount}` damage, `{steps}` steps). Undefined for a message
 * without plural forms, or without a number to count by.
 */
export function pluralCount(text: string, params: Record<string, Param>): number | undefined {
  if (!text.includes('|')) return undefined
  for (const name of ['count', 'n']) if (typeof params[name] === 'number') return params[name]
  for (const [, name] of text.matchAll(/\{([A-Za-z_]\w*)\}/g)) {
    const v = params[name]
    if (typeof v === 'number') return v
  }
  return undefined
}

function rememberLookups<I extends { global: unknown }>(i18n: I): I {
  const g = i18n.global as {
    locale: { value: string }
    fallbackLocale: { value: unknown }
    t: (...args: unknown[]) => string
    te: (key: string, locale?: string) => boolean
    setLocaleMessage: (locale: string, message: unknown) => void
    getLocaleMessage: (locale: string) => unknown
    mergeLocaleMessage: (locale: string, message: unknown) => void
  }
  const texts = new Map<string, string>()
  const known = new Map<string, boolean>()
  /** read by every lookup, so the render calling it tracks it; bumped on whatever changes the answers */
  const epoch = shallowRef(0)
  const forget = () => {
    texts.clear()
    known.clear()
    epoch.value++
  }
  let locale = g.locale.value
  effectScope(true).run(() => {
    watch(() => g.locale.value, (l) => {
      locale = l
      epoch.value++
    }, { flush: 'sync' })
    watch(() => g.fallbackLocale.value, forget, { flush: 'sync' })
  })
  const remember = (k: string, make: () => string) => {
    let v = texts.get(k)
    if (v === undefined) {
      if (texts.size >= MAX_REMEMBERED) texts.clear()
      texts.set(k, (v = make()))
    }
    return v
  }
  const { t, te, setLocaleMessage, mergeLocaleMessage } = g
  /** the message of `key` in the current locale, else in the fallback (English), when it is a string */
  const source = (key: string): string | undefined => {
    const fallback = typeof g.fallbackLocale.value === 'string' ? g.fallbackLocale.value : undefined
    for (const l of fallback && fallback !== locale ? [locale, fallback] : [locale]) {
      let node: unknown = g.getLocaleMessage(l)
      for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
      if (node !== undefined) return typeof node === 'string' ? node : undefined
    }
    return undefined
  }
  g.t = (...args: unknown[]) => {
    const key = args[0]
    if (typeof key !== 'string' || args.length > 2) return t(...args)
    void epoch.value
    if (args.length === 1) return remember(`${locale}\u0000${key}`, () => t(key))
    const p = args[1]
    if (typeof p === 'number') return remember(`${locale}\u0000${key}\u0000#${p}`, () => t(key, p))
    if (plainParams(p)) {
      const k = `${locale}\u0000${key}\u0000${JSON.stringify(p)}`
      return remember(k, () => {
        // a text whose params change on every push (a count, the undo step's name) is a miss each time: a message
        // with only {name} placeholders is filled here, as vue-i18n would (a missing or null param gives ''),
        // without its message compiler and context; anything else (plural, linked, literal) goes to vue-i18n
        const text = source(key)
        if (text === undefined) return t(key, p)
        if (isSimpleMessage(text)) return fillSimple(text, p)
        const count = pluralCount(text, p)
        return count === undefined ? t(key, p) : t(key, p, count)
      })
    }
    return t(...args)
  }
  g.te = (key: string, loc?: string) => {
    void epoch.value
    const l = loc ?? locale
    const k = `${loc === undefined ? '' : '!'}${l}\u0000${key}`
    let v = known.get(k)
    if (v === undefined) known.set(k, (v = loc === undefined ? te(key) : te(key, loc)))
    return v
  }
  g.setLocaleMessage = (l, message) => {
    setLocaleMessage(l, message)
    forget()
  }
  g.mergeLocaleMessage = (l, message) => {
    mergeLocaleMessage(l, message)
    forget()
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
