/**
 * The player-safe exports are built from the same redaction as the player display (issue 10; DESIGN §5): each
 * encounter of the log is played again through the engine and, at every event, projected with
 * `toPlayerMoment` under the display settings in force then (`encounter.display` records say when they changed).
 * What a player-safe line may say is decided against that moment's player view, an allow-list:
 * - a combatant is named only when the display showed it then, and by the name the display gave it (mooks
 *   renumbered among the visible ones); a line that names anyone else is left out;
 * - numbers: the public ones of a roll (totals, dice, damage rolled and taken, counts, rounds: PUBLIC_NUMBERS); any
 *   other number (HP left, a defense, a condition step, stress, soak…) only when every combatant the line names was
 *   shown with exact health then; a line that needs a withheld value is left out, and what the display showed
 *   instead (a health descriptor such as "bloodied", a readied or delayed slot) is written as a board line;
 * - free text that is the GM's (combatant notes, readied-action triggers, GM notes, hidden roll labels, the
 *   session's prep notes) is never shown.
 * Nothing of the log is copied as it was: the JSON carries these lines and the boards players saw, no records.
 */
import type { EncounterState, EngineEvent, EventRecord, Side } from '../../src-shared/domain/encounter'
import type { DisplayMode, PlayerBoardCombatant, PlayerEncounterView } from '../../src-shared/views/encounter-views'
import { toPlayerMoment } from '../projections/to-player-view'
import type { RuleSystem } from '../rules/kit/system'
import { evolve, getSystem, initialState, upcastRecord } from '../rules/index'
import { formatLog } from '../../src-shared/i18n/format-log'
import type { SummaryLens } from './summary'
import type { ExportEntry, NormalizedSession } from './types'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const isPlayerSafe = (e: ExportEntry): boolean => !e.gmOnly && !(e.roll?.hidden ?? false)

/** numbers a table sees when they are rolled or said aloud: roll totals and dice, damage, counts, rounds, ticks */
export const PUBLIC_NUMBERS = new Set([
  'total', 'd20', 'rolled', 'bonus', 'hits', 'count', 'dealt', 'hpLoss', 'damage', 'round', 'value', 'modifier', 'tick', 'ticks', 'amount', 'delta',
  'n', 'crits', 'netHits', 'netCrits', 'evades', 'focus', 'successes', 'momentum', 'threat', 'complications', 'aSucc', 'dSucc', 'aDiff', 'dDiff',
  'difficulty', 'steps', 'penalty', 'attack', 'attackValue', 'roll', 'net', 'highest', 'meters', 'movementPoints', 'x', 'y', 'line',
  // moves on a tick wheel (the player display draws the wheel)
  'speed', 'from', 'to',
  // minions a hit dispatches (002: they leave the board)
  'dispatched',
])

const SIDES: Side[] = ['party', 'allies', 'enemies', 'neutral']
const MODES: DisplayMode[] = ['exact', 'descriptor', 'hidden']

/** the board players saw just before and just after one encounter event */
export interface Moment {
  before: PlayerEncounterView | null
  after: PlayerEncounterView | null
  /** visible combatants (before or after) by GM-side id */
  shown: Map<string, PlayerBoardCombatant>
  /** GM-side name → GM-side id, of every combatant of the encounter so far */
  gmNames: Map<string, string>
  /** GM-only texts of the moment: combatant notes and readied-action triggers */
  secrets: Set<string>
  /** the shared pools of the encounter that the display showed neither before nor after (2d20: the Threat) */
  hiddenPools: string[]
}

interface Track {
  system: RuleSystem | null
  state: EncounterState | null
  records: EventRecord[]
  display: Partial<Record<Side, DisplayMode>>
  gmNames: Map<string, string>
  /** the board after the last event (undefined: to be projected again, the display settings changed) */
  last?: Projected
}

type Projected = { view: PlayerEncounterView; byGmId: Map<string, PlayerBoardCombatant> } | null

