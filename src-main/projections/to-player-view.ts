/**
 * The ONLY place the player board view model is built. Everything a player window receives goes through here.
 * What never leaves main for a player: hidden combatants (not even their names), NPC numbers (HP, defenses, stats)
 * unless the GM chose `exact` for that side, GM notes, gmOnly conditions, hidden rolls (those are not on the board
 * at all), readied-action trigger texts, the seed and every other part of the engine state.
 * The rule system's `playerView` decides what a combatant shows; this projection copies only whitelisted fields
 * from it and enforces the side's display mode again, so a system cannot leak by mistake.
 * While a hidden combatant acts, the campaign's setting (`hiddenTurn`, issue 27) says what players see: by default
 * "the enemies' turn" (the acting side, never who), or "another turn" with nobody named, or, with `keep`, the old
 * behaviour: a hidden combatant's turn does not exist for players (issues 10 and 14): while it acts, the board shows the turn
 * exactly as it stood at the end of the last visible turn (who acts, the round, the tick, the order and each
 * visible combatant's place on the wheel), so neither a blank "X's turn" header, a moved tick nor a new round tells
 * the table that someone hidden is acting; with nobody visible having acted in this combat, the turn as the combat
 * began. The event records give that moment (`frozenTurn`); the health, conditions and the rest stay live. Without
 * the records the state alone gives the last visible turn in the order (`visibleTurn`).
 * Mooks are numbered among the visible ones (visible-numbers.ts).
 */
import type { Combatant, EncounterState, EventRecord, Side } from '@shared/domain/encounter'
import type { SystemId } from '@shared/domain/systems'
import { DEFAULT_HIDDEN_TURN, type HiddenTurnDisplay } from '@shared/domain/campaign'
import { PLAYER_STATUSES, type DisplayMode, type PlayerBoardCombatant, type PlayerBoardView, type PlayerCombatantView, type PlayerEncounterView, type PlayerStatus } from '@shared/views/encounter-views'
import type { RuleSystem } from '../rules/kit/system'
import { replay } from '../rules/index'
import { visibleNumbers, type VisibleNumber } from './visible-numbers'

/** How players see health when the GM has not chosen: the party and allies exactly, others as a descriptor. */
export const DEFAULT_DISPLAY: Record<Side, DisplayMode> = { party: 'exact', allies: 'exact', enemies: 'descriptor', neutral: 'descriptor' }

export function displayModeOf(state: EncounterState, side: Side): DisplayMode {
  return state.display[side] ?? DEFAULT_DISPLAY[side]
}

/** unhurt / wounded / bloodied (at or below half) / down: the generic descriptor when a system gives numbers only. */
export function healthDescriptor(current: number, max: number): string {
  if (current <= 0) return 'health.down'
  if (max <= 0 || current >= max) return 'health.unhurt'
  return current * 2 > max ? 'health.wounded' : 'health.bloodied'
}

export interface PlayerViewInput {
  campaignName: string | null
  systemId: SystemId | null
  /** the encounter on the player display, or null */
  state: EncounterState | null
  system: Pick<RuleSystem, 'playerView' | 'initiative' | 'playerPools'> | null
  /** the encounter's event records: when each mook became visible (its visible number); absent: by own number */
  records?: readonly EventRecord[]
  /** what the display shows while a hidden combatant acts (the campaign's setting); absent: `DEFAULT_HIDDEN_TURN` */
  hiddenTurn?: HiddenTurnDisplay
}

export function toPlayerView(input: PlayerViewInput): PlayerBoardView {
  const { state, system } = input
  return {
    campaignName: input.campaignName,
    systemId: input.systemId,
    encounter: state && system ? toPlayerMoment(state, system, input.records, input.hiddenTurn).view : null,
  }
}

/** The turn players see: the actor's, or while a hidden combatant acts, the last visible turn before it (in this
 *  round, else the last visible actor of the previous round); null when no visible turn came before. */
export function visibleTurn(state: EncounterState): { currentId: string | null; round: number } {
  const { order, index, round } = state.turn
  const visibleAt = (i: number): string | null => {
    const c = state.combatants.find((x) => x.id === order[i])
    return c && !c.hidden ? c.id : null
  }
  if (index < 0 || index >= order.length) return { currentId: null, round }
  if (visibleAt(index)) return { currentId: order[index], round }
  for (let i = index - 1; i >= 0; i--) {
    const id = visibleAt(i)
    if (id) return { currentId: id, round }
  }
  if (round > 1) {
    for (let i = order.length - 1; i > index; i--) {
      const id = visibleAt(i)
      if (id) return { currentId: id, round: round - 1 }
    }
  }
  return { currentId: null, round }
}

