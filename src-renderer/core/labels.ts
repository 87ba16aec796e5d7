/**
 * Localized labels for keys that come from main (conditions, health descriptors, pools, log entries).
 * Tries the most specific message first, then falls back to a readable form of the key, so a key that
 * no locale knows yet still shows something sensible.
 */
import { useI18n } from 'vue-i18n'
import type { LogEntry } from '@shared/domain/encounter'
import { formatLog, type LogLocale } from '@shared/i18n/format-log'

export function humanize(key: string): string {
  const last = key.split('.').pop() ?? key
  const spaced = last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

export function useLabels() {
  const { t, te, locale } = useI18n()
  const loc = (): LogLocale => (locale.value === 'pl' ? 'pl' : 'en')
  /** the engine's own table (src-shared/i18n/log-*.ts), shared with the exporters */
  const engine = (key: string, params: LogEntry['params'] = {}) => {
    const text = formatLog({ key, params }, loc())
    return text === key ? null : text
  }
  const first = (keys: string[], fallback: string, params?: Record<string, unknown>) => {
    for (const k of keys) if (te(k)) return params ? t(k, params) : t(k)
    return fallback
  }
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  return {
    condition: (key: string) => {
      const own = first([`conditions.${key}`, key], '')
      if (own) return own
      const fromEngine = engine(`cond.${key}`)
      return fromEngine ? capital(fromEngine) : humanize(key)
    },
    health: (key: string) => {
      const last = key.split('.').pop() ?? key
      return first([`player.health.${key}`, `player.health.${last}`, key], humanize(key))
    },
    pool: (key: string) => first([`starchasers.pools.${key}`, `pools.${key}`, key], humanize(key)),
    band: (key: string) => {
      const last = key.split('.').pop() ?? key
      return first([`starchasers.range.${last}`, `saga.range.${last}`, key], humanize(key))
    },
    /** a log line or undo label: the engine's template, else a readable fallback */
    log: (entry: Pick<LogEntry, 'key' | 'params'>) => engine(entry.key, entry.params) ?? `${humanize(entry.key)} ${formatParams(entry.params)}`.trim(),
  }
}

function formatParams(params: Record<string, unknown>): string {
  const parts = Object.entries(params ?? {}).map(([k, v]) => `${k}: ${String(v)}`)
  return parts.length ? `(${parts.join(', ')})` : ''
}
