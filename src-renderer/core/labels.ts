/**
 * Localized labels for keys that come from main (conditions, health descriptors, pools, bands, log entries,
 * command forms). A system's own labels come from its description (`system:describe`: a key → i18n key map and
 * its catalogs, merged into vue-i18n by the systems store); no system is named here. Tries the most specific
 * message first, then falls back to a readable form of the key, so a key no locale knows yet still reads well.
 */
import { useI18n } from 'vue-i18n'
import type { LogEntry } from '@shared/domain/encounter'
import { formatLog, type LogLocale } from '@shared/i18n/format-log'
import type { FormField } from '../stores/models/schema-form'
import type { ActionEntry, Described } from '../stores/models/description'
import { useSystemsStore } from '../stores/systems'

import { humanize } from '../components/field-sentences'

/** a key made readable (its last segment, words apart): kept with the field sentences, a shared piece */
export { humanize }

export function useLabels() {
  const { t, te, locale } = useI18n()
  const systems = useSystemsStore()
  /** the i18n key a loaded system gives this pool / band / condition */
  const systemKey = (kind: keyof Described['labels'], key: string): string[] => {
    const out: string[] = []
    for (const d of Object.values(systems.descriptions)) {
      const k = d.labels[kind][key]
      if (k) out.push(k)
    }
    return out
  }
  const loc = (): LogLocale => (locale.value === 'pl' ? 'pl' : 'en')
  /** the engine's own table (src-shared/i18n/log-*.ts), shared with the exporters */
  const engine = (key: string, params: LogEntry['params'] = {}) => {
    const text = formatLog({ key, params }, loc())
    return text === key ? null : text
  }
  /** the first key a locale knows, else the fallback (a string, or a function run only when needed) */
  const first = (keys: string[], fallback: string | (() => string), params?: Record<string, unknown>) => {
    for (const k of keys) if (k && (te(k) || te(k, 'en'))) return params ? t(k, params) : t(k)
    return typeof fallback === 'function' ? fallback() : fallback
  }
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  return {
    condition: (key: string) => {
      const own = first([...systemKey('conditions', key), `conditions.${key}`], '')
      if (own) return own
      const fromEngine = engine(`cond.${key}`)
      return fromEngine ? capital(fromEngine) : humanize(key)
    },
    health: (key: string) => {
      const last = key.split('.').pop() ?? key
      return first([`player.health.${key}`, `player.health.${last}`, key], () => {
        const fromEngine = engine(key)
        return fromEngine ? capital(fromEngine) : humanize(key)
      })
    },
    pool: (key: string) => first([...systemKey('pools', key), `pools.${key}`, key], () => humanize(key)),
    band: (key: string) => first([...systemKey('bands', key), `bands.${key}`, key], () => humanize(key)),
    /** a rule system's name: its catalog's `system.<id>`, else the name `system:list` gives, else the id */
    system: (id: string) => {
      const row = systems.list.find((s) => s.id === id)
      return first([`system.${id}`], row ? (locale.value === 'pl' ? row.names.pl : row.names.en) : humanize(id))
    },
    /** an action's name: the description's key, else the command type made readable */
    action: (a: ActionEntry) => first([a.command.label], humanize(a.id)),
    /** a form field's label: the hint's key, then the common form words (`fields.<name>`), else its name */
    field: (f: FormField) => first([f.label, `fields.${f.name}`], humanize(f.name)),
    /** a select's option: the hint's key, then the common words (`values.<value>`), else the value made readable */
    option: (o: { value: string | number; label?: string }) => first([o.label ?? '', `values.${String(o.value)}`], humanize(String(o.value))),
    /** a log line or undo label: the engine's template, else a readable fallback */
    log: (entry: Pick<LogEntry, 'key' | 'params'>) => engine(entry.key, entry.params) ?? `${humanize(entry.key)} ${formatParams(entry.params)}`.trim(),
  }
}

function formatParams(params: Record<string, unknown>): string {
  const parts = Object.entries(params ?? {}).map(([k, v]) => `${k}: ${String(v)}`)
  return parts.length ? `(${parts.join(', ')})` : ''
}
