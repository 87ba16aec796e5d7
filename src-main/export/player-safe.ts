/**
 * What a player-safe export leaves out (issue 6; the same rules as the player display, DESIGN §5): GM-only
 * entries, hidden rolls, GM notes, combatants that stayed hidden (their entries are GM-only), and the numbers of
 * non-player combatants (HP, defenses, thresholds, stat blocks).
 */
import { eventFacts } from './facts'
import type { ExportEntry } from './types'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const isPlayerSafe = (e: ExportEntry): boolean => !e.gmOnly && !(e.roll?.hidden ?? false)

/** field names that hold an NPC's numbers when the event is about that NPC */
export const NPC_NUMBER_KEY = /^(hp|maxHp|hpMax|hpBefore|hpAfter|hpLeft|remainingHp|tempHp|defen[cs]e|defenseValue|reflex|fortitude|will|threshold|damageThreshold|dt|dr|sr|soak|armor|armorDefense|stressAfter|stressCapacity|vitality|resistance|toughness|step|ct|ctAfter|conditionStep|conditionTrack)$/i

/** keys that hold GM-only data anywhere in a record */
const GM_KEYS = new Set(['notes', 'gmNotes', 'seed', 'secret'])

/** ids of the combatants that are not player characters, from the combatant-added events */
export function nonPcIds(entries: ExportEntry[]): Set<string> {
  const ids = new Set<string>()
  for (const e of entries) {
    if (!e.event) continue
    const f = eventFacts(e.event, e.systemId)
    if (f.added && f.added.role !== 'pc') ids.add(f.added.id)
  }
  return ids
}

/** is this event (or params object) about a non-PC: its target, defender or subject */
export function aboutNonPc(obj: Record<string, unknown>, npcs: Set<string>): boolean {
  return ['targetId', 'defenderId', 'combatantId'].some((k) => typeof obj[k] === 'string' && npcs.has(obj[k] as string))
}

/** a shallow copy without the NPC numbers when the object is about an NPC; with `placeholder`, they are replaced
 *  (a message template still reads: "takes 5 damage (? HP left)") */
export function withoutNpcNumbers<T extends Record<string, unknown>>(obj: T, about: boolean, placeholder?: string): T {
  if (!about) return obj
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) {
    if (!NPC_NUMBER_KEY.test(k)) out[k] = v
    else if (placeholder !== undefined) out[k] = placeholder
  }
  return out as T
}

/** ids of combatants players never saw join (their combatant-added entry is not among the shown ones) */
export function unseenIds(all: ExportEntry[], shown: ExportEntry[]): Set<string> {
  const seen = new Set(shown)
  const out = new Set<string>()
  for (const e of all) {
    const added = e.event ? eventFacts(e.event, e.systemId).added : undefined
    if (added && !seen.has(e)) out.add(added.id)
  }
  return out
}

/** a deep copy of a log record without GM-only data: notes, GM-only items, non-PC stat blocks and numbers, and
 *  the ids of unseen combatants in lists (a round's turn order) */
export function scrubForPlayers(v: unknown, npcs: Set<string> = new Set(), unseen: Set<string> = new Set()): unknown {
  if (Array.isArray(v)) return v.filter((x) => !(isObject(x) && x.gmOnly === true) && !(typeof x === 'string' && unseen.has(x))).map((x) => scrubForPlayers(x, npcs, unseen))
  if (!isObject(v)) return v
  const isNpc = typeof v.role === 'string' && v.role !== 'pc' && (isObject(v.stats) || isObject(v.state))
  const about = typeof v.type === 'string' && aboutNonPc(v, npcs)
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    if (GM_KEYS.has(k)) continue
    if (isNpc && (k === 'stats' || k === 'state')) continue
    if (about && NPC_NUMBER_KEY.test(k)) continue
    out[k] = scrubForPlayers(x, npcs, unseen)
  }
  return out
}
