/**
 * What the player display shows right now: the open campaign's name and system, and the encounter the GM put on
 * the display (already redacted by src-main/projections/to-player-view.ts). `view()` answers `player:view`
 * (src-main/ipc/handlers/player.ts), and every change publishes the `player:view` topic. The campaign service sets
 * the campaign; the encounter service sets the encounter part (`setEncounter(toPlayerView(...).encounter)` or null
 * for "waiting for the encounter").
 */
import type { SystemId } from '@shared/domain/systems'
import type { PlayerBoardView, PlayerEncounterView } from '@shared/views/encounter-views'
import type { Publish } from './ports'

export interface PlayerBoard {
  view(): PlayerBoardView
  /** the campaign on the display (null: none open) */
  setCampaign(campaign: { id: string; name: string; systemId: SystemId } | null): void
  campaignId(): string | null
  /** the redacted encounter on the display (null: waiting) */
  setEncounter(encounter: PlayerEncounterView | null): void
}

export function createPlayerBoard(publish: Publish): PlayerBoard {
  let campaign: { id: string; name: string; systemId: SystemId } | null = null
  let encounter: PlayerEncounterView | null = null
  const view = (): PlayerBoardView => ({ campaignName: campaign?.name ?? null, systemId: campaign?.systemId ?? null, encounter })
  const push = () => publish('player:view', view())
  return {
    view,
    setCampaign(next) {
      const changedCampaign = next?.id !== campaign?.id
      campaign = next ? { ...next } : null
      if (changedCampaign) encounter = null
      push()
    },
    campaignId: () => campaign?.id ?? null,
    setEncounter(next) {
      encounter = next
      push()
    },
  }
}
