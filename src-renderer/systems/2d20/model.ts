/**
 * What the 2d20 board parts read from a combatant (its stat block snapshot and state, as the GM view sends them) and
 * the spends they offer. The rules stay in main (src-main/rules/systems/2d20/); these are display helpers only: the
 * track maxima (002:165), the take-out words (002:176, J4) and which table row is paid where (src-main/rules/systems/2d20/README.md, Pools).
 */
import type { Combatant, EncounterState } from '@shared/domain/encounter'
import { numberOr } from '../common'

import { TRACKS, TRACK_INFO, momentumCapOf, trackMaxOf, type Track } from './editor-model'
export { TRACKS, TRACK_INFO, type Track }

interface Stats { kind?: string; tier?: string; menace?: number; trackers?: string[]; attributes?: Record<string, number> }
interface TdState { stress?: Record<string, number>; afflictions?: Record<string, number>; luck?: number; momentum?: number; blackedOut?: boolean; dispatched?: boolean }

export const statsOf = (c: Combatant): Stats => c.stats as Stats
export const stateOf = (c: Combatant): TdState => c.state as TdState
export const isPc = (c: Combatant): boolean => statsOf(c).kind === 'pc'
export const isVillain = (c: Combatant): boolean => statsOf(c).kind === 'npc' && statsOf(c).tier === 'villain'
export const playersSide = (c: Combatant): boolean => c.side === 'party' || c.side === 'allies'

/** the tracks a character has: minions none, monsters their list, everyone else all three (002:137) */
export function trackersOf(c: Combatant): Track[] {
  const s = statsOf(c)
  if (s.kind !== 'npc') return [...TRACKS]
  if (s.tier === 'minion') return []
  return TRACKS.filter((t) => (s.trackers ?? TRACKS).includes(t))
}

/** 002:165: the higher of the track's two attributes */
export const trackMax = (c: Combatant, t: Track): number => trackMaxOf(statsOf(c).attributes ?? {}, t)

/** J1: saved Momentum is capped at the lowest attribute */
export const momentumCap = (c: Combatant): number => momentumCapOf(statsOf(c).attributes ?? {})

/** 002:176, J4: the words for a character out of (or nearly out of) the fight; null when it fights on */
export function statusOf(c: Combatant): 'dispatched' | 'defeated' | 'blackedOut' | 'incapacitated' | null {
  const st = stateOf(c)
  const aff = Object.values(st.afflictions ?? {}).map((n) => numberOr(n))
  const menace = statsOf(c).menace
  if (st.dispatched) return 'dispatched'
  if (menace !== undefined && aff.reduce((a, n) => a + n, 0) > menace) return 'defeated'
  if (st.blackedOut || aff.some((n) => n >= 5)) return 'blackedOut'
  if (aff.some((n) => n >= 4)) return 'incapacitated'
  return null
}

/** J7 on the board: who acts now, who may act next (the plan of the round), how many of each side still wait */
export function turnState(enc: EncounterState) {
  const byId = new Map(enc.combatants.map((c) => [c.id, c]))
  const { order, index } = enc.turn
  const current = index >= 0 ? byId.get(order[index]) : undefined
  const waiting = order.slice(index + 1).map((id) => byId.get(id)).filter((c): c is Combatant => c !== undefined && statusOf(c) === null)
  // J7: the other side goes next when anyone there can still act, else the same side goes on
  const other = current ? waiting.find((c) => playersSide(c) !== playersSide(current)) : undefined
  return {
    current: current ?? null,
    next: other ?? waiting[0] ?? null,
    players: waiting.filter(playersSide).length,
    narrator: waiting.filter((c) => !playersSide(c)).length,
  }
}

export type SpendPool = 'momentum' | 'luck' | 'threat'
/** one button of the spends: the request it sends (`n`: the count box), or the form of a roll that pays it */
export interface SpendButton {
  id: string
  spend: string
  pool: SpendPool
  /** i18n key of the cost (2d20.cost.*) */
  cost: string
  request?: (n: number, ctx: { characterId: string; villainId: string }) => Record<string, unknown>
  /** Second Wind: the track it clears */
  track?: Track
  /** paid by a roll's command (src-main/rules/systems/2d20/README.md: never twice): shown, not sent */
  inRoll?: boolean
  /** needs a player character (the Threat rows that act on one) or a villain */
  needs?: 'character' | 'villain'
}

