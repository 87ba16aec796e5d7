/**
 * What the encounter service shows (issue 5): the GM's view of a live encounter, and the redacted player board of
 * the one on the display (to-player-view only), pushed together after every change.
 */
import type { SystemId } from '@shared/domain/systems'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import type { GmEncounterView, PlayerBoardView, PlayerEncounterView } from '@shared/views/encounter-views'
import { toGmView } from '../../projections/to-gm-view'
import { toPlayerView } from '../../projections/to-player-view'
import type { ServiceEnv } from '../ports'
import type { LiveEncounter } from './encounter-live'

/** the live encounters and the one on the player display (null: "waiting"), shared by the service's pieces */
export interface Lives {
  all: Map<string, LiveEncounter>
  shown: string | null
}

export type ShowOnBoard = (encounter: PlayerEncounterView | null, campaign: { name: string | null; systemId: SystemId | null }) => void

export interface EncounterPush {
  gmView(l: LiveEncounter, statusChanged?: readonly number[]): GmEncounterView
  playerView(): Promise<PlayerBoardView>
  /** the player board follows the shown encounter */
  pushBoard(): Promise<void>
  /** the GM's view of `l` and, when it is shown, the board: made together, then sent */
  pushChanged(l: LiveEncounter): Promise<GmEncounterView>
  /** read the campaign's name and display settings again on the next push */
  forget(campaignId: string): void
}

export function createEncounterPush(env: ServiceEnv, lives: Lives, showOnBoard?: ShowOnBoard): EncounterPush {
  function gmView(l: LiveEncounter, statusChanged: readonly number[] = []): GmEncounterView {
    return toGmView({ state: l.state, records: l.records, log: l.log, statusChanged, systemId: l.systemId, campaignId: l.campaignId, sessionId: l.sessionId, shownToPlayers: lives.shown === l.id })
  }

  /** campaign names and player display settings, read once per campaign (reading campaign.json on every push would
   *  copy the whole library) */
  const names = new Map<string, { name: string | null; hiddenTurn?: HiddenTurnDisplay }>()
  async function campaignOf(campaignId: string): Promise<{ name: string | null; hiddenTurn?: HiddenTurnDisplay }> {
    if (!names.has(campaignId)) {
      const f = await env.store.read(campaignId)
      names.set(campaignId, f.ok ? { name: f.value.name, hiddenTurn: f.value.playerDisplay?.hiddenTurn } : { name: null })
    }
    return names.get(campaignId) ?? { name: null }
  }

  async function playerView(): Promise<PlayerBoardView> {
    const l = lives.shown ? lives.all.get(lives.shown) : undefined
    if (!l) return { campaignName: null, systemId: null, encounter: null }
    const c = await campaignOf(l.campaignId)
    return toPlayerView({ campaignName: c.name, systemId: l.systemId, state: l.state, system: l.system, records: l.records, ...(c.hiddenTurn ? { hiddenTurn: c.hiddenTurn } : {}) })
  }

  const show = showOnBoard ?? ((encounter: PlayerEncounterView | null, c: { name: string | null; systemId: SystemId | null }) => env.publish('player:view', { campaignName: c.name, systemId: c.systemId, encounter }))
  const showView = (view: PlayerBoardView) => show(view.encounter, { name: view.campaignName, systemId: view.systemId })

  return {
    gmView,
    playerView,
    async pushBoard() {
      showView(await playerView())
    },
    async pushChanged(l) {
      const view = gmView(l, l.statusChanged)
      l.statusChanged = []
      // both views made before either is sent: the GM's windows and the player display then get theirs together, and
      // this process is not making the player view while the windows render the GM's (one 2-core machine runs all)
      const board = lives.shown === l.id ? await playerView() : null
      env.publish('encounter:changed', view)
      if (board) showView(board)
      return view
    },
    forget: (campaignId) => void names.delete(campaignId),
  }
}
