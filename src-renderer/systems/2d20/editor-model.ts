/**
 * The 2d20 stat block editor's model (pure, never mutates): what a change of kind or tier does to the block, the
 * values the form shows as derived (track maxima 002:165, the saved Momentum cap J1), and the rules a JSON schema
 * cannot say (stress above its maximum, Momentum above the cap), so the form can say them before main refuses.
 * The rules themselves stay in main (src-main/rules/systems/2d20/schema.ts).
 */
export const ATTRIBUTES = ['cunning', 'daring', 'empathy', 'might', 'passion', 'reason'] as const
export const TRACKS = ['confusion', 'fear', 'injury'] as const
export type Track = (typeof TRACKS)[number]
/** 002:157-168: each track's two attributes and its affliction */
export const TRACK_INFO: Record<Track, { attrs: [string, string]; affliction: string }> = {
  confusion: { attrs: ['empathy', 'reason'], affliction: 'madness' },
  fear: { attrs: ['daring', 'passion'], affliction: 'trauma' },
  injury: { attrs: ['cunning', 'might'], affliction: 'wounds' },
}
export const QUALITIES = ['dishonorable', 'explosive', 'fearsome', 'psychic', 'quiet', 'sharp', 'poison'] as const
export const ATTACK_KINDS = ['melee', 'shooting', 'insult'] as const
export const TIERS = ['minion', 'monster', 'villain'] as const

type Data = Record<string, unknown>
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
const attrs = (d: Data): Record<string, unknown> => (d.attributes && typeof d.attributes === 'object' ? (d.attributes as Record<string, unknown>) : {})

/** 002:165: the higher of the track's two attributes */
export const trackMaxOf = (a: Record<string, unknown>, t: Track): number => Math.max(num(a[TRACK_INFO[t].attrs[0]]), num(a[TRACK_INFO[t].attrs[1]]))

/** J1: saved Momentum is capped at the lowest attribute (0 while none is set) */
export function momentumCapOf(a: Record<string, unknown>): number {
  const v = ATTRIBUTES.map((k) => a[k]).filter((x): x is number => typeof x === 'number')
  return v.length ? Math.min(...v) : 0
}

/** the stress tracks the block has: a minion none, a monster its list, everyone else all three (002:137) */
export function trackersOfData(d: Data): Track[] {
  if (d.kind !== 'npc') return [...TRACKS]
  if (d.tier === 'minion') return []
  const list = Array.isArray(d.trackers) ? (d.trackers as string[]) : [...TRACKS]
  return TRACKS.filter((t) => list.includes(t))
}

const without = (d: Data, keys: string[]): Data => Object.fromEntries(Object.entries(d).filter(([k]) => !keys.includes(k)))

/** the block as another kind (pc / ally / npc), keeping its name, attributes, weapons, tracks and notes */
export function setTwoD20Kind(d: Data, kind: string): Data {
  if (kind === 'pc') return { ...without(d, ['tier', 'menace', 'trackers']), kind, luck: num(d.luck), momentum: num(d.momentum) }
  if (kind === 'ally') return { ...without(d, ['tier', 'menace', 'trackers', 'luck', 'momentum']), kind }
  return { ...without(d, ['luck', 'momentum']), kind: 'npc', tier: typeof d.tier === 'string' ? d.tier : 'minion' }
}

/** a narrator character's tier: only a monster has a Menace rating (002:176), only a villain holds Luck (002:120) */
export function setTwoD20Tier(d: Data, tier: string): Data {
  const base = without(d, ['menace', ...(tier === 'villain' ? [] : ['luck'])])
  return tier === 'monster' ? { ...base, tier, menace: typeof d.menace === 'number' ? d.menace : 1 } : { ...base, tier }
}

/** a monster's or villain's trackers, with one switched on or off (kept in the book's order) */
export function toggleTracker(d: Data, t: Track, on: boolean): Data {
  const now = trackersOfData({ ...d, tier: d.tier === 'minion' ? 'monster' : d.tier })
  return { ...d, trackers: TRACKS.filter((x) => (x === t ? on : now.includes(x))) }
}

/** a weapon's qualities with one switched on or off (002:130-152, each at most once) */
export function toggleQuality(qualities: unknown, q: string, on: boolean): string[] {
  const list = Array.isArray(qualities) ? (qualities as string[]) : []
  return QUALITIES.filter((x) => (x === q ? on : list.includes(x)))
}

export interface CrossIssue {
  path: string
  /** i18n key of the sentence */
  key: string
  params: Record<string, string | number>
}

/** what the schema's refinements would refuse, said at the field: stress above its track's maximum, a monster
 *  without Menace (002:176), saved Momentum above the cap (i18n params use keys the form translates: `track`, `a`, `b` are catalog keys) */
export function crossIssues(d: Data): CrossIssue[] {
  const out: CrossIssue[] = []
  const a = attrs(d)
  const stress = (d.stress && typeof d.stress === 'object' ? d.stress : {}) as Record<string, unknown>
  for (const t of trackersOfData(d)) {
    const max = trackMaxOf(a, t)
    if (num(stress[t]) > max) out.push({ path: `stress.${t}`, key: '2d20.editor.aboveMax', params: { value: num(stress[t]), max, track: `2d20.trackName.${t}`, a: `2d20.attr.${TRACK_INFO[t].attrs[0]}`, b: `2d20.attr.${TRACK_INFO[t].attrs[1]}` } })
  }
  if (d.kind === 'npc' && d.tier === 'monster' && typeof d.menace !== 'number') out.push({ path: 'menace', key: '2d20.editor.menaceNeeded', params: {} })
  if (d.kind === 'pc' && num(d.momentum) > momentumCapOf(a)) out.push({ path: 'momentum', key: '2d20.editor.aboveCap', params: { value: num(d.momentum), max: momentumCapOf(a) } })
  return out
}
