/**
 * J7 turn order as a pure function over a round: the players' side acts first, then the sides alternate, one
 * character a turn; when a side has nobody left the other side's characters act one after another. The narrator
 * may pay 1 Threat ("Seize Initiative", 002:118) to have a narrator character act when it would be the players'
 * turn (or first in the round). Play then passes back to the players.
 */
import { ok, type Result } from '@shared/result'
import { refuse } from '../../../kit/refuse'
import { log as en } from '../i18n/en'
import type { PoolSide } from './pools'

export interface TurnActor {
  id: string
  /** the character's name, for a refusal (its id when absent) */
  name?: string
  side: PoolSide
  /** has taken its turn this round */
  acted: boolean
  /** 'no' for the blacked-out, defeated and dispatched; 'withLuck' for the incapacitated (002:176) */
  canAct: 'yes' | 'withLuck' | 'no'
}

export interface RoundState {
  round: number
  actors: TurnActor[]
  /** the side of the last turn taken this round (null at the start of a round) */
  lastSide: PoolSide | null
}

const other = (s: PoolSide): PoolSide => (s === 'players' ? 'narrator' : 'players')

/** Characters of a side that may still take a turn this round. */
export const waiting = (r: RoundState, side: PoolSide): string[] =>
  r.actors.filter((a) => a.side === side && !a.acted && a.canAct !== 'no').map((a) => a.id)

/** The side whose turn it is: players first (J7), then the other side of the last turn, if anyone is left there. */
export function sideToAct(r: RoundState): PoolSide | null {
  const preferred = r.lastSide === null ? 'players' : other(r.lastSide)
  if (waiting(r, preferred).length > 0) return preferred
  if (waiting(r, other(preferred)).length > 0) return other(preferred)
  return null
}

export interface NextTurn {
  side: PoolSide | null
  /** who may take the next turn without paying */
  ids: string[]
  /** narrator characters that may act now by Seizing the Initiative for 1 Threat (002:118) */
  seize: string[]
  /** everyone has acted: start the next round */
  roundOver: boolean
}

export function nextTurn(r: RoundState): NextTurn {
  const side = sideToAct(r)
  if (side === null) return { side: null, ids: [], seize: [], roundOver: true }
  return { side, ids: waiting(r, side), seize: side === 'players' ? waiting(r, 'narrator') : [], roundOver: false }
}

export const SEIZE_INITIATIVE_COST = 1

/**
 * Take a turn. A narrator character acting on the players' turn must seize the initiative (`seized: true`, the
 * caller pays 1 Threat through pools.spend). After a seized turn the players are due again.
 */
export function takeTurn(r: RoundState, id: string, seized = false): Result<RoundState> {
  const a = r.actors.find((x) => x.id === id)
  const field = 'combatantId'
  if (!a) return refuse('not-found', en, 'refusal.2d20.notInTurnOrder', { name: id }, { field })
  const name = a.name ?? a.id
  if (a.acted) return refuse('rule', en, 'refusal.2d20.alreadyActed', { name }, { field, cite: 'J7' })
  if (a.canAct === 'no') return refuse('rule', en, 'refusal.2d20.cannotActOut', { name }, { field, cite: '002:176' })
  const n = nextTurn(r)
  if (n.ids.includes(id)) {
    if (seized) return refuse('rule', en, 'refusal.2d20.noNeedToSeize', { name }, { field: 'seized' })
  } else if (!(seized && n.seize.includes(id))) {
    const names = n.ids.map((x) => r.actors.find((y) => y.id === x)?.name ?? x).join(', ')
    if (n.side === null) return refuse('rule', en, 'refusal.2d20.roundOver', {}, { field, cite: 'J7' })
    if (n.side === 'narrator') return refuse('rule', en, 'refusal.2d20.narratorTurn', { names }, { field, cite: 'J7' })
    return n.seize.length > 0 && a.side === 'narrator'
      ? refuse('rule', en, 'refusal.2d20.playersTurnSeize', { names }, { field, cite: 'J7, 002:118' })
      : refuse('rule', en, 'refusal.2d20.playersTurn', { names }, { field, cite: 'J7' })
  }
  const actors = r.actors.map((x) => (x.id === id ? { ...x, acted: true } : x))
  // after a seized turn play passes back to the players: record the narrator as the last side either way
  return ok({ ...r, actors, lastSide: a.side })
}

/** A new round: nobody has acted, the players are due (J7). */
export const newRound = (r: RoundState): RoundState => ({ round: r.round + 1, lastSide: null, actors: r.actors.map((a) => ({ ...a, acted: false })) })

/**
 * J7 as a plan: the order in which the waiting characters act, alternating sides, starting with the side opposite
 * `lastSide` (players when null); when a side runs out the other goes on. Each side's queue keeps its given order.
 */
export function j7Plan(players: readonly string[], narrator: readonly string[], lastSide: PoolSide | null): string[] {
  const q: Record<PoolSide, string[]> = { players: [...players], narrator: [...narrator] }
  const out: string[] = []
  let side: PoolSide = lastSide === null ? 'players' : other(lastSide)
  while (q.players.length + q.narrator.length > 0) {
    if (q[side].length === 0) side = other(side)
    out.push(q[side].shift() as string)
    side = other(side)
  }
  return out
}
