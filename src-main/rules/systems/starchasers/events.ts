/**
 * Starchasers events (seed 000; S1–S22): one member per event type. Handlers write them onto a
 * `Batch<StarchasersEvent>` (evolve.ts), so an event of a type not listed here is a type error where it is
 * written. Each member declares the fields evolve reads; the log lines (log.ts) pick their flat parameters by name
 * from any event, so the other fields stay open (read as `unknown`). Events that change combatants carry `changes`
 * (kit/patch.ts) and, for duels, `duel` (the new duel state or null).
 */
import type { Changes, EventOf, OpenEventUnion } from '../../kit/events'
import type { ScState } from './mechanics/state'

type Wire = Changes<ScState> & { duel?: unknown }

export interface StarchasersEventMap {
  'starchasers.aimed': Wire
  'starchasers.aimLapsed': Wire
  'starchasers.allyAttacked': Wire
  'starchasers.allyCardMade': Wire & { combatantId: string; stats: Record<string, unknown> }
  'starchasers.allyDefended': Wire
  'starchasers.allyPassive': Wire
  'starchasers.areaAttack': Wire
  'starchasers.areaHit': Wire
  'starchasers.armorReacted': Wire
  'starchasers.attackResolved': Wire
  'starchasers.blast': Wire
  'starchasers.breakFree': Wire
  'starchasers.burned': Wire
  'starchasers.clockTicked': Wire
  'starchasers.concentrated': Wire
  'starchasers.defenseChanged': Wire
  'starchasers.disarmed': Wire
  'starchasers.duelEnded': Wire
  'starchasers.duelExchanged': Wire
  'starchasers.duelPhase': Wire
  'starchasers.duelStarted': Wire
  'starchasers.fell': Wire
  'starchasers.freeAction': Wire
  'starchasers.grappleAttack': Wire
  'starchasers.grappleAttempt': Wire
  'starchasers.grappled': Wire
  'starchasers.grapplingFocus': Wire
  'starchasers.grenadeThrown': Wire
  'starchasers.harmed': Wire
  'starchasers.hazard': Wire
  'starchasers.healed': Wire
  'starchasers.hid': Wire
  'starchasers.injured': Wire
  'starchasers.moved': Wire & { combatantId: string; band?: string | null; reaction?: string }
  'starchasers.placed': Wire
  'starchasers.searched': Wire
  'starchasers.senseAttack': Wire
  'starchasers.shieldHit': Wire
  'starchasers.shieldRecharged': Wire
  'starchasers.shieldTicked': Wire
  'starchasers.steadied': Wire
  'starchasers.symptoms': Wire
  'starchasers.turnStarted': Wire
  'starchasers.weaponTooHeavy': Wire
  'starchasers.woke': Wire
}

export type StarchasersEvent = OpenEventUnion<StarchasersEventMap>
export type StarchasersEventOf<T extends StarchasersEvent['type']> = EventOf<StarchasersEvent, T>
