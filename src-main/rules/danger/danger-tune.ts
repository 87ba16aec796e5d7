/**
 * Tune an encounter (issue 13 "Beyond"): the GM states a target ("the party wins in ≥ 90%", "a PC goes down in
 * 20–40% of fights") and the search finds the smallest changes to the plan that reach it, each simulated by the
 * danger check. A pure search over plan edits: the caller gives `evaluate` (a plan's entries → its danger report,
 * the same seed for every plan, so the plans are compared on the same dice) and a cancel flag.
 *
 * The edits, on the enemies' entries only (the party is the GM's players): one more or one fewer (the last one
 * removes the entry, while another enemy entry is left), a swap for another NPC of the library, or the other
 * awareness (surprised or not). Breadth first: every single edit; when none reaches the target, the `beam` closest
 * plans get a second edit, then a third (`maxEdits`). Suggestions: fewest edits first, then the figure nearest the
 * middle of the target. Works in every system: the figures come from each RuleSystem through the danger check.
 */
import type { EncounterPlanEntry } from '@shared/domain/campaign'
import type { DangerReport, PlanEdit, TuneReport, TuneSuggestion, TuneTarget } from '@shared/views/encounter-views'
import { PLAN_ENTRY_COUNT } from '@shared/domain/campaign'
import { ok, type Result } from '@shared/result'

export interface TuneOptions {
  /** at most this many edits in one suggestion */
  maxEdits?: number
  /** plans carried to the next depth when none reaches the target */
  beam?: number
  /** at most this many suggestions */
  maxSuggestions?: number
}

export interface TuneDeps {
  /** simulate a plan (its entries) with the request's runs and seed */
  evaluate(entries: EncounterPlanEntry[]): Promise<Result<DangerReport>>
  /** NPCs of the library a swap may bring in */
  npcs: Array<{ id: string; name: string }>
  nameOf(statBlockId: string): string
  cancelled(): boolean
  /** plans simulated so far, of about `total` */
  progress?(done: number, total: number): void
}

/** The target's figure in a report (0..1). */
export function metricOf(report: DangerReport, metric: TuneTarget['metric']): number {
  if (report.runs === 0) return 0
  if (metric === 'partyWins') return report.partyWinChance
  return 1 - (report.pcsDown['0'] ?? 0) / report.runs
}

/** How far a figure is outside the target (0 inside). */
export const distanceTo = (v: number, t: TuneTarget): number => (v < t.min ? t.min - v : v > t.max ? v - t.max : 0)

const copy = (entries: EncounterPlanEntry[]) => entries.map((e) => ({ ...e }))

/** One edit applied to entries (a copy). */
export function applyEdit(entries: EncounterPlanEntry[], edit: PlanEdit): EncounterPlanEntry[] {
  const out = copy(entries)
  const e = out[edit.entry]
  if (!e) return out
  if (edit.kind === 'count') e.count = edit.to
  else if (edit.kind === 'remove') out.splice(edit.entry, 1)
  else if (edit.kind === 'swap') e.statBlockId = edit.toId
  else e.aware = edit.aware
  return out
}

/** Every single edit of a plan (enemies only). */
export function singleEdits(entries: EncounterPlanEntry[], deps: Pick<TuneDeps, 'npcs' | 'nameOf'>): PlanEdit[] {
  const edits: PlanEdit[] = []
  const enemies = entries.filter((e) => e.side === 'enemies').length
  for (const [i, e] of entries.entries()) {
    if (e.side !== 'enemies') continue
    const base = { entry: i, statBlockId: e.statBlockId, name: deps.nameOf(e.statBlockId) }
    if (e.count < PLAN_ENTRY_COUNT.max) edits.push({ kind: 'count', ...base, from: e.count, to: e.count + 1 })
    if (e.count > 1) edits.push({ kind: 'count', ...base, from: e.count, to: e.count - 1 })
    else if (enemies > 1) edits.push({ kind: 'remove', ...base, count: e.count })
    for (const n of deps.npcs) if (n.id !== e.statBlockId) edits.push({ kind: 'swap', ...base, toId: n.id, toName: n.name })
    edits.push({ kind: 'aware', ...base, aware: !e.aware })
  }
  return edits
}

interface Node { edits: PlanEdit[]; entries: EncounterPlanEntry[]; report: DangerReport; value: number; d: number; parentD: number }

const keyOf = (entries: EncounterPlanEntry[]) => JSON.stringify(entries.map((e) => [e.statBlockId, e.count, e.side, e.aware, e.hidden, e.band ?? null]))

export async function tunePlan(entries: EncounterPlanEntry[], target: TuneTarget, deps: TuneDeps, opts: TuneOptions = {}): Promise<Result<TuneReport>> {
  const maxEdits = opts.maxEdits ?? 3
  const beam = opts.beam ?? 3
  const maxSuggestions = opts.maxSuggestions ?? 3
  const center = (target.min + target.max) / 2
  let evaluated = 0
  let total = 1 + singleEdits(entries, deps).length
  const seen = new Set<string>([keyOf(entries)])
  const cur = await deps.evaluate(copy(entries))
  if (!cur.ok) return cur
  evaluated++
  deps.progress?.(evaluated, total)
  const currentValue = metricOf(cur.value, target.metric)
  const report = (suggestions: TuneSuggestion[], met: boolean): Result<TuneReport> =>
    ok({ target, current: cur.value, currentValue, met, suggestions, evaluated, cancelled: deps.cancelled() })
  if (distanceTo(currentValue, target) === 0) return report([], true)

  const found: Node[] = []
  const tried: Node[] = []
  let frontier: Node[] = [{ edits: [], entries: copy(entries), report: cur.value, value: currentValue, d: distanceTo(currentValue, target), parentD: 1 }]
  for (let depth = 1; depth <= maxEdits && found.length === 0 && !deps.cancelled(); depth++) {
    const next: Node[] = []
    const plans: Array<{ edits: PlanEdit[]; entries: EncounterPlanEntry[]; parentD: number }> = []
    for (const n of frontier) {
      for (const edit of singleEdits(n.entries, deps)) {
        const after = applyEdit(n.entries, edit)
        const k = keyOf(after)
        if (seen.has(k)) continue
        seen.add(k)
        plans.push({ edits: [...n.edits, edit], entries: after, parentD: n.d })
      }
    }
    if (depth > 1) total = evaluated + plans.length
    for (const p of plans) {
      if (deps.cancelled()) break
      const r = await deps.evaluate(p.entries)
      if (!r.ok) return r
      evaluated++
      deps.progress?.(evaluated, total)
      const value = metricOf(r.value, target.metric)
      const node = { edits: p.edits, entries: p.entries, report: r.value, value, d: distanceTo(value, target), parentD: p.parentD }
      next.push(node)
      if (node.d === 0) found.push(node)
    }
    tried.push(...next)
    // the plans nearest the target go on, and only those that came nearer than where they started
    frontier = next.filter((n) => n.d < n.parentD).sort((a, b) => a.d - b.d).slice(0, beam)
    if (frontier.length === 0) break
  }
  const rank = (a: Node, b: Node) => a.edits.length - b.edits.length || a.d - b.d || Math.abs(a.value - center) - Math.abs(b.value - center)
  const pick = (found.length > 0 ? found : tried.filter((n) => n.d < distanceTo(currentValue, target))).sort(rank).slice(0, maxSuggestions)
  return report(pick.map((n) => ({ edits: n.edits, entries: n.entries, report: n.report, value: n.value, meets: n.d === 0 })), false)
}