function project(t: Track): Projected {
  if (!t.system || !t.state) return null
  try {
    return toPlayerMoment({ ...t.state, display: { ...t.display } }, t.system, t.records)
  } catch {
    return null
  }
}

/** every encounter event of the final timeline, projected as the player display showed it */
export function playerMoments(session: NormalizedSession): Map<ExportEntry, Moment> {
  const bySeq = new Map(session.entries.filter((e) => !e.carried).map((e) => [e.seq, e]))
  const tracks = new Map<string, Track>()
  const out = new Map<ExportEntry, Moment>()
  session.records.forEach((rec, i) => {
    const encounterId = typeof rec.encounterId === 'string' ? rec.encounterId : null
    if (encounterId === null) return
    if (rec.kind === 'encounter.started' || rec.kind === 'encounter.resumed') {
      const systemId = typeof rec.systemId === 'string' && rec.systemId ? rec.systemId : session.meta.systemId
      const sys = getSystem(systemId)
      const name = typeof rec.name === 'string' ? rec.name : encounterId
      const t: Track = {
        system: sys.ok ? sys.value : null,
        state: sys.ok ? initialState({ id: encounterId, name, systemId: sys.value.id, seed: 'export' }) : null,
        records: [],
        display: {},
        gmNames: new Map(),
      }
      tracks.set(encounterId, t)
      // carried in from the session before: the board as it stood then (its events, its display settings)
      if (rec.kind === 'encounter.resumed') resume(t, rec)
      return
    }
    const t = tracks.get(encounterId)
    if (!t) return
    if (rec.kind === 'encounter.display') {
      if (SIDES.includes(rec.side as Side) && MODES.includes(rec.mode as DisplayMode)) t.display[rec.side as Side] = rec.mode as DisplayMode
      t.last = undefined
      return
    }
    const entry = bySeq.get(i + 1)
    if (!entry?.event || entry.status !== 'active' || !isObject(rec.record)) return
    const before = t.last === undefined ? project(t) : t.last
    let event: EngineEvent = entry.event
    try {
      const r = upcastRecord(rec.record as unknown as EventRecord)
      event = r.event
      t.records.push({ ...r, status: 'active' })
      if (event.type === 'core.encounterCreated' && isObject(event.params) && t.system) {
        t.state = initialState({ ...(event.params as { id: string; name: string }), systemId: t.system.id, seed: 'export' })
      } else if (t.state) t.state = evolve(t.state, event)
    } catch {
      // an event the engine cannot apply leaves the board as it was
    }
    for (const c of t.state?.combatants ?? []) t.gmNames.set(c.name, c.id)
    const after = project(t)
    t.last = after
    const shown = new Map([...(before?.byGmId ?? []), ...(after?.byGmId ?? [])])
    const secrets = new Set<string>()
    for (const c of t.state?.combatants ?? []) {
      if (c.notes.trim()) secrets.add(c.notes)
      if (typeof c.initiative.readied === 'string' && c.initiative.readied.trim()) secrets.add(c.initiative.readied)
    }
    // a trigger named by the event itself (it may be gone from the state already)
    if (typeof (event as Record<string, unknown>).trigger === 'string') secrets.add(String((event as Record<string, unknown>).trigger))
    const seenPools = { ...before?.view.pools, ...after?.view.pools }
    const hiddenPools = Object.keys(t.state?.pools ?? {}).filter((k) => !(k in seenPools))
    out.set(entry, { before: before?.view ?? null, after: after?.view ?? null, shown, gmNames: new Map(t.gmNames), secrets, hiddenPools })
  })
  return out
}

