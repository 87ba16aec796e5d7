/**
 * The session log pane's view of the entries (issue 6): the encounters and combatants to filter by, the filter
 * itself (encounter, combatant, kind of entry, text as the GM reads it) and live updates from
 * `session:logAppended` (new entries appended, entries whose status changed replaced by line).
 */
import type { SessionEntryKind, SessionLogEntry } from '@shared/views/encounter-views'

export interface LogFilter {
  encounterId: string
  combatantId: string
  kind: SessionEntryKind | ''
  search: string
}

export const emptyFilter = (): LogFilter => ({ encounterId: '', combatantId: '', kind: '', search: '' })

export interface Named {
  id: string
  name: string
}

/** the encounters of the log, in the order they began, named as they were started */
export function encountersOf(entries: readonly SessionLogEntry[]): Named[] {
  const out = new Map<string, string>()
  for (const e of entries) if (e.kind === 'encounter' && e.encounterId && !out.has(e.encounterId)) out.set(e.encounterId, String(e.params.name ?? e.encounterId))
  return [...out].map(([id, name]) => ({ id, name }))
}

/** the combatants that joined (of one encounter, or of all), named by their join entry; same name twice keeps both */
export function combatantsOf(entries: readonly SessionLogEntry[], encounterId = ''): Named[] {
  const out = new Map<string, string>()
  for (const e of entries) {
    if (e.key !== 'log.core.combatantAdded' || !e.combatantIds?.length) continue
    if (encounterId && e.encounterId !== encounterId) continue
    const id = e.combatantIds[0]
    if (!out.has(id)) out.set(id, String(e.params.name ?? id))
  }
  return [...out].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

/** whether an entry passes the filter; `text` is the entry as the GM reads it (localized) */
export function passes(e: SessionLogEntry, f: LogFilter, text: (e: SessionLogEntry) => string): boolean {
  if (f.encounterId && e.encounterId !== f.encounterId) return false
  if (f.combatantId && !(e.combatantIds ?? []).includes(f.combatantId)) return false
  if (f.kind && e.kind !== f.kind) return false
  const q = f.search.trim().toLocaleLowerCase()
  if (q && !text(e).toLocaleLowerCase().includes(q) && !Object.values(e.params).some((v) => String(v).toLocaleLowerCase().includes(q))) return false
  return true
}

/** the log after a `session:logAppended` push: updated entries replaced by line, new ones appended once, in line order */
export function mergeLive(entries: readonly SessionLogEntry[], appended: readonly SessionLogEntry[], updated: readonly SessionLogEntry[] = []): SessionLogEntry[] {
  const byLine = new Map(updated.map((u) => [u.line, u]))
  const next = entries.map((e) => byLine.get(e.line) ?? e)
  const have = new Set(next.map((e) => e.line))
  const fresh = appended.filter((e) => !have.has(e.line))
  if (fresh.length === 0) return next
  const out = [...next, ...fresh]
  // pushes arrive in order; a note added by this window may already be there, so keep line order
  return fresh[0].line < (next.at(-1)?.line ?? 0) ? out.sort((a, b) => a.line - b.line) : out
}
