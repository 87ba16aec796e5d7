/** The combat state of a Starchasers combatant (Combatant.state) and accessors. */
import type { Combatant, ConditionInstance, EncounterState } from '@shared/domain/encounter'
import type { Batch } from '../../../kit/batch'
import type { AllyStatBlock, DefenseKind, Fighter, StatBlock } from '../schema'
import { newTrack, type Track } from './harm'
import type { DuelState } from './duel'

export interface ScState extends Track {
  /** Focus tokens held (S17: several can be held, one spent per roll) */
  focusTokens: number
  /** Aim pending: Reroll(2) on the next attack this turn (S17) */
  aim: boolean
  actionsUsed: number
  freeActionsUsed: number
  attacksThisTurn: number
  /** the current Default Defense (PCs choose Block/Dodge/Parry; 000:270) */
  defense: DefenseKind
  /** Evades banked by a Defensive weapon quality for the next defense (000:731) */
  bankedEvades: number
  /** Burning damage not yet dealt (000:739) */
  burning: number
  /** 000:739 "on the following Round": the Round the newest Burning came in and how much of `burning` came in it;
   *  that part waits for a turn in a later Round (a Round ends with the last faction's turn, 000:21). Absent in
   *  older logs, where all of it came due at the target's next turn. */
  burningRound?: number
  burningNew?: number
  stealthTokens: number
  /** ally special attacks and passive: uses this battle */
  uses: Record<string, number>
  /** grapple: id of the combatant this one holds, and the Hits of the grapple check */
  grappling: string | null
  grappleHits: number
  /** energy shield (000:884, 000:897, S18): rounds of protection left and shield HP left; absent = the stat block's */
  shieldRounds?: number | null
  shieldHp?: number | null
  /** 000:779 a too-heavy weapon's Strength check holds for the round: weapon name → round of the passed check */
  weightChecks?: Record<string, number>
  /** 000:701 where the Dying clock started (the round and the count of the 7th Injury); absent in older logs */
  dyingSince?: { round: number; turnOf: string | null }
  /** Actions lost this turn (000:582 Stunned: 1 at the start of the next turn) */
  actionsLost?: number
  /** the Stunned conditions (instance ids) that already cost their Action (000:582: once each) */
  stunsSpent?: string[]
  /** squares of movement left without an Action: half the Movement Points from Backstab, Ambush, Pistol Whip,
   *  Quickdraw (000:380), for the rest of that turn */
  movementLeft?: number
  /** map square, when the GM places combatants on a grid (grenades, areas) */
  square?: { x: number; y: number } | null
}

export function initialState(sb: StatBlock): ScState {
  if (sb.kind === 'ally') {
    const t = newTrack(sb.hp, sb.stressCapacity, 6, 0, sb.injuriesSuffered)
    return { ...t, focusTokens: 0, aim: false, actionsUsed: 0, freeActionsUsed: 0, attacksThisTurn: 0, defense: 'armor', bankedEvades: 0, burning: 0, stealthTokens: 0, uses: {}, grappling: null, grappleHits: 0 }
  }
  const t = newTrack(sb.hp, sb.stressCapacity, sb.kind === 'pc' ? sb.vitality : 6, sb.kind === 'pc' ? sb.motivation : 0, sb.kind === 'pc' ? 6 - sb.vitality : 0)
  return { ...t, focusTokens: 0, aim: false, actionsUsed: 0, freeActionsUsed: 0, attacksThisTurn: 0, defense: sb.defaultDefense, bankedEvades: 0, burning: 0, stealthTokens: 0, uses: {}, grappling: null, grappleHits: 0, ...shieldState(sb.shield) }
}

/** The patch for `n` points of Burning dealt in `round` (000:739): what came in an earlier Round is due now. */
export function burningAdded(st: ScState, n: number, round: number): Pick<ScState, 'burning' | 'burningRound' | 'burningNew'> {
  const sameRound = st.burningRound === round
  return { burning: st.burning + n, burningRound: round, burningNew: (sameRound ? st.burningNew ?? 0 : 0) + n }
}

/** The Burning due at a turn in `round` (000:739): all of it but what came in this same Round. */
export const burningDue = (st: ScState, round: number): number => st.burning - (st.burningRound === round ? Math.min(st.burning, st.burningNew ?? 0) : 0)