const plain = (spend: string) => () => ({ spend })
export const SPENDS: SpendButton[] = [
  // Momentum (002:68-90)
  { id: 'additionalMovement', spend: 'additionalMovement', pool: 'momentum', cost: '2d20.cost.additionalMovement', request: () => ({ spend: 'additionalMovement', ignoreObstacles: false }) },
  { id: 'additionalMovementFree', spend: 'additionalMovement', pool: 'momentum', cost: '2d20.cost.additionalMovementFree', request: () => ({ spend: 'additionalMovement', ignoreObstacles: true }) },
  { id: 'createObstacle', spend: 'createObstacle', pool: 'momentum', cost: '2d20.cost.createObstacle', request: (n) => ({ spend: 'createObstacle', steps: Math.min(3, n) }) },
  { id: 'obtainInformation', spend: 'obtainInformation', pool: 'momentum', cost: '2d20.cost.obtainInformation', request: (n) => ({ spend: 'obtainInformation', questions: n }) },
  { id: 'increaseQuality', spend: 'increaseQuality', pool: 'momentum', cost: '2d20.cost.increaseQuality', request: (n) => ({ spend: 'increaseQuality', cost: n }) },
  { id: 'increaseScope', spend: 'increaseScope', pool: 'momentum', cost: '2d20.cost.increaseScope', request: (n) => ({ spend: 'increaseScope', cost: n }) },
  { id: 'reduceTime', spend: 'reduceTime', pool: 'momentum', cost: '2d20.cost.reduceTime', request: (n) => ({ spend: 'reduceTime', cost: n }) },
  { id: 'sendWeaponFlying', spend: 'sendWeaponFlying', pool: 'momentum', cost: '2d20.cost.sendWeaponFlying', request: () => ({ spend: 'sendWeaponFlying', far: true }) },
  { id: 'sendWeaponFlyingNear', spend: 'sendWeaponFlying', pool: 'momentum', cost: '2d20.cost.sendWeaponFlyingNear', request: () => ({ spend: 'sendWeaponFlying', far: false }) },
  { id: 'createOpportunity', spend: 'createOpportunity', pool: 'momentum', cost: '2d20.cost.createOpportunity', inRoll: true },
  { id: 'rollExtraDamage', spend: 'rollExtraDamage', pool: 'momentum', cost: '2d20.cost.rollExtraDamage', inRoll: true },
  { id: 'dispatchMinion', spend: 'dispatchMinion', pool: 'momentum', cost: '2d20.cost.dispatchMinion', inRoll: true },
  { id: 'counterstrike', spend: 'counterstrike', pool: 'momentum', cost: '2d20.cost.counterstrike', inRoll: true },
  { id: 'explosiveBlast', spend: 'explosiveBlast', pool: 'momentum', cost: '2d20.cost.explosiveBlast', inRoll: true },
  // Luck (002:92-102)
  { id: 'extraConflictAction', spend: 'extraConflictAction', pool: 'luck', cost: '2d20.cost.extraConflictAction', request: plain('extraConflictAction') },
  ...(['confusion', 'fear', 'injury'] as const).map((track): SpendButton => ({ id: `secondWind-${track}`, spend: 'secondWind', pool: 'luck', cost: '2d20.cost.secondWind', track, request: plain('secondWind') })),
  { id: 'overcomeWeakness', spend: 'overcomeWeakness', pool: 'luck', cost: '2d20.cost.overcomeWeakness', request: plain('overcomeWeakness') },
  { id: 'influenceStory', spend: 'influenceStory', pool: 'luck', cost: '2d20.cost.influenceStory', request: (n) => ({ spend: 'influenceStory', cost: n }) },
  { id: 'bonusD20', spend: 'bonusD20', pool: 'luck', cost: '2d20.cost.bonusD20', inRoll: true },
  // Threat (002:104-128)
  { id: 'complication', spend: 'complication', pool: 'threat', cost: '2d20.cost.complication', request: plain('complication') },
  { id: 'reinforcementMinion', spend: 'reinforcementMinion', pool: 'threat', cost: '2d20.cost.reinforcementMinion', request: (n) => ({ spend: 'reinforcementMinion', count: n }) },
  { id: 'reinforcementMonster', spend: 'reinforcementMonster', pool: 'threat', cost: '2d20.cost.reinforcementMonster', request: (n) => ({ spend: 'reinforcementMonster', menace: n }) },
  { id: 'divideGroup', spend: 'divideGroup', pool: 'threat', cost: '2d20.cost.divideGroup', request: (n) => ({ spend: 'divideGroup', largestGroup: n }) },
  { id: 'maintainSplit', spend: 'maintainSplit', pool: 'threat', cost: '2d20.cost.maintainSplit', request: plain('maintainSplit') },
  { id: 'villainLuck', spend: 'villainLuck', pool: 'threat', cost: '2d20.cost.villainLuck', needs: 'villain', request: (n, x) => ({ spend: 'villainLuck', luck: n, villainId: x.villainId }) },
  { id: 'forceBlackOut', spend: 'forceBlackOut', pool: 'threat', cost: '2d20.cost.forceBlackOut', needs: 'character', request: (_n, x) => ({ spend: 'forceBlackOut', characterId: x.characterId }) },
  { id: 'voluntaryBlackOut', spend: 'voluntaryBlackOut', pool: 'threat', cost: '2d20.cost.voluntaryBlackOut', needs: 'character', request: (_n, x) => ({ spend: 'voluntaryBlackOut', characterId: x.characterId }) },
  { id: 'voluntaryFailure', spend: 'voluntaryFailure', pool: 'threat', cost: '2d20.cost.voluntaryFailure', needs: 'character', request: (_n, x) => ({ spend: 'voluntaryFailure', characterId: x.characterId }) },
  { id: 'winDraw', spend: 'winDraw', pool: 'threat', cost: '2d20.cost.winDraw', inRoll: true },
  { id: 'danger', spend: 'danger', pool: 'threat', cost: '2d20.cost.danger', inRoll: true },
  { id: 'explosiveBystander', spend: 'explosiveBystander', pool: 'threat', cost: '2d20.cost.explosiveBystander', inRoll: true },
]
