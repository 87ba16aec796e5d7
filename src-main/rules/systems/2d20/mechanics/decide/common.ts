/** What every 2d20 command handler shares: a batch that keeps the state live, pool changes as events, names. */
import type { Combatant, EncounterState, EngineCommand } from '@shared/domain/encounter'
import type { CoreEvent } from '../../../../kit/events'
import { ok, type AppError, type Result } from '@shared/result'
import { Batch as CoreBatch } from '../../../../kit/batch'
import { refuse } from '../../../../kit/refuse'
import { log as en } from '../../i18n/en'
import type { TwoD20Event } from '../../events'
import { checkRule } from '../../../../kit/rules'
import { adjustPool, type Pools } from '../pools'
import { evolve2d20, type Change } from '../../evolve'
import { tdState, tdStats } from '../state'
import { canAct, outStatus } from '../stress'

export const NARRATOR = 'narrator'

/** the 2d20 batch: what a handler writes is checked against the 2d20 events (events.ts) */
export type Batch = CoreBatch<TwoD20Event>

/** What a handler returns: a refusal, or DONE when its events are on the batch (kit/command.ts's HandlerResult). */
export type HandlerResult = { ok: false; error: AppError } | { ok: true }
export const DONE: { ok: true } = { ok: true }

/** A new batch of a 2d20 encounter (core events, `changes`, then tdEvolve), for callers outside the engine. */
export const newBatch = (state: EncounterState): Batch => new CoreBatch<TwoD20Event>(state, evolve2d20)

/** A rule the GM can override: refuses, or logs core.ruleOverridden on the batch when `override` is set. */
export function rule(b: Batch, cmd: EngineCommand, broken: boolean, key: string, message: string, field: string, params: Record<string, string | number | boolean> = {}): { ok: false; error: AppError } | null {
  return checkRule(cmd, broken, `rule.2d20.${key}`, message, field, b.events, params)
}

/**
 * The events that move the pools from `before` to `after`: per-character Luck and saved Momentum as `changes`
 * (merged into the system event that caused them), the narrator's Threat and the party pool as core.poolAdjusted.
 */
export function poolChanges(before: Pools, after: Pools): { changes: Change[]; core: CoreEvent[] } {
  const ids = new Set([...Object.keys(before.luck), ...Object.keys(after.luck), ...Object.keys(before.momentum), ...Object.keys(after.momentum)])
  const changes: Change[] = []
  for (const id of ids) {
    const patch: Record<string, number> = {}
    if ((before.luck[id] ?? 0) !== (after.luck[id] ?? 0)) patch.luck = after.luck[id] ?? 0
    if ((before.momentum[id] ?? 0) !== (after.momentum[id] ?? 0)) patch.momentum = after.momentum[id] ?? 0
    if (Object.keys(patch).length > 0) changes.push({ id, patch })
  }
  const core: CoreEvent[] = []
  if (before.threat !== after.threat) core.push({ type: 'core.poolAdjusted', pool: 'threat', delta: after.threat - before.threat, value: after.threat })
  if (before.partyMomentum !== after.partyMomentum) core.push({ type: 'core.poolAdjusted', pool: 'momentum', delta: after.partyMomentum - before.partyMomentum, value: after.partyMomentum })
  return { changes, core }
}

/** Merge several changes lists: later patches of the same combatant win field by field. */
export function mergeChanges(...lists: Change[][]): Change[] {
  const byId = new Map<string, Record<string, unknown>>()
  for (const list of lists) for (const ch of list) byId.set(ch.id, { ...(byId.get(ch.id) ?? {}), ...ch.patch })
  return [...byId].map(([id, patch]) => ({ id, patch }))
}

/** Whether a combatant may act (002:176): 'no' when out, 'withLuck' when incapacitated. */
export function actingStatus(c: Combatant): 'yes' | 'withLuck' | 'no' {
  const st = tdState(c)
  const sb = tdStats(c)
  if (st.dispatched) return 'no'
  return canAct(outStatus(st.afflictions, sb.kind === 'npc' ? sb.menace : undefined), st.blackedOut)
}

export const inCombat = (s: EncounterState): boolean => s.turn.phase === 'combat' || s.turn.phase === 'surprise'

/** 002:176: an incapacitated character acts only by spending 1 Luck per action (src-main/rules/systems/2d20/README.md); `override` waives it. */
export function payToAct(c: Combatant, pools: Pools, cmd: EngineCommand, field: string): Result<{ pools: Pools; paid: boolean }> {
  if (actingStatus(c) !== 'withLuck' || cmd.override === true) return ok({ pools, paid: false })
  const r = adjustPool(pools, 'luck', -1, c.id)
  if (!r.ok) return refuse('rule', en, 'refusal.2d20.incapacitatedNeedsLuck', { name: c.name }, { field, cite: '002:176' })
  return ok({ pools: r.value, paid: true })
}
