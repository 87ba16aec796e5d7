/**
 * Localized labels for keys that come from main (conditions, health descriptors, pools, log entries).
 * Tries the most specific message first, then falls back to a readable form of the key, so a key that
 * no locale knows yet still shows something sensible.
 */
import { useI18n } from 'vue-i18n'
import type { LogEntry } from '@shared/domain/encounter'

export function humanize(key: string): string {
  const last = key.split('.').pop() ?? key
  const spaced = last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

export function useLabels() {
  const { t, te } = useI18n()
  const first = (keys: string[], fallback: string, params?: Record<string, unknown>) => {
    for (const k of keys) if (te(k)) return params ? t(k, params) : t(k)
    return fallback
  }
  return {
    condition: (key: string) => first([`conditions.${key}`, `${key}.name`, key], humanize(key)),
    health: (key: string) => {
      const last = key.split('.').pop() ?? key
      return first([`player.health.${key}`, `player.health.${last}`, key], humanize(key))
    },
    pool: (key: string) => first([`starchasers.pools.${key}`, `pools.${key}`, key], humanize(key)),
    band: (key: string) => {
      const last = key.split('.').pop() ?? key
      return first([`starchasers.range.${last}`, `saga.range.${last}`, key], humanize(key))
    },
    log: (entry: Pick<LogEntry, 'key' | 'params'>) => (te(entry.key) ? t(entry.key, entry.params) : `${humanize(entry.key)} ${formatParams(entry.params)}`.trim()),
  }
}

function formatParams(params: Record<string, unknown>): string {
  const parts = Object.entries(params ?? {}).map(([k, v]) => `${k}: ${String(v)}`)
  return parts.length ? `(${parts.join(', ')})` : ''
}
