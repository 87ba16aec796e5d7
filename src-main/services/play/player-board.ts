/**
 * What the player display shows right now: the open campaign's name and system, and the encounter the GM put on
 * the display (already redacted by src-main/projections/to-player-view.ts). `view()` answers `player:view`
 * (src-main/ipc/handlers/player.ts), and every change publishes the `player:view` topic. The campaign service sets
 * the campaign; the encounter service sets the encounter part (`setEncounter(toPlayerView(...).encounter)` or null
 * for "waiting for the encounter").
 */
import type { SystemId } from '@shared/domain/systems'
import type { TvArrangement } from '@shared/domain/table'
import type { PlayerBoardView, PlayerEncounterView } from '@shared/views/encounter-views'
import type { Publish } from '../ports'

export interface PlayerBoard {
  view(): PlayerBoardView
  /** the campaign on the display (null: none open), with how its TV is arranged (issue 29; absent: kept for the same
   *  campaign, none for another) */
  setCampaign(campaign: { id: string; name: string; systemId: SystemId } | null, tv?: TvArrangement): void
  campaignId(): string | null
  /** the campaign's TV arrangement changed (issue 29): the TV and the console's preview follow at once */
  setTv(tv: TvArrangement): void
  /** the redacted encounter on the display (null: waiting) */
  setEncounter(encounter: PlayerEncounterView | null): void
}

/**
 * How long a change waits before it goes to the player display (ms): the changes within it go as one push of the
 * newest view. The GM's window is the one a GM waits on; on a 2-core laptop the display's render would otherwise
 * run beside it on every turn (both measured in `npm run bench`, board-ui). Players do not see 50 ms, and a burst
 * of commands (a next turn, then a damage) shows once rather than frame by frame.
 */
export const PLAYER_SETTLE_MS = 50

export interface PlayerBoardOptions {
  /** ms a change waits for the next one before the display is told (0: at once, each change) */
  settleMs?: number
  /** after each push (the phones' own views follow the board, issue 29) */
  onSend?: () => void
}

export function createPlayerBoard(publish: Publish, opts: PlayerBoardOptions = {}): PlayerBoard {
  let campaign: { id: string; name: string; systemId: SystemId } | null = null
  let encounter: PlayerEncounterView | null = null
  let tv: TvArrangement | null = null
  const view = (): PlayerBoardView => ({ campaignName: campaign?.name ?? null, systemId: campaign?.systemId ?? null, encounter, ...(campaign && tv ? { tv } : {}) })
  const settleMs = opts.settleMs ?? 0
  let pending: ReturnType<typeof setTimeout> | null = null
  const send = () => {
    pending = null
    publish('player:view', view())
    opts.onSend?.()
  }
  const push = () => {
    if (settleMs <= 0) return send()
    if (pending) return // the waiting push sends the newest view
    pending = setTimeout(send, settleMs)
    // a push still waiting does not keep the process alive at exit
    ;(pending as { unref?: () => void }).unref?.()
  }
  return {
    view,
    setCampaign(next, nextTv) {
      const changedCampaign = next?.id !== campaign?.id
      campaign = next ? { ...next } : null
      if (changedCampaign) encounter = null
      if (nextTv) tv = nextTv
      else if (changedCampaign) tv = null
      push()
    },
    campaignId: () => campaign?.id ?? null,
    setTv(next) {
      tv = next
      if (campaign) push()
    },
    setEncounter(next) {
      encounter = next
      push()
    },
  }
}