/** a carried encounter's track: its earlier events applied, and the display settings it had */
function resume(t: Track, rec: Record<string, unknown>): void {
  if (isObject(rec.display)) for (const side of SIDES) if (MODES.includes(rec.display[side] as DisplayMode)) t.display[side] = rec.display[side] as DisplayMode
  for (const r of Array.isArray(rec.records) ? rec.records : []) {
    if (!isObject(r) || !isObject(r.event) || r.status !== 'active') continue
    try {
      const u = upcastRecord(r as unknown as EventRecord)
      t.records.push({ ...u, status: 'active' })
      if (u.event.type === 'core.encounterCreated' && isObject(u.event.params) && t.system) t.state = initialState({ ...(u.event.params as { id: string; name: string }), systemId: t.system.id, seed: 'export' })
      else if (t.state) t.state = evolve(t.state, u.event)
    } catch {
      // an event the engine cannot apply leaves the board as it was
    }
  }
  for (const c of t.state?.combatants ?? []) t.gmNames.set(c.name, c.id)
}

/** GM-only texts of the whole session: GM notes, hidden roll labels, the session's prep notes */
export function sessionSecrets(session: NormalizedSession): Set<string> {
  const out = new Set<string>()
  for (const e of session.entries) {
    if (e.kind === 'note' && e.gmOnly && e.text) out.add(e.text)
    if (e.roll?.hidden && e.roll.label) out.add(e.roll.label)
  }
  if (session.meta.notes.trim()) out.add(session.meta.notes)
  return out
}

const ID_PARAM = /Id$|^id$/

/**
 * The params of an encounter line as players may see them at `m`, or null when the line names a combatant the
 * display did not show. Withheld params are left out (the caller drops a line whose text then lacks one).
 */
export function playerParams(params: ExportEntry['params'], m: Moment | undefined, secrets: Set<string>, named: PlayerBoardCombatant[] = []): ExportEntry['params'] | null {
  const out: ExportEntry['params'] = {}
  const numbers: Array<[string, number]> = []
  const unshown = [...(m?.gmNames ?? [])].filter(([, id]) => !m?.shown.has(id)).map(([name]) => name)
  const isSecret = (v: string) => [...secrets, ...(m?.secrets ?? [])].some((x) => v.includes(x))
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string') {
      if (isSecret(v)) continue
      // a name, or a list of names ("Tira Vos, Grunt 3"): each as the display named it, else the line goes
      const parts = v.split(', ')
      if (m && parts.every((x) => m.gmNames.has(x))) {
        const cs = parts.map((x) => m.shown.get(m.gmNames.get(x) as string))
        if (cs.some((c) => c === undefined)) return null
        named.push(...(cs as PlayerBoardCombatant[]))
        out[k] = cs.map((c) => (c as PlayerBoardCombatant).name).join(', ')
        continue
      }
      if (unshown.some((name) => v.includes(name))) return null
      // a combatant id is never shown (ids are slugs of names, hidden ones' too)
      if (ID_PARAM.test(k)) continue
      out[k] = v
    } else if (typeof v === 'number') numbers.push([k, v])
    else out[k] = v
  }
  const exact = named.length > 0 && named.every((c) => c.health.kind === 'exact')
  for (const [k, v] of numbers) if (PUBLIC_NUMBERS.has(k) || exact) out[k] = v
  return out
}

/** a line's text still holds a placeholder: it needs a value players may not see */
const unfilled = (text: string): boolean => /\{\w+(?::[^{}]*)?\}/.test(text)

/**
 * An encounter line as players may read it at `m` (the exports' and the player board's one rule, issue 29): its
 * params as playerParams leaves them, and its key, or the system's player version of it (`<key>.public`, public
 * values only) when the line then lacks a withheld value or speaks of a pool players did not see; null when neither
 * fits or the line names someone unseen. `show` says the line in the words checked (the export's language).
 */
