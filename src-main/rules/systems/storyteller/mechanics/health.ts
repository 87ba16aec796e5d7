/**
 * The health track (T5): the Scion 1e levels −0, −1, −1, −2, −2, −4, then Incapacitated. Damage is kept as
 * counts by type; the boxes fill in the order aggravated, lethal, bashing (the most severe leftmost), so the
 * current level is simply the number of filled boxes.
 * Beyond the seed (decided in src-main/rules/systems/storyteller/README.md): on a full track, new damage replaces a less severe box
 * (bashing → lethal; aggravated replaces bashing, then lethal); damage that can replace nothing kills.
 */
import type { DamageType } from '../schema'

export interface Wounds {
  bashing: number
  lethal: number
  aggravated: number
  dead: boolean
}

export const NO_WOUNDS: Wounds = { bashing: 0, lethal: 0, aggravated: 0, dead: false }

/** The penalties of the levels before Incapacitated (one box each); the track has one more box, Incapacitated. */
export type Track = readonly number[]

export const boxes = (track: Track): number => track.length + 1
export const filled = (w: Wounds): number => w.bashing + w.lethal + w.aggravated

/** T5: the wound penalty of the highest filled level (0 unhurt; Incapacitated keeps the last level's penalty). */
export function woundPenalty(w: Wounds, track: Track): number {
  const n = filled(w)
  if (n === 0) return 0
  return track[Math.min(n, track.length) - 1]
}

export const isIncapacitated = (w: Wounds, track: Track): boolean => w.dead || filled(w) >= boxes(track)

export type HealthStatus = 'unhurt' | 'hurt' | 'incapacitated' | 'dead'
export function healthStatus(w: Wounds, track: Track): HealthStatus {
  if (w.dead) return 'dead'
  if (filled(w) >= boxes(track)) return 'incapacitated'
  return filled(w) === 0 ? 'unhurt' : 'hurt'
}

export interface DamageApplied {
  wounds: Wounds
  /** points that filled empty boxes */
  added: number
  /** points that replaced a less severe box on a full track */
  upgraded: number
  /** points that found nothing to replace (the character dies) */
  overflow: number
}

const LESSER: Record<DamageType, DamageType[]> = { bashing: ['bashing'], lethal: ['bashing'], aggravated: ['bashing', 'lethal'] }

/** Mark `amount` points of `type` on the track. A full track of bashing turns into lethal; beyond it, death. */
export function applyDamage(w: Wounds, type: DamageType, amount: number, track: Track): DamageApplied {
  const next = { ...w }
  let added = 0
  let upgraded = 0
  let overflow = 0
  const cap = boxes(track)
  for (let i = 0; i < amount; i++) {
    if (next.dead) { overflow++; continue }
    if (filled(next) < cap) { next[type]++; added++; continue }
    // on a full track bashing damage becomes lethal (it replaces a bashing box with lethal)
    const effective: DamageType = type === 'bashing' ? 'lethal' : type
    const lesser = LESSER[effective].find((t) => next[t] > 0)
    if (lesser) {
      next[lesser]--
      next[effective]++
      upgraded++
    } else {
      overflow++
      next.dead = true
    }
  }
  return { wounds: next, added, upgraded, overflow }
}

/** Remove up to `amount` points of one type; returns how many healed. */
export function heal(w: Wounds, type: DamageType, amount: number): { wounds: Wounds; healed: number } {
  const healed = Math.max(0, Math.min(w[type], amount))
  return { wounds: { ...w, [type]: w[type] - healed }, healed }
}

/** The player-safe descriptor of a health state (DESIGN §5), by the penalty of the filled level. */
export type HealthDescriptor = 'unhurt' | 'bruised' | 'hurt' | 'wounded' | 'maimed' | 'incapacitated' | 'dead'
export function healthDescriptor(w: Wounds, track: Track): HealthDescriptor {
  const s = healthStatus(w, track)
  if (s !== 'hurt') return s
  const p = woundPenalty(w, track)
  return p === 0 ? 'bruised' : p === -1 ? 'hurt' : p === -2 ? 'wounded' : 'maimed'
}

/** T5: the default Science: Medicine difficulty, |current wound penalty| (the GM may give another). */
export const medicineDifficulty = (w: Wounds, track: Track): number => Math.abs(woundPenalty(w, track))
