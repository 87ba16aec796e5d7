/**
 * Localized text for the exports: the export strings (src-shared/i18n/export-*.ts) and the log message catalogs of
 * the engine (core, session, and each registered rule system's own, which the system registry hands to formatLog),
 * with vue-i18n style `{name}` params filled in.
 */
import exportEn from '../../src-shared/i18n/export-en'
import exportPl from '../../src-shared/i18n/export-pl'
import { fillPlurals, formatLog } from '../../src-shared/i18n/format-log'
import { getSystem, listSystems } from '../rules/index'
import type { ExportLang } from './types'

type Catalog = Record<string, string>
export type Translate = (key: string, params?: Record<string, string | number | boolean>) => string

const catalogs: Record<ExportLang, Catalog[]> = { en: [exportEn], pl: [exportPl] }

/** the registered systems' ui catalogs (labels of conditions, bands, pools), after the export strings */
function ensureSystemMessages(): void {
  for (const id of listSystems()) {
    const s = getSystem(id)
    if (s.ok) registerCatalog(s.value.catalogs.ui)
  }
}

/** add message catalogs (e.g. the engine's `{ en, pl }` log catalogs) */
export function registerCatalog(messages: Partial<Record<ExportLang, Catalog>>): void {
  for (const lang of Object.keys(messages) as ExportLang[]) {
    const c = messages[lang]
    if (c && !catalogs[lang].includes(c)) catalogs[lang].push(c)
  }
}

export const fill = (template: string, params: Record<string, string | number | boolean> = {}, lang: ExportLang = 'en'): string =>
  fillPlurals(template, params, lang).replace(/\{(\w+)\}/g, (_, name: string) => (params[name] === undefined ? '' : String(params[name])))

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
    if (template !== undefined) return fill(template, params, lang)
    // the engine's log catalogs (core, session and the registered systems') with their nested keys (side.*, cond.*)
    // core log entries pass a side as its bare name ('party'): give formatLog the key it translates
    const withSide = typeof params.side === 'string' && ['party', 'allies', 'enemies', 'neutral'].includes(params.side) ? { ...params, side: `side.${params.side}` } : params
    const logged = formatLog({ key, params: withSide }, lang)
    if (logged !== key) return logged
    // an event with no message: its type and its simple fields, so nothing is lost from the record
    const shown = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`)
    return shown.length ? `${key.replace(/^log\./, '')} (${shown.join(', ')})` : key.replace(/^log\./, '')
  }
}

/**
 * The export strings in a system's own words, for one encounter: `<systemId>.export.<rest>` from the system's ui
 * catalog first (2d20 deals stress, not damage; its exact health is the Injury left, not HP), then the tick wording
 * `export.tick.<rest>` on a tick wheel (Storyteller: no rounds), then the common `export.<rest>`.
 */
export function scopedTranslator(t: Translate, lang: ExportLang, systemId: string | undefined, unit: 'round' | 'tick'): Translate {
  return (key, params) => {
    if (key.startsWith('export.')) {
      const rest = key.slice('export.'.length)
      for (const k of [systemId ? `${systemId}.export.${rest}` : '', unit === 'tick' ? `export.tick.${rest}` : '']) if (k && hasMessage(lang, k)) return t(k, params)
    }
    return t(key, params)
  }
}
