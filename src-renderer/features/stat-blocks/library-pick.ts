/**
 * Finding and picking stat blocks in the library (its list, a plan's picker in Prep, Add combatant on the board). A
 * library may hold a compendium of thousands (issue 30): a search narrows it by name or tag, and a picker lists at
 * most PICK_MAX names and says how many more there are.
 */
import type { StatBlockRecord } from '@shared/domain/campaign'

/** the names a picker lists at most */
export const PICK_MAX = 200

/** the records whose name or a tag holds `query` (all of them for an empty one), in the library's order */
export function libraryMatches<R extends Pick<StatBlockRecord, 'name' | 'tags'>>(records: readonly R[], query: string): readonly R[] {
  const q = query.trim().toLowerCase()
  return q ? records.filter((r) => r.name.toLowerCase().includes(q) || r.tags.some((tag) => tag.toLowerCase().includes(q))) : records
}

/** the pick once the matches changed: kept while it still matches, else the single match, else none */
export function keptPick(pick: string, matches: ReadonlyArray<{ id: string }>): string {
  if (pick && matches.some((r) => r.id === pick)) return pick
  return matches.length === 1 ? matches[0].id : ''
}
