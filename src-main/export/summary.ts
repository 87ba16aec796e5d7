/**
 * Per-encounter summary: who took part, rounds, damage dealt and taken per combatant, knock-outs, notable rolls
 * (as the rule system names them: natural 20s, DOMINATE, complications, crits) and damage per round for the chart. Built from the entries the
 * export shows (so a player-safe summary is made only of player-safe entries); undone events do not count.
 */
import { eventFacts } from './facts'
import type { CombatantSummary, EncounterSummary, ExportEntry, NotableRoll } from './types'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** ids of the encounters in order of first appearance */
export function encounterIds(entries: ExportEntry[]): string[] {
  const ids: string[] = []
  for (const e of entries) if (e.encounterId !== null && !ids.includes(e.encounterId)) ids.push(e.encounterId)
  return ids
}

/** the entries of each encounter, in order (one pass; encounters are summarized from their own entries only) */
export function byEncounter(entries: ExportEntry[]): Map<string, ExportEntry[]> {
  const out = new Map<string, ExportEntry[]>()
  for (const e of entries) {
    if (e.encounterId === null) continue
    const list = out.get(e.encounterId)
    if (list) list.push(e)
    else out.set(e.encounterId, [e])
  }
  return out
}

function encounterName(id: string, entries: ExportEntry[]): string {
  for (const e of entries) {
    if (e.encounterId !== id) continue
    const ev = e.event as Record<string, unknown> | null
    if (ev && /encounter(Created|Started)$/.test(String(ev.type)) && typeof ev.name === 'string') return ev.name
    // core.encounterCreated { params: { name } }
    if (ev && isObject(ev.params) && typeof ev.params.name === 'string' && /encounterCreated$/.test(String(ev.type))) return ev.params.name
    if (isObject(e.raw) && typeof e.raw.name === 'string' && e.kind === 'session') return e.raw.name
    if (ev && isObject(ev.encounter) && typeof ev.encounter.name === 'string') return ev.encounter.name
  }
  return id
}

/**
 * What a reader of the summary saw of each event (the player-safe version: what the player display showed). Absent:
 * everything (the GM version).
 */
export interface SummaryLens {
  /** its line is read (rounds, who acted, notable rolls) */
  line(e: ExportEntry): boolean
  /** the damage showed (`taken`), and who dealt it (`source`) */
  damage(e: ExportEntry, d: { sourceId: string | null; targetId: string }): { taken: boolean; source: boolean }
  /** the knock-out showed */
  knockout(e: ExportEntry, targetId: string): boolean
}

/** `known`: names and sides of combatants from the whole log (a combatant revealed mid-fight joined while hidden) */
export function summarizeEncounter(id: string, all: ExportEntry[], known: Map<string, { name: string; side: string }> = new Map(), lens?: SummaryLens): EncounterSummary {
  const entries = all.filter((e) => e.encounterId === id && e.status === 'active')
  // a tick system has no rounds: its moments are the ticks its turns start on (004 tick wheel)
  const ticks = entries.some((e) => e.event !== null && eventFacts(e.event, e.systemId).tick !== undefined)
  const people = new Map<string, CombatantSummary>()
  const knockouts: EncounterSummary['knockouts'] = []
  const notable: NotableRoll[] = []
  /** damage per round number (a surprise round is round 0) */
  const damage = new Map<number, number>()
  /** the current round; null before the first round (or surprise round) starts */
  let round: number | null = null
  let lastRound = 0
  /** who acted in each command batch: damage events name their target, the attacker is the batch's actor */
  const actorOfBatch = new Map<number, string>()
  // a combatant is named, never shown by its id (one who joined in an earlier session is known from the log)
  const nameOf = (cid: string | null | undefined): string => (cid ? (people.get(cid)?.name ?? known.get(cid)?.name ?? '') : '')
  const person = (cid: string): CombatantSummary => {
    let p = people.get(cid)
    if (!p) {
      p = { id: cid, name: known.get(cid)?.name ?? '', side: known.get(cid)?.side ?? 'neutral', damageDealt: 0, damageTaken: 0, knockedOut: false }
      people.set(cid, p)
    }
    return p
  }
  for (const e of entries) {
    if (!e.event) continue
    const f = eventFacts(e.event, e.systemId)
    if (f.added) {
      const p = person(f.added.id)
      p.name = f.added.name
      p.side = f.added.side
    }
    const seen = !lens || lens.line(e)
    const at = ticks ? f.tick : f.round
    if (at !== undefined && seen) {
      round = Math.max(round ?? at, at)
      lastRound = Math.max(lastRound, round)
    }
    const r = round
    // an event of an earlier session tells who is there and the round; this session's figures are its own
    if (e.carried) continue
    if (seen && f.actorId && !f.damage && e.batch !== null && !actorOfBatch.has(e.batch) && (people.has(f.actorId) || known.has(f.actorId))) actorOfBatch.set(e.batch, f.actorId)
    const shown = f.damage ? (lens?.damage(e, f.damage) ?? { taken: true, source: true }) : null
    if (f.damage && shown?.taken) {
      person(f.damage.targetId).damageTaken += f.damage.amount
      const src = f.damage.sourceId && (people.has(f.damage.sourceId) || known.has(f.damage.sourceId)) ? (shown.source ? f.damage.sourceId : undefined) : e.batch !== null ? actorOfBatch.get(e.batch) : undefined
      if (src && src !== f.damage.targetId) person(src).damageDealt += f.damage.amount
      const when = round ?? (ticks ? 0 : 1)
      damage.set(when, (damage.get(when) ?? 0) + f.damage.amount)
    }
    if (f.knockout && !(people.get(f.knockout.targetId)?.knockedOut ?? false) && (!lens || lens.knockout(e, f.knockout.targetId))) {
      person(f.knockout.targetId).knockedOut = true
      knockouts.push({ seq: e.seq, round: r, name: nameOf(f.knockout.targetId) })
    }
    const who = nameOf(f.actorId)
    // the rule system names what is notable (a natural 20, a crit, a DOMINATE, a complication...)
    if (seen) for (const o of f.outcomes) notable.push({ seq: e.seq, round: r, kind: o, who, detail: e.event.type })
  }
  // one bar per round from the first (0 when there was a surprise round) to the last
  const firstRound = damage.has(0) || ticks ? 0 : 1
  const damageByRound: number[] = []
  for (let n = firstRound; n <= Math.max(lastRound, ...damage.keys(), 0); n++) damageByRound.push(damage.get(n) ?? 0)
  return { id, name: encounterName(id, all), participants: [...people.values()], rounds: lastRound, ...(ticks ? { unit: 'tick' as const } : {}), firstRound, damageByRound, knockouts, notable }
}

/** names and sides of every combatant that joined, from all entries */
export function knownCombatants(entries: ExportEntry[]): Map<string, { name: string; side: string }> {
  const known = new Map<string, { name: string; side: string }>()
  for (const e of entries) {
    const added = e.event ? eventFacts(e.event, e.systemId).added : undefined
    if (added) known.set(added.id, { name: added.name, side: added.side })
  }
  return known
}

export function summarizeAll(entries: ExportEntry[], known?: Map<string, { name: string; side: string }>, lens?: SummaryLens): EncounterSummary[] {
  return [...byEncounter(entries)].map(([id, own]) => summarizeEncounter(id, own, known, lens))
}