export function playerLine(key: string, params: ExportEntry['params'], m: Moment | undefined, secrets: Set<string>, named: PlayerBoardCombatant[], show: (key: string, params: ExportEntry['params']) => string): { key: string; params: ExportEntry['params'] } | null {
  const safe = playerParams(params, m, secrets, named)
  if (!safe) return null
  const unfit = (k: string) => unfilled(show(k, safe)) || aboutHiddenPool(k, safe, m)
  if (!unfit(key)) return { key, params: safe }
  const pub = `${key}.public`
  if (formatLog({ key: pub, params: {} }) === pub || unfit(pub)) return null
  return { key: pub, params: safe }
}

/**
 * Does a line speak of a pool players did not see (2d20: the narrator's Threat)? It names the pool (`pool.threat`),
 * its key is about it (`spent.threat`, `complicationsToThreat`) or its words name it (in English, the catalogs'
 * reference language: "the narrator pays 1 Threat").
 */
export function aboutHiddenPool(key: string, params: ExportEntry['params'], m: Moment | undefined): boolean {
  if (!m?.hiddenPools.length) return false
  const text = formatLog({ key, params }, 'en')
  return m.hiddenPools.some((pool) => {
    const label = formatLog({ key: `pool.${pool}`, params: {} }, 'en')
    return (
      Object.values(params).includes(`pool.${pool}`) ||
      key.toLowerCase().split('.').slice(1).some((part) => part.includes(pool.toLowerCase())) ||
      (label !== `pool.${pool}` && new RegExp(`\\b${label}\\b`).test(text))
    )
  })
}

const healthText = (h: PlayerBoardCombatant['health']): string | null =>
  h.kind === 'exact' ? `${h.current}/${h.max}` : h.kind === 'descriptor' ? h.key : null

/** What the display changed at `m` that no shown line says: the health of a combatant the event's line does not
 *  name (all of them when the line was left out), a readied or delayed slot. Export catalog keys with params.
 *  `said`: the player ids the shown line names; null: the line was left out. */
export function boardChanges(m: Moment, said: Set<string> | null): Array<{ key: string; params: ExportEntry['params'] }> {
  const lineShown = said !== null
  const out: Array<{ key: string; params: ExportEntry['params'] }> = []
  if (!m.after) return out
  const before = new Map((m.before?.order ?? []).map((c) => [c.id, c]))
  for (const c of m.after.order) {
    const b = before.get(c.id)
    if (!b) continue
    const was = healthText(b.health)
    const now = healthText(c.health)
    const h = c.health
    if (now !== null && now !== was && !said?.has(c.id)) {
      if (h.kind === 'exact') out.push({ key: 'export.board.hp', params: { name: c.name, current: h.current, max: h.max } })
      else if (h.kind === 'descriptor') out.push({ key: 'export.board.health', params: { name: c.name, health: h.key } })
    }
    if (c.waiting && c.waiting !== b.waiting && !lineShown) out.push({ key: `export.board.${c.waiting}`, params: { name: c.name } })
  }
  return out
}

/** the summary as the display showed it: damage shown on a combatant's exact health (or said by a line players read),
 *  dealt by whom only when the dealer was shown; a knock-out of a combatant shown */
export function summaryLens(moments: Map<ExportEntry, Moment>, read: Set<ExportEntry>): SummaryLens {
  const shownAt = (e: ExportEntry, id: string | null) => (id === null ? undefined : moments.get(e)?.shown.get(id))
  return {
    line: (e) => read.has(e) || e.carried === true,
    damage: (e, d) => ({ taken: read.has(e) || shownAt(e, d.targetId)?.health.kind === 'exact', source: read.has(e) || shownAt(e, d.sourceId) !== undefined }),
    knockout: (e, id) => read.has(e) || shownAt(e, id) !== undefined,
  }
}

/** the player id and name of each combatant, as the display last showed them (summaries name them at the end) */
export function lastShown(moments: Map<ExportEntry, Moment>): Map<string, { id: string; name: string }> {
  const out = new Map<string, { id: string; name: string }>()
  for (const m of moments.values()) for (const [gmId, c] of m.shown) out.set(gmId, { id: c.id, name: c.name })
  return out
}