/** What players see at one moment, with each visible combatant's view by its GM-side id (the exports name
 *  combatants the way the display did at that moment). */
export interface PlayerMoment {
  view: PlayerEncounterView
  byGmId: Map<string, PlayerBoardCombatant>
}

/** the actor whose turn it is (the order's current entry), or undefined */
const currentEntry = (state: EncounterState): Combatant | undefined => {
  const { order, index } = state.turn
  return index >= 0 && index < order.length ? state.combatants.find((c) => c.id === order[index]) : undefined
}

/** the last frozen state of each encounter (a few), known by the last record before its freeze point and the
 *  count of active records up to it (undo and redo change that count): a run of hidden turns replays once */
const frozenCache = new Map<string, { last: EventRecord; active: number; state: EncounterState }>()
const FROZEN_CACHE_SIZE = 8

/**
 * While a hidden combatant acts: the encounter as it stood when the turn left the last visible actor (the records
 * before the batch that moved the turn on from its last `core.turnStarted`), or, when no visible combatant has had
 * a turn in this combat, as the combat began (through the batch of its last `core.combatStarted`). Null when a
 * visible combatant acts, outside combat, or when the records cannot say.
 */
export function frozenTurn(state: EncounterState, records: readonly EventRecord[]): EncounterState | null {
  if (state.turn.phase === 'setup' || state.turn.phase === 'ended' || !currentEntry(state)?.hidden) return null
  const visible = new Set(state.combatants.filter((c) => !c.hidden).map((c) => c.id))
  let start = -1
  let lastVisible = -1
  for (let i = records.length - 1; i >= 0 && start < 0; i--) {
    const r = records[i]
    if (r.status !== 'active') continue
    const e = r.event as { type: string; combatantId?: unknown }
    if (e.type === 'core.combatStarted') start = i
    else if (lastVisible < 0 && e.type === 'core.turnStarted' && typeof e.combatantId === 'string' && visible.has(e.combatantId)) lastVisible = i
  }
  if (start < 0) return null
  let end: number
  if (lastVisible >= 0) {
    // up to the batch whose turnStarted moved the turn on from the last visible one
    let next = -1
    for (let i = lastVisible + 1; i < records.length && next < 0; i++) if (records[i].status === 'active' && records[i].event.type === 'core.turnStarted') next = i
    if (next < 0) return null
    end = records.findIndex((r) => r.batch === records[next].batch)
  } else {
    // through the batch that started the combat
    end = start
    while (end < records.length && records[end].batch === records[start].batch) end++
  }
  let active = 0
  for (let i = 0; i < end; i++) if (records[i].status === 'active') active++
  const last = records[end - 1]
  const cached = frozenCache.get(state.id)
  if (cached && cached.last === last && cached.active === active) return cached.state
  let frozen: EncounterState
  try {
    frozen = replay(records.slice(0, end))
  } catch {
    return null
  }
  frozenCache.delete(state.id)
  if (frozenCache.size >= FROZEN_CACHE_SIZE) frozenCache.delete(frozenCache.keys().next().value as string)
  frozenCache.set(state.id, { last, active, state: frozen })
  return frozen
}

/** the live state with the turn players see: the frozen turn cursor and places on the wheel, everything else live */
function withPlayerTurn(state: EncounterState, records?: readonly EventRecord[]): EncounterState {
  const frozen = records ? frozenTurn(state, records) : null
  if (!frozen) return state
  const then = new Map(frozen.combatants.map((c) => [c.id, c]))
  return {
    ...state,
    turn: frozen.turn,
    combatants: state.combatants.map((c) => {
      const f = then.get(c.id)
      return f ? { ...c, initiative: f.initiative } : c
    }),
  }
}

/** the hidden combatant whose turn it is while the combat runs, or undefined */
function hiddenActor(state: EncounterState): Combatant | undefined {
  if (state.turn.phase === 'setup' || state.turn.phase === 'ended') return undefined
  const c = currentEntry(state)
  return c?.hidden ? c : undefined
}

/**
 * `hiddenTurn`: what players see while a hidden combatant acts (the campaign's setting, issue 27). `side` and
 * `unnamed` show the live turn with nobody visible acting (the view's `hiddenTurn` says so, with the acting side for
 * `side`); `keep` shows the last visible turn as if it still ran (issues 10 and 14: `frozenTurn`). The hidden
 * combatant's id and name never leave main in any of them. After the end of the encounter nobody acts.
 */
