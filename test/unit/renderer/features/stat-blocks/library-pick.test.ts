/** Issue 30: picking from a library that may hold a compendium (library-pick.ts). */
import { describe, expect, it } from 'vitest'
import { keptPick, libraryMatches } from '@renderer/features/stat-blocks/library-pick'

const records = [
  { id: 'a', name: 'Han Solo', tags: ['party', 'smuggler'] },
  { id: 'b', name: 'Stormtrooper', tags: ['imperial'] },
  { id: 'c', name: 'Stormtrooper Sergeant', tags: ['imperial', 'boss'] },
]

describe('library matches and the kept pick', () => {
  it('matches a name or a tag, without case or surrounding spaces; all for an empty query, in order', () => {
    expect(libraryMatches(records, '').map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(libraryMatches(records, '  STORM ').map((r) => r.id)).toEqual(['b', 'c'])
    expect(libraryMatches(records, 'boss').map((r) => r.id)).toEqual(['c'])
    expect(libraryMatches(records, 'wookiee')).toEqual([])
  })

  it('keeps a pick that still matches, picks a single match, else none', () => {
    expect(keptPick('b', libraryMatches(records, 'storm'))).toBe('b')
    expect(keptPick('a', libraryMatches(records, 'storm'))).toBe('')
    expect(keptPick('a', libraryMatches(records, 'sergeant'))).toBe('c')
    expect(keptPick('', libraryMatches(records, 'x'))).toBe('')
  })
})
