/** The dice an event recorded (`dice: [{ die, value, manual? }]`), for result cards (projections/result-card.ts). */
import type { ResultDie } from '@shared/views/result-views'

const rec = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined)

export function diceOf(event: Record<string, unknown>): ResultDie[] {
  const list = Array.isArray(event.dice) ? event.dice : []
  return list.flatMap((d) => {
    const o = rec(d)
    if (!o || typeof o.die !== 'string' || (typeof o.value !== 'number' && typeof o.value !== 'string')) return []
    return [{ die: o.die, value: o.value, ...(o.manual === true ? { manual: true } : {}) }]
  })
}
