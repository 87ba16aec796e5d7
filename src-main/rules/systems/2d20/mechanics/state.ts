/** The combat state of a 2d20 combatant (Combatant.state), built from its stat block, and the rules' views of it. */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import type { Fighter } from './attack'
import { freshBudget, type TurnBudget } from './combat'
import type { Pools, PoolSettings } from './pools'
import { DEFAULT_POOL_SETTINGS } from './pools'
import { statBlock, stressMax, trackersOf, TRACKS, type AfflictionValues, type StatBlock, type StressValues, type Track } from '../schema'
import { outStatus } from './stress'

export interface TdState {
  stress: StressValues
  afflictions: AfflictionValues
  /** PCs and villains (002:92, 002:120) */
  luck: number
  /** a PC's saved Momentum (J1) */
  momentum: number
  budget: TurnBudget
  /** J7: has taken its turn this round */
  acted: boolean
  /** blacked out by the narrator (002:124) or voluntarily (002:126), besides 5 afflictions */
  blackedOut: boolean
  /** 002:126: removes 1 affliction of every type in the next scene */
  reliefNextScene: boolean
  /** a minion dispatched (002:78) */
  dispatched: boolean
}

export function initialState(sb: StatBlock): TdState {
  return {
    stress: { ...sb.stress },
    afflictions: { ...sb.afflictions },
    luck: sb.kind === 'pc' || sb.kind === 'npc' ? sb.luck : 0,
    momentum: sb.kind === 'pc' ? sb.momentum : 0,
    budget: freshBudget(),
    acted: false,
    blackedOut: false,
    reliefNextScene: false,
    dispatched: false,
  }
}

const parsed = new WeakMap<object, StatBlock>()

/** The stat block snapshot of a combatant (validated when it was added; parsed once per snapshot object). */
export function tdStats(c: Combatant): StatBlock {
  let sb = parsed.get(c.stats)
  if (!sb) {
    sb = statBlock.parse(c.stats)
    parsed.set(c.stats, sb)
  }
  return sb
}

export function tdState(c: Combatant): TdState {
  return c.state as unknown as TdState
}

export const maxOf = (sb: StatBlock): StressValues => Object.fromEntries(TRACKS.map((t) => [t, stressMax(sb.attributes, t)])) as Record<Track, number>

/** The rules' view of a combatant. Players' side = the party and its allies (J7). */
export function fighterOf(c: Combatant): Fighter {
  const sb = tdStats(c)
  const st = tdState(c)
  return {
    id: c.id,
    name: c.name,
    side: c.side === 'party' || c.side === 'allies' ? 'players' : 'narrator',
    attributes: sb.attributes,
    afflictions: st.afflictions,
    stress: st.stress,
    max: maxOf(sb),
    trackers: trackersOf(sb),
    menace: sb.kind === 'npc' ? sb.menace : undefined,
    minion: sb.kind === 'npc' && sb.tier === 'minion',
  }
}

/** Out of the fight: dispatched, defeated, blacked out (002:176, J4). */
export function isOut(c: Combatant): boolean {
  const st = tdState(c)
  const sb = tdStats(c)
  const o = outStatus(st.afflictions, sb.kind === 'npc' ? sb.menace : undefined)
  return st.dispatched || st.blackedOut || o.defeated || o.blackedOut.length > 0
}

export function poolSettingsOf(s: EncounterState): PoolSettings {
  const v = s.system.momentumPool
  const cap = s.system.partyMomentumCap
  return {
    momentumPool: v === 'party' ? 'party' : DEFAULT_POOL_SETTINGS.momentumPool,
    partyMomentumCap: typeof cap === 'number' ? cap : DEFAULT_POOL_SETTINGS.partyMomentumCap,
  }
}

/** The pools as the rules see them: Threat and the party pool from the board, Luck and saved Momentum per character. */
export function poolsOf(s: EncounterState): Pools {
  const momentum: Record<string, number> = {}
  const luck: Record<string, number> = {}
  for (const c of s.combatants) {
    const st = tdState(c)
    if (st.momentum) momentum[c.id] = st.momentum
    if (st.luck) luck[c.id] = st.luck
  }
  return { threat: s.pools.threat ?? 0, partyMomentum: s.pools.momentum ?? 0, momentum, luck }
}
