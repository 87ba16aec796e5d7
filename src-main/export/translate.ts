/**
 * Localized text for the exports: the export strings (src-shared/i18n/export-*.ts) and the log message catalogs of
 * the engine (log-core, log-saga, log-starchasers), with vue-i18n style `{name}` params filled in.
 */
import exportEn from '../../src-shared/i18n/export-en'
import exportPl from '../../src-shared/i18n/export-pl'
import { formatLog, registerLogMessages } from '../../src-shared/i18n/format-log'
import starchasersLog from '../../src-shared/i18n/log-starchasers'
import type { ExportLang } from './types'

type Catalog = Record<string, string>
export type Translate = (key: string, params?: Record<string, string | number | boolean>) => string

const catalogs: Record<ExportLang, Catalog[]> = { en: [exportEn], pl: [exportPl] }

// format-log.ts holds the core and Saga tables; the Starchasers one is registered by whoever formats its entries
let starchasersRegistered = false
function ensureSystemMessages(): void {
  if (starchasersRegistered) return
  starchasersRegistered = true
  if (formatLog({ key: 'log.starchasers.attackResolved', params: {} }, 'en') === 'log.starchasers.attackResolved') registerLogMessages(starchasersLog)
}

/** add message catalogs (e.g. the engine's `{ en, pl }` log catalogs) */
export function registerCatalog(messages: Partial<Record<ExportLang, Catalog>>): void {
  for (const lang of Object.keys(messages) as ExportLang[]) {
    const c = messages[lang]
    if (c && !catalogs[lang].includes(c)) catalogs[lang].push(c)
  }
}

export const fill = (template: string, params: Record<string, string | number | boolean> = {}): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => (params[name] === undefined ? '' : String(params[name])))

export function hasMessage(lang: ExportLang, key: string): boolean {
  return catalogs[lang].some((c) => c[key] !== undefined) || catalogs.en.some((c) => c[key] !== undefined)
}

export function createTranslator(lang: ExportLang): Translate {
  ensureSystemMessages()
  const find = (key: string): string | undefined => {
    for (const c of catalogs[lang]) if (c[key] !== undefined) return c[key]
    for (const c of catalogs.en) if (c[key] !== undefined) return c[key]
    return undefined
  }
  return (key, params = {}) => {
    const template = find(key)
    if (template !== undefined) return fill(template, params)
    // the engine's log catalogs (log-core, log-saga, registered systems) with their nested keys (side.*, cond.*)
    // core log entries pass a side as its bare name ('party'): give formatLog the key it translates
    const withSide = typeof params.side === 'string' && ['party', 'allies', 'enemies', 'neutral'].includes(params.side) ? { ...params, side: `side.${params.side}` } : params
    const logged = formatLog({ key, params: withSide }, lang)
    if (logged !== key) return logged
    // an event with no message: its type and its simple fields, so nothing is lost from the record
    const shown = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`)
    return shown.length ? `${key.replace(/^log\./, '')} (${shown.join(', ')})` : key.replace(/^log\./, '')
  }
}
