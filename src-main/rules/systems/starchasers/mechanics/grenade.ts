/**
 * Grenades and launchers (000:204-212, S22) and area shapes (000:1068-1180).
 * Scatter: the thrower needs as many Focus results as squares; short of that the grenade bounces
 * (needed − rolled) squares in the d8 direction (1 = the "north" the GM chose, clockwise). A launcher adds
 * +3 squares of range (the first 3 squares need no Focus) and +3 bounce (S22).
 */
export interface Square { x: number; y: number }

/** d8 directions, 1 = north, clockwise (000:208: "the GM shows north on the map and says that that's '1'") */
export const DIRECTIONS: Square[] = [
  { x: 0, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: -1, y: 1 }, { x: -1, y: 0 }, { x: -1, y: -1 },
]

export interface Scatter { needed: number; focus: number; onTarget: boolean; bounce: number; direction: number | null; landing: Square }

export function scatter(target: Square, distance: number, focus: number, launcher: boolean, direction: number | null): Scatter {
  const needed = Math.max(0, distance - (launcher ? 3 : 0))
  if (focus >= needed) return { needed, focus, onTarget: true, bounce: 0, direction: null, landing: { ...target } }
  const bounce = needed - focus + (launcher ? 3 : 0)
  const d = DIRECTIONS[((direction ?? 1) - 1) % 8]
  return { needed, focus, onTarget: false, bounce, direction, landing: { x: target.x + d.x * bounce, y: target.y + d.y * bounce } }
}

/** Chebyshev distance on the square grid (a diagonal step is one square). */
export const gridDistance = (a: Square, b: Square): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))

/**
 * Burst(N) (000:1161-1165): full damage within N squares of the centre, then a "half damage" ring as wide again
 * (N+1 .. 2N) where the damage dice are halved (floor). Outside: untouched.
 */
export function burstZone(centre: Square, radius: number, at: Square): 'full' | 'half' | null {
  const d = gridDistance(centre, at)
  if (d <= radius) return 'full'
  if (d <= 2 * radius) return 'half'
  return null
}

export type Facing = 'n' | 'e' | 's' | 'w'
const rot = (p: Square, f: Facing): Square => (f === 'e' ? p : f === 's' ? { x: -p.y, y: p.x } : f === 'w' ? { x: -p.x, y: -p.y } : { x: p.y, y: -p.x })

export type AreaShape =
  | { shape: 'box'; width: number; height: number }
  | { shape: 'line'; spread: number }
  | { shape: 'bracket'; spread: number }
  | { shape: 'cone'; length: number }

/**
 * The squares of a shape placed from `origin` (the first square) and facing away from the attacker.
 * Line(N) is N+2 squares (000:1131); Bracket(N) is an "L" of N+2 squares (000:1120); Cone(N) widens to N
 * squares at its far end (000:1169); Box is width × height (2×2 autofire, 3×3 Suppressive Fire).
 */
export function areaSquares(origin: Square, a: AreaShape, facing: Facing = 'e'): Square[] {
  const rel: Square[] = []
  if (a.shape === 'box') { for (let i = 0; i < a.width; i++) for (let j = 0; j < a.height; j++) rel.push({ x: i, y: j }) }
  else if (a.shape === 'line') { for (let j = 0; j < a.spread + 2; j++) rel.push({ x: 0, y: j }) }
  else if (a.shape === 'bracket') {
    const n = a.spread + 2
    for (let j = 0; j < n - 1; j++) rel.push({ x: 0, y: j })
    rel.push({ x: -1, y: n - 2 })
  } else {
    for (let i = 0; i < a.length; i++) {
      const w = i + 1
      for (let j = 0; j < w; j++) rel.push({ x: i, y: j - Math.floor(i / 2) })
    }
  }
  return rel.map((p) => { const r = rot(p, facing); return { x: origin.x + r.x, y: origin.y + r.y } })
}

export const inSquares = (squares: Square[], at: Square): boolean => squares.some((s) => s.x === at.x && s.y === at.y)

/** Split rolled hits across the targets of an area (000:1106): round-robin unless the attacker allocates. */
export function splitHits(total: number, targets: number, allocation?: number[]): number[] {
  if (allocation && allocation.length === targets && allocation.reduce((a, b) => a + b, 0) === total) return [...allocation]
  const out = new Array<number>(targets).fill(0)
  for (let i = 0; i < total; i++) out[i % Math.max(1, targets)]++
  return out
}
