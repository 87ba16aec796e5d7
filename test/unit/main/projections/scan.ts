/** Scans a payload sent to a player window for values that must never leave main. Returns the leaks with their paths. */
export interface Forbidden {
  /** substrings (case-insensitive): hidden names, GM notes, readied triggers, hidden roll labels */
  strings: string[]
  /** NPC numbers: HP, defenses, stats */
  numbers: number[]
  /** numeric keys that are not stats (round, tick) */
  allowNumberKeys?: string[]
}

export function scanPlayerPayload(payload: unknown, f: Forbidden): string[] {
  const leaks: string[] = []
  const allow = new Set(f.allowNumberKeys ?? ['round', 'tick'])
  const walk = (v: unknown, path: string, key: string) => {
    if (typeof v === 'string') {
      for (const s of f.strings) if (v.toLowerCase().includes(s.toLowerCase())) leaks.push(`${path}: "${s}"`)
    } else if (typeof v === 'number') {
      if (!allow.has(key) && f.numbers.includes(v)) leaks.push(`${path}: ${v}`)
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}.${i}`, key))
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        for (const s of f.strings) if (k.toLowerCase().includes(s.toLowerCase())) leaks.push(`${path}.${k} (key): "${s}"`)
        walk(x, `${path}.${k}`, k)
      }
    }
  }
  walk(payload, '$', '')
  return leaks
}
