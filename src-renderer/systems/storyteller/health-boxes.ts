/**
 * A Storyteller combatant's health track as boxes (T5; the same reading as src-main/rules/systems/storyteller/
 * health.ts): the stat block's penalties, else the Scion 1e track −0, −1, −1, −2, −2, −4, then Incapacitated; damage
 * fills the boxes aggravated first, then lethal, then bashing, from the left; the penalty is the last filled level's.
 */
export const SCION_TRACK = [0, -1, -1, -2, -2, -4] as const

export type BoxFill = 'aggravated' | 'lethal' | 'bashing' | 'empty'

export interface HealthBoxes {
  boxes: Array<{ penalty: number; inc: boolean; fill: BoxFill }>
  filled: number
  penalty: number
  status: 'unhurt' | 'hurt' | 'incapacitated' | 'dead'
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0)

export function healthBoxes(stats: Record<string, unknown>, state: unknown): HealthBoxes {
  const track = Array.isArray(stats.health) && stats.health.every((x) => typeof x === 'number') ? (stats.health as number[]) : [...SCION_TRACK]
  const w = ((state as { wounds?: Record<string, unknown> } | null)?.wounds ?? {}) as Record<string, unknown>
  const fills: BoxFill[] = [
    ...Array<BoxFill>(count(w.aggravated)).fill('aggravated'),
    ...Array<BoxFill>(count(w.lethal)).fill('lethal'),
    ...Array<BoxFill>(count(w.bashing)).fill('bashing'),
  ]
  const total = track.length + 1
  const boxes = Array.from({ length: total }, (_, i) => ({ penalty: i < track.length ? track[i] : track[track.length - 1] ?? 0, inc: i === track.length, fill: fills[i] ?? ('empty' as BoxFill) }))
  const filled = Math.min(fills.length, total)
  const penalty = filled === 0 ? 0 : track[Math.min(filled, track.length) - 1] ?? 0
  const status = w.dead === true ? 'dead' : filled >= total ? 'incapacitated' : filled === 0 ? 'unhurt' : 'hurt'
  return { boxes, filled, penalty, status }
}