/** A full energy shield: the stat block's duration and HP (null when the data is not given). */
export function shieldState(sh: Fighter['shield']): Pick<ScState, 'shieldRounds' | 'shieldHp'> {
  if (!sh || sh.kind === 'physical') return {}
  return { shieldRounds: sh.durationRounds ?? null, shieldHp: sh.energyHp ?? null }
}

/**
 * Whether an energy / psychic shield is up: rounds left and shield HP left (000:897, S18). Values never set
 * (older saves) fall back to the stat block. A physical shield is always up.
 */
export function shieldUp(c: Combatant): boolean {
  const f = fighter(c)
  const sh = f?.shield
  if (!sh || sh.kind === 'physical') return !!sh
  const st = scState(c)
  const rounds = st.shieldRounds === undefined ? (sh.durationRounds ?? null) : st.shieldRounds
  const hp = st.shieldHp === undefined ? (sh.energyHp ?? null) : st.shieldHp
  return (rounds === null || rounds > 0) && (hp === null || hp > 0)
}
export const shieldHpOf = (c: Combatant): number | null => { const st = scState(c); return st.shieldHp === undefined ? (fighter(c)?.shield?.energyHp ?? null) : st.shieldHp }
export const shieldRoundsOf = (c: Combatant): number | null => { const st = scState(c); return st.shieldRounds === undefined ? (fighter(c)?.shield?.durationRounds ?? null) : st.shieldRounds }

/** weapons dropped or knocked away (condition `disarmed`, its source is the weapon's name) */
export const disarmedWeapons = (c: Combatant): string[] => c.conditions.filter((k) => k.key === 'starchasers.disarmed').map((k) => k.source ?? '')

export const scState = (c: Combatant): ScState => c.state as unknown as ScState
export const scStats = (c: Combatant): StatBlock => c.stats as unknown as StatBlock
export const isAlly = (c: Combatant): boolean => scStats(c).kind === 'ally'
export const fighter = (c: Combatant): Fighter | null => { const s = scStats(c); return s.kind === 'ally' ? null : s }
export const allyStats = (c: Combatant): AllyStatBlock | null => { const s = scStats(c); return s.kind === 'ally' ? s : null }

/** bare condition keys (`starchasers.prone` → `prone`) */
export const conditionKeys = (c: Combatant): string[] => c.conditions.map((k) => (k.key.startsWith('starchasers.') ? k.key.slice('starchasers.'.length) : k.key))
export const conditionValue = (c: Combatant, key: string): number => c.conditions.filter((k) => k.key === `starchasers.${key}`).reduce((s, k) => s + (k.value ?? 0), 0)

export const duelOf = (s: EncounterState): DuelState | null => (s.system.duel as DuelState | undefined) ?? null

/** Which Track fields an event may set. */
export const TRACK_KEYS: Array<keyof Track> = ['hp', 'maxHp', 'stress', 'stressCapacity', 'injuries', 'vitality', 'motivation', 'unconscious', 'dying', 'dyingRounds', 'dead', 'deadRounds']
export function trackOf(st: ScState): Track {
  // field by field into one object (Object.fromEntries made a slow dictionary object, on every hit: issue 13)
  const t: Record<string, unknown> = {}
  for (const k of TRACK_KEYS) t[k] = st[k]
  return t as unknown as Track
}

/** Add `starchasers.<key>` unless the combatant already has it (statuses do not stack; armor breaks do). */
export function addStatus(b: Batch, c: Combatant, key: string, ends: ConditionInstance['ends'] = { at: 'manual' }, value?: number, source?: string): void {
  const cur = b.get(c.id) ?? c
  const full = `starchasers.${key}`
  if (cur.conditions.some((k) => k.key === full && (key !== 'disarmed' || k.source === source)) && key !== 'armorBreak' && key !== 'armorPierced') return
  b.addCondition(cur, full, ends, value, source || undefined)
}

/** End `starchasers.<key>` on the combatant. */
export const endStatus = (b: Batch, c: Combatant, key: string, reason = 'removed'): void => b.endConditions(c, `starchasers.${key}`, reason)