export function toPlayerMoment(live: EncounterState, system: Pick<RuleSystem, 'playerView' | 'initiative' | 'playerPools'>, records?: readonly EventRecord[], hiddenTurn: HiddenTurnDisplay = DEFAULT_HIDDEN_TURN): PlayerMoment {
  // the same moment is asked for by the TV's view and by every phone's after one change (issue 29): made once. A
  // state is never changed once made (the engine makes a new one per change), so the object names the moment.
  const held = moments.get(live)
  if (held && held.system === system && held.records === records && held.hiddenTurn === hiddenTurn) return held.moment
  const moment = makeMoment(live, system, records, hiddenTurn)
  moments.set(live, { system, records, hiddenTurn, moment })
  return moment
}

/** the newest moment made of each state (forgotten with the state) */
const moments = new WeakMap<EncounterState, { system: object; records: readonly EventRecord[] | undefined; hiddenTurn: HiddenTurnDisplay; moment: PlayerMoment }>()

function makeMoment(live: EncounterState, system: Pick<RuleSystem, 'playerView' | 'initiative' | 'playerPools'>, records: readonly EventRecord[] | undefined, hiddenTurn: HiddenTurnDisplay): PlayerMoment {
  const hidden = hiddenActor(live)
  const open = hidden !== undefined && hiddenTurn !== 'keep'
  const state = open ? live : withPlayerTurn(live, records)
  const byId = new Map(state.combatants.map((c) => [c.id, c]))
  const visible = (c: Combatant | undefined): c is Combatant => c !== undefined && !c.hidden
  const orderIds = state.turn.order.length > 0 ? state.turn.order : state.combatants.map((c) => c.id)
  const seen = new Set<string>()
  const ordered: Combatant[] = []
  for (const cid of orderIds) {
    const c = byId.get(cid)
    if (visible(c) && !seen.has(cid)) { seen.add(cid); ordered.push(c) }
  }
  // combatants not yet in the order (joined mid-fight, not rolled) come last
  for (const c of state.combatants) if (visible(c) && !seen.has(c.id)) { seen.add(c.id); ordered.push(c) }

  const initiative = system.initiative
  const ended = state.turn.phase === 'ended'
  const turn = ended || open ? { currentId: null, round: state.turn.round } : (initiative.playerTurn?.(state) ?? visibleTurn(state))
  const numbers = visibleNumbers(state, records)
  const pid = (id: string): string => numbers.get(id)?.id ?? id

  const together: readonly string[] = (turn as { together?: string[] }).together ?? []
  const byGmId = new Map<string, PlayerBoardCombatant>()
  const order = ordered.map((c) => {
    // a group acting together (Storyteller ties, 004) is current as one
    const b = boardCombatant(state, system, c, c.id === turn.currentId || together.includes(c.id), initiative.tickOf, numbers.get(c.id))
    byGmId.set(c.id, b)
    return b
  })
  const view: PlayerEncounterView = {
    id: state.id,
    name: state.name,
    initiativeModel: initiative.id as PlayerEncounterView['initiativeModel'],
    phase: state.turn.phase,
    round: turn.round,
    order,
    currentId: turn.currentId === null ? null : pid(turn.currentId),
  }
  // the strategy says what the board shows of the turn: the side acting, the current tick
  Object.assign(view, initiative.turnView(state))
  if ('tick' in turn && typeof turn.tick === 'number') view.tick = turn.tick
  const bands: Array<{ band: string; ids: string[] }> = []
  for (const c of order) {
    if (c.band === undefined) continue
    const b = bands.find((x) => x.band === c.band)
    if (b) b.ids.push(c.id)
    else bands.push({ band: c.band, ids: [c.id] })
  }
  if (bands.length > 0) view.bands = bands
  if (open) view.hiddenTurn = hiddenTurn === 'side' ? { side: hidden.side } : {}
  const pools = playerPools(state, system)
  if (pools) view.pools = pools
  return { view, byGmId }
}

/** the pools the system shows players: whole numbers by key only, nothing when it shows none or fails (the GM view
 *  carries the same figures: to-gm-view's playerPoolsOf) */
export function playerPools(state: EncounterState, system: Pick<RuleSystem, 'playerPools'>): Record<string, number> | undefined {
  let raw: Record<string, unknown> | undefined
  try {
    raw = system.playerPools?.(state)
  } catch {
    raw = undefined
  }
  const out = Object.fromEntries(Object.entries(raw ?? {}).filter(([, v]) => typeof v === 'number' && Number.isFinite(v)))
  return Object.keys(out).length > 0 ? (out as Record<string, number>) : undefined
}

