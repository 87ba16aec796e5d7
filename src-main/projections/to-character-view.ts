/**
 * The ONLY place a player's phone's own view is built (issue 29): one character, for that character's link only.
 * What it holds of the encounter: the character's own combatant (the one made from the character's stat block,
 * `templateId`): its health and the system's own resources in full (`characterSheet`), its status, its conditions
 * that are not GM-only with what ends them, its tick, whether its turn is now or next, what its player may ask and
 * the points it may spend. Of any other combatant it names only the public name the board gives it, where one of its
 * conditions ends with that combatant's turn (`ends.who`), and null for one players cannot see. Never another
 * combatant's values or id, GM notes, GM-only conditions, readied triggers, the seed or a hidden combatant.
 * "Next" is next among what players see (the board's order: to-player-view's `toPlayerMoment`), so a hidden
 * combatant acting between never shows; while a hidden combatant acts, the phone follows the campaign's
 * `hiddenTurn` as the board does.
 */
import type { Combatant, ConditionInstance, EncounterState, EventRecord } from '@shared/domain/encounter'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import type { RequestKind } from '@shared/domain/table'
import type { CharacterCondition, CharacterRequestView, CharacterResource, CharacterSelfView, CharacterTurn, CharacterView, SpendOption } from '@shared/views/character-views'
import { PLAYER_STATUSES, type PlayerBoardCombatant, type PlayerStatus } from '@shared/views/encounter-views'
import type { CharacterSheet, RuleSystem } from '../rules/kit/system'
import { orderedIds } from '../rules/kit/initiative'
import { toPlayerMoment, type PlayerMoment } from './to-player-view'

export interface CharacterViewInput {
  /** the character's library stat block id (its link names it) */
  characterId: string
  characterName: string
  campaignName: string | null
  systemId: string | null
  /** the encounter on the player display, or null */
  state: EncounterState | null
  system: RuleSystem | null
  /** the encounter's event records (the board's visible numbers and frozen turn) */
  records?: readonly EventRecord[]
  /** the campaign's setting of what players see while a hidden combatant acts */
  hiddenTurn?: HiddenTurnDisplay
  /** this character's newest requests, newest first */
  requests: CharacterRequestView[]
  /** the GM lets players see the odds of their own attacks */
  odds: boolean
  /** the board's moment of this very state, when the caller has made it (one for every phone, not one each) */
  moment?: PlayerMoment
}

/** the character's combatant in the encounter: the one made from its stat block (the first, should there be more) */
export function characterCombatant(state: EncounterState | null, characterId: string): Combatant | undefined {
  return state?.combatants.find((c) => c.templateId === characterId)
}

export function toCharacterView(input: CharacterViewInput): CharacterView {
  const { state, system } = input
  const c = state && system ? characterCombatant(state, input.characterId) : undefined
  return {
    characterId: input.characterId,
    characterName: input.characterName,
    campaignName: input.campaignName,
    systemId: input.systemId,
    me: state && system && c ? selfView(state, system, c, input) : null,
    requests: input.requests,
    odds: input.odds,
  }
}

const inCombat = (s: EncounterState): boolean => s.turn.phase === 'combat' || s.turn.phase === 'surprise'

function selfView(state: EncounterState, system: RuleSystem, c: Combatant, input: CharacterViewInput): CharacterSelfView {
  const moment = input.moment ?? toPlayerMoment(state, system, input.records, input.hiddenTurn)
  const board = moment.byGmId.get(c.id)
  const sheet = sheetOf(state, system, c)
  const mine = live(state, system).includes(c.id)
  const spends = spendsOf(state, system, c)
  // delay and ready are the order's current slot's (the core refuses them to the others of a group acting together)
  const first = state.turn.order[state.turn.index] === c.id
  const can: RequestKind[] = mine && inCombat(state) ? (first ? ['endTurn', 'delay', 'ready'] : ['endTurn']) : []
  if (spends.length > 0) can.push('spend')
  const out: CharacterSelfView = {
    boardId: board?.id ?? null,
    name: board?.name ?? c.name,
    health: sheet.health,
    conditions: c.conditions.filter((k) => !k.gmOnly).map((k) => condition(k, c, moment)),
    resources: sheet.resources,
    turn: turnOf(state, system, c, moment, mine),
    can,
    spends,
  }
  const status = statusOf(state, system, c)
  if (status) out.status = status
  const tick = board?.tick ?? system.initiative.tickOf?.(c.initiative.value)
  if (typeof tick === 'number' && Number.isFinite(tick)) out.tick = tick
  return out
}

/** the combatants whose turn it is in the live encounter (none outside combat) */
function live(state: EncounterState, system: RuleSystem): string[] {
  if (!inCombat(state)) return []
  try {
    return system.initiative.actors(state)
  } catch {
    return []
  }
}

/** the system's sheet, reduced to whole numbers and string keys; without one, the health its view gives with the
 *  side's numbers shown */
