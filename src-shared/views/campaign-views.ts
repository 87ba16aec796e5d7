/** View models main builds for the windows (plain JSON). */
import type { SystemId } from '../domain/systems'
import type { HiddenTurnDisplay } from '../domain/campaign'
import type { AppError } from '../result'

export interface CampaignSummary {
  id: string
  name: string
  systemId: SystemId
  /** ISO-8601 */
  lastOpened: string | null
  lastSession?: { id: string; title: string; date: string } | null
}

/**
 * One entry of the store's list. A campaign whose campaign.json cannot be read (damaged / newer version) is
 * listed with `problem` set (`problem.details.newestBackup` offers a way back); its `name` and `systemId` are
 * then read from the raw file when possible, else `name` is the id and `systemId` the first known system.
 */
export interface CampaignListEntry extends CampaignSummary {
  problem?: AppError
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
