/** The mutable combat state of a Saga combatant (Combatant.state), and the condition track (001). */
import type { Combatant } from '@shared/domain/encounter'
import type { SagaStatBlock } from '../schema'

export type Status = 'ok' | 'unconscious' | 'dead' | 'disabled' | 'destroyed'

export interface Actions {
  standard: number
  move: number
  swift: number
  /** surprise round: a single standard, move or swift action, no full-round action (001) */
  single?: boolean
  used: string[]
}

export interface SagaState {
  hp: number
  maxHp: number
  /** condition track step 0 (normal) .. 5 (helpless), W4 */
  ct: number
  /** current shield rating (drops by 5, W2) */
  sr: number
  status: Status
  /** number of persistent conditions (001): block recover and natural healing */
  persistent: number
  /** of those, the ones from failed Con checks (001:99): eight consecutive hours of rest end them; the others
   * (poison, disease: 001:130) wait for their cause to be treated. Absent in logs written before issue 27. */
  persistentRest?: number
  forcePoints: number
  /** the action budget of the current turn; null outside the combatant's turn */
  actions: Actions | null
  /** reaction triggers already answered (001: one reaction per trigger) */
  reactions: string[]
  /** round of the last attack of opportunity (003: once per round) */
  aooRound: number | null
  /** swift actions spent toward the recover action (001: three) */
  recover: number
  secondWindToday: number
  secondWindThisEncounter: boolean
  naturalHealToday: boolean
  /** knocked out by stun: Con checks cannot kill (003, W3) */
  stunnedOut: boolean
  /** the last damage killed (or destroyed) it and a Force Point may still avoid it (001) */
  deathAvoidable: boolean
  prone: boolean
  /** 001 Falling Unconscious: the first round a Con check may be made (knocked out in round r → r + 10; after a
   * failed check, one hour = 600 rounds later). Absent or null outside combat: the GM keeps the time. */
  conCheckRound?: number | null
  /** whose turn it was then: the check falls due at that initiative count of `conCheckRound` (W7 style) */
  conCheckTurnOf?: string | null
  /** the vehicle it rides in (001: occupants share the vehicle's condition-track penalties) */
  vehicle?: string | null
  /** swift actions spent toward restoring shields (003: three, then a DC 20 check) */
  shieldActions?: number
  /** the round of the last swift action toward recover / shields (001: "same or consecutive rounds") */
  recoverRound?: number | null
  shieldRound?: number | null
}

/** 001 condition track: penalty to defenses, attacks, ability and skill checks per step; step 5 is helpless. */
export const CT_PENALTY = [0, -1, -2, -5, -10, -10] as const
export const CT_MAX = 5
export const ctPenalty = (ct: number): number => CT_PENALTY[Math.max(0, Math.min(CT_MAX, ct))]
export const clampCt = (ct: number): number => Math.max(0, Math.min(CT_MAX, ct))
/** 001: step 4 moves at half speed */
export const speedAt = (speed: number, ct: number): number => (ct >= 4 ? Math.floor(speed / 2) : speed)

export function initialSagaState(sb: SagaStatBlock): SagaState {
  return {
    hp: sb.hp,
    maxHp: sb.hp,
    ct: 0,
    sr: sb.sr ?? 0,
    status: 'ok',
    persistent: 0,
    persistentRest: 0,
    forcePoints: sb.forcePoints,
    actions: null,
    reactions: [],
    aooRound: null,
    recover: 0,
    secondWindToday: 0,
    secondWindThisEncounter: false,
    naturalHealToday: false,
    stunnedOut: false,
    deathAvoidable: false,
    prone: false,
    // present from the start, though only a knocked-out combatant uses them: a fight then never adds a field to a
    // state, and V8 keeps one shape for every combatant's state (adding them gave each a shape of its own: issue 13)
    conCheckRound: null,
    conCheckTurnOf: null,
  }
}

export const sagaState = (c: Combatant): SagaState => c.state as unknown as SagaState
export const sagaStats = (c: Combatant): SagaStatBlock => c.stats as unknown as SagaStatBlock

/** Helpless: unconscious, disabled, or at the bottom of the track (001, 003 "Helpless opponents"). */
export const isHelpless = (st: SagaState): boolean => st.status !== 'ok' || st.ct >= CT_MAX
export const isOut = (st: SagaState): boolean => st.status !== 'ok'