function sheetOf(state: EncounterState, system: RuleSystem, c: Combatant): CharacterSheet {
  let sheet: CharacterSheet | null = null
  try {
    sheet = system.characterSheet ? system.characterSheet(state, c) : null
  } catch {
    sheet = null
  }
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
  if (sheet) {
    const h = sheet.health
    const health = h && num(h.current) && num(h.max) ? { current: h.current, max: h.max, ...(typeof h.label === 'string' ? { label: h.label } : {}) } : null
    const resources: CharacterResource[] = (sheet.resources ?? [])
      .filter((r) => typeof r.key === 'string' && num(r.value))
      .map((r) => ({ key: r.key, value: r.value, ...(num(r.max) ? { max: r.max } : {}), ...(r.shared === true ? { shared: true } : {}) }))
    return { health, resources }
  }
  const pv = ownPlayerView(state, system, c)
  const h = pv?.health
  return { health: h && h.kind === 'exact' && num(h.current) && num(h.max) ? { current: h.current, max: h.max } : null, resources: [] }
}

/** the system's player view of the character with its own side's numbers shown (its player knows them) */
function ownPlayerView(state: EncounterState, system: RuleSystem, c: Combatant) {
  try {
    return system.playerView({ ...state, display: { ...state.display, [c.side]: 'exact' } }, c)
  } catch {
    return null
  }
}

function statusOf(state: EncounterState, system: RuleSystem, c: Combatant): PlayerStatus | undefined {
  const s = ownPlayerView(state, system, c)?.status
  return typeof s === 'string' && (PLAYER_STATUSES as readonly string[]).includes(s) ? (s as PlayerStatus) : undefined
}

function spendsOf(state: EncounterState, system: RuleSystem, c: Combatant): SpendOption[] {
  let raw: SpendOption[] = []
  try {
    raw = system.playerSpends?.options(state, c) ?? []
  } catch {
    raw = []
  }
  return raw
    .filter((o) => typeof o.resource === 'string' && typeof o.label === 'string' && typeof o.left === 'number' && Number.isFinite(o.left))
    .map((o) => ({ resource: o.resource, label: o.label, left: o.left }))
}

/** one of the character's conditions, what ends it said with public names only */
function condition(k: ConditionInstance, me: Combatant, moment: PlayerMoment): CharacterCondition {
  const out: CharacterCondition = { key: String(k.key), ends: { at: 'manual' } }
  if (typeof k.name === 'string' && k.name) out.name = k.name
  if (typeof k.value === 'number') out.value = k.value
  const e = k.ends
  if (e.at === 'turnStart' || e.at === 'turnEnd') {
    const who = moment.byGmId.get(e.combatantId)
    out.ends = { at: e.at, who: who?.name ?? null, mine: e.combatantId === me.id, ...(typeof e.round === 'number' ? { round: e.round } : {}) }
  } else if (e.at === 'rounds') out.ends = { at: 'rounds', rounds: e.rounds, untilRound: k.appliedRound + e.rounds }
  else if (e.at === 'roundEnd') out.ends = { at: 'roundEnd', round: e.round }
  return out
}

/** out of the fight, or waiting: nobody's next */
const resting = (b: PlayerBoardCombatant): boolean => b.waiting !== undefined || b.status !== undefined

/**
 * The character's turn as players see it: `now` on its own turn; `next` when it is the first one players see to act
 * after the turn the board shows (in the encounter's order; after the last turn of the round, in the next round's
 * order: after a surprise round, everyone's initiative order, 001 Step 3), counting only those who will act; while a
 * hidden combatant acts with the board naming nobody, the first one players see after it.
 */
function turnOf(state: EncounterState, system: RuleSystem, c: Combatant, moment: PlayerMoment, mine: boolean): CharacterTurn {
  const { byGmId } = moment
  if (!inCombat(state)) return 'none'
  let out = false
  try {
    out = system.isOut(c)
  } catch {
    out = false
  }
  if (out) return 'out'
  const me = byGmId.get(c.id)
  if (mine && (me?.current ?? true)) return 'now'
  if (c.initiative.delayed || c.initiative.readied) return 'waiting'
  if (!me) return 'none'
  if (me.current) return 'now'
  const ids = state.turn.order
  if (!ids.includes(c.id) && state.turn.phase !== 'surprise') return 'none'
  const current = [...byGmId].filter(([, b]) => b.current).map(([id]) => ids.indexOf(id))
  // the board's current turn, else (a hidden one acts, or before the first turn) the live one
  const from = current.length > 0 ? Math.max(...current) : state.turn.index
  const nextRound = state.turn.phase === 'surprise' ? orderedIds(state.combatants) : ids
  const first = [...ids.slice(from + 1), ...nextRound].map((id) => byGmId.get(id)).find((b) => b !== undefined && !b.current && !resting(b))
  return first?.id === me.id ? 'next' : 'later'
}
