/**
 * A player's own phone (issue 29): the view of one character, built in main by
 * src-main/projections/to-character-view.ts for that character's link only. It never holds another character's
 * private values or anything GM-only: the public board comes separately (`player:view`, the same view the TV gets),
 * and this view carries only the character's own sheet, its turn and its own requests.
 */
import type { RequestKind } from '../domain/table'
import type { PlayerStatus } from './encounter-views'

/** One of the system's own resources, as the character's sheet shows it (Force Points, Luck, Stress, Willpower…). */
export interface CharacterResource {
  /** the i18n key of its label (the system's ui catalog) */
  key: string
  value: number
  max?: number
  /** a pool the whole group shares (2d20's Momentum): shown apart */
  shared?: boolean
}

/** When one of the character's conditions ends, as the phone says it. `who`: the combatant whose turn ends it, by
 *  its public name, or null when that one is not visible to players. */
export type CharacterConditionEnds =
  | { at: 'manual' }
  | { at: 'turnStart' | 'turnEnd'; who: string | null; mine: boolean; round?: number }
  | { at: 'rounds'; rounds: number; untilRound: number }
  | { at: 'roundEnd'; round: number }

export interface CharacterCondition {
  /** the system's condition key (a label key of its catalog), or `custom.…` with its `name` as typed */
  key: string
  name?: string
  value?: number
  ends: CharacterConditionEnds
}

/** `now`: your turn; `next`: you're next; `later`: in the order, not next; `waiting`: delayed or readied;
 *  `out`: out of the fight; `none`: no turn now (setup, ended, not in the order) */
export type CharacterTurn = 'now' | 'next' | 'later' | 'waiting' | 'out' | 'none'

/** A point the character may ask to spend (the system's `playerSpends`): its resource key and what is left. */
export interface SpendOption {
  /** the resource's key as the request names it */
  resource: string
  /** i18n key of its label */
  label: string
  left: number
}

/** The character in the encounter on the display. */
export interface CharacterSelfView {
  /** the id the public board gives this combatant (to find its row there); null while it is hidden from players */
  boardId: string | null
  name: string
  /** health (or the system's track that stands for it) in full */
  health: { current: number; max: number; label?: string } | null
  status?: PlayerStatus
  conditions: CharacterCondition[]
  resources: CharacterResource[]
  /** the tick the character acts on next (a tick wheel) */
  tick?: number
  turn: CharacterTurn
  /** what the player may ask now (a request of another kind is refused) */
  can: RequestKind[]
  spends: SpendOption[]
}

export type CharacterRequestState = 'pending' | 'accepted' | 'declined' | 'refused'

/** One request as the player's phone and the GM's console show it. */
export interface CharacterRequestView {
  id: string
  kind: RequestKind
  /** `spend`: which resource */
  resource?: string
  /** `spend`: the i18n key of what the point buys, as the phone's button said it (the system's label) */
  resourceLabel?: string
  /** `ready`: the trigger as the player typed it */
  trigger?: string
  state: CharacterRequestState
  /** refused or declined: the plain sentence why (an i18n key + params) */
  reason?: { key: string; params: Record<string, string | number> }
  /** ISO-8601 */
  at: string
}

/** What a character's phone shows beside the public board. */
export interface CharacterView {
  characterId: string
  characterName: string
  campaignName: string | null
  systemId: string | null
  /** null: the character is not in the encounter on the display (or there is none) */
  me: CharacterSelfView | null
  /** this character's newest requests, newest first (a few) */
  requests: CharacterRequestView[]
  /** the GM lets players see the odds of their own attacks */
  odds: boolean
}

/** A request as the GM's console lists it (`requests:changed`). */
export interface GmRequestView extends CharacterRequestView {
  characterId: string
  characterName: string
  /** the combatant it concerns in the encounter on the display */
  combatantId: string | null
  encounterId: string | null
}

/** One player link as the console lists it. */
export interface CharacterLinkView {
  id: string
  characterId: string
  characterName: string
  /** the page a phone opens (with its token); null when the link can only be made while the app listens */
  url: string | null
  /** ISO-8601 */
  createdAt: string
  /** phones connected with it now */
  connected: number
}

/** Where phones can reach the app: `local` when it listens on this computer only (a phone cannot reach it). */
export interface LinkReach {
  /** the address the QR codes point at (never a loopback one when `local` is false) */
  host: string
  local: boolean
  /** a LAN address of this computer to listen on, when there is one */
  lanAddress: string | null
}

export interface CharacterLinksView {
  links: CharacterLinkView[]
  reach: LinkReach
}
