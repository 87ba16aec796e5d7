/**
 * What the encounter service shows (issue 5): the GM's view of a live encounter, and the redacted player board of
 * the one on the display (to-player-view only), pushed together after every change.
 */
import type { SystemId } from '@shared/domain/systems'
import type { HiddenTurnDisplay } from '@shared/domain/campaign'
import type { GmEncounterView, PlayerBoardView, PlayerEncounterView } from '@shared/views/encounter-views'
import { formatLog } from '@shared/i18n/format-log'
import { toGmView } from '../../projections/to-gm-view'
import { toPlayerMoment, type PlayerMoment } from '../../projections/to-player-view'
import { playerLine, type Moment } from '../../export/player-safe'
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

/** how far back the last result looks for a line players may read (a hidden combatant's long turn is all GM-only) */
const LAST_RESULT_LOOKBACK = 40
/** the turn moving on, which the board's header shows already (the round or tick, who or which side acts, those
 *  acting together): not "the last result" */
const TURN_EVENTS = new Set(['core.turnStarted', 'core.roundStarted'])
/** the GM's own bookkeeping (a note, a rule overridden, the encounter made): not a result either */
const NOT_A_RESULT = new Set(['log.core.noteSet', 'log.core.ruleOverridden', 'log.core.encounterCreated', 'log.core.initiativeGroup'])
/** a line is checked in both languages: neither may need a value players do not see */
const sayBoth = (key: string, params: Record<string, string | number | boolean>) => `${formatLog({ key, params }, 'en')}\n${formatLog({ key, params }, 'pl')}`

/** what the last result reads of an encounter between two pushes: the board shown last, every GM-side name so far
 *  (a line naming one who left the board is left out, not shown with the GM's name) */
export interface LastResultMemory {
  before: PlayerEncounterView | null
  gmNames: Map<string, string>
}

/**
 * The newest line of the encounter's log that players may read now (issue 29, the TV's "last result"), as a log key
 * and params: by the exports' rule (export/player-safe.ts `playerLine`): not GM-only, naming only combatants the
 * board shows (by the names it gives them, mooks renumbered), a number only when public or every combatant named is
 * shown with exact health, no GM text (notes, readied triggers), nothing of a pool players do not see.
 */
export function lastResultOf(l: Pick<LiveEncounter, 'state' | 'records' | 'log'>, now: PlayerMoment, seen: LastResultMemory): PlayerEncounterView['lastResult'] {
  for (const c of l.state.combatants) seen.gmNames.set(c.name, c.id)
  const secrets = new Set<string>()
  for (const c of l.state.combatants) {
    if (c.notes.trim()) secrets.add(c.notes)
    if (typeof c.initiative.readied === 'string' && c.initiative.readied.trim()) secrets.add(c.initiative.readied)
  }
  const shownPools = { ...seen.before?.pools, ...now.view.pools }
  const m: Moment = {
    before: seen.before,
    after: now.view,
    // who the board shows now: a combatant hidden or gone since is not named on it any more
    shown: now.byGmId,
    gmNames: seen.gmNames,
    secrets,
    hiddenPools: Object.keys(l.state.pools ?? {}).filter((k) => !(k in shownPools)),
  }
  seen.before = now.view
  const log = l.log
  for (let i = log.length - 1; i >= Math.max(0, log.length - LAST_RESULT_LOOKBACK); i--) {
    const e = log.at(i)
    if (!e || e.gmOnly || (e.status !== undefined && e.status !== 'active') || NOT_A_RESULT.has(e.key)) continue
    const event = l.records.findLast((r) => r.seq === e.seq)?.event as { type?: string; trigger?: unknown } | undefined
    if (event?.type && TURN_EVENTS.has(event.type)) continue
    // a readied action's trigger named by its event (gone from the state once it fired)
    const lineSecrets = typeof event?.trigger === 'string' && event.trigger.trim() ? new Set([...secrets, event.trigger]) : secrets
    const line = playerLine(e.key, e.params, m, lineSecrets, [], sayBoth)
    if (line) return line
  }
  return undefined
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

  /** per encounter, what its last result reads between pushes */
  const seen = new Map<string, LastResultMemory>()
  async function playerView(): Promise<PlayerBoardView> {
    const l = lives.shown ? lives.all.get(lives.shown) : undefined
    if (!l) return { campaignName: null, systemId: null, encounter: null }
    const c = await campaignOf(l.campaignId)
    // the one projection of the board (to-player-view), and the last result read against it
    const now = toPlayerMoment(l.state, l.system, l.records, c.hiddenTurn)
    let s = seen.get(l.id)
    if (!s) seen.set(l.id, (s = { before: null, gmNames: new Map() }))
    const lastResult = lastResultOf(l, now, s)
    return { campaignName: c.name, systemId: l.systemId, encounter: lastResult ? { ...now.view, lastResult } : now.view }
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
