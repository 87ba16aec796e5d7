/**
 * The Saga stat block editor's model (pure): the one "Level" field means heroic levels for a heroic character and
 * nonheroic levels for everyone else (001 "Combat Statistics": nonheroic levels count toward the character level,
 * not the heroic level), and a change of type carries the level over.
 */
type Data = Record<string, unknown>

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
const isHeroic = (d: Data): boolean => d.kind === 'heroic'

/** the level the editor shows: heroic levels for a heroic character, else nonheroic levels */
export const sagaLevel = (d: Data): number => (isHeroic(d) ? num(d.heroicLevel) : num(d.otherLevels))

/** the data with its level set as the editor's Level field means it (never mutates) */
export function setSagaLevel(d: Data, level: number): Data {
  return isHeroic(d) ? { ...d, heroicLevel: level } : { ...d, heroicLevel: 0, otherLevels: level }
}

/** the data of another type, its level carried over (never mutates) */
export function setSagaKind(d: Data, kind: string): Data {
  const total = num(d.heroicLevel) + num(d.otherLevels)
  if (kind === 'heroic') return { ...d, kind, heroicLevel: Math.max(1, total), otherLevels: 0 }
  return { ...d, kind, heroicLevel: 0, otherLevels: total }
}