function boardCombatant(state: EncounterState, system: Pick<RuleSystem, 'playerView'>, c: Combatant, current: boolean, tickOf?: (value: number | null) => number | undefined, vn?: VisibleNumber): PlayerBoardCombatant {
  const base = safeRedact(state, system, c, vn)
  const out: PlayerBoardCombatant = { ...base, current }
  if (c.position?.band) out.band = c.position.band
  const tick = tickOf?.(c.initiative.value)
  if (tick !== undefined) out.tick = tick
  if (c.initiative.delayed) out.waiting = 'delayed'
  else if (c.initiative.readied) out.waiting = 'readied'
  return out
}

/** The system's view of one combatant, reduced to whitelisted fields and the side's display mode. */
export function safeRedact(state: EncounterState, system: Pick<RuleSystem, 'playerView'>, c: Combatant, vn?: VisibleNumber): PlayerCombatantView {
  const mode = displayModeOf(state, c.side)
  let pv: PlayerCombatantView | null = null
  try {
    pv = system.playerView(state, c) as PlayerCombatantView
  } catch {
    pv = null
  }
  const visibleKeys = new Set(c.conditions.filter((k) => !k.gmOnly).map((k) => k.key))
  // a GM's own condition keeps its name as typed (issue 10); systems' views pass the key only
  const names = new Map(c.conditions.filter((k) => !k.gmOnly && typeof k.name === 'string' && k.name).map((k) => [k.key, k.name as string]))
  const conditions = (pv?.conditions ?? c.conditions.filter((k) => !k.gmOnly))
    .filter((k) => visibleKeys.has(k.key))
    .map((k) => ({ key: String(k.key), ...(names.has(k.key) ? { name: names.get(k.key) } : {}), ...(typeof k.value === 'number' ? { value: k.value } : {}) }))

  const out: PlayerCombatantView = {
    id: vn?.id ?? c.id,
    name: renumbered(typeof pv?.name === 'string' && pv.name.length > 0 ? pv.name : displayName(c), c, vn),
    side: c.side,
    health: redactHealth(pv?.health, mode),
    conditions,
  }
  const extra = redactExtra(pv?.extra, mode)
  if (extra) out.extra = extra
  // the system's word for a fighter out of the fight, a known word only, not under a hidden side's display
  const status = (pv as { status?: unknown } | null)?.status
  if (mode !== 'hidden' && typeof status === 'string' && (PLAYER_STATUSES as readonly string[]).includes(status)) out.status = status as PlayerStatus
  return out
}

/** the name with the visible number in place of the own one */
function renumbered(name: string, c: Combatant, vn: VisibleNumber | undefined): string {
  if (!vn || vn.number === c.number) return name
  return name.endsWith(` ${c.number}`) ? `${name.slice(0, -` ${c.number}`.length)} ${vn.number}` : vn.name
}

function displayName(c: Combatant): string {
  return c.number !== undefined && !c.name.endsWith(` ${c.number}`) ? `${c.name} ${c.number}` : c.name
}

function redactHealth(h: PlayerCombatantView['health'] | undefined, mode: DisplayMode): PlayerCombatantView['health'] {
  if (mode === 'hidden' || !h) return { kind: 'hidden' }
  if (h.kind === 'exact') {
    const current = Number(h.current)
    const max = Number(h.max)
    if (mode === 'exact' && Number.isFinite(current) && Number.isFinite(max)) return { kind: 'exact', current, max }
    return { kind: 'descriptor', key: healthDescriptor(current, max) }
  }
  if (h.kind === 'descriptor' && typeof h.key === 'string') return { kind: 'descriptor', key: h.key }
  return { kind: 'hidden' }
}

/** numbers in `extra` are shown only when the GM shows that side's numbers (`exact`) */
function redactExtra(extra: PlayerCombatantView['extra'] | undefined, mode: DisplayMode): PlayerCombatantView['extra'] | undefined {
  if (!extra || mode === 'hidden') return undefined
  const out: Record<string, string | number | boolean> = {}
  for (const [k, v] of Object.entries(extra)) {
    if (typeof v === 'boolean') out[k] = v
    // a string such as "12/30" carries numbers too
    else if (typeof v === 'string' && (mode === 'exact' || !/\d/.test(v))) out[k] = v
    else if (typeof v === 'number' && mode === 'exact') out[k] = v
  }
  return Object.keys(out).length > 0 ? out : undefined
}
