/** View models main builds for the windows (plain JSON). */
import type { SystemId } from '../domain/systems'
import type { HiddenTurnDisplay } from '../domain/campaign'

export interface CampaignSummary {
  id: string
  name: string
  systemId: SystemId
  /** ISO-8601 */
  lastOpened: string | null
  lastSession?: { id: string; title: string; date: string } | null
}

export interface CampaignOverview extends CampaignSummary {
  counts: { party: number; library: number; encounters: number; sessions: number }
  /** the stat block ids in the party (the library marks them) */
  partyIds?: string[]
  /** what the player display shows while a hidden combatant acts (the campaign's setting, issue 27) */
  hiddenTurn?: HiddenTurnDisplay
}

/** What the player display shows. Built in main from redacted data only (src-main/projections/to-player-view.ts). */
export type { PlayerBoardView } from './encounter-views'
