/**
 * Join Battle and the tick wheel (004, T3) as pure functions over a small wheel state.
 * - 004 "highest goes first, everyone else counts down per tick from winner, maximum 5 ticks delta": the winner
 *   starts on tick 0, everyone else on tick min(highest − own, cap); T3: a botched Join Battle starts on the cap.
 * - 004 "In the case of Join Battle ties or multiple characters going on the same tick, the one with the highest
 *   Join Battle goes first; if still tied, actions are simultaneous".
 * - T3: a late joiner starts on the current tick + min(highest − roll, cap).
 * - 004 "Attacker moves (Attack Speed) ticks forward on the combat wheel".
 * - Beyond the seed: waiting to a later tick (the seed has no held actions; decided in src-main/rules/systems/storyteller/README.md).
 */
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as sentences } from '../i18n/en'

export interface WheelEntry {
  id: string
  /** the tick this combatant acts on next */
  tick: number
  /** Join Battle successes: the order among combatants on the same tick */
  joinBattle: number
}

export interface Wheel {
  /** the current tick (never goes back) */
  tick: number
  /** the highest Join Battle of the fight (late joiners count from it, T3) */
  highest: number
  cap: number
  entries: WheelEntry[]
}

export interface JoinBattleRoll {
  id: string
  successes: number
  botch: boolean
}

/** T3: the starting tick of one roll against the fight's highest Join Battle. */
export function startOffset(roll: JoinBattleRoll, highest: number, cap: number): number {
  if (roll.botch) return cap
  return Math.min(Math.max(0, highest - roll.successes), cap)
}

/** 004: everyone joins battle; the highest roll acts on tick 0. */
export function joinBattle(rolls: readonly JoinBattleRoll[], cap: number): Result<Wheel> {
  const seen = new Set<string>()
  for (const [i, r] of rolls.entries()) {
    if (seen.has(r.id)) return refuse('invalid', sentences, 'refusal.storyteller.joinsTwice', {}, { field: `rolls.${i}.id` })
    seen.add(r.id)
  }
  const highest = rolls.filter((r) => !r.botch).reduce((m, r) => Math.max(m, r.successes), 0)
  return ok({ tick: 0, highest, cap, entries: rolls.map((r) => ({ id: r.id, tick: startOffset(r, highest, cap), joinBattle: r.botch ? 0 : r.successes })) })
}

/** T3: a late joiner starts on the current tick + min(highest − roll, cap) (a botch: + cap). */
export function lateJoin(w: Wheel, roll: JoinBattleRoll): Result<Wheel> {
  if (w.entries.some((e) => e.id === roll.id)) return refuse('rule', sentences, 'refusal.storyteller.alreadyOnWheel', {}, { field: 'combatantId' })
  return ok({ ...w, entries: [...w.entries, { id: roll.id, tick: w.tick + startOffset(roll, w.highest, w.cap), joinBattle: roll.botch ? 0 : roll.successes }] })
}

/** Who acts in what order: the lowest tick first; on one tick the highest Join Battle first (004). */
export function wheelOrder(w: Wheel, active: (id: string) => boolean = () => true): WheelEntry[] {
  return w.entries.filter((e) => active(e.id)).sort((a, b) => a.tick - b.tick || b.joinBattle - a.joinBattle)
}

export interface NextUp {
  tick: number
  /** those who act now: more than one when tick and Join Battle tie (simultaneous, 004) */
  actors: string[]
  order: string[]
}

/** The next actor(s) on the wheel, or null when nobody is left. */
export function nextUp(w: Wheel, active: (id: string) => boolean = () => true): NextUp | null {
  const order = wheelOrder(w, active)
  if (order.length === 0) return null
  const first = order[0]
  const actors = order.filter((e) => e.tick === first.tick && e.joinBattle === first.joinBattle).map((e) => e.id)
  return { tick: Math.max(w.tick, first.tick), actors, order: order.map((e) => e.id) }
}

/** The wheel's clock follows the next actor (it never goes back). */
function settle(w: Wheel, active?: (id: string) => boolean): Wheel {
  const n = nextUp(w, active)
  return n ? { ...w, tick: Math.max(w.tick, n.tick) } : w
}

/** 004: an action moves its actor `speed` ticks forward from the tick it acts on. */
export function act(w: Wheel, id: string, speed: number, active?: (id: string) => boolean): Result<{ wheel: Wheel; from: number; to: number }> {
  const e = w.entries.find((x) => x.id === id)
  if (!e) return refuse('not-found', sentences, 'refusal.storyteller.notOnWheel', {}, { field: 'combatantId' })
  if (!Number.isInteger(speed) || speed < 0) return refuse('invalid', sentences, 'refusal.storyteller.speedWhole', { speed }, { field: 'speed' })
  const from = Math.max(e.tick, w.tick)
  const to = from + speed
  const wheel = settle({ ...w, entries: w.entries.map((x) => (x.id === id ? { ...x, tick: to } : x)) }, active)
  return ok({ wheel, from, to })
}

/** Beyond the seed: wait without acting until a later tick (the wait is not an action). */
export function waitUntil(w: Wheel, id: string, tick: number, active?: (id: string) => boolean): Result<Wheel> {
  const e = w.entries.find((x) => x.id === id)
  if (!e) return refuse('not-found', sentences, 'refusal.storyteller.notOnWheel', {}, { field: 'combatantId' })
  if (!Number.isInteger(tick) || tick <= Math.max(e.tick, w.tick)) return refuse('rule', sentences, 'refusal.storyteller.waitAfterTick', { tick: Math.max(e.tick, w.tick) }, { field: 'tick' })
  return ok(settle({ ...w, entries: w.entries.map((x) => (x.id === id ? { ...x, tick } : x)) }, active))
}

/** Off the wheel (fled, removed). */
export function leave(w: Wheel, id: string): Wheel {
  return settle({ ...w, entries: w.entries.filter((x) => x.id !== id) })
}
