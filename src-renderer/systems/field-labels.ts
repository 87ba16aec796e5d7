/**
 * The label of a stat block data path, for a refusal said away from its box (the library's "Needs fixing" reason,
 * prep's banner, the editor's banner; issue 27), from a table of patterns: `#` stands for a list index, `*` for any
 * key, and `$` in the label key is that key (`attributes.*` → `2d20.attr.$`). Unknown paths: undefined.
 */
export function labelTable(rows: Record<string, string>): (path: string) => string | undefined {
  const table = Object.entries(rows).map(([pattern, key]) => ({ segs: pattern.split('.'), key }))
  return (path) => {
    const segs = path.split('.')
    for (const row of table) {
      if (row.segs.length !== segs.length) continue
      let any = ''
      const fits = row.segs.every((p, i) => (p === '#' ? /^\d+$/.test(segs[i]) : p === '*' ? ((any = segs[i]), true) : p === segs[i]))
      if (fits) return row.key.replace('$', any)
    }
    return undefined
  }
}
